"""Exact attack odds, sized to the question: `attack_odds(a, d, att_max, def_max, stop)` for one fight and
`OddsTable` when a computer player wants every small fight at once.

One fight: `a` armies may attack (not counting the one that must stay behind) against `d` defenders; each roll
the attacker throws min(att_max, a - stop) dice and the defender min(def_max, d), until the territory falls
(d = 0) or the attacker is down to `stop` armies (a blitz stop: never more dice than armies above it).

How one query stays small: while both sides roll their most dice (the "bulk"), every roll is the same random
step, so the chance of each loss split after g rolls is one list (one entry per attacker-losses count),
pushed forward a roll at a time (a convolution with the roll's outcomes). Probability that leaves the bulk
lands where a side rolls fewer dice: two thin strips (the defender below def_max, the attacker below att_max
above the stop) whose exact values are worked out backwards beforehand, O(a + d) cells. Entries below 1e-30
at the tails are dropped (the answers move by less than 1e-25). `odds 2000 2000` holds a few thousand floats
instead of the 4-million-cell table, and no query builds a table bigger than its own armies.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from typing import NamedTuple

from riskterm.engine.luck import TRUE_LUCK, luck_outcomes

FLOOR = 1e-30  # tail probability dropped from the moving distribution


class Odds(NamedTuple):
    win: float  # chance the attacker takes the territory
    att_left: float  # expected attacking armies left (counting those at or below the stop)
    def_left: float  # expected defenders left


@lru_cache(maxsize=4096)
def attack_odds(
    a: int,
    d: int,
    att_max: int = 3,
    def_max: int = 2,
    stop: int = 0,
    luck: int = TRUE_LUCK,
    weighted: bool = False,
) -> Odds:
    """The exact odds of one fight (see the module docstring), each roll at `luck` percent (engine/luck.py).
    Raises ValueError on negative counts or caps below 1."""
    if a < 0 or d < 0 or stop < 0:
        raise ValueError("Army counts cannot be negative.")
    if att_max < 1 or def_max < 1:
        raise ValueError("Each side rolls at least one die.")
    if d == 0:
        return Odds(1.0 if a > stop else 0.0, float(a), 0.0)
    if a <= stop:
        return Odds(0.0, float(a), float(d))
    return _Fight(a, d, att_max, def_max, stop, luck, weighted).solve()


class _Strips:
    """The strips' exact values for one (att_max, def_max, stop): they do not depend on the fight's own a and
    d, so every query shares them, grown as bigger fights ask (each cell is the same pure function of the
    cells before it, so a shared cell equals the one a fresh query would work out: the odds stay identical)."""

    def __init__(self, ca: int, cd: int, stop: int, luck: int = TRUE_LUCK, weighted: bool = False):
        self.ca, self.cd, self.stop, self.luck, self.weighted = ca, cd, stop, luck, weighted
        # defender strip: dstrip[j][i] for 1 <= j < cd (the defender rolls j dice), every i worked out so far;
        # attacker strip: astrip[i - stop - 1][j] for stop < i < stop + ca (fewer than ca dice), every j so far
        self.dstrip: list[list[Odds]] = [[] for _ in range(cd)]
        self.astrip: list[list[Odds]] = [[] for _ in range(ca - 1)]
        self.rows = self.cols = 0  # defender strip cells known for i < rows, attacker strip for j < cols
        self.lock = threading.Lock()  # one grower at a time (cells are appended in order)

    def grow(self, a: int, d: int) -> None:
        """Make sure every i <= a of the defender strip and every j <= d of the attacker strip is known."""
        ca, cd, stop = self.ca, self.cd, self.stop
        with self.lock:
            for i in range(self.rows, max(a, stop + ca - 1) + 1):
                for j in range(1, cd):
                    self.dstrip[j].append(self._back(i, j))
                self.rows = i + 1
            for j in range(self.cols, d + 1):
                for k in range(ca - 1):
                    self.astrip[k].append(self._back(stop + 1 + k, j))
                self.cols = j + 1

    def value(self, i: int, j: int) -> Odds:
        """Odds from (i attackers, j defenders) outside the bulk: an end, or a strip cell already worked out."""
        if j == 0:
            return Odds(1.0, float(i), 0.0)
        if i <= self.stop:
            return Odds(0.0, float(i), float(j))
        if j < self.cd:
            return self.dstrip[j][i]
        return self.astrip[i - self.stop - 1][j]

    def _back(self, i: int, j: int) -> Odds:
        """A strip cell from the cells one roll later (all smaller, so already known)."""
        if j == 0 or i <= self.stop:
            return self.value(i, j)
        w = x = y = 0.0
        for al, dl, p in luck_outcomes(
            min(self.ca, i - self.stop), min(self.cd, j), self.luck, self.weighted
        ):
            o = self.value(i - al, j - dl)
            w += p * o.win
            x += p * o.att_left
            y += p * o.def_left
        return Odds(w, x, y)


_STRIPS: dict[tuple[int, int, int, int, bool], _Strips] = {}
_STRIPS_LOCK = threading.Lock()


def _strips(ca: int, cd: int, stop: int, luck: int, weighted: bool) -> _Strips:
    key = (ca, cd, stop, luck, weighted)
    found = _STRIPS.get(key)
    if found is None:
        with _STRIPS_LOCK:
            found = _STRIPS.setdefault(key, _Strips(ca, cd, stop, luck, weighted))
    return found


class _Fight:
    """One odds query: the shared strips grown to its size, then the bulk's distribution pushed forward."""

    def __init__(self, a: int, d: int, ca: int, cd: int, stop: int, luck: int, weighted: bool):
        self.a, self.d, self.ca, self.cd, self.stop = a, d, ca, cd, stop
        self.luck, self.weighted = luck, weighted
        strips = _strips(ca, cd, stop, luck, weighted)
        strips.grow(a, d)
        self.value, self._back = strips.value, strips._back

    def solve(self) -> Odds:
        a, d, ca, cd, stop = self.a, self.d, self.ca, self.cd, self.stop
        if a - stop < ca or d < cd:
            return self._back(a, d)
        kernel = [0.0] * (min(ca, cd) + 1)  # by attacker losses; every bulk roll costs k armies in all
        for al, _, p in luck_outcomes(ca, cd, self.luck, self.weighted):
            kernel[al] = p
        k = len(kernel) - 1
        mass, lo, lost = (
            [1.0],
            0,
            0,
        )  # mass[m]: chance of lo + m attacker losses after `lost` armies lost in all
        w = x = y = 0.0
        zeros = [0.0] * k
        while mass:
            new = _step(zeros + mass + zeros, kernel)
            n = len(new)
            lost += k
            # attacker losses A = lo + m: attackers left a - A, defenders left d - (lost - A)
            hi_bulk = a - stop - ca  # most attacker losses that keep ca dice above the stop
            lo_bulk = lost - d + cd  # fewest attacker losses that leave the defender cd dice
            first, last = 0, n - 1
            while first <= last and (lo + first < lo_bulk or new[first] < FLOOR):
                A = lo + first
                if lo + first < lo_bulk or A > hi_bulk:
                    o = self.value(a - A, d - lost + A)
                    w, x, y = w + new[first] * o.win, x + new[first] * o.att_left, y + new[first] * o.def_left
                first += 1
            while last >= first and (lo + last > hi_bulk or new[last] < FLOOR):
                A = lo + last
                if A > hi_bulk:
                    o = self.value(a - A, d - lost + A)
                    w, x, y = w + new[last] * o.win, x + new[last] * o.att_left, y + new[last] * o.def_left
                last -= 1
            mass, lo = new[first : last + 1], lo + first
        return Odds(w, x, y)


def _step(pad: list[float], kernel: list[float]) -> list[float]:
    """One roll of the bulk: new[m] = sum of kernel[al] * mass[m - al], `pad` being mass with k zeros each side
    (one pass over zipped shifts; the hot loop of a big query)."""
    k = len(kernel) - 1
    if k == 1:
        p0, p1 = kernel
        return [p0 * u + p1 * v for u, v in zip(pad[1:], pad, strict=False)]
    if k == 2:
        p0, p1, p2 = kernel
        return [p0 * u + p1 * v + p2 * w for u, v, w in zip(pad[2:], pad[1:], pad, strict=False)]
    p0, p1, p2, p3 = kernel
    return [
        p0 * u + p1 * v + p2 * w + p3 * z for u, v, w, z in zip(pad[3:], pad[2:], pad[1:], pad, strict=False)
    ]


class OddsTable:
    """win[a][d], expected attacker / defender armies left, for every a <= max_a attacking armies against
    d <= max_d defenders, rolling min(att_max, a) and min(def_max, d) dice until one side has none left: for
    a computer player that asks about many small fights (80 x 80 takes a few milliseconds). One fight alone
    is cheaper by `attack_odds`."""

    def __init__(
        self,
        max_a: int,
        max_d: int,
        att_max: int = 3,
        def_max: int = 2,
        luck: int = TRUE_LUCK,
        weighted: bool = False,
    ):
        self.max_a, self.max_d = max_a, max_d
        win = [[0.0] * (max_d + 1) for _ in range(max_a + 1)]
        ea = [[0.0] * (max_d + 1) for _ in range(max_a + 1)]
        ed = [[0.0] * (max_d + 1) for _ in range(max_a + 1)]
        outs = {
            (i, j): luck_outcomes(i, j, luck, weighted)
            for i in range(1, att_max + 1)
            for j in range(1, def_max + 1)
        }
        for a in range(max_a + 1):
            win_a, ea_a, ed_a = win[a], ea[a], ed[a]
            win_a[0], ea_a[0] = (1.0 if a > 0 else 0.0), float(a)
            for d in range(1, max_d + 1):
                if a == 0:
                    ed_a[d] = float(d)
                    continue
                w = x = y = 0.0
                for al, dl, p in outs[(min(a, att_max), min(d, def_max))]:
                    na, nd = a - al, d - dl
                    w += p * win[na][nd]
                    x += p * ea[na][nd]
                    y += p * ed[na][nd]
                win_a[d], ea_a[d], ed_a[d] = w, x, y
        self.win, self.att_left, self.def_left = win, ea, ed


@lru_cache(maxsize=8)
def odds_table(
    max_a: int = 100,
    max_d: int = 100,
    att_max: int = 3,
    def_max: int = 2,
    luck: int = TRUE_LUCK,
    weighted: bool = False,
) -> OddsTable:
    return OddsTable(max_a, max_d, att_max, def_max, luck, weighted)
