"""What a computer player believes of a fogged view: the view with an estimate wherever it says UNKNOWN, so
that a player written for open boards plays on it from the seat's own sight and nothing more.

Unknown owner: who held it when the seat last saw it (its Memory), else the opponent holding the nearest
territory whose owner is seen (under dense fog, where none is, the opponents in turn). Unknown armies: the
count last seen under that owner, else the average of the opponents' armies in sight (2 when none is).
The rulebook's own per-territory rows of an unseen territory come from the player (`fog_rows(n)`: modern's
unit mixes). The belief carries no fog option, so the rules read it as an open game; the action chosen on it
is still checked against the fogged view itself."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from riskterm.engine.fog import UNKNOWN
from riskterm.engine.state import State

Rows = Callable[[int], Mapping[str, Any]]
GUESS = 2  # armies believed on an unseen territory when no opponent's army is in sight


@dataclass
class Memory:
    """What one seat last saw of each territory: its owner and its armies under that owner (UNKNOWN: never
    seen). Forgotten when a view's turn runs back (another game)."""

    owner: list[int] = field(default_factory=list)
    armies: list[int] = field(default_factory=list)
    turn: int = -1

    def update(self, view: State) -> None:
        owner, armies, turn = view["owner"], view["armies"], int(view.get("turn") or 0)
        if turn < self.turn or len(owner) != len(self.owner):
            self.owner, self.armies = [UNKNOWN] * len(owner), [UNKNOWN] * len(owner)
        self.turn = turn
        for t, (o, a) in enumerate(zip(owner, armies, strict=True)):
            if o != UNKNOWN and o != self.owner[t]:
                self.owner[t], self.armies[t] = o, UNKNOWN  # a new owner: the old count is no guide
            if a != UNKNOWN:
                self.armies[t] = a


def believed(
    view: State,
    adj: Sequence[Iterable[int]],
    seat: int,
    rows: Rows | None = None,
    memory: Memory | None = None,
) -> State:
    """The view itself when nothing in it is unknown, else a copy with estimates (the module docstring);
    `memory`: what the seat saw before, brought up to date with this view first."""
    if memory is not None:
        memory.update(view)
    owner, armies = view["owner"], view["armies"]
    if UNKNOWN not in owner and UNKNOWN not in armies:
        return view
    b = dict(view)
    b["options"] = {k: v for k, v in view.get("options", {}).items() if k != "fog"}
    rivals = [
        q for q, p in enumerate(view["players"]) if q != seat and not p.get("out") and not p.get("neutral")
    ]
    rivals = rivals or [q for q in range(len(view["players"])) if q != seat]
    known = list(owner)
    if memory is not None:  # the owner last seen, where it is still a rival in the game
        known = [m if o == UNKNOWN and m in rivals else o for o, m in zip(owner, memory.owner, strict=True)]
    b["owner"] = guess_owners(known, adj, rivals)
    seen = [a for o, a in zip(owner, armies, strict=True) if a != UNKNOWN and o not in (seat, -1, UNKNOWN)]
    n = max(1, round(sum(seen) / len(seen))) if seen else GUESS
    last = memory.armies if memory is not None else [UNKNOWN] * len(armies)
    b["armies"] = [
        a
        if a != UNKNOWN
        else m
        if m != UNKNOWN and memory is not None and memory.owner[t] == b["owner"][t]
        else n
        for t, (a, m) in enumerate(zip(armies, last, strict=True))
    ]
    if rows is not None:
        fill = rows(n)
        for key, row in fill.items():
            b[key] = [row if r is None else r for r in view[key]]
    return b


def guess_owners(owner: Sequence[int], adj: Sequence[Iterable[int]], rivals: Sequence[int]) -> list[int]:
    """Each unknown owner as the owner of the nearest territory seen held by a rival (breadth first from all
    of them at once); where none is near, the rivals in turn."""
    out = list(owner)
    queue = deque(t for t, o in enumerate(owner) if o in rivals)
    while queue:
        t = queue.popleft()
        for u in adj[t]:
            if out[u] == UNKNOWN:
                out[u] = out[t]
                queue.append(u)
    k = 0
    for t, o in enumerate(out):
        if o == UNKNOWN:
            out[t] = rivals[k % len(rivals)] if rivals else -1
            k += 1
    return out
