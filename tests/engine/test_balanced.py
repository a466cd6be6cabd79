"""Balanced fights (engine/balanced.py), checked over a grid of attacker and defender sizes against the
published description of the official app's Balanced Blitz: (a) the 5% rule, (b) the favourite's chance
raised, (c) 10% trimmed from each end of the row and each side renormalised, (d) every chance raised to the
power 1.8 with the win chance kept."""

import math

import pytest

from riskterm.engine.balanced import (
    POWER,
    SURE,
    TRIM,
    balance,
    balanced_odds,
    balanced_outcomes,
    draw_end,
    final_outcomes,
    summary,
    win_chance,
    win_share,
    win_table,
)
from riskterm.engine.luck import DiceRules
from riskterm.engine.odds import attack_odds
from riskterm.engine.rng import Rng, seed_state

GRID = [
    (a, d, stop)
    for a in (1, 2, 3, 4, 6, 9, 14, 20)
    for d in (1, 2, 3, 5, 8, 13, 20)
    for stop in (0, 2)
    if a > stop
]


def sides(ends):
    return [e for e in ends if e.def_left > 0], [e for e in ends if e.def_left == 0]


def test_true_final_outcomes_are_the_fights_exact_distribution():
    """The row is every end of the fight with its exact chance: it sums to 1 and its win chance and
    expected armies left are attack_odds'. Ends: the defender wiped out, or the attacker at its stop."""
    for a, d, stop in GRID:
        _exact_row(a, d, stop)


def _exact_row(a, d, stop):
    ends = final_outcomes(a, d, 3, 2, stop)
    assert sum(e.p for e in ends) == pytest.approx(1.0, abs=1e-12)
    assert all(e.def_left == 0 or e.att_left == stop for e in ends)
    true = attack_odds(a, d, 3, 2, stop)
    got = summary(ends)
    assert got.win == pytest.approx(true.win, abs=1e-12)
    assert got.att_left == pytest.approx(true.att_left, abs=1e-9)
    assert got.def_left == pytest.approx(true.def_left, abs=1e-9)
    held, won = sides(ends)
    assert [e.def_left for e in held] == sorted((e.def_left for e in held), reverse=True)
    assert [e.att_left for e in won] == sorted(e.att_left for e in won)


def test_balanced_win_chance_is_the_raised_one_and_kept_by_step_d():
    """(a) a side at 5% or less loses surely; (b) p' = p^1.3 / (p^1.3 + (1-p)^1.3); (c)/(d) renormalise each
    side to its share, so the balanced win chance is exactly p'; the chances sum to 1."""
    for a, d, stop in GRID:
        _raised(a, d, stop)


def _raised(a, d, stop):
    p = attack_odds(a, d, 3, 2, stop).win
    bal = balanced_outcomes(a, d, 3, 2, stop)
    held, won = sides(bal)
    if p <= SURE:
        want = 0.0
    elif p >= 1 - SURE:
        want = 1.0
    else:
        want = p**1.3 / (p**1.3 + (1 - p) ** 1.3)
    if held and won:
        assert sum(e.p for e in won) == pytest.approx(want, abs=1e-12)
    assert sum(e.p for e in bal) == pytest.approx(1.0, abs=1e-12)
    assert all(e.p >= 0.0 for e in bal)


def test_the_five_percent_rule():
    """(a): 2 against 10 (0.11% true) never wins balanced; 20 against 2 (99.98%) always does."""
    assert attack_odds(2, 10).win <= SURE
    assert balanced_odds(2, 10).win == 0.0
    assert attack_odds(20, 2).win >= 1 - SURE
    held, won = sides(balanced_outcomes(20, 2))
    assert all(e.p == 0.0 for e in held) and sum(e.p for e in won) == pytest.approx(1.0, abs=1e-12)
    assert win_share(0.05) == 0.0 and win_share(0.051) > 0.0 and win_share(0.95) == 1.0


@pytest.mark.parametrize("a,d", [(6, 5), (9, 8), (14, 13), (20, 20), (13, 8)])
def test_step_c_trims_ten_percent_at_each_end_and_step_d_powers_the_rest(a, d):
    """Inside each side, outcomes the trimming left whole keep their ratios raised to 1.8 ((d)), and the
    outer end of each side is trimmed by 10% of the probability ((c)): rebuilt by hand from the true row."""
    true = final_outcomes(a, d)
    held, won = sides(true)
    p = sum(e.p for e in won)
    share = win_share(p)

    def by_hand(side, side_share, outer_first):
        xs = [e.p for e in side] if outer_first else [e.p for e in side][::-1]
        cut = TRIM
        for k in range(len(xs) - 1):
            take = min(xs[k], cut)
            xs[k] -= take
            cut -= take
        ys = [x**POWER for x in xs]
        ys = [y * side_share / sum(ys) for y in ys]
        return ys if outer_first else ys[::-1]

    want = by_hand(held, 1 - share, True) + by_hand(won, share, False)
    got = [e.p for e in balanced_outcomes(a, d)]
    assert got == pytest.approx(want, abs=1e-12)
    # the extremes ("attacker wiped out, defender intact", "attacker wins losing nothing") become rarer
    assert got[0] < true[0].p and got[-1] < true[-1].p


@pytest.mark.parametrize("a,d", [(9, 8), (14, 13), (20, 20), (10, 5)])
def test_balanced_spread_is_narrower_than_the_true_one(a, d):
    """The point of (c) and (d): within each side the armies left spread less than with true dice."""

    def spread(ends, key):
        tot = sum(e.p for e in ends)
        mean = sum(key(e) * e.p for e in ends) / tot
        return sum((key(e) - mean) ** 2 * e.p for e in ends) / tot

    true, bal = final_outcomes(a, d), balanced_outcomes(a, d)
    for t_side, b_side, key in zip(
        sides(true), sides(bal), (lambda e: e.def_left, lambda e: e.att_left), strict=True
    ):
        if sum(e.p for e in b_side) > 0 and len(b_side) > 2:
            assert spread(b_side, key) < spread(t_side, key)


def test_one_sided_rows_are_left_alone():
    """A fight with one side only (the defender already gone) is not reshaped."""
    assert balance(final_outcomes(3, 0)) == final_outcomes(3, 0)


def test_a_draw_picks_ends_with_their_balanced_chances_and_replays_the_same():
    """One draw of the stream picks the fight's end; the same stream state picks the same end (a seeded game
    plays the same every time), and 4,000 draws land near the balanced chances."""
    ends = balanced_outcomes(6, 5)
    rng = Rng(seed_state(7))
    picks = [draw_end(rng, ends) for _ in range(4000)]
    rng2 = Rng(seed_state(7))
    assert picks == [draw_end(rng2, ends) for _ in range(4000)]
    for e in ends:
        share = sum(1 for x in picks if x == e) / len(picks)
        assert abs(share - e.p) < 4 * math.sqrt(e.p * (1 - e.p) / len(picks)) + 1e-9


def test_what_computer_players_read():
    """win_chance(a, d, dice): the table and the solver agree, and a balanced game's chance is the raised one."""
    dice = DiceRules(balanced=True)
    assert win_chance(10, 10, dice) == pytest.approx(win_share(attack_odds(10, 10).win), abs=1e-12)
    assert win_table(dice, 80)[10][10] == win_chance(10, 10, dice)
    assert win_chance(90, 85, dice) == pytest.approx(win_share(attack_odds(90, 85).win), abs=1e-12)
    assert win_chance(0, 3, dice) == 0.0 and win_chance(3, 0, dice) == 1.0


def test_bad_sizes_are_refused():
    with pytest.raises(ValueError):
        final_outcomes(-1, 3)
    with pytest.raises(ValueError):
        final_outcomes(5000, 3)
