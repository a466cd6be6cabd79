"""Finishing a Secret Mission within the turn: where to place the reinforcements and which chains of attacks
complete the seat's mission now, judged with the exact odds of every fight along them.

A mission game is a race (half as long as world conquest), so the seat that sees it can finish this turn
should go for it, and spend its armies the way that finishes it most often. A plan is a set of chains: each
starts on a territory of the seat's and blitzes down to `keep` armies (2 for the 18-card, else 1) into one
territory after another, moving everything above `keep` in. Its chance is worked out exactly: the chance of
winning each fight with each number of survivors (the dice, 3 against 2), carried down the chain.

- Continents and a colour to destroy: every territory of them the seat lacks must fall (the chance that
  every chain gets through).
- 24 territories, or 18 with two armies each: a count of conquests (after the reinforcements topping up the
  territories with one army, for the 18-card); the chance that the chains make at least that many together.

Plans never take the last territory of a player who is not the seat's target (whoever was dealt that colour
would win by it). Pure functions of the seat's own view; ai/classic/missions.py plays them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter

from riskterm.ai.core.board_info import BoardInfo
from riskterm.engine.dice import outcomes
from riskterm.engine.state import State

MAX_TARGETS = 9  # more territories than this to take: not a one-turn plan
MAX_STEPS = 6  # the longest chain looked at
MAX_PATHS = 60  # paths looked at per source
# a count's plan rolls from at most this many of the seat's biggest stacks (a chain per border territory,
# one army each, made the reinforcements' hand-out cost seconds late in a game)
MAX_CHAINS = 6
# a plan whose armies (all that could attack, and the reserve) fall short of this share of the defenders and
# one army left on each conquest has under a third of a chance: not looked at
HOPELESS = 0.8
CHUNKS = 8  # the reinforcements are handed out in at most this many parts


@dataclass(frozen=True)
class Goal:
    """The mission as the board reads it: regions to hold (the third continent as chosen or as the cheapest
    now), territories to hold with at least `armies` each, or a seat to destroy."""

    regions: tuple[int, ...] = ()
    territories: int = 0
    armies: int = 1
    target: int | None = None


@dataclass(frozen=True)
class Chain:
    source: int
    steps: tuple[int, ...]


@dataclass(frozen=True)
class Plan:
    """Chains to roll in order (the least likely first: a failure shows early), the reinforcements per
    territory, and the chance that the plan completes the mission this turn."""

    chance: float
    chains: tuple[Chain, ...]
    place: tuple[tuple[int, int], ...]  # (territory, armies), the biggest first
    keep: int = 1


# --- the odds -----------------------------------------------------------------------------------------
@lru_cache(maxsize=1 << 14)
def survivors(m: int, d: int) -> tuple[float, ...]:
    """P(taking a territory held by d with s of m attacking armies left), for s = 0..m (s = 0: never), rolling
    on with as many dice as they allow (3 against 2)."""
    out = [0.0] * (m + 1)
    if m <= 0:
        return tuple(out)
    if d <= 0:
        out[m] = 1.0
        return tuple(out)
    # mass over (attackers, defenders), spread roll by roll; every roll lowers attackers + defenders
    layer: dict[tuple[int, int], float] = {(m, d): 1.0}
    while layer:
        nxt: dict[tuple[int, int], float] = {}
        for (a, b), pr in layer.items():
            for al, dl, q in outcomes(min(3, a), min(2, b)):
                na, nb = a - al, b - dl
                if nb <= 0:
                    out[na] += pr * q
                elif na > 0:
                    nxt[(na, nb)] = nxt.get((na, nb), 0.0) + pr * q
        layer = nxt
    return tuple(out)


@lru_cache(maxsize=1 << 15)
def chain_counts(force: int, defenders: tuple[int, ...], keep: int) -> tuple[float, ...]:
    """P(exactly j good conquests) for j = 0..len(defenders): `force` armies blitz into each territory in
    turn, move in all they have left, and go on with all but `keep`. A conquest is good when the territory
    ends with `keep` or more armies (the last one may end with fewer)."""
    n = len(defenders)
    out = [0.0] * (n + 1)
    dist = {force: 1.0}
    for j, d in enumerate(defenders):
        nxt: dict[int, float] = {}
        for m, pm in dist.items():
            if m <= 0:  # nothing left to attack with: stops at j (the last one bad when below keep)
                out[j - 1 if m < 0 and j else j] += pm
                continue
            sv = survivors(m, d)
            won = 0.0
            for s in range(1, m + 1):
                ps = sv[s]
                if ps:
                    won += ps
                    nm = s - keep
                    nxt[nm] = nxt.get(nm, 0.0) + pm * ps
            out[j] += pm * (1.0 - won)
        dist = nxt
    for m, pm in dist.items():
        out[n - 1 if m < 0 else n] += pm
    return tuple(out)


def taken_all(force: int, defenders: tuple[int, ...]) -> float:
    """The chance that `force` armies (moving all in, one left behind each time) take every territory."""
    return chain_counts(force, defenders, 1)[-1] if defenders else 1.0


# --- planning -----------------------------------------------------------------------------------------
def plan(info: BoardInfo, view: State, p: int, g: Goal, reserve: int) -> Plan | None:
    """The plan most likely to complete the mission this turn with `reserve` armies still to place (0 in the
    attack phase), or None when none can."""
    if g.target is not None:
        owner = view["owner"]
        if view["players"][g.target]["out"]:
            return None
        targets = [t for t, o in enumerate(owner) if o == g.target]
        return _plan_all(info, view, p, targets, reserve, g.target)
    if g.regions:
        owner = view["owner"]
        targets = [t for r in g.regions for t in info.members[r] if owner[t] != p]
        return _plan_all(info, view, p, targets, reserve, None)
    return _plan_count(info, view, p, g, reserve)


def _spared(view: State, p: int, target: int | None, targets: list[int]) -> bool:
    """Whether taking all of `targets` leaves every player but p's target a territory."""
    owner = view["owner"]
    taken: dict[int, int] = {}
    for t in targets:
        taken[owner[t]] = taken.get(owner[t], 0) + 1
    return all(q == target or q < 0 or owner.count(q) > k for q, k in taken.items())


def _paths(info: BoardInfo, owner: list[int], src: int, left: set[int]) -> list[tuple[int, ...]]:
    """Simple paths from src's neighbours through territories of `left` (every prefix of a longer one too)."""
    out: list[tuple[int, ...]] = []
    adj = info.adj

    def walk(path: list[int], seen: set[int]) -> None:
        if len(out) >= MAX_PATHS:
            return
        out.append(tuple(path))
        if len(path) >= MAX_STEPS:
            return
        for u in adj[path[-1]]:
            if u in left and u not in seen:
                seen.add(u)
                path.append(u)
                walk(path, seen)
                path.pop()
                seen.discard(u)

    for t in adj[src]:
        if t in left:
            walk([t], {t})
    return out


def _plan_all(
    info: BoardInfo, view: State, p: int, targets: list[int], reserve: int, target: int | None
) -> Plan | None:
    if not targets or len(targets) > MAX_TARGETS or not _spared(view, p, target, targets):
        return None
    owner, armies = view["owner"], view["armies"]
    left = set(targets)
    sources = sorted({f for t in targets for f in info.adj[t] if owner[f] == p})
    if not sources:
        return None
    force = sum(armies[f] - 1 for f in sources) + reserve
    if force < HOPELESS * sum(armies[t] for t in targets) + len(targets):
        return None
    chains: list[Chain] = []
    used: set[int] = set()
    while left:  # the chain covering the most, weighed by its chance with all the reserve behind it
        best, best_score = None, 0.0
        for f in sources:
            if f in used:
                continue
            force = armies[f] - 1 + reserve
            for path in _paths(info, owner, f, left):
                counts = chain_counts(
                    force, itemgetter(*path)(armies) if len(path) > 1 else (armies[path[0]],), 1
                )
                expect = sum(k * c for k, c in enumerate(counts))
                score = expect + 0.5 * counts[-1] * len(path)
                if score > best_score:
                    best, best_score = Chain(f, path), score
        if best is None:
            return None
        chains.append(best)
        used.add(best.source)
        left.difference_update(best.steps)
    defs = [tuple(armies[t] for t in c.steps) for c in chains]
    base = [armies[c.source] - 1 for c in chains]

    def chance(extra: list[int]) -> float:
        out = 1.0
        for b, e, d in zip(base, extra, defs, strict=True):
            out *= taken_all(b + e, d)
        return out

    extra = _hand_out(len(chains), reserve, chance)
    return _made(
        chance(extra),
        chains,
        extra,
        1,
        [taken_all(b + e, d) for b, e, d in zip(base, extra, defs, strict=True)],
    )


def _hand_out(n: int, reserve: int, chance: object) -> list[int]:
    """The reserve split over n chains in up to CHUNKS parts, each part where it raises `chance` most."""
    extra = [0] * n
    if reserve <= 0 or n == 0:
        return extra
    if n == 1:
        extra[0] = reserve
        return extra
    parts = min(CHUNKS, reserve)
    size, rest = divmod(reserve, parts)
    for k in range(parts):
        part = size + (1 if k < rest else 0)
        best, best_v = 0, -1.0
        for i in range(n):
            extra[i] += part
            v = chance(extra)  # type: ignore[operator]
            extra[i] -= part
            if v > best_v:
                best, best_v = i, v
        extra[best] += part
    return extra


def _made(
    chance: float,
    chains: list[Chain],
    extra: list[int],
    keep: int,
    each: list[float],
    fill: list[tuple[int, int]] | None = None,
) -> Plan:
    order = sorted(range(len(chains)), key=lambda i: each[i])  # the least likely first
    place: dict[int, int] = dict(fill or [])
    for c, e in zip(chains, extra, strict=True):
        if e:
            place[c.source] = place.get(c.source, 0) + e
    return Plan(
        chance,
        tuple(chains[i] for i in order if chains[i].steps),
        tuple(sorted(place.items(), key=lambda x: -x[1])),
        keep,
    )


def _plan_count(info: BoardInfo, view: State, p: int, g: Goal, reserve: int) -> Plan | None:
    """24 territories (or the card's count), or 18 with two armies each: top up the one-army territories
    first (the 18-card), then conquests enough to make the count."""
    owner, armies = view["owner"], view["armies"]
    keep = g.armies
    if keep > 1:
        good = sum(1 for t, o in enumerate(owner) if o == p and armies[t] >= keep)
        short = g.territories - good
        ones = sorted(
            (t for t, o in enumerate(owner) if o == p and armies[t] < keep),
            key=lambda t: -sum(1 for u in info.adj[t] if owner[u] == p),
        )
    else:
        short = g.territories - owner.count(p)
        ones = []
    if short <= 0:
        return None
    fill: list[tuple[int, int]] = []
    for t in ones:  # one army each where one is missing (keep 2): a good territory per army
        need = keep - armies[t]
        if len(fill) >= short or reserve < need:
            break
        fill.append((t, need))
        reserve -= need
    short -= len(fill)
    if short <= 0:
        return Plan(1.0, (), tuple(fill), keep)
    if short > MAX_TARGETS:
        return None
    # never a player's last territory (that would hand its colour's card the game)
    allowed: dict[int, int] = {}
    for o in owner:
        if o >= 0 and o != p:
            allowed[o] = allowed.get(o, 0) + 1
    spare = {q: k - 1 for q, k in allowed.items()}
    topped = {t for t, _ in fill}
    sources = sorted(
        (f for f in info.frontier(owner, p)),
        key=lambda f: -(armies[f] + (keep - armies[f] if f in topped else 0)),
    )
    taken: set[int] = set()
    chains: list[Chain] = []
    for f in sources:
        if len(chains) >= MAX_CHAINS:
            break
        path: list[int] = []
        at = f
        while len(path) < min(short, MAX_STEPS):
            nxt = min(
                (u for u in info.adj[at] if owner[u] != p and u not in taken and spare.get(owner[u], 0) > 0),
                key=lambda u: (armies[u], u),
                default=None,
            )
            if nxt is None:
                break
            path.append(nxt)
            taken.add(nxt)
            spare[owner[nxt]] -= 1
            at = nxt
        if path:
            chains.append(Chain(f, tuple(path)))
    if not chains:
        return None
    defs = [tuple(armies[t] for t in c.steps) for c in chains]
    base = [armies[c.source] + dict(fill).get(c.source, 0) - keep for c in chains]

    def dists(extra: list[int]) -> list[tuple[float, ...]]:
        return [
            chain_counts(b + e, d, keep) if b + e > 0 else (1.0,)
            for b, e, d in zip(base, extra, defs, strict=True)
        ]

    def chance(extra: list[int]) -> float:
        total = [1.0]
        for c in dists(extra):
            nxt = [0.0] * min(len(total) + len(c) - 1, short + 1)
            for i, a in enumerate(total):
                for j, b in enumerate(c):
                    nxt[min(i + j, short)] += a * b
            total = nxt
        return total[short] if len(total) > short else 0.0

    extra = _hand_out(len(chains), reserve, chance)
    each = [sum(k * x for k, x in enumerate(c)) for c in dists(extra)]
    return _made(chance(extra), chains, extra, keep, [-e for e in each], fill)
