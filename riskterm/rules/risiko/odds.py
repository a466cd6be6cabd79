"""RisiKo! odds for the app's odds panel: up to 3 dice a side (2 when a fortress is attacked), ties to the
defender, the defender always rolling as many dice as allowed. Hidden Armies, General and Marshal are not
counted (nobody knows at the announcement whether they will be played)."""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import product

from riskterm.engine.battle import resolve

LIMIT = 300  # larger armies are counted as this many (the chance is then all but certain anyway)


@cache
def outcomes(na: int, nd: int) -> tuple[tuple[int, int, float], ...]:
    """(attacker losses, defender losses, probability) of one battle with na against nd dice."""
    counts: dict[tuple[int, int], int] = {}
    for att in product(range(1, 7), repeat=na):
        for dfn in product(range(1, 7), repeat=nd):
            k = resolve(list(att), list(dfn))
            counts[k] = counts.get(k, 0) + 1
    total = 6 ** (na + nd)
    return tuple((al, dl, c / total) for (al, dl), c in sorted(counts.items()))


@lru_cache(maxsize=64)
def risiko_odds(a: int, d: int, cap: int) -> tuple[float, float, float]:
    """(chance of taking the territory, expected attackers left, expected defenders left) when `a` armies may
    roll against `d` defenders until one side has none, with at most `cap` dice a side."""
    a, d = min(a, LIMIT), min(d, LIMIT)
    win = [[0.0] * (d + 1) for _ in range(a + 1)]
    al = [[0.0] * (d + 1) for _ in range(a + 1)]
    dl = [[0.0] * (d + 1) for _ in range(a + 1)]
    for i in range(a + 1):
        for j in range(d + 1):
            if j == 0:
                win[i][j], al[i][j] = 1.0, float(i)
                continue
            if i == 0:
                dl[i][j] = float(j)
                continue
            for la, ld, p in outcomes(min(cap, i), min(cap, j)):
                x, y = i - la, j - ld
                win[i][j] += p * win[x][y]
                al[i][j] += p * al[x][y]
                dl[i][j] += p * dl[x][y]
    return win[a][d], al[a][d], dl[a][d]
