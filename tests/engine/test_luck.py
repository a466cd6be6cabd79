"""The luck setting (engine/luck.py): a roll's losses are luck% of what the dice say plus (100-luck)% of the
roll's expected losses, rounded straight (half up) or by weighted random, as Warzone's luck modifier."""

import pytest

from riskterm.engine.dice import expected_losses, outcomes
from riskterm.engine.luck import DiceRules, blended, luck_outcomes, lucky_losses
from riskterm.engine.odds import OddsTable, attack_odds
from riskterm.engine.rng import Rng, seed_state

PAIRS = [(a, d) for a in (1, 2, 3) for d in (1, 2)]


def test_full_luck_is_the_dice():
    for na, nd in PAIRS:
        assert luck_outcomes(na, nd, 100) == outcomes(na, nd)
    assert lucky_losses(3, 2, 2, 0, DiceRules()) == (2, 0)


def test_the_blend_formula():
    """3 against 2: the defender loses 2 * 2890/7776 + 2611/7776 on average (1.0798...); at 50% luck a roll
    whose dice said 'defender loses 2' blends to 0.5 * 2 + 0.5 * 1.0798 = 1.54, rounded straight to 2; one
    that said 0 blends to 0.54, rounded to 1."""
    e = expected_losses(3, 2)[1]
    assert e == pytest.approx((2 * 2890 + 2611) / 7776)
    assert blended(3, 2, 2, 50) == pytest.approx(0.5 * 2 + 0.5 * e)
    assert lucky_losses(3, 2, 0, 2, DiceRules(luck=50)) == (0, 2)
    assert lucky_losses(3, 2, 2, 0, DiceRules(luck=50)) == (1, 1)


def test_no_luck_straight_makes_every_three_against_two_roll_a_split():
    """luck=0, straight: 1.08 rounds to 1, so every 3-against-2 roll costs each side one army; a 3-against-1
    roll (0.66 expected) always kills the defender."""
    assert luck_outcomes(3, 2, 0) == ((1, 1, pytest.approx(1.0)),)
    assert luck_outcomes(3, 1, 0) == ((0, 1, pytest.approx(1.0)),)


def test_weighted_rounding_keeps_the_expected_losses():
    """Weighted random rounds up with the fraction as its chance: the expected losses stay the dice's at any
    luck, every roll still costs its pairs in all, and the chances sum to 1."""
    for na, nd in PAIRS:
        for luck in (0, 16, 50, 90):
            outs = luck_outcomes(na, nd, luck, True)
            assert sum(p for *_, p in outs) == pytest.approx(1.0)
            assert all(al + dl == min(na, nd) for al, dl, _ in outs)
            assert sum(dl * p for _, dl, p in outs) == pytest.approx(expected_losses(na, nd)[1])


def test_weighted_rounding_draws_from_the_stream():
    """Weighted rounding takes one draw per roll whose blend is not whole; the share rounded up is the
    fraction (3 v 2 at luck 0: 1.0798, so the defender loses 2 about 8% of the time)."""
    rng = Rng(seed_state(3))
    dice = DiceRules(luck=0, weighted=True)
    got = [lucky_losses(3, 2, 1, 1, dice, rng)[1] for _ in range(5000)]
    frac = expected_losses(3, 2)[1] - 1
    assert set(got) == {1, 2}
    assert abs(got.count(2) / 5000 - frac) < 0.02


def test_odds_follow_the_luck():
    """The exact odds of a fight at a luck setting: the solver and the table agree, and less luck makes the
    favourite surer (10 against 5)."""
    for luck in (100, 50, 0):
        solved = attack_odds(10, 5, 3, 2, 0, luck)
        assert OddsTable(12, 12, luck=luck).win[10][5] == pytest.approx(solved.win, abs=1e-12)
    assert attack_odds(10, 5, luck=50).win > attack_odds(10, 5).win
