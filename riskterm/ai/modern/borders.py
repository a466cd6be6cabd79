"""What a modern-units computer player above easy keeps on its borders. Every unit dies to one hit, so by
Lanchester's square law a stack of n units scoring h hits a round is worth n * h: the enemy units next to a
border that could attack it at once press on it with (their count) x (their attack hits), and the border's
garrison holds with (its count) x (its defence hits). An attacker whose strength is more than about its
garrison's goes in (the attack "edge" in riskterm.ai.modern.player is the ratio of the two)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from riskterm.ai.core.board_info import BoardInfo
from riskterm.engine.state import State
from riskterm.rules.modern.units import UnitType, mix_text


def reach(info: BoardInfo, view: State, units: Sequence[UnitType], u: int, b: int) -> list[int]:
    """The units in u that could attack b next to it (across a sea-line only those that cross sea-lines),
    one unit kept at home when they are all of u's units."""
    sea = b not in info.board.land_adj[u]
    m = [n if not sea or units[k].sea else 0 for k, n in enumerate(view["units"][u])]
    if m and sum(m) >= view["armies"][u]:
        k = min((k for k, n in enumerate(m) if n), key=lambda k: units[k].cost, default=None)
        if k is not None:
            m[k] -= 1
    return m


def pressure(
    info: BoardInfo, view: State, units: Sequence[UnitType], p: int, b: int, skip: int = -1
) -> float:
    """The strength (count x attack hits a round) of every enemy unit next to b that could attack it, all at
    once; `skip`: a territory left out (one about to be conquered)."""
    owner = view["owner"]
    n, hits = 0, 0.0
    for u in info.adj[b]:
        if u == skip or owner[u] in (-1, p):
            continue
        m = reach(info, view, units, u, b)
        n += sum(m)
        hits += sum(c * units[k].attack for k, c in enumerate(m)) / 6.0
    return n * hits


def holding(units: Sequence[UnitType], mix: Sequence[int]) -> float:
    """The strength (count x defence hits a round) of a garrison."""
    return sum(mix) * sum(c * units[k].defence for k, c in enumerate(mix)) / 6.0


def short_of(units: Sequence[UnitType], mix: Sequence[int], k: int, want: float) -> int:
    """How many more units of type k bring the garrison's strength up to `want` (0 when it is there)."""
    n, h, d = sum(mix), sum(c * units[k2].defence for k2, c in enumerate(mix)) / 6.0, units[k].defence / 6.0
    if n * h >= want:
        return 0
    # (n + x)(h + d x) >= want: d x^2 + (h + d n) x + n h - want >= 0
    b, c = h + d * n, n * h - want
    return max(1, math.ceil((-b + math.sqrt(b * b - 4 * d * c)) / (2 * d) - 1e-9))


def best_defender(units: Sequence[UnitType]) -> int:
    """The land unit holding best per credit (defence / cost^2, the square law), the cheapest on ties."""
    land = [k for k, u in enumerate(units) if not u.sea] or list(range(len(units)))
    return max(land, key=lambda k: (units[k].defence / units[k].cost ** 2, -units[k].cost))


def shortfalls(
    info: BoardInfo, view: State, units: Sequence[UnitType], p: int, hold: float, k: int
) -> list[tuple[int, int]]:
    """(units of type k short, border) for each border of p whose garrison holds less than the pressure on it
    / `hold`, fewest short first."""
    owner = view["owner"]
    out = []
    for b, o in enumerate(owner):
        if o != p:
            continue
        want = pressure(info, view, units, p, b) / hold
        if want > 0:
            x = short_of(units, view["units"][b], k, want)
            if x:
                out.append((x, b))
    return sorted(out)


def keep_home(
    info: BoardInfo,
    view: State,
    units: Sequence[UnitType],
    p: int,
    f: int,
    mix: list[int],
    hold: float,
    skip: int = -1,
) -> list[int]:
    """The units of `mix` (units of f that could leave) that stay at home to guard f: those that defend better
    than they attack, the best defenders first, until f's garrison meets the pressure on it / `hold`."""
    want = pressure(info, view, units, p, f, skip) / hold
    if want <= 0:
        return [0] * len(mix)
    stay = [a - b for a, b in zip(view["units"][f], mix, strict=True)]  # what does not leave anyway
    kept = [0] * len(mix)
    for k in sorted(range(len(mix)), key=lambda k: -units[k].defence):
        if units[k].defence <= units[k].attack:
            continue
        while kept[k] < mix[k] and holding(units, stay) < want:
            kept[k] += 1
            stay[k] += 1
    return kept


def material(
    units: Sequence[UnitType],
    sources: list[tuple[int, list[int]]],
    defence: Sequence[int],
    e: float,
    territory: float,
) -> float:
    """Credits an attack with edge `e` should gain: the defenders' cost, less the attackers expected to die
    (by the square law a force with edge e > 1 keeps sqrt(1 - 1/e) of its units), plus `territory` credits
    for the conquest; 0 for an attack not expected to win."""
    if e <= 1.0:
        return 0.0
    att = [sum(m[k] for _, m in sources) for k in range(len(units))]
    n = sum(att)
    cost = sum(c * units[k].cost for k, c in enumerate(att)) / max(1, n)
    lost = n * (1.0 - math.sqrt(1.0 - 1.0 / e)) * cost
    return sum(c * units[k].cost for k, c in enumerate(defence)) - lost + territory


def split_survivors(info: BoardInfo, view: State, units: Sequence[UnitType], p: int) -> list[str | int]:
    """After a won attack (view in phase 'occupy'): the 'occupy' arguments moving each survivor (the best
    defenders first) to where the garrison falls further short of the pressure on it, the conquered
    territory or the one it came from; at least one unit moves in."""
    b = view["battle"]
    t = b["target"]
    after = dict(view, owner=[p if u == t else o for u, o in enumerate(view["owner"])])
    want_t = pressure(info, after, units, p, t)
    here = [0] * len(units)
    args: list[str | int] = []
    for f, m in b["sources"]:
        want_f = pressure(info, after, units, p, f)
        stay = [a - c for a, c in zip(view["units"][f], m, strict=True)]
        go = [0] * len(units)
        for k in sorted(range(len(units)), key=lambda k: -units[k].defence):
            for _ in range(m[k]):
                if not any(here) or want_t - holding(units, here) >= want_f - holding(units, stay):
                    here[k] += 1
                    go[k] += 1
                else:
                    stay[k] += 1
        if any(go):
            args += [info.ids[f], mix_text(go, units)]
    return args
