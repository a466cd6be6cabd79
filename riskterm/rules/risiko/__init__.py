"""RisiKo! Più (../shared/rules/risiko-piu.txt) on maps/risiko.yaml.

The rulebook as plain modules: state.py (every key of a state), events.py (every event kind), setup.py,
turn.py, cards.py, battle.py, conquest.py (a territory or a fortress falling), legal.py (the legal actions),
panels.py (views and panels), text.py (rules screen, prompts, log lines). Each action kind has a Handler
(check, do) in the module of its phase; actions.py collects them and says which phase allows which."""

from __future__ import annotations

from typing import Any, cast

from riskterm.engine.actions import Action, ActionGroup
from riskterm.engine.luck import LUCK_CHOICES, ROUNDINGS, DiceRules
from riskterm.engine.state import State
from riskterm.rules.base import Log, Outcome, PlayerSetup, Rules, Transition
from riskterm.rules.headless import Headless
from riskterm.rules.risiko import legal, panels, turn
from riskterm.rules.risiko.actions import AFTER_PLACING, HANDLERS, PHASES
from riskterm.rules.risiko.events import EVENTS
from riskterm.rules.risiko.presenter import RisikoPresenter
from riskterm.rules.risiko.setup import new_game
from riskterm.rules.risiko.state import READINGS, as_risiko, dice_rules
from riskterm.rules.risiko.turn import empires_held


class RisikoRules(Rules):
    name = "risiko"
    title = "RisiKo! Più"
    board_id = "risiko"
    min_players = 3
    max_players = 6
    turn_cap = 800  # player-turns; a game that reaches it is a draw
    presenter_class = RisikoPresenter
    # (options key, label, choices, default). "readings" came with the rules review: a game without it (an
    # older save) plays by the original readings (state.READINGS); `play`, the new-game screen and simulate
    # write every key, so new games get "reviewed".
    house_options = (
        ("defender", "Ask the defender", ("when_needed", "always"), "when_needed"),
        ("readings", "Readings of the rules", READINGS, READINGS[0]),
        ("luck", "Luck (%)", LUCK_CHOICES, LUCK_CHOICES[0]),
        ("luck_rounding", "Luck: rounding", ROUNDINGS, ROUNDINGS[0]),
    )
    # a game without "readings": state.reviewed; saves before format 3 asked the defender every battle
    old_defaults = {2: {"readings": "original"}, 3: {"defender": "always"}}
    headless = Headless(end_kinds=("end", "pass"), long_kinds=frozenset({"attack"}))
    PHASES = PHASES
    handlers = HANDLERS
    LEGAL = legal.LEGAL
    EVENTS = EVENTS

    def _new_game(self, players: list[PlayerSetup], seed: int, options: dict[str, Any]) -> Transition:
        s, events = new_game(self, players, seed, options)
        return Transition(cast(State, s), events)

    def _precheck(self, s: State, a: Action) -> str | None:
        """Main-phase actions wait until the armies of the Reinforcement cards just played are placed."""
        if s["phase"] == "main" and s["reserve"] and a.kind in AFTER_PLACING:
            return f"Place your {s['reserve']} armies first."
        return None

    def check_end(self, s: State) -> Outcome | None:
        return turn.outcome(self.board, as_risiko(s))

    def finish(self, s: State, outcome: Outcome, events: Log) -> None:
        super().finish(s, outcome, events)
        turn.finish(self.board, as_risiko(s), outcome, events)

    def _legal_groups(self, s: State) -> list[ActionGroup]:
        return legal.legal_groups(self, as_risiko(s))

    def view(self, s: State, seat: int | None) -> State:
        return panels.view(as_risiko(s), seat)

    def scores(self, s: State) -> list[int]:
        return [len(empires_held(self.board, as_risiko(s), p)) for p in range(len(s["players"]))]

    def dice_rules(self, s: State) -> DiceRules:
        return dice_rules(s)


__all__ = ["RisikoRules"]
