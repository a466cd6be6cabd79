"""The RisiKo! Più fortress garrison the computer players above easy keep ('Protect your fortress with the
greatest possible number of armies: if you lose it, you are eliminated from the game!')."""

from __future__ import annotations

from riskterm.ai.core.board_info import BoardInfo
from riskterm.engine.state import State


def my_fortress(view: State, p: int) -> int | None:
    forts = view.get("fortress") or []
    f = forts[p] if p < len(forts) else None
    return f if isinstance(f, int) and (view.get("owner") or [])[f] == p else None


def garrison_need(info: BoardInfo, view: State, p: int, share: float = 1.0) -> int:
    """Armies our fortress should hold: the enemy armies next to it, or most of the biggest enemy stack
    within two steps, and at least 4 (times `share`, the level's caution)."""
    f = my_fortress(view, p)
    if f is None:
        return 0
    owner: list[int] = view["owner"]
    armies: list[int] = view["armies"]
    near = {u for v in info.adj[f] for u in (v, *info.adj[v])} - {f}
    adjacent = sum(armies[u] for u in info.adj[f] if owner[u] not in (p, -1))
    biggest = max((armies[u] for u in near if owner[u] not in (p, -1)), default=0)
    return max(2, round(share * max(4.0, 0.8 * adjacent, 0.8 * biggest)))
