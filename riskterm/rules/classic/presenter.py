"""What the app, the host and the log show of a classic game (rules/presenter.py): log lines, prompts, the
rules screen, panels, the cards' names, the odds of an attack; and what the game's mode adds (mode.py)."""

from __future__ import annotations

from typing import Any

from riskterm.engine.actions import Action
from riskterm.engine.cards import WILD
from riskterm.engine.events import Event
from riskterm.engine.state import State
from riskterm.rules.classic.battle import attack_odds as battle_odds
from riskterm.rules.classic.board import card_kinds
from riskterm.rules.classic.card_values import cards_in_play, worth_line
from riskterm.rules.classic.cards import bonus_choices, sets_in_hand
from riskterm.rules.classic.lessons import COURSE
from riskterm.rules.classic.modes import REGISTRY, hooks
from riskterm.rules.classic.state import as_classic
from riskterm.rules.classic.text import RULES_TEXT, describe_event
from riskterm.rules.classic.text import prompt as prompt_text
from riskterm.rules.classic.turn import base_reinforcements, regions_held
from riskterm.rules.effects import MapMark
from riskterm.rules.fog_events import unseen_line
from riskterm.rules.logtext import battle_run_text, counted, player_namer, territory_namer
from riskterm.rules.presenter import ActionSpec, Presenter


class ClassicPresenter(Presenter):
    rules_text = RULES_TEXT + "".join(mode.rules_text for mode in REGISTRY)
    lessons = COURSE
    action_specs = (
        ActionSpec("claim", "enter", "Claim", ("territory",), "claim an unoccupied territory with one army"),
        ActionSpec("place", "enter", "Place", ("territory", "int"), "place armies on a territory you hold"),
        ActionSpec(
            "capital",
            "enter",
            "Headquarters",
            ("territory",),
            "Capital Risk: choose your headquarters, in secret, among your territories",
        ),
        ActionSpec(
            "trade",
            "c",
            "Trade cards",
            ("card", "card", "card", "choice"),
            "trade a set of three cards for armies (and say where the 2 extra go: '+peru')",
        ),
        ActionSpec("attack", "a", "Attack", ("territory", "territory", "int"), "roll once: from, to, dice"),
        ActionSpec(
            "blitz",
            "b",
            "Blitz",
            ("territory", "territory", "int"),
            "keep rolling, as many dice as armies above N, until the territory falls or you are down to N",
            default="low",
        ),
        ActionSpec("move", "enter", "Move in", ("int",), "move armies into the territory you conquered"),
        ActionSpec("stop", "s", "Stop attacking", (), "end the attack phase and go on to fortify"),
        ActionSpec(
            "fortify", "f", "Fortify", ("territory", "territory", "int"), "one move between your territories"
        ),
        ActionSpec("end", "e", "End turn", (), "end your turn"),
        ActionSpec(
            "declare",
            "enter",
            "Name the third continent",
            ("choice",),
            "Secret Mission Risk: name the third continent of your mission (secretly)",
        ),
    )
    auto_setup_phases = frozenset({"claim", "setup"})
    end_events = frozenset({"win", "draw_game"})
    # a seat out of time ends its turn; a placement or the move after a conquest takes its default (a forced
    # trade is left to the computer's choice)
    timeout_kinds = ("end", "move", "place", "claim")
    focus_events = frozenset({"conquer", "move"})
    battle_events = frozenset({"battle", "balanced_blitz"})

    def skip_warning(self, s: State, action: Action) -> str | None:
        if action.kind == "end" and s["phase"] == "attack":
            return "End your turn without fortifying? Press e again to end it, or s to stop attacking and fortify."
        return None

    def private_lines(self, s: State, seat: int) -> list[str]:
        return hooks(as_classic(s)).private_lines(self.rules, as_classic(s), seat) + self._hand_lines(s, seat)

    def _hand_lines(self, s: State, seat: int) -> list[str]:
        hand = s["hands"][seat]
        if not hand:
            return [
                "No cards." if cards_in_play(as_classic(s)) else "No cards: this game is played without them."
            ]
        lines = [
            f"{card_kinds(self.board)[c].title():9} {self.board.tname(c) if c in self.board.index else 'Wild'}"
            for c in hand
        ]
        n = len(sets_in_hand(self.rules, as_classic(s), seat))
        sets = "No set to trade yet" if not n else f"{counted(n, 'set')} you can trade"
        lines.append(f"{sets}; {worth_line(as_classic(s))}.")
        return lines

    def card_name(self, s: State, card: Any) -> str:
        """A territory card with its kind ('Cavalry Peru'), a wild card as 'Wild'."""
        name = "Wild" if isinstance(card, str) and card.startswith("wild") else self.arg_label(s, card)
        kind = card_kinds(self.board).get(card) if isinstance(card, str) else None
        return f"{kind.title()} {name}" if kind and kind != WILD else name

    def choice_note(self, s: State, action: Action) -> str:
        """A set whose cards show one territory the player holds: the rules give it the 2 extra armies
        without asking (several: the player says where, and that argument is in the list already)."""
        if action.kind != "trade" or len(action.args) != 3:
            return ""
        where = bonus_choices(self.rules, as_classic(s), action.args)
        return self.arg_label(s, "+" + where[0]) if where else ""

    def number_meaning(self, s: State, prefix: Action, n: int) -> str:
        if prefix.kind == "blitz" and len(prefix.args) >= 2:
            target = self.arg_label(s, prefix.args[1])
            return (
                f"Keep attacking until {target} falls or you are down to {n} arm{'y' if n == 1 else 'ies'}."
            )
        return ""

    def arg_label(self, s: State, value: Any) -> str:
        if isinstance(value, str) and value.startswith("+") and value[1:] in self.board.index:
            return f"2 extra on {self.board.tname(value[1:])}"
        if isinstance(value, str) and value in self.board.region_by_id and value not in self.board.index:
            # a continent named for a mission
            return self.board.region_by_id[value].name
        return super().arg_label(s, value)

    def player_stats(self, s: State) -> list[dict[str, Any]]:
        out = []
        for i, pl in enumerate(s["players"]):
            terrs = [t for t, o in enumerate(s["owner"]) if o == i]
            out.append(
                {
                    "name": pl["name"],
                    "neutral": pl["neutral"],
                    "out": pl["out"],
                    "territories": len(terrs),
                    "armies": sum(s["armies"][t] for t in terrs),
                    "cards": len(s["hands"][i]),
                    "regions": [
                        self.board.regions[r].name for r in regions_held(self.rules, as_classic(s), i)
                    ],
                    "income": 0
                    if pl["neutral"] or pl["out"]
                    else base_reinforcements(self.rules, as_classic(s), i),
                }
            )
        return out

    def prompt(self, s: State) -> str:
        return hooks(as_classic(s)).prompt(self.rules, as_classic(s)) or prompt_text(
            self.rules, as_classic(s)
        )

    def battle_run(self, events: list[Event], names: list[str], seat: int | None = None) -> str:
        return battle_run_text(events, territory_namer(self.board), player_namer(names))

    def describe(self, e: Event, names: list[str], seat: int | None = None) -> str:
        unseen = unseen_line(e, names)  # fighting out of the reader's sight in a fogged game
        if unseen is not None:
            return unseen
        for mode in REGISTRY:  # (an event names no mode: each mode answers for its own kinds only)
            line = mode.describe(self.rules, e, names, seat)
            if line is not None:
                return line
        return describe_event(self.rules, e, names, seat)

    def badge_of(self, s: State, t: int) -> str:
        return hooks(as_classic(s)).badge_of(as_classic(s), t)

    def territory_lines(self, s: State, t: int) -> list[str]:
        return hooks(as_classic(s)).territory_lines(self.rules, as_classic(s), t)

    def table_lines(self, s: State) -> list[str]:
        return hooks(as_classic(s)).table_lines(self.rules, as_classic(s))

    def marks_of(self, s: State) -> tuple[MapMark, ...]:
        return hooks(as_classic(s)).marks_of(as_classic(s)) or self.map_marks

    def attack_odds(self, s: State, prefix: Action) -> tuple[float, float, float] | None:
        """The exact odds of the attack or blitz being chosen (from, to [, blitz stop]), rolled out."""
        return battle_odds(self.rules, as_classic(s), prefix.kind, prefix.args)

    def balanced_odds(self, s: State, prefix: Action) -> tuple[float, float, float] | None:
        """In a game with balanced blitz: the odds of the blitz being chosen as it is drawn."""
        return battle_odds(self.rules, as_classic(s), prefix.kind, prefix.args, balanced=True)
