"""Knocking a rival out in one turn (normal and hard, world conquest): a route from one stack through every
territory the rival holds, the reinforcements placed on that stack, and the attacks and move-ins that follow
the route.

A rival knocked out hands over its cards; on the growing scale a hand of cards is worth a set of 20 or more
armies late in the game, and the rival is gone. Against three of Domination's hard players our seat was
knocked out in half of the games, mostly for its cards; the knock-outs it did not make were the other half
of the story (docs/computer-players.md).

The route is a tree rooted at one of our territories: each rival territory is reached by the cheapest path
from what the route already takes (Prim's heuristic for a Steiner tree), the price of a territory being the
armies an attacking stack loses taking it plus the one it leaves there."""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from dataclasses import dataclass

from riskterm.ai.core.board_info import BoardInfo
from riskterm.engine.cards import set_value
from riskterm.engine.state import State

# armies a big stack (three dice against two) loses per defender it kills, and against the last one (one
# die): 0.853 = 0.921 lost per roll / 1.079 killed; 0.52 = 0.34 / 0.66 (exact two-dice odds)
LOSS, LAST = 0.853, 0.52
SPREAD = 0.6  # the variance of the armies lost per defender killed (about)
SURE = 1.0  # standard deviations of the losses a route keeps in hand beyond their mean
# standard deviations of their losses the other branches of a route keep where it branches, beyond their mean
BRANCH_SURE = 2.0
GIVE_UP = 0.8  # a route is left once the armies on it are below this share of what is still to take
ROOTS = 6  # stacks tried as a route's start, per rival (the cheapest to reach it, and the biggest)
KNOCKOUT = 6.0  # what knocking a rival out is worth beyond its cards (in armies)


def take_cost(d: int) -> float:
    """Armies spent taking a territory held by d armies: the losses and the one left in it."""
    return LOSS * (d - 1) + LAST + 1.0 if d > 0 else 1.0


@dataclass(frozen=True)
class Route:
    """Every territory of `victim` (and those on the way) with the territory it is attacked from: `root`
    is ours, every other one is taken on the route before its children."""

    victim: int
    root: int
    parent: dict[int, int]
    cost: float  # armies the route spends (mean)
    spread: float  # their standard deviation


def tree(
    info: BoardInfo, owner: list[int], armies: list[int], p: int, q: int, root: int, limit: float
) -> Route | None:
    """The route from root through every territory of q, or None when its mean cost passes `limit`."""
    targets = {t for t, o in enumerate(owner) if o == q}
    inside = {root}
    parent: dict[int, int] = {}
    cost = var = 0.0
    adj = info.adj
    while targets:
        dist = dict.fromkeys(inside, 0.0)
        prev: dict[int, int] = {}
        heap = [(0.0, u) for u in inside]
        found = None
        while heap:
            d, u = heapq.heappop(heap)
            if d > dist[u]:
                continue
            if u in targets:
                found = u
                break
            for v in adj[u]:
                if owner[v] == p or v in inside:
                    continue
                nd = d + take_cost(armies[v])
                if nd < dist.get(v, math.inf) and cost + nd <= limit:
                    dist[v], prev[v] = nd, u
                    heapq.heappush(heap, (nd, v))
        if found is None:
            return None
        v = found
        while v not in inside:
            u = prev[v]
            parent[v] = u
            inside.add(v)
            cost += take_cost(armies[v])
            var += SPREAD * max(1, armies[v])
            targets.discard(v)
            v = u
    return Route(q, root, parent, cost, math.sqrt(var))


def card_worth(view: State) -> float:
    """What a card in a rival's hand is worth to whoever takes it (a third of the next set)."""
    return set_value(view.get("sets_traded", 0)) / 3.0


def best_route(info: BoardInfo, view: State, p: int, extra: int) -> Route | None:
    """The knock-out most worth making this turn with `extra` armies still to place, or None."""
    owner, armies = view["owner"], view["armies"]
    players = view["players"]
    hands = view["hands"]
    mine = [t for t, o in enumerate(owner) if o == p]
    if not mine:
        return None
    most = max(armies[t] for t in mine) - 1 + extra  # the biggest stack a route can start from
    counts: dict[int, int] = {}
    prices: dict[int, float] = {}
    for o, a in zip(owner, armies, strict=True):
        if o >= 0 and o != p:
            counts[o] = counts.get(o, 0) + 1
            prices[o] = prices.get(o, 0.0) + take_cost(a)
    alive = len(counts)
    best, best_gain = None, 0.0
    for q, price in prices.items():
        if price > most or players[q].get("neutral"):
            continue
        cards = len(hands[q]) if q < len(hands) else 0
        if alive > 1 and cards == 0 and counts[q] > 2:
            continue  # nothing to take but its land: not worth spreading a stack thin for
        gain = (1000.0 if alive == 1 else KNOCKOUT) + cards * card_worth(view)
        for root in _roots(info, owner, armies, p, q):
            force = armies[root] - 1 + extra
            route = tree(info, owner, armies, p, q, root, force)
            if route is None or force < route.cost + SURE * route.spread + 1.0:
                continue
            value = gain - (route.cost - len(route.parent))  # the armies left on the route are not lost
            if value > best_gain:
                best, best_gain = route, value
    return best


def _roots(info: BoardInfo, owner: list[int], armies: list[int], p: int, q: int) -> list[int]:
    """Our stacks a route to q may start from: those nearest q (by the armies in between) and the biggest."""
    dist: dict[int, float] = {t: 0.0 for t, o in enumerate(owner) if o == q}
    heap = [(0.0, t) for t in dist]
    near: list[int] = []
    seen: set[int] = set()
    while heap and len(near) < ROOTS:
        d, u = heapq.heappop(heap)
        if d > dist[u] or u in seen:
            continue
        seen.add(u)
        for v in info.adj[u]:
            if owner[v] == p:
                if v not in near:
                    near.append(v)
                continue
            nd = d + take_cost(armies[u])
            if nd < dist.get(v, math.inf):
                dist[v] = nd
                heapq.heappush(heap, (nd, v))
    biggest = max((t for t, o in enumerate(owner) if o == p), key=armies.__getitem__)
    return near if biggest in near else [*near, biggest]


def remaining(route: Route, owner: list[int], armies: list[int], p: int) -> tuple[float, int]:
    """What is still to take on the route (mean armies) and the armies on it that may attack."""
    left = sum(take_cost(armies[v]) for v in route.parent if owner[v] != p)
    force = sum(armies[u] - 1 for u in {route.root, *route.parent} if owner[u] == p)
    return left, force


def next_attack(
    route: Route, owner: list[int], armies: list[int], p: int, adj: Sequence[Sequence[int]]
) -> tuple[int, int] | None:
    """(from, to): the next fight of the route, from the biggest stack on it that borders a territory it
    still has to take; None when the route is done or stuck. Where the route's own attackers are spent (a
    fight that went badly), any stack of ours next to a territory it still has to take goes on: against
    Domination's players a route stuck so left a rival on its last territory or two, for another to take
    with its cards (docs/computer-players.md)."""
    best, key = None, (0, 0)
    for v, u in route.parent.items():
        if owner[v] == p or owner[u] != p or armies[u] < 2:
            continue
        k = (armies[u], -armies[v])
        if best is None or k > key:
            best, key = (u, v), k
    if best is None:
        for v in route.parent:
            if owner[v] == p:
                continue
            for u in adj[v]:
                k = (armies[u], -armies[v])
                if owner[u] == p and armies[u] >= 2 and (best is None or k > key):
                    best, key = (u, v), k
    return best


def subtree_cost(route: Route, owner: list[int], armies: list[int], p: int, v: int) -> float:
    """Armies still to spend beyond v on the route (v itself taken)."""
    total, todo = 0.0, [w for w, u in route.parent.items() if u == v]
    while todo:
        w = todo.pop()
        if owner[w] != p:
            total += take_cost(armies[w])
        todo.extend(x for x, u in route.parent.items() if u == w)
    return total


def move_in(
    route: Route, owner: list[int], armies: list[int], p: int, f: int, t: int, lo: int, hi: int
) -> int:
    """Armies to move from f into t, just taken on the route: what the route beyond t needs, keeping at f what
    its other fights still need (by share when there is not enough for both)."""
    ahead = subtree_cost(route, owner, armies, p, t)
    behind = sum(
        take_cost(armies[v]) + subtree_cost(route, owner, armies, p, v)
        for v, u in route.parent.items()
        if u == f and v != t and owner[v] != p
    )
    if behind <= 0:
        return hi
    behind += BRANCH_SURE * math.sqrt(SPREAD * behind)
    if ahead <= 0:
        return lo
    if hi >= ahead + behind:
        return max(lo, min(hi, hi - math.ceil(behind)))
    return max(lo, min(hi, round(hi * ahead / (ahead + behind))))
