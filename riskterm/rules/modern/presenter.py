"""What the app, the host and the log show of a modern-units game (rules/presenter.py): log lines, prompts,
the rules screen, the unit mix of a territory, the purchase screen, panels."""

from __future__ import annotations

from typing import Any

from riskterm.engine.events import Event
from riskterm.engine.state import State
from riskterm.rules.effects import MapMark, Shop
from riskterm.rules.fog_events import unseen_line
from riskterm.rules.modern.lessons import COURSE
from riskterm.rules.modern.panels import (
    arg_label,
    label_of,
    player_stats,
    private_lines,
    prompt,
    shop,
    table_lines,
    territory_lines,
)
from riskterm.rules.modern.state import as_modern
from riskterm.rules.modern.text import RULES_TEXT, describe_event
from riskterm.rules.presenter import ActionSpec, Presenter


class ModernPresenter(Presenter):
    lessons = COURSE
    map_marks = (MapMark("5~", "some units may cross sea-lines"), MapMark("0", "no units"))
    auto_setup_phases = frozenset({"setup"})
    # a seat out of time ends its turn or its buying, retreats, takes the default losses and move-in
    timeout_kinds = ("end", "done", "retreat", "lose", "occupy", "place")
    focus_events = frozenset({"conquer", "move"})
    battle_events = frozenset({"battle", "won", "repelled"})
    rules_text = RULES_TEXT
    end_events = frozenset({"win", "draw_game"})
    action_specs = (
        ActionSpec("buy", "b", "Buy", ("choice", "int"), "buy units with your credits: unit, how many"),
        ActionSpec("done", "d", "Done buying", (), "finish buying (credits left over are kept)"),
        ActionSpec(
            "place",
            "enter",
            "Place",
            ("territory", "choice", "int"),
            "place purchased units on a territory you hold: territory, unit, how many",
        ),
        ActionSpec(
            "move",
            "m",
            "Move",
            ("territory", "territory", "choice"),
            "move units one border (from, to, units like 2H1T or all); sea-lines: Hovercraft and "
            "Helicopters only",
        ),
        ActionSpec(
            "attack",
            "a",
            "Attack",
            ("territory", "territory", "choice"),
            "attack: from, to, units (typed: 'attack target source units', a source and its units again "
            "to attack from several)",
            source_first=True,
        ),
        ActionSpec(
            "lose",
            "l",
            "Choose losses",
            ("choice",),
            "the units you give up (no argument: the default, cheapest first)",
        ),
        ActionSpec("continue", "c", "Continue", (), "fight another round of combat"),
        ActionSpec("retreat", "r", "Retreat", (), "the attacking units go back where they came from"),
        ActionSpec(
            "occupy",
            "o",
            "Move in",
            ("choice",),
            "move units into the conquered territory: source and units, 'all', 'none', or nothing "
            "for the default (all but one unit in a territory the attack would leave empty)",
        ),
        ActionSpec("end", "e", "End turn", (), "end your turn"),
    )

    def describe(self, e: Event, names: list[str], seat: int | None = None) -> str:
        return unseen_line(e, names) or describe_event(self.rules, e, names, seat)

    def prompt(self, s: State) -> str:
        return prompt(self.rules, as_modern(s))

    def label_of(self, s: State, t: int) -> str:
        return label_of(as_modern(s), t)

    def territory_lines(self, s: State, t: int) -> list[str]:
        return territory_lines(self.rules, as_modern(s), t)

    def arg_label(self, s: State, value: Any) -> str:
        return arg_label(self.rules, as_modern(s), value)

    def table_lines(self, s: State) -> list[str]:
        return table_lines(self.rules, as_modern(s))

    def shop(self, s: State) -> Shop | None:
        return shop(self.rules, as_modern(s))

    def player_stats(self, s: State) -> list[dict[str, Any]]:
        return player_stats(self.rules, as_modern(s))

    def private_lines(self, s: State, seat: int) -> list[str]:
        return private_lines(as_modern(s), seat)
