"""Board judgement for the classic-style computer players: threats, attack values and placement plans.
Pure functions of a view (owner and armies lists) and the board info; no state is changed."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import cached_property
from itertools import compress
from operator import ne
from typing import Any

from riskterm.ai.classic.front import idle_step
from riskterm.ai.core.board_info import ODDS_SIZE, BoardInfo, threat, win_bounds, win_chance, win_rows
from riskterm.engine.state import State
from riskterm.rules.classic.state import as_classic, pending_of


@dataclass(frozen=True)
class Weights:
    """What a level cares about when attacking and placing."""

    card: float = 2.5  # first conquest of the turn earns a card
    region: float = 2.5  # times the bonus, for completing a region
    break_region: float = 1.0  # times the bonus, for breaking someone's region
    target: float = 1.2  # for a territory in the region we are working on
    eliminate: float = 4.0  # for taking a player's last territory (+ per card they hold)
    per_card: float = 1.5
    threshold: float = 0.62  # least chance of taking the territory for an ordinary attack
    bold: float = 0.45  # least chance for a valuable one (value >= 3)
    defend_share: float = 0.4  # most of the reinforcements spent on defending held regions
    plan: bool = True  # pick a target region and defend borders
    # share of the set-up armies on the attack stack (the rest guard threatened borders): against Domination's
    # players hard won 24 of 200 with 0.8, 14 with 0.5 (bench/domination)
    setup_stack: float = 0.5
    # its first rounds: once it has its card, only attacks worth opening_gate (its target region, a region
    # completed or broken, a knock-out), not a drive through single armies it cannot hold; against three of
    # Domination's hard players one stack often took 7+ territories in the first turn and lost them in the
    # next round (bench/domination; docs/computer-players.md)
    opening_rounds: int = 0
    opening_gate: float = 2.0
    # a region completed counts its bonus at hold_floor + (1 - hold_floor) x the chance it is still held
    # at the next turn (each border against the biggest enemy stack next to it): 1.0 counts it whole
    hold_floor: float = 1.0
    # knock-outs planned over several territories (sweep.py): a route from one stack through every territory
    # of a rival holding cards, the reinforcements on that stack
    knockouts: bool = False
    # once its card is taken, no further attack worth less than opening_gate while a rival could take all of
    # its land next turn (player.exposed: the armies that takes below guard x a rival's force); 0: off
    guard: float = 0.0

    @cached_property  # read in every attack decision: worked out once per Weights
    def tallied(self) -> bool:
        """Whether attack_value reads the region tallies (a level that weighs none skips counting them)."""
        return bool(self.region or self.break_region or self.eliminate)


HARD = Weights(setup_stack=0.8, opening_rounds=3, hold_floor=0.0, knockouts=True, guard=1.0)
# hard's own moves in its search's play-outs: a region completed counts whole there, and the opening is two
# rounds. Against three of Domination's hard players (bench/domination) hard with these play-outs won 204 of
# 1000 games, with its own weights in them too 49 of 400: a play-out that completes a region shows the search
# where armies can make one; hard's own attacks then judge whether to.
PLAYOUT = Weights(setup_stack=0.8, opening_rounds=2, knockouts=True, guard=1.0)
NORMAL = Weights(
    card=2.0,
    region=0.0,
    break_region=0.0,
    target=0.0,
    eliminate=0.0,
    per_card=0.0,
    threshold=0.6,
    bold=0.6,
    defend_share=0.0,
    plan=False,
    knockouts=True,
)
# easy's few weighed choices (its set-up against a neutral seat, a blitz's stop) are normal's; it plans no
# knock-outs (a beginner's opponent)
EASY = replace(NORMAL, knockouts=False)


def frontier(info: BoardInfo, owner: list[int], p: int) -> list[int]:
    """p's territories with a neighbour p does not hold, in board order (a shared list: do not change it)."""
    return info.frontier(owner, p)


class Tally:
    """Region tallies of one board position for seat p, counted once per decision (the scans below ask the
    same questions of every region and target): p's territories per region, the armies p does not hold
    there and the one owner holding all of a region (MIXED if none). Given `prev`, the tallies of another
    position for the same p (the decision before: most often one roll apart), only the regions where an
    owner or an army count differs are counted again, by the same code (the same integers)."""

    __slots__ = ("mine", "cost", "holder", "owner", "armies", "p", "_owned")
    mine: list[int]
    cost: list[int]
    holder: list[int]
    owner: list[int]
    armies: list[int]
    p: int

    def __init__(
        self, info: BoardInfo, owner: list[int], armies: list[int], p: int, prev: Tally | None = None
    ):
        todo: Iterable[int]
        if prev is None or prev.p != p:
            n = len(info.members)
            mine, cost, holder = [0] * n, [0] * n, [0] * n
            todo = range(n)
            self._owned: dict[int, int] = {}
        else:
            mine, cost, holder = prev.mine.copy(), prev.cost.copy(), prev.holder.copy()
            where = info.region_of
            todo = {where[t] for t in compress(range(len(armies)), map(ne, armies, prev.armies))}
            if owner is prev.owner:  # the same list (states are never changed): the same owners
                self._owned = prev._owned
            else:
                todo.update(where[t] for t in compress(range(len(owner)), map(ne, owner, prev.owner)))
                self._owned = {}
        not_p = p.__ne__
        getters = info.region_getters
        for r in todo:  # each region's owners and armies in one C call each
            get = getters[r]
            os, ns = get(owner), get(armies)
            k = os.count(p)
            mine[r] = k
            cost[r] = sum(ns) if k == 0 else 0 if k == len(os) else sum(compress(ns, map(not_p, os)))
            first = os[0]
            holder[r] = first if os.count(first) == len(os) else MIXED
        self.mine, self.cost, self.holder, self.owner, self.armies, self.p = (
            mine,
            cost,
            holder,
            owner,
            armies,
            p,
        )

    def owned(self, q: int) -> int:
        """How many territories q holds (counted once per seat)."""
        n = self._owned.get(q)
        if n is None:
            n = self._owned[q] = self.owner.count(q)
        return n


MIXED = -2  # Tally.holder of a region with more than one owner (owners are -1 for none, or a seat)
EXCLUDED = float(
    "-inf"
)  # a score bound (best_attack): the fight may not be an option at all (below its need)


def target_region(
    info: BoardInfo, owner: list[int], armies: list[int], p: int, budget: int, tally: Tally | None = None
) -> int | None:
    """The region not yet held that is best worth working on: valuable, mostly ours, cheap to finish."""
    tally = tally or Tally(info, owner, armies, p)
    best, best_score = None, 0.0
    for r, members in enumerate(info.members):
        mine = tally.mine[r]
        if mine == len(members):
            continue
        # (none of r is p's when mine is 0: only its outside neighbours can be)
        near = mine > 0 or p in info.outside_getters[r](owner)
        if not near:
            continue
        cost = tally.cost[r]
        score = info.region_value[r] * (mine + 1) / len(members) / (1.0 + cost / (budget + 3.0))
        if score > best_score:
            best, best_score = r, score
    return best


def attack_value(
    info: BoardInfo, view: State, p: int, t: int, w: Weights, target: int | None, tally: Tally | None = None
) -> float:
    """What taking t (a territory p does not hold) is worth to p."""
    owner = view["owner"]
    if tally is None and w.tallied:
        tally = Tally(info, owner, view["armies"], p)
    q = owner[t]
    v = 1.0
    if not view["conquered"]:
        v += w.card
    r = info.region_of[t]
    if w.region and tally and tally.mine[r] == len(info.members[r]) - 1:  # every other territory of r is p's
        hold = (
            1.0
            if w.hold_floor >= 1.0
            else w.hold_floor + (1.0 - w.hold_floor) * hold_chance(info, view, p, r, t)
        )
        v += w.region * info.bonus[r] * hold
    if w.break_region and q >= 0 and tally and tally.holder[r] == q:
        v += w.break_region * info.bonus[r]
    if target is not None and r == target:
        v += w.target
    if w.eliminate and q >= 0 and tally and tally.owned(q) == 1:
        v += w.eliminate + w.per_card * len(view["hands"][q])
    return v


def hold_chance(info: BoardInfo, view: State, p: int, r: int, t: int) -> float:
    """The chance region r, completed by taking t, is still p's at p's next turn: each border against the
    biggest enemy stack next to it (with a turn's reinforcements), t held by half the stack next to it. Fights
    beyond the odds table count at the most the enemy could win (win_bounds: no fight solved here)."""
    owner, armies = view["owner"], view["armies"]
    adj = info.adj
    stay = max((armies[u] for u in adj[t] if owner[u] == p), default=2) // 2
    held = 1.0
    for b in info.region_borders[r]:
        mine = max(1, stay) if b == t else armies[b]
        enemy = max((armies[u] - 1 for u in adj[b] if owner[u] != p and owner[u] >= 0 and u != t), default=0)
        if enemy > 0:
            held *= 1.0 - win_bounds(enemy + 3, mine)[1]
    return held


def values_alike(w: Weights, target: int | None) -> int | None:
    """-1 when attack_value is the same for every target (a level weighing no region, with no target region:
    normal), so a scan works it out once under this key; None when it depends on the target."""
    return -1 if not w.tallied and target is None else None


def best_attack(
    info: BoardInfo,
    view: State,
    p: int,
    w: Weights,
    target: int | None,
    tally: Tally | None = None,
    values: dict[int, float] | None = None,
) -> tuple[int, int] | None:
    """(from, to) of the most worthwhile attack, or None when nothing is worth the risk. A fight beyond the
    odds table is first scored within bounds (win_bounds) and solved exactly only while it may be the pick:
    the pick is the one scoring every fight exactly would make. `values`: attack values already worked out
    for this p, w, target and the same owners, hands and conquest flag (filled in as the scan needs more)."""
    owner, armies = view["owner"], view["armies"]
    if tally is None and w.tallied:
        tally = Tally(info, owner, armies, p)
    best, best_score, best_pos = None, 0.0, 0
    least = min(w.bold, w.threshold)  # below it no attack is worth it, whatever its value
    if values is None:
        values = {}  # attack_value depends on the target only: once per target per decision
    alike = values_alike(w, target)
    # fights beyond the table: [scan position, score lo, hi, a, d, value, need, (f, t)]; need None where the
    # chance is surely above it, else (the bounds straddle it) lo is EXCLUDED: it may not count at all
    beyond: list[list[Any]] = []
    pos = 0
    rows = win_rows()  # win_chance(a, d), read straight from the table where it holds a
    adj, cached, bold, threshold = info.adj, values.get, w.bold, w.threshold
    for f in compress(range(len(owner)), map(p.__eq__, owner)):
        a = armies[f] - 1
        if a < 1:
            continue
        row = rows[a] if a <= ODDS_SIZE else None
        for t in adj[f]:
            if owner[t] == p:
                continue
            d = armies[t]
            pos += 1
            if row is not None and 0 < d <= ODDS_SIZE:
                chance = lo = row[d]
            else:
                lo, chance = win_bounds(a, d)  # chance: the most it can be
            if chance < least:
                continue
            key = t if alike is None else alike
            value = cached(key)
            if value is None:
                value = values[key] = attack_value(info, view, p, t, w, target, tally)
            need = bold if value >= 3.0 else threshold
            if chance < need:
                continue
            if lo != chance:  # beyond the table: solved only if it may be the pick (first_best)
                extra = 0.01 * (a - d)
                beyond.append(
                    [
                        pos,
                        lo * value + extra if lo >= need else EXCLUDED,
                        chance * value + extra,
                        a,
                        d,
                        value,
                        None if lo >= need else need,
                        (f, t),
                    ]
                )
                continue
            score = chance * value + 0.01 * (a - d)
            if score > best_score:
                best, best_score, best_pos = (f, t), score, pos
    if not beyond:
        return best

    def exact(c: list[Any]) -> float:
        chance = win_chance(c[3], c[4])
        if c[6] is not None and chance < c[6]:  # below the least chance its value asks: not an attack
            return EXCLUDED
        score: float = chance * c[5] + 0.01 * (c[3] - c[4])
        return score

    known = [[best_pos, best_score, best_score, 0, 0, 0.0, None, best]] if best is not None else []
    pick = first_best(sorted(known + beyond), exact, 0.0)
    return None if pick is None else pick[-1]


def first_best(
    cands: list[list[Any]], exact: Callable[[list[Any]], float], floor: float, answer_only: bool = False
) -> list[Any] | None:
    """The candidate a scan in order keeps with `if score > best: best = ...` from best = floor (the first
    of the highest scores), when cands (in scan order) hold [position, lo, hi, ..., answer]: bounds of the
    score, equal where it is known; exact(c) works it out. Only candidates that may still be the pick are
    solved: one whose most is below another's least never is; with answer_only, once every one left gives
    the same answer (its last item), any of them does. A candidate whose least is at or below the floor
    may not count at all: it is solved only while it may still be the pick. Candidates alike in everything
    the score is worked out from (c[3:-1]) score alike: only the first of them may be the pick."""
    live, seen = [], set()
    for c in cands:
        alike = tuple(c[3:-1])
        if c[2] > floor and alike not in seen:
            seen.add(alike)
            live.append(c)
    while live:
        least = max(c[1] for c in live)
        live = [c for c in live if c[2] >= least]  # (a least at or below the floor drops only the hopeless)
        sure = all(c[1] > floor for c in live)  # every one left beats the floor: the pick is among them
        if answer_only and sure and all(c[-1] == live[0][-1] for c in live):
            return live[0]
        open_ = [c for c in live if c[1] != c[2]]
        if not open_ or (len(live) == 1 and sure):
            break
        for c in open_:
            c[1] = c[2] = exact(c)
        live = [c for c in live if c[2] > floor]
    if not live:
        return None
    top = max(c[2] for c in live)
    return next(c for c in live if c[2] == top)


def placement(info: BoardInfo, view: State, p: int, reserve: int, w: Weights) -> list[tuple[int, int]]:
    """How to spend `reserve` armies: [(territory, armies), ...], defence of held regions first."""
    owner, armies = view["owner"], view["armies"]
    front = frontier(info, owner, p)
    if not front:
        own = [t for t, o in enumerate(owner) if o == p]
        return [(own[0], reserve)] if own else []
    plan: list[tuple[int, int]] = []
    left = reserve
    if w.plan and w.defend_share > 0:
        held = set(info.held_regions(owner, p))
        budget = int(reserve * w.defend_share)
        needs = []
        for r in held:
            for b in info.region_borders[r]:
                danger = threat(info, owner, armies, p, b)
                need = danger + 2 - armies[b]
                if danger > 0 and need > 0:
                    needs.append((need, b))
        needs.sort(reverse=True)
        for need, b in needs:
            n = min(need, budget)
            if n <= 0:
                break
            plan.append((b, n))
            budget -= n
            left -= n
    if left <= 0:
        return plan
    tally = Tally(info, owner, armies, p) if w.plan or w.tallied else None
    target = target_region(info, owner, armies, p, reserve, tally) if w.plan else None
    best, best_score, best_pos = front[0], -1e9, 0
    values: dict[int, float] = {}  # attack_value depends on the target only: once per target per decision
    alike = values_alike(w, target)
    beyond: list[
        list[Any]
    ] = []  # fights beyond the odds table, as in best_attack: [pos, lo, hi, a, d, value, f]
    pos = 0
    rows = win_rows()  # win_chance(a, d), read straight from the table where it holds a
    adj = info.adj
    for f in front:
        a = armies[f] - 1 + left
        row = rows[a] if a <= ODDS_SIZE else None
        for t in adj[f]:
            if owner[t] == p:
                continue
            value = values.get(t if alike is None else alike)
            if value is None:
                value = values[t if alike is None else alike] = attack_value(
                    info, view, p, t, w, target, tally
                )
            d = armies[t]
            pos += 1
            if row is None or not 0 < d <= ODDS_SIZE:
                lo, hi = win_bounds(a, d)
                beyond.append([pos, lo * value, hi * value, a, d, value, f])
                continue
            score = row[d] * value
            if score > best_score:
                best, best_score, best_pos = f, score, pos
    if beyond and any(c[-1] != best for c in beyond):  # else the pick's territory is the same whichever wins

        def exact(c: list[Any]) -> float:
            score: float = win_chance(c[3], c[4]) * c[5]
            return score

        known = [[best_pos, best_score, best_score, 0, 0, 0.0, best]] if best_pos else []
        pick = first_best(sorted(known + beyond), exact, -1e9, answer_only=True)
        best = best if pick is None else pick[-1]
    plan.append((best, left))
    return plan


def occupy_count(info: BoardInfo, view: State, p: int, lo: int, hi: int, plan: bool) -> int:
    """Armies to move into a conquered territory: follow the danger, keep the attack rolling."""
    owner: list[int] = view["owner"]
    armies: list[int] = view["armies"]
    pend = pending_of(as_classic(view))
    f, t = pend["from"], pend["to"]
    get, degree = info.adj_getters, info.degree
    if get[f](owner).count(p) == degree[f]:  # every neighbour ours: nothing left to guard at home (no threat)
        return hi
    if get[t](owner).count(p) == degree[t]:  # nothing to attack from the conquered territory
        return lo
    if not plan:
        return hi
    tf = threat(info, owner, armies, p, f)
    tt = threat(info, owner, armies, p, t)
    # keep at home what the enemies next to it could throw at it; everything else rolls on
    keep = min(tf, (armies[f] - 1) // 2) if tf > tt else min(tf, (armies[f] - 1) // 3)
    return max(lo, min(hi, hi - keep))


def fortify_move(info: BoardInfo, view: State, p: int) -> tuple[int, int, int] | None:
    """One move of an idle stack towards the front: (from, to, armies) between neighbours."""
    owner, armies = view["owner"], view["armies"]
    best = idle_step(info, owner, armies, p)
    if best is not None:
        return best
    # no idle stack: shift spare armies from a quiet border to a threatened neighbour
    worst, worst_gap = None, 0
    for f, o in enumerate(owner):
        if o != p or armies[f] < 3:
            continue
        spare = armies[f] - 1 - threat(info, owner, armies, p, f)
        if spare <= 1:
            continue
        for u in info.adj[f]:
            if owner[u] != p:
                continue
            gap = threat(info, owner, armies, p, u) - armies[u]
            if gap > worst_gap:
                worst, worst_gap = (f, u, min(spare - 1, gap) or 1), gap
    return worst
