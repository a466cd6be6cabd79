"""engine/dice.py and engine/odds.py: one roll's outcomes, roll-offs, and odds sized to the question (dice
caps, blitz stops) agreeing with the full table."""

from __future__ import annotations

import time
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riskterm.engine.dice import expected_losses, outcomes, resolve, roll_off
from riskterm.engine.odds import OddsTable, attack_odds
from riskterm.engine.rng import Rng


@pytest.mark.parametrize("na, nd", [(1, 1), (2, 1), (3, 2), (3, 3), (2, 3)])
def test_outcomes_match_brute_force_enumeration(na, nd):
    counts: dict[tuple[int, int], int] = {}
    for dice in product(range(1, 7), repeat=na + nd):
        k = resolve(list(dice[:na]), list(dice[na:]))
        counts[k] = counts.get(k, 0) + 1
    assert outcomes(na, nd) == tuple((al, dl, c / 6 ** (na + nd)) for (al, dl), c in sorted(counts.items()))


def test_bonus_outcomes_and_expected_losses():
    assert expected_losses(1, 1) == pytest.approx((21 / 36, 15 / 36))
    # a General (+1 on the attacker's highest die) in 1 v 1: the attacker wins unless the defender rolls
    # at least the attacker's die + 1
    assert dict(((al, dl), p) for al, dl, p in outcomes(1, 1, 1, 0))[(0, 1)] == pytest.approx(21 / 36)


def test_roll_off_ties_roll_again_among_the_tied():
    seat, rounds = roll_off(Rng(12345), [0, 1, 2, 3])
    last = rounds[-1]
    assert last[str(seat)] == max(last.values()) and list(last.values()).count(max(last.values())) == 1
    for r in rounds[:-1]:
        assert list(r.values()).count(max(r.values())) > 1


@pytest.mark.parametrize("att_max, def_max", [(3, 2), (3, 3), (2, 2), (1, 1), (1, 2)])
def test_single_query_agrees_with_the_full_table(att_max, def_max):
    t = OddsTable(25, 25, att_max, def_max)
    for a in range(26):
        for d in range(26):
            o = attack_odds(a, d, att_max, def_max)
            assert o == pytest.approx((t.win[a][d], t.att_left[a][d], t.def_left[a][d]), abs=1e-12)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 30), st.integers(0, 30), st.integers(0, 10))
def test_a_blitz_stop_is_a_smaller_attack_counted_on_top(a, d, stop):
    """Stopping when down to `stop` armies, never rolling more dice than armies above it, is the fight of
    a - stop armies with the stop armies added to what is left."""
    plain = attack_odds(max(a - stop, 0), d)
    o = attack_odds(a, d, stop=stop)
    if a > stop:
        assert o == pytest.approx((plain.win, plain.att_left + stop, plain.def_left), abs=1e-12)
    else:
        assert o.win == (0.0 if d else o.win)


def test_known_values_and_the_documented_maximum_is_fast_and_small():
    assert attack_odds(1, 1) == pytest.approx((15 / 36, 15 / 36, 21 / 36))
    assert attack_odds(3, 2).win == pytest.approx(0.656, abs=0.001)
    assert attack_odds(10, 10, 3, 3).win < attack_odds(10, 10).win  # three defence dice favour the defender
    attack_odds.cache_clear()
    t0 = time.perf_counter()
    o = attack_odds(2000, 2000)
    assert time.perf_counter() - t0 < 5.0  # about 0.3 s here; the old 2048 x 2048 table took 27 s
    assert 0.0 <= o.win <= 1.0 and 0 <= o.att_left <= 2000 and 0 <= o.def_left <= 2000
    with pytest.raises(ValueError):
        attack_odds(-1, 3)
