"""Capital Risk for the classic computer players: choose a headquarters that is hard to reach, guard it, and
go for the weakest headquarters of the others (the cheapest to reach and take), taking back one's own first.
Pure functions of the seat's view (it shows the seat's own headquarters only until all are revealed) and the
board info; ClassicPlayer asks them first in a Capital Risk game and plays as usual where they have nothing to
say. The evaluator's terms for the hard level's search are here too (hq_terms)."""

from __future__ import annotations

import heapq
import random

from riskterm.ai.core.board_info import BoardInfo, threat, win_chance
from riskterm.engine.state import State

NONE = -1  # no headquarters (rules/classic/capitals.py)
GUARD = 1.0  # own headquarters: armies kept against this share of the enemy armies next to it
GUARD_EXTRA = 2  # and this many more
PUSH = 3.0  # push for a headquarters whose road costs at most this many times the armies that would go
STRIKE = 0.35  # least chance to attack a headquarters next to us
WINNING_STRIKE = 0.05  # least chance when taking it wins the game
ON_ROAD = 0.5  # least chance to attack the next territory on the road to the target headquarters
# the evaluator (hard's search): per headquarters held, for holding one's own, per army it is short
HQ_HELD, HQ_OWN, HQ_SHORT = 12.0, 20.0, 1.5


def in_play(view: State) -> bool:
    return "capitals" in view and view["phase"] != "capital"


def capital_choice(info: BoardInfo, view: State, p: int, level: str, rng: random.Random) -> int:
    """The territory to choose as headquarters: far from the enemy, well stacked, among friends (easy: any)."""
    owner, armies = view["owner"], view["armies"]
    own = [t for t, o in enumerate(owner) if o == p]
    if level == "easy":
        return rng.choice(own)
    dist = info.distance_to_enemy(owner, p)

    def score(t: int) -> float:
        friends = sum(1 for u in info.adj[t] if owner[u] == p)
        return 3.0 * min(dist[t], 3) + armies[t] - threat(info, owner, armies, p, t) + 0.5 * friends \
            + 0.1 * rng.random()

    return max(own, key=score)


def own_capital(view: State, p: int) -> int:
    caps: list[int] = view["capitals"]
    return caps[p] if p < len(caps) else NONE


def guard_need(info: BoardInfo, view: State, p: int) -> int:
    """Armies p's own headquarters lacks against the enemy armies next to it (0 when held safe or lost)."""
    hq = own_capital(view, p)
    owner, armies = view["owner"], view["armies"]
    if hq == NONE or owner[hq] != p:
        return 0
    danger = threat(info, owner, armies, p, hq)
    if danger <= 0:
        return 0
    return max(0, int(GUARD * danger) + GUARD_EXTRA - armies[hq])


def keep_home(info: BoardInfo, view: State, p: int, f: int) -> int:
    """Armies to keep on f when attacking or moving from it: the guard if f is p's own headquarters."""
    if f != own_capital(view, p):
        return 1
    owner, armies = view["owner"], view["armies"]
    return max(1, int(GUARD * threat(info, owner, armies, p, f)) + GUARD_EXTRA)


def road(info: BoardInfo, view: State, p: int) -> tuple[int, list[int], int] | None:
    """The cheapest headquarters to take that p does not hold (its own first if lost: at a third of the cost):
    (the territory of p to start from, the territories to take in order, the armies on them), or None."""
    owner, armies = view["owner"], view["armies"]
    caps: list[int] = view["capitals"]
    targets = {t: (0.33 if q == p else 1.0) for q, t in enumerate(caps) if t != NONE and owner[t] != p}
    if not targets:
        return None
    # cheapest roads from all of p's territories at once (entering a territory costs its armies)
    best: dict[int, float] = {}
    back: dict[int, int] = {}
    heap: list[tuple[float, int]] = []
    for t, o in enumerate(owner):
        if o == p:
            best[t] = 0.0
            heap.append((0.0, t))
    heapq.heapify(heap)
    while heap:
        c, t = heapq.heappop(heap)
        if c > best.get(t, 1e18):
            continue
        for u in info.adj[t]:
            if owner[u] == p:
                continue
            nc = c + armies[u]
            if nc < best.get(u, 1e18):
                best[u], back[u] = nc, t
                heapq.heappush(heap, (nc, u))
    reach = [(best[t] * w, t) for t, w in targets.items() if t in best]
    if not reach:
        return None
    _, goal = min(reach)
    steps = [goal]
    while owner[back[steps[-1]]] != p:
        steps.append(back[steps[-1]])
    start = back[steps[-1]]
    steps.reverse()
    return start, steps, int(best[goal])


def placement(info: BoardInfo, view: State, p: int, reserve: int, roads: bool = True) -> tuple[int, int] | None:
    """Where the next armies go: the own headquarters while it lacks armies, else the start of the road to
    a headquarters within reach; None: as in the ordinary game."""
    need = guard_need(info, view, p)
    if need > 0:
        return own_capital(view, p), min(need, reserve)
    way = road(info, view, p) if roads else None
    if way is None:
        return None
    start, _, cost = way
    if cost <= PUSH * (view["armies"][start] - keep_home(info, view, p, start) + reserve):
        return start, reserve
    return None


def attack(info: BoardInfo, view: State, p: int, goal_left: int, roads: bool = True) -> tuple[int, int, int] | None:
    """(from, to, stop) of an attack on a headquarters next to us or on the next territory of the road to
    one; None: attack as in the ordinary game. `goal_left`: headquarters p still needs (1: the next one wins,
    when p holds its own)."""
    owner, armies = view["owner"], view["armies"]
    caps: list[int] = view["capitals"]
    best, best_chance = None, 0.0
    for q, t in enumerate(caps):
        if t == NONE or owner[t] == p:
            continue
        wins = goal_left <= 1 and q != p
        least = WINNING_STRIKE if wins else STRIKE
        for f in info.adj[t]:
            if owner[f] != p:
                continue
            keep = keep_home(info, view, p, f)
            a = armies[f] - keep
            if a < 1:
                continue
            chance = win_chance(a, armies[t]) + (1.0 if wins else 0.0)
            if chance >= least and chance > best_chance:
                best, best_chance = (f, t, keep), chance
    if best is not None or not roads:
        return best
    way = road(info, view, p)
    if way is None:
        return None
    start, steps, _ = way
    keep = keep_home(info, view, p, start)
    a = view["armies"][start] - keep
    if a >= 1 and win_chance(a, armies[steps[0]]) >= ON_ROAD:
        return start, steps[0], keep
    return None


def move_in(info: BoardInfo, view: State, p: int, lo: int, hi: int, roads: bool = True) -> int | None:
    """Armies to move into a conquest from the own headquarters (keep its guard), or into a headquarters or a
    territory on the road to one (all but the guard); None: as in the ordinary game."""
    pend = view["pending"]
    f, t = pend["from"], pend["to"]
    caps: list[int] = view["capitals"]
    keep = keep_home(info, view, p, f)
    if keep > 1:
        return max(lo, min(hi, view["armies"][f] - keep))
    if t in caps:
        return hi
    way = road(info, view, p) if roads else None
    if way is not None and way[0] == t:
        return hi
    return None


def fortify(info: BoardInfo, view: State, p: int) -> tuple[int, int, int] | None:
    """Armies from a quiet neighbour into the own headquarters while it lacks armies."""
    need = guard_need(info, view, p)
    if need <= 0:
        return None
    hq = own_capital(view, p)
    owner, armies = view["owner"], view["armies"]
    best, spare_best = None, 0
    for f in info.adj[hq]:
        if owner[f] != p or armies[f] < 2:
            continue
        spare = armies[f] - 1 - threat(info, owner, armies, p, f) // 2
        if spare > spare_best:
            best, spare_best = f, spare
    return None if best is None else (best, hq, min(spare_best, need))


def hq_terms(info: BoardInfo, s: State, q: int) -> float:
    """What the headquarters are worth to seat q on this board, for the evaluator: each one held, its own held,
    less the armies its own lacks against its neighbours."""
    caps: list[int] = s["capitals"]
    owner = s["owner"]
    v = HQ_HELD * sum(1 for t in caps if t != NONE and owner[t] == q)
    hq = caps[q] if q < len(caps) else NONE
    if hq != NONE and owner[hq] == q:
        v += HQ_OWN - HQ_SHORT * max(0, threat(info, owner, s["armies"], q, hq) - s["armies"][hq])
    return v
