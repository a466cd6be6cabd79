"""What the app, the host and the log show of a RisiKo! Più game (rules/presenter.py): log lines, prompts,
the rules screen, the table (track, cards in play, truces), panels, the odds of an attack."""

from __future__ import annotations

from typing import Any

from riskterm.engine.actions import Action
from riskterm.engine.events import Event
from riskterm.engine.state import State
from riskterm.rules.effects import MapMark
from riskterm.rules.logtext import battle_run_text, player_namer, territory_namer
from riskterm.rules.presenter import Presenter
from riskterm.rules.risiko.actions import ACTION_SPECS
from riskterm.rules.risiko.lessons import COURSE
from riskterm.rules.risiko.panels import (
    arg_label,
    attack_odds,
    label_of,
    player_stats,
    private_lines,
    table_lines,
)
from riskterm.rules.risiko.state import as_risiko
from riskterm.rules.risiko.text import RULES_TEXT, describe_event, prompt_text


class RisikoPresenter(Presenter):
    lessons = COURSE
    rules_text = RULES_TEXT
    action_specs = ACTION_SPECS
    end_events = frozenset({"win", "draw_game"})
    map_marks = (MapMark("♜", "a fortress; the number: banners on it"),)
    auto_setup_phases = frozenset({"fortress", "claim", "deploy"})  # not Hidden Armies: a secret choice
    # a seat out of time ends its turn or attack, lets a Spy look, leaves freed territories, and takes the
    # default of a placement, defence or occupation (Hidden Armies and a Spy's pick: the computer's choice)
    timeout_kinds = ("end", "retreat", "allow", "pass", "occupy", "defend", "place", "claim", "fortress")
    focus_events = frozenset({"conquer", "move"})
    battle_events = frozenset({"battle"})

    def skip_warning(self, s: State, action: Action) -> str | None:
        if action.kind == "end" and any(a.kind == "move" for a in self.rules.legal_actions(s)):
            return "End your turn without the final move? Press e again to end it, or f to move armies first."
        return None

    def prompt(self, s: State) -> str:
        return prompt_text(self.rules, as_risiko(s))

    def battle_run(self, events: list[Event], names: list[str], seat: int | None = None) -> str:
        return battle_run_text(events, territory_namer(self.board), player_namer(names))

    def describe(self, e: Event, names: list[str], seat: int | None = None) -> str:
        return describe_event(self.rules, e, names, seat)

    def private_lines(self, s: State, seat: int) -> list[str]:
        return private_lines(self.rules, as_risiko(s), seat)

    def player_stats(self, s: State) -> list[dict[str, Any]]:
        return player_stats(self.rules, as_risiko(s))

    def label_of(self, s: State, t: int) -> str:
        return label_of(as_risiko(s), t)

    def arg_label(self, s: State, value: Any) -> str:
        return arg_label(self.rules, as_risiko(s), value)

    def table_lines(self, s: State) -> list[str]:
        return table_lines(self.rules, as_risiko(s))

    def attack_odds(self, s: State, prefix: Action) -> tuple[float, float, float] | None:
        return attack_odds(self.rules, as_risiko(s), prefix)
