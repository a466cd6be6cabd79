"""Risk: Europe (../shared/rules/risk-europe.txt), for 2 to 4 players.

Phases: bid -> kingdom -> per round: orders (secret card picks) -> turn (Turn 1 and Turn 2 in turn order) ->
battles (with reroll and losses sub-steps) -> the next round or the end. Secret choices are asked one seat
after another (`actor`). The modules, each plain functions taking (rules, state, args) and ending with its
HANDLERS: setup (new game, bid, kingdom), rounds (cards laid down and revealed, end of a turn), orders (Expand,
Split Expand, Manoeuvre, Tax), spend (recruit, castle, crown card), bonus (Fortify, Siege Assault), losses,
battles (the end-of-round battles) on top of battle (pure dice rules), round_end (elimination, winner, next
round); state (the state's shape and queries), events (the event kinds), data (constants and cards), legal
(legal actions in a turn), panels (views and what the app shows), text (rules screen, log lines, prompts)."""

from __future__ import annotations

from typing import Any

from riskterm.engine.actions import ActionGroup
from riskterm.engine.state import State
from riskterm.rules.base import Log, Outcome, PlayerSetup, Rules, Transition
from riskterm.rules.europe import battles, bonus, legal, orders, panels, round_end, rounds, setup, spend
from riskterm.rules.europe.data import ROUND_CAP
from riskterm.rules.europe.events import EVENTS
from riskterm.rules.europe.presenter import EuropePresenter
from riskterm.rules.europe.state import as_europe
from riskterm.rules.headless import Headless

TURN_KINDS = ("expand", "split", "manoeuvre", "tax", "recruit", "castle", "crown", "fortify", "siege", "end")


class EuropeRules(Rules):
    name = "europe"
    title = "Risk: Europe"
    board_id = "europe"
    min_players = 2
    max_players = 4
    turn_cap = ROUND_CAP
    turn_cap_unit = "rounds"
    presenter_class = EuropePresenter
    EVENTS = EVENTS
    headless = Headless(end_kinds=("end",))
    PHASES = {
        "bid": ("bid",),
        "kingdom": ("kingdom",),
        "orders": ("orders",),
        "turn": TURN_KINDS,
        "battles": ("battle",),
        "reroll": ("reroll", "keep"),
        "losses": ("lose", "auto"),
    }
    handlers = {
        **setup.HANDLERS,
        **rounds.HANDLERS,
        **orders.HANDLERS,
        **spend.HANDLERS,
        **bonus.HANDLERS,
        **battles.HANDLERS,
    }
    LEGAL = {**setup.LEGAL, **rounds.LEGAL, **legal.LEGAL, **battles.LEGAL}

    def _new_game(self, players: list[PlayerSetup], seed: int, options: dict[str, Any]) -> Transition:
        cap = int(options.get("turn_cap", options.get("round_cap", self.turn_cap)))
        return Transition(dict(setup.new_state(self, self.name, players, seed, cap)), [])

    def check_end(self, s: State) -> Outcome | None:
        return round_end.outcome(self, as_europe(s))

    def finish(self, s: State, outcome: Outcome, events: Log) -> None:
        super().finish(s, outcome, events)
        round_end.finish(as_europe(s), outcome, events)

    def _legal_groups(self, s: State) -> list[ActionGroup]:
        """A turn's actions grouped by territories (their unit choices are a group's tails)."""
        if s["phase"] == "turn" and not self.is_over(s):
            return legal.turn_groups(self, as_europe(s))
        if s["phase"] == "orders" and not self.is_over(s):
            return rounds.order_groups(as_europe(s))
        return super()._legal_groups(s)

    # --- what players see -----------------------------------------------------------------------
    def view(self, s: State, seat: int | None) -> State:
        return panels.view(as_europe(s), seat)

    def scores(self, s: State) -> list[int]:
        return list(s["crowns"])

    def turn_order(self, s: State) -> list[int]:
        return list(s["seq"])
