"""Big-board judgement for the classic computer players: which player to hunt down, which way a strong stack
sweeps, and how a sweeping stack splits. Pure functions of a view and the board info."""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress

from riskterm.ai.core.board_info import BoardInfo, win_bounds
from riskterm.engine.state import State
from riskterm.rules.classic.state import Seat

SURE = 0.95  # a sweep picks its way only among fights it wins at least this surely


def sure(a: int, d: int) -> bool:
    """Whether `a` armies able to attack take a territory held by d at least SURE surely (by the least the
    chance can be: no fight beyond the odds table is solved for it)."""
    return win_bounds(a, d)[0] >= SURE


def victim(owner: list[int], armies: list[int], players: list[Seat], p: int) -> int | None:
    """The opponent cheapest to knock out (the fewest armies to beat and territories to take), never a
    neutral seat (knocking it out wins no cards and, in most games, nothing else)."""
    seats = len(players)
    held = [0] * (seats + 1)  # armies by owner; an unowned territory's (owner -1) land in the last slot
    for q, a in zip(owner, armies, strict=True):  # asked at each sure fight of every play-out: one pass
        held[q] += a
    best: tuple[int, int] | None = None
    for q in range(seats):
        if q == p or players[q].get("neutral"):
            continue
        n = owner.count(q)
        if n and (best is None or held[q] + 2 * n < best[0]):
            best = (held[q] + 2 * n, q)
    return None if best is None else best[1]


def hunt_distance(info: BoardInfo, owner: list[int], p: int, q: int, until: int | None = None) -> list[int]:
    """Steps from each territory to q's nearest territory, going through territories p does not hold (those a
    sweep conquers on its way); p's own territories count one step onward but are never passed through.
    With `until`, the search stops once that territory's steps are known: every territory nearer is known
    then, the others read as at least as far (info.n + 1)."""
    big = info.n + 1
    dist = [big] * info.n
    layer = list(compress(range(info.n), map(q.__eq__, owner)))
    for t in layer:
        dist[t] = 0
    if until is not None and dist[until] == 0:
        return dist
    d = 0
    adj = info.adj
    while layer:
        d += 1
        nxt = []
        for t in layer:
            for u in adj[t]:
                if dist[u] == big:
                    dist[u] = d
                    if owner[u] != p:
                        nxt.append(u)
        if until is not None and dist[until] == d:
            break
        layer = nxt
    return dist


def steer(info: BoardInfo, view: State, p: int, f: int, t: int, value: Callable[[int], float]) -> int:
    """The neighbour of f that a sweep from f takes next: t (the plan's pick) unless f's stack takes another
    neighbour of no less value (`value`: what taking it is worth) as surely (SURE) and that one lies nearer
    the victim. Without it a big stack takes whatever is weakest next to it, wanders through a big board and
    knocks nobody out: four normal players' games on 100 to 250 territories hardly ended."""
    owner, armies = view["owner"], view["armies"]
    a = armies[f] - 1
    if not sure(a, armies[t]):
        return t
    worth = value(t)
    options = [u for u in info.adj[f] if owner[u] != p and u != t and sure(a, armies[u])]
    if not options:
        return t
    q = victim(owner, armies, view["players"], p)
    if q is None:
        return t
    dist = hunt_distance(info, owner, p, q, until=t)  # only those nearer than t matter
    nearer = sorted((dist[u], armies[u], u) for u in options if dist[u] < dist[t])
    return next((u for _, _, u in nearer if value(u) >= worth), t)


def split_move(
    info: BoardInfo, owner: list[int], armies: list[int], p: int, f: int, t: int, lo: int, hi: int
) -> int | None:
    """Armies to move into t, just conquered from f: when the stack is big enough to sweep on both sides, f
    keeps its share by the enemy armies next to each; when neither borders an enemy any more, the stack stays
    on the one nearer the enemy (on a big board a stack left deep inside its own land walks back one step a
    turn). None: neither case (the level's own rule decides)."""
    adj = info.adj
    near_f = [u for u in adj[f] if owner[u] != p]
    near_t = [u for u in adj[t] if owner[u] != p]
    if not near_f and not near_t:  # the sweep has run out: the stack waits where it is nearer the enemy
        dist = info.distance_to_enemy(owner, p)
        return hi if dist[t] < dist[f] else lo
    if not near_f or not near_t:
        return None
    need_f = sum(armies[u] + 2 for u in near_f)
    need_t = sum(armies[u] + 2 for u in near_t)
    if hi < 2 * (need_f + need_t):
        return None
    keep = hi * need_f // (need_f + need_t)
    return max(lo, min(hi, hi - keep))


def idle_step(info: BoardInfo, owner: list[int], armies: list[int], p: int) -> tuple[int, int, int] | None:
    """The biggest stack of p's behind the front moved one step nearer to it: (from, to, armies), or None."""
    dist = info.distance_to_enemy(owner, p)
    best, best_n = None, 0
    for f, o in enumerate(owner):
        if o != p or armies[f] < 2 or dist[f] <= 1:
            continue
        n = armies[f] - 1
        if n <= best_n:
            continue
        to = min((u for u in info.adj[f] if owner[u] == p), key=lambda u: (dist[u], -armies[u]), default=None)
        if to is not None and dist[to] < dist[f]:
            best, best_n = (f, to, n), n
    return best
