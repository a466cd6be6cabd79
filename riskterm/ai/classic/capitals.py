"""Capital Risk for the classic computer players: choose a headquarters that is hard to reach, guard it, and
go for the weakest headquarters of the others (the cheapest to reach and take), taking back one's own first.
Pure functions of the seat's view (it shows the seat's own headquarters only until all are revealed) and the
board info; ClassicPlayer asks them first in a Capital Risk game and plays as usual where they have nothing to
say. The evaluator's terms for the hard level's search are here too (hq_terms)."""

from __future__ import annotations

import heapq
import random
from dataclasses import dataclass

from riskterm.ai.core.board_info import BoardInfo, threat, win_chance
from riskterm.engine.actions import Action
from riskterm.engine.state import State
from riskterm.rules.classic.state import as_classic, pending_of

NONE = -1  # no headquarters (rules/classic/capitals.py)
GUARD = (
    1.0  # own headquarters: armies kept against this share of the enemy armies next to it (and Style's more)
)
PUSH = 3.0  # push for a headquarters whose road costs at most this many times the armies that would go
WINNING_STRIKE = 0.05  # least chance when taking it wins the game
ON_ROAD = 0.5  # least chance to attack the next territory on the road to the target headquarters
DEPTH = 3.0  # choosing a headquarters: worth of each step away from the enemy, in armies (up to three steps)
# the evaluator (hard's search): per headquarters held, for holding one's own, per army it is short
HQ_HELD, HQ_OWN, HQ_SHORT = 12.0, 20.0, 1.5


@dataclass(frozen=True)
class Style:
    """How a level plays for the headquarters."""

    strike: float  # least chance to attack a headquarters next to us (unless taking it wins the game)
    roads: bool  # push along the cheapest road to the weakest headquarters
    guard_extra: int  # armies kept on the own headquarters beyond the enemy armies next to it
    guard_all: bool  # guard every headquarters held, the ones taken too, not only the own
    reach: float = 0.0  # share of the biggest enemy stack two steps from a headquarters it guards against


NORMAL_STYLE = Style(strike=0.35, roads=False, guard_extra=2, guard_all=False)
HARD_STYLE = Style(strike=0.7, roads=True, guard_extra=2, guard_all=True, reach=0.5)


def style_for(level: str) -> Style:
    return HARD_STYLE if level == "hard" else NORMAL_STYLE


def in_play(view: State) -> bool:
    return "capitals" in view and view["phase"] != "capital"


def capital_choice(info: BoardInfo, view: State, p: int, level: str, rng: random.Random) -> int:
    """The territory to choose as headquarters: far from the enemy, well stacked, among friends (easy: any)."""
    owner: list[int] = view["owner"]
    armies: list[int] = view["armies"]
    own = [t for t, o in enumerate(owner) if o == p]
    if level == "easy":
        return rng.choice(own)
    dist = info.distance_to_enemy(owner, p)

    def score(t: int) -> float:
        friends = sum(1 for u in info.adj[t] if owner[u] == p)
        return (
            DEPTH * min(dist[t], 3)
            + armies[t]
            - threat(info, owner, armies, p, t)
            + 0.5 * friends
            + 0.1 * rng.random()
        )

    return max(own, key=score)


def own_capital(view: State, p: int) -> int:
    caps: list[int] = view["capitals"]
    return caps[p] if p < len(caps) else NONE


def guarded(view: State, p: int, style: Style) -> list[int]:
    """The headquarters p guards: its own while it holds it, first, and with guard_all those it has taken."""
    owner, caps = view["owner"], view["capitals"]
    own = own_capital(view, p)
    out = [own] if own != NONE and owner[own] == p else []
    if style.guard_all:
        out += [t for t in caps if t != NONE and t != own and owner[t] == p]
    return out


def danger(info: BoardInfo, view: State, p: int, t: int, style: Style) -> int:
    """The enemy armies a headquarters t of p's is guarded against: those next to it, and (style.reach) a
    share of the biggest enemy stack two steps away, which may blitz through."""
    owner, armies = view["owner"], view["armies"]
    near = threat(info, owner, armies, p, t)
    if style.reach:
        far = max(
            (
                armies[v] - 1
                for u in info.adj[t]
                for v in info.adj[u]
                if v != t and owner[v] != p and owner[v] >= 0 and v not in info.adj[t]
            ),
            default=0,
        )
        near += int(style.reach * far)
    return near


def short_of(info: BoardInfo, view: State, p: int, t: int, style: Style) -> int:
    """Armies the headquarters t (held by p) lacks against the enemy armies that threaten it."""
    d = danger(info, view, p, t, style)
    return max(0, int(GUARD * d) + style.guard_extra - view["armies"][t]) if d > 0 else 0


def guard_need(info: BoardInfo, view: State, p: int, style: Style) -> tuple[int, int]:
    """(the headquarters to reinforce, the armies it lacks), the own first; (NONE, 0) when none lacks any."""
    for t in guarded(view, p, style):
        need = short_of(info, view, p, t, style)
        if need > 0:
            return t, need
    return NONE, 0


def keep_home(info: BoardInfo, view: State, p: int, f: int, style: Style) -> int:
    """Armies to keep on f when attacking or moving from it: the guard if f is a headquarters p guards."""
    if f not in guarded(view, p, style):
        return 1
    return max(1, int(GUARD * danger(info, view, p, f, style)) + style.guard_extra)


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


def placement(info: BoardInfo, view: State, p: int, reserve: int, style: Style) -> tuple[int, int] | None:
    """Where the next armies go: the own headquarters while it lacks armies, else the start of the road to
    a headquarters within reach; None: as in the ordinary game."""
    t, need = guard_need(info, view, p, style)
    if need > 0:
        return t, min(need, reserve)
    way = road(info, view, p) if style.roads else None
    if way is None:
        return None
    start, _, cost = way
    if cost <= PUSH * (view["armies"][start] - keep_home(info, view, p, start, style) + reserve):
        return start, reserve
    return None


def attack(info: BoardInfo, view: State, p: int, goal_left: int, style: Style) -> tuple[int, int, int] | None:
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
        least = WINNING_STRIKE if wins else style.strike
        for f in info.adj[t]:
            if owner[f] != p:
                continue
            keep = keep_home(info, view, p, f, style)
            a = armies[f] - keep
            if a < 1:
                continue
            chance = win_chance(a, armies[t]) + (1.0 if wins else 0.0)
            if chance >= least and chance > best_chance:
                best, best_chance = (f, t, keep), chance
    if best is not None or not style.roads:
        return best
    way = road(info, view, p)
    if way is None:
        return None
    start, steps, _ = way
    keep = keep_home(info, view, p, start, style)
    a = view["armies"][start] - keep
    if a >= 1 and win_chance(a, armies[steps[0]]) >= ON_ROAD:
        return start, steps[0], keep
    return None


def move_in(info: BoardInfo, view: State, p: int, lo: int, hi: int, style: Style) -> int | None:
    """Armies to move into a conquest from the own headquarters (keep its guard), or into a headquarters or a
    territory on the road to one (all but the guard); None: as in the ordinary game."""
    s = as_classic(view)
    pend = pending_of(s)
    f, t = pend["from"], pend["to"]
    caps: list[int] = view["capitals"]
    keep = keep_home(info, view, p, f, style)
    if keep > 1:
        return max(lo, min(hi, s["armies"][f] - keep))
    if t in caps:
        return hi
    way = road(info, view, p) if style.roads else None
    if way is not None and way[0] == t:
        return hi
    return None


def fortify(info: BoardInfo, view: State, p: int, style: Style) -> tuple[int, int, int] | None:
    """Armies from a quiet neighbour into a guarded headquarters while it lacks armies."""
    hq, need = guard_need(info, view, p, style)
    if need <= 0:
        return None
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


def reason(info: BoardInfo, view: State, seat: int, a: Action) -> str | None:
    """The coach's sentence for a Capital Risk step: the headquarters chosen, a headquarters guarded or
    struck at; None for other steps (the common readings say them)."""
    owner, armies = view["owner"], view["armies"]
    t = info.index.get(a.args[0]) if a.args and isinstance(a.args[0], str) else None
    if t is None:
        return None
    name = info.board.territories[t].name
    if a.kind == "capital":
        steps = info.distance_to_enemy(owner, seat)[t]
        return (
            f"Make {name} your headquarters: {steps} step{'s' if steps != 1 else ''} from the nearest enemy, "
            f"{armies[t]} armies against {threat(info, owner, armies, seat, t)} enemy armies next to it."
        )
    if not in_play(view):
        return None
    caps: list[int] = view["capitals"]
    if a.kind == "place" and t in caps and owner[t] == seat:
        whose = "your" if caps.index(t) == seat else "the taken"
        return (
            f"Guard {whose} headquarters {name}: {threat(info, owner, armies, seat, t)} enemy armies next "
            f"to it against your {armies[t]}."
        )
    target = info.index.get(a.args[1]) if len(a.args) > 1 and isinstance(a.args[1], str) else None
    if a.kind in ("attack", "blitz") and target is not None and target in caps:
        q = caps.index(target)
        what = (
            "Take back your headquarters"
            if q == seat
            else f"Strike at {view['players'][q]['name']}'s headquarters"
        )
        return (
            f"{what} {info.board.territories[target].name}: about "
            f"{win_chance(armies[t] - 1, armies[target]):.0%} to take it rolling on."
        )
    return None
