"""Actions: what a player (or a computer player, or a save file) hands the engine. Each has a short text
notation that parses back: `attack alaska kamchatka 3`, `place ontario 2`, `trade alaska wild1 peru`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from riskterm.errors import IllegalActionError

Arg = str | int


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    args: tuple[Arg, ...] = ()

    def __str__(self) -> str:
        return " ".join([self.kind, *(str(a) for a in self.args)])

    def to_json(self) -> str:
        return str(self)


def act(kind: str, *args: Arg) -> Action:
    return Action(kind, tuple(args))


class ActionGroup(NamedTuple):
    """Legal actions of one kind sharing their leading arguments: Action(kind, head + tail) for each tail, in
    order. A rulebook lists a territory pair's unit or army choices once this way (Rules.legal_groups), so a
    computer player that scores by territories need not build an Action for each choice. A tail holds only
    numbers (int arguments); a single action is a group with the one tail ()."""

    kind: str
    head: tuple[Arg, ...]
    tails: Sequence[tuple[int, ...]]

    def actions(self) -> list[Action]:
        kind, head = self.kind, self.head
        return [Action(kind, head + tail) for tail in self.tails]


SINGLE: tuple[tuple[int, ...], ...] = ((),)  # the tails of a group holding one action


def flatten(groups: Sequence[ActionGroup]) -> list[Action]:
    """The actions of the groups, in order (what legal_actions returns)."""
    out: list[Action] = []
    for g in groups:
        kind, head = g.kind, g.head
        out += [Action(kind, head + tail) for tail in g.tails]
    return out


def parse_action(text: str) -> Action:
    """Parse the text notation; numbers become ints. Raises IllegalActionError on empty input."""
    parts = text.strip().split()
    if not parts:
        raise IllegalActionError("Type an action, for example 'attack alaska kamchatka 3'.")
    args: list[Arg] = []
    for p in parts[1:]:
        args.append(int(p) if p.lstrip("-").isdigit() else p)
    return Action(parts[0].lower(), tuple(args))
