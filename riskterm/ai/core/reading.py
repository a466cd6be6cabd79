"""An action read by its shape: the territories it names (as board indices), which of them the seat holds,
which someone else holds, and the numbers it carries. Works for every rulebook (actions are a kind and
plain arguments)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from riskterm.ai.core.board_info import BoardInfo
from riskterm.engine.actions import Action
from riskterm.engine.state import State


@dataclass(frozen=True)
class Reading:
    kind: str
    terrs: tuple[int, ...]  # territories named, in the action's order
    mine: tuple[int, ...]  # of them, held by the seat
    theirs: tuple[int, ...]  # of them, held by another player
    nums: tuple[int, ...]  # the number arguments
    units: int = 0  # units named by unit mixes ('2H1T': 3), for rulebooks whose armies are typed units

    @property
    def target(self) -> int | None:
        """The territory the action goes against: the first one held by someone else."""
        return self.theirs[0] if self.theirs else None


def read_action(info: BoardInfo, view: State, seat: int, a: Action) -> Reading:
    owner: list[int] = view.get("owner") or []
    terrs = tuple(info.index[x] for x in a.args if isinstance(x, str) and x in info.index)
    mine = tuple(t for t in terrs if owner and owner[t] == seat)
    theirs = tuple(t for t in terrs if owner and owner[t] not in (seat, -1))
    nums = tuple(x for x in a.args if isinstance(x, int) and not isinstance(x, bool))
    units = sum(
        int(n)
        for x in a.args
        if isinstance(x, str) and x not in info.index and UNIT_MIX.fullmatch(x)
        for n in re.findall(r"\d+", x)
    )
    return Reading(a.kind, terrs, mine, theirs, nums, units)


UNIT_MIX = re.compile(r"(?:\d+[A-Za-z])+")  # typed units' mixes: '2H1T', two of one type, one of another
