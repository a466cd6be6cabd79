"""Battle as pure functions of explicit dice, and exact odds by dynamic programming."""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import product


def resolve(att: list[int], dfn: list[int], att_bonus: int = 0, def_bonus: int = 0) -> tuple[int, int]:
    """Compare highest against highest, ties to the defender. Returns (attacker losses, defender losses).
    `att_bonus`/`def_bonus` are added to the highest die (RisiKo! Piu's General and Marshal)."""
    a = sorted(att, reverse=True)
    d = sorted(dfn, reverse=True)
    if a and att_bonus:
        a[0] += att_bonus
    if d and def_bonus:
        d[0] += def_bonus
    al = dl = 0
    for x, y in zip(a, d, strict=False):
        if x > y:
            dl += 1
        else:
            al += 1
    return al, dl


@cache
def roll_outcomes(a_dice: int, d_dice: int) -> tuple[tuple[int, int, float], ...]:
    """Exact distribution of (attacker losses, defender losses) for one roll, by enumerating all dice."""
    counts: dict[tuple[int, int], int] = {}
    total = 0
    for dice in product(range(1, 7), repeat=a_dice + d_dice):
        key = resolve(list(dice[:a_dice]), list(dice[a_dice:]))
        counts[key] = counts.get(key, 0) + 1
        total += 1
    return tuple((al, dl, c / total) for (al, dl), c in sorted(counts.items()))


class OddsTable:
    """win[a][d], expected attacker / defender armies left, for a <= max_a attacking armies (those that may
    attack: the one that must stay behind is not counted) against d <= max_d defenders, the attacker always
    rolling min(3, a) dice and the defender min(2, d), until one side has none left."""

    def __init__(self, max_a: int, max_d: int):
        self.max_a, self.max_d = max_a, max_d
        win = [[0.0] * (max_d + 1) for _ in range(max_a + 1)]
        ea = [[0.0] * (max_d + 1) for _ in range(max_a + 1)]
        ed = [[0.0] * (max_d + 1) for _ in range(max_a + 1)]
        outs = {(x, y): roll_outcomes(x, y) for x in (1, 2, 3) for y in (1, 2)}
        for a in range(max_a + 1):
            win_a, ea_a, ed_a = win[a], ea[a], ed[a]
            win_a[0], ea_a[0] = (1.0 if a > 0 else 0.0), float(a)
            for d in range(1, max_d + 1):
                if a == 0:
                    ed_a[d] = float(d)
                    continue
                w = x = y = 0.0
                for al, dl, p in outs[(a if a < 3 else 3, d if d < 2 else 2)]:
                    na, nd = a - al, d - dl
                    w += p * win[na][nd]
                    x += p * ea[na][nd]
                    y += p * ed[na][nd]
                win_a[d], ea_a[d], ed_a[d] = w, x, y
        self.win, self.att_left, self.def_left = win, ea, ed


@lru_cache(maxsize=8)
def odds_table(max_a: int = 100, max_d: int = 100) -> OddsTable:
    return OddsTable(max_a, max_d)


def attack_odds(a: int, d: int) -> tuple[float, float, float]:
    """(chance the attacker takes the territory, expected attackers left, expected defenders left)."""
    if a < 0 or d < 0:
        raise ValueError("Army counts cannot be negative.")
    size = 100
    while a > size or d > size:
        size *= 2
    t = odds_table(size, size)
    return t.win[a][d], t.att_left[a][d], t.def_left[a][d]
