"""What the search's evaluators share. An evaluator (each rulebook's own: riskterm.ai.<name>.evaluate) is
`evaluate(rules, state, seat) -> float`, how good a position is for `seat`, in armies' worth. Each scores
every player still in the game by what its rulebook rewards and returns the seat's score against its rivals
(the leader counted more than the rest: weakening one rival helps the others too). They read only what the
seat's view shows (owner, armies, counts of cards), never a hand or a stream.

Shared terms: armies on the board, territories, the income of the regions held (with the risk that the
strongest enemy stack next to a region's border takes it) and progress towards regions (held share squared)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from riskterm.ai.core.board_info import BoardInfo, board_info, win_chance
from riskterm.engine.state import State
from riskterm.rules.base import Rules

WIN = 10_000.0
LEADER = 0.6  # the share of the rivals' term given to the strongest (the rest to their mean)


def enemy_next(info: BoardInfo, owner: list[int], armies: list[int]) -> list[int]:
    """Per territory: the biggest stack next to it held by someone else (0 if none)."""
    out = []
    for o, adj in zip(owner, info.adj, strict=True):
        m = 0
        for u in adj:
            ou = owner[u]
            if ou != o and ou >= 0 and armies[u] > m:
                m = armies[u]
        out.append(m)
    return out


def decided(evaluate: Callable[[Rules, State, int], float]) -> Callable[[Rules, State, int], float]:
    """A game that is over is worth a win or a loss, whatever the board shows."""

    @wraps(evaluate)
    def judged(rules: Rules, s: State, seat: int) -> float:
        winner = s.get("winner")
        if winner is not None:
            return WIN if winner == seat else -WIN
        return evaluate(rules, s, seat)

    return judged


def army_board(rules: Rules, s: State) -> tuple[BoardInfo, list[int], list[int], list[int]]:
    """What an army rulebook's evaluator starts from: the board's facts, owners, armies, and per territory
    the biggest enemy stack next to it."""
    info = board_info(rules.board)
    owner, armies = s["owner"], s["armies"]
    return info, owner, armies, enemy_next(info, owner, armies)


def relative(values: list[float | None], seat: int) -> float:
    """The seat's value against its rivals' (None: out of the game)."""
    me = values[seat]
    if me is None:
        return -WIN
    rivals = [v or 0.0 for q, v in enumerate(values) if q != seat]  # a rival out of the game counts 0
    if all(v is None for q, v in enumerate(values) if q != seat):
        return WIN
    return me - LEADER * max(rivals) - (1.0 - LEADER) * sum(rivals) / len(rivals)


def region_terms(
    info: BoardInfo,
    owner: list[int],
    armies: list[int],
    danger: list[int],
    q: int,
    worth: float,
    progress: float,
    risk: float,
    bonus: Callable[[int], float] | None = None,
    region_owners: list[tuple[int, ...]] | None = None,
) -> float:
    """Held regions at `worth` armies per point of bonus (less `risk` x the chance that the strongest enemy
    stack on a border breaks in), and `progress` x bonus x (held share)^2 for regions not yet complete.
    `region_owners`: each region's owners (info.region_getters), when the caller asks for every seat."""
    v = 0.0
    owners = region_owners or [get(owner) for get in info.region_getters]  # each region's in one C call
    for r, m in enumerate(info.members):
        b = bonus(r) if bonus is not None else info.bonus[r]
        if not b:
            continue
        held = owners[r].count(q)
        if held == len(m):
            breach = max((win_chance(danger[t] - 1, armies[t]) for t in info.region_borders[r]), default=0.0)
            v += b * (worth - risk * breach)
        elif held:
            v += progress * b * (held / len(m)) ** 2
    return v
