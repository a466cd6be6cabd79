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
from riskterm.rules.base import ActionSpec, Event, Log, Outcome, PlayerSetup, Rules, Transition
from riskterm.rules.effects import MapMark, OrderChoice, Spend
from riskterm.rules.europe import battles, bonus, legal, orders, panels, round_end, rounds, setup, spend
from riskterm.rules.europe.data import CARD, ROUND_CAP
from riskterm.rules.europe.events import EVENTS
from riskterm.rules.europe.state import as_europe
from riskterm.rules.europe.text import RULES_TEXT, describe_event, prompt

TURN_KINDS = ("expand", "split", "manoeuvre", "tax", "recruit", "castle", "crown", "fortify", "siege", "end")
_U = ("int", "int", "int", "int")


class EuropeRules(Rules):
    name = "europe"
    title = "Risk: Europe"
    board_id = "europe"
    min_players = 2
    max_players = 4
    turn_cap = ROUND_CAP
    turn_cap_unit = "rounds"
    map_marks = (MapMark("♔", "a city (its crowns)"), MapMark("♜", "a castle"), MapMark("*", "an empty city"),
                 MapMark("#", "an empty castle"), MapMark("·", "an empty territory"),
                 MapMark("5!", "disputed: armies of two players"))
    battle_events = frozenset({"hits", "battle_end"})
    # a seat out of time finishes its card, keeps its dice, takes the default losses, bids nothing and fights
    # the next battle listed (the kingdom and the King's Orders: the computer's choice)
    timeout_kinds = ("end", "keep", "auto", "bid", "battle")
    rules_text = RULES_TEXT
    EVENTS = EVENTS
    end_kinds = ("end",)
    end_events = frozenset({"win", "draw_game"})
    PHASES = {"bid": ("bid",), "kingdom": ("kingdom",), "orders": ("orders",), "turn": TURN_KINDS,
              "battles": ("battle",), "reroll": ("reroll", "keep"), "losses": ("lose", "auto")}
    handlers = {**setup.HANDLERS, **rounds.HANDLERS, **orders.HANDLERS, **spend.HANDLERS, **bonus.HANDLERS,
                **battles.HANDLERS}
    LEGAL = {**setup.LEGAL, **rounds.LEGAL, **legal.LEGAL, **battles.LEGAL}
    action_specs = (
        ActionSpec("bid", "enter", "Bid", ("int",), "secret bid of coins for the First Player Marker", default="low"),
        ActionSpec("kingdom", "enter", "Place kingdom", ("territory", "territory", "int"),
                   "Gold Crown City, adjacent non-city territory, footmen there (0-9; the rest in the city)"),
        ActionSpec("orders", "enter", "Choose cards", ("card", "card"), "two King's Orders cards, top card first"),
        ActionSpec("expand", "x", "Expand", ("territory", "territory", *_U),
                   "from, into, footmen, archers, cavalry, siege weapons"),
        ActionSpec("split", "p", "Split Expand", ("territory", "territory", *_U),
                   "one part of a Split Expand: from, into, units (twice, same origin)"),
        ActionSpec("manoeuvre", "m", "Manoeuvre", ("territory", "territory", *_U),
                   "from, to (up to two territories away through your own), units"),
        ActionSpec("tax", "t", "Tax", ("territory",), "collect the tax of a city's supply line"),
        ActionSpec("recruit", "r", "Recruit", ("territory", *_U), "buy units in a city or castle territory"),
        ActionSpec("castle", "c", "Build castle", ("territory",), "build a castle (12 coins)"),
        ActionSpec("crown", "k", "Buy crown card", (), "buy a crown card (10 coins, one per round)"),
        ActionSpec("fortify", "f", "Fortify", ("territory",), "bonus: 3 footmen in a city, 4 in a castle territory"),
        ActionSpec("siege", "g", "Siege Assault", ("territory", "territory"), "bonus: siege weapons bombard over land"),
        ActionSpec("end", "e", "End turn", (), "finish this card"),
        ActionSpec("battle", "enter", "Fight battle", ("territory",), "First Player: the next battle to fight"),
        ActionSpec("reroll", "r", "Re-roll", (), "castle defence: re-roll your dice of this rank"),
        ActionSpec("keep", "enter", "Keep dice", (), "keep this rank's dice"),
        ActionSpec("auto", "enter", "Default losses", (), "remove the cheapest units first"),
        ActionSpec("lose", "l", "Choose losses", _U, "footmen, archers, cavalry, siege weapons to remove"),
    )

    def _new_game(self, players: list[PlayerSetup], seed: int, options: dict[str, Any]) -> Transition:
        cap = int(options.get("turn_cap", options.get("round_cap", self.turn_cap)))
        return Transition(dict(setup.new_state(self, self.name, players, seed, cap)), [])

    def check_end(self, s: State) -> Outcome | None:
        return round_end.outcome(self, as_europe(s))

    def finish(self, s: State, outcome: Outcome, events: Log) -> None:
        super().finish(s, outcome, events)
        round_end.finish(as_europe(s), outcome, events)

    def legal_groups(self, s: State) -> list[ActionGroup]:
        """A turn's actions grouped by territories (their unit choices are a group's tails)."""
        if s["phase"] == "turn" and not self.is_over(s):
            return legal.turn_groups(self, as_europe(s))
        if s["phase"] == "orders" and not self.is_over(s):
            return rounds.order_groups(as_europe(s))
        return super().legal_groups(s)

    # --- what players see -----------------------------------------------------------------------
    def view(self, s: State, seat: int | None) -> State:
        return panels.view(as_europe(s), seat)

    def scores(self, s: State) -> list[int]:
        return list(s["crowns"])

    def label_of(self, s: State, t: int) -> str:
        return panels.label_of(self, as_europe(s), t)

    def badge_of(self, s: State, t: int) -> str:
        return panels.badge_of(self, as_europe(s), t)

    def player_stats(self, s: State) -> list[dict[str, Any]]:
        return panels.player_stats(self, as_europe(s))

    def turn_order(self, s: State) -> list[int]:
        return list(s["seq"])

    def private_lines(self, s: State, seat: int) -> list[str]:
        return panels.private_lines(as_europe(s), seat)

    def prompt(self, s: State) -> str:
        return prompt(self, as_europe(s))

    def arg_label(self, s: State, value: Any) -> str:
        """A King's Orders card by its face ('Fortify + Expand or Manoeuvre'), a territory by its name."""
        if isinstance(value, str) and value in CARD:
            return CARD[value].label
        return super().arg_label(s, value)

    def describe(self, e: Event, names: list[str], seat: int | None = None) -> str:
        return describe_event(self, e, names, seat)

    # --- for the app's King's Orders chooser and recruit/spend screen (no Textual) ----------------
    def order_cards(self, s: State, seat: int) -> list[dict[str, Any]]:
        """The King's Orders cards in `seat`'s hand, for the chooser, each once: {'id' (the action's argument),
        'name' (its face: 'Fortify + Expand or Manoeuvre'), 'orders' (the two order names), 'bonus' (the bonus
        action's name or None), 'text' (what it does, from the rulebook), 'parts' ([(bonus or order name, what
        it does)], bonus first)}. The chosen pair is laid down with 'orders <top> <bottom>': the top card is
        played in Turn 1, the bottom card in Turn 2. Another seat's hand is hidden in a view: an empty list."""
        return panels.order_cards(as_europe(s), seat)

    def order_choice(self, s: State, seat: int | None) -> OrderChoice:
        """The King's Orders chooser: `seat`'s cards (order_cards), laid down with 'orders <top> <bottom>'."""
        return panels.order_choice(as_europe(s), seat)

    def spend(self, s: State) -> Spend | None:
        """While the acting player may Spend (its card offers Spend and no other order was carried out, or it is
        spending already), else None: the actions 'recruit <territory> <footmen> <archers> <cavalry> <siege
        weapons>', 'castle <territory>' and 'crown', with the coins left."""
        return panels.spend(self, as_europe(s))
