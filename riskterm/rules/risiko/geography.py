"""What RisiKo! Più asks of its board (maps/risiko.yaml): the Empires and their territories, territory ids,
and the flagship's sea routes."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from riskterm.board import Board


def empire_ids(board: Board) -> list[str]:
    return [r.id for r in board.regions if r.kind == "empire"]


@lru_cache(maxsize=16)
def empire_members(board: Board) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """(Empire id, its territory indexes) per Empire, once per board (the victory check asks after every
    conquest)."""
    return tuple((e, tuple(members(board, e))) for e in empire_ids(board))


def members(board: Board, region_id: str) -> list[int]:
    """Territory indexes of a region (an Empire or a block of independents)."""
    return [board.index[t] for t in board.region_by_id[region_id].territories]


def tix(board: Board, tid: Any) -> int | None:
    """Territory index of an action argument, None when it names no territory of this board."""
    return board.index.get(tid) if isinstance(tid, str) else None


def sea_of(board: Board, a: int, b: int) -> str:
    """'black_sea' when both coasts border the Black Sea, else 'open_sea' (for the log)."""
    both = all("black_sea" in (board.territories[t].get("seas") or []) for t in (a, b))
    return "black_sea" if both else "open_sea"


def sea_route(board: Board, a: int, b: int) -> bool:
    """The flagship sails between two coasts on the same water: the open seas are one body; the Black
    Sea is enclosed (only Black Sea coasts to Black Sea coasts). Turkey touches both."""
    sa = set(board.territories[a].get("seas") or [])
    sb = set(board.territories[b].get("seas") or [])
    if "black_sea" in sa and "black_sea" in sb:
        return True
    return bool(sa - {"black_sea"}) and bool(sb - {"black_sea"})


def coastal(board: Board, t: int) -> bool:
    return bool(board.territories[t].get("coastal"))


@lru_cache(maxsize=16)
def sea_targets(board: Board) -> tuple[tuple[int, ...], ...]:
    """Per territory: the coasts its flagship can sail to (sea_route), in board order; none when it does not
    touch the sea. Worked out once per board (the main phase asks it for every port, every decision)."""
    coasts = [t for t in range(len(board.territories)) if coastal(board, t)]
    return tuple(
        tuple(t for t in coasts if sea_route(board, f, t)) if coastal(board, f) else ()
        for f in range(len(board.territories))
    )
