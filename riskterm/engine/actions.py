"""Actions: what a player (or a computer player, or a save file) hands the engine. Each has a short text
notation that parses back: `attack alaska kamchatka 3`, `place ontario 2`, `trade alaska wild1 peru`."""

from __future__ import annotations

from dataclasses import dataclass

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


def parse_action(text: str) -> Action:
    """Parse the text notation; numbers become ints. Raises IllegalActionError on empty input."""
    parts = text.strip().split()
    if not parts:
        raise IllegalActionError("Type an action, for example 'attack alaska kamchatka 3'.")
    args: list[Arg] = []
    for p in parts[1:]:
        args.append(int(p) if p.lstrip("-").isdigit() else p)
    return Action(parts[0].lower(), tuple(args))
