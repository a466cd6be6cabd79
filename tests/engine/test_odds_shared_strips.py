"""engine.odds shares the strips of its fights between queries (the same exact odds, each strip
cell worked out once per process): an answer must not depend on which queries came before it."""

from __future__ import annotations

import itertools

from riskterm.engine import odds

CASES = list(itertools.product([1, 2, 3, 5, 17, 81, 95], [1, 2, 3, 7, 43, 95], [1, 3], [1, 2], [0, 1, 3]))


def _fresh(a: int, d: int, ca: int, cd: int, stop: int) -> odds.Odds:
    odds.attack_odds.cache_clear()
    odds._STRIPS.clear()
    return odds.attack_odds(a, d, ca, cd, stop)


def test_odds_are_the_same_whatever_was_asked_before() -> None:
    alone = {c: _fresh(*c) for c in CASES[::7]}  # each worked out from empty strips
    odds.attack_odds.cache_clear()
    odds._STRIPS.clear()
    for order in (CASES, CASES[::-1]):  # strips grown from small fights up, then from big ones down
        odds.attack_odds.cache_clear()
        odds._STRIPS.clear()
        got = {c: odds.attack_odds(*c) for c in order}
        assert all(got[c] == alone[c] for c in alone)
