"""Blitz (the app's 'roll again and again' shortcut) and its odds. classic-risk-notes.txt: 'Rounds continue
until all defenders are defeated, the attacker runs out of troops they can attack with, or the attacker
decides to withdraw'; our reading on the rules screen: a blitz down to N rolls as many dice as armies above
N (at most 3), never ends below N, and the odds panel gives the chance of exactly that blitz."""

import pytest
from helpers import position

from riskterm.engine.actions import act
from riskterm.engine.odds import attack_odds


def _blitz(classic, a, d, stop, rng):
    s = position(classic, {"alaska": 0, "alberta": 1}, {"alaska": a, "alberta": d}, rng=rng)
    return s, *classic.apply(s, f"blitz alaska alberta {stop}")


def test_blitz_never_ends_below_its_stop(classic):
    """Reading: 'a blitz down to N ... never ends below N' (from 10 against 30 with stop 4 it used to
    end on 3 armies in about a third of the seeds). Each roll uses no more dice than armies above the stop."""
    i = classic.board.index["alaska"]
    for seed in range(300):
        _, s2, ev = _blitz(classic, 10, 30, 4, seed * 7919 + 1)
        assert s2["armies"][i] == 4
        left = 10
        for e in ev:
            assert len(e.data["att"]) <= min(3, left - 4)
            left -= e.data["att_loss"]


def test_blitz_conquest_leaves_the_stop_behind_after_the_fewest_moved_in(classic):
    """Reading: 'moving in the fewest armies still leaves N behind'; the rulebook: 'move in at least as many
    armies as the number of dice you rolled in your last battle'."""
    i = classic.board.index["alaska"]
    took = 0
    for seed in range(200):
        _, s2, ev = _blitz(classic, 7, 2, 3, seed * 7919 + 1)
        if s2["phase"] == "occupy":
            took += 1
            assert s2["armies"][i] - s2["pending"]["min"] >= 3
        elif s2["owner"][classic.board.index["alberta"]] != 0:
            assert s2["armies"][i] == 3
    assert took > 50


def test_blitz_odds_are_those_of_that_blitz(classic):
    """Reading: 'Its odds on the panel are for exactly that' blitz. 5 against 2 with stop 4 rolls one die:
    it must beat both defence dice (55/216) and then the last defender (15/36): 825/7776 = 10.6%. The played
    blitz agrees over 2,000 seeds (the old blitz rolled three dice and won 37%, ending below its stop)."""
    s = position(classic, {"alaska": 0, "alberta": 1}, {"alaska": 5, "alberta": 2})
    win = classic.presenter().attack_odds(s, act("blitz", "alaska", "alberta", 4))[0]
    assert win == pytest.approx(825 / 7776)
    n = 2000
    wins = sum(
        _blitz(classic, 5, 2, 4, seed * 7919 + 1)[1]["owner"][classic.board.index["alberta"]] == 0
        for seed in range(n)
    )
    assert abs(wins / n - win) < 3 * (win * (1 - win) / n) ** 0.5


def test_odds_of_a_plain_blitz_and_an_attack_with_fewer_dice(classic):
    """Stop 1 is the whole fight of 9 attacking armies. Reading (rules screen): 'For an attack with a number
    of dice chosen, the panel gives the chance of taking the territory rolling on with at most that many
    dice' (engine.odds with the attacker's dice capped)."""
    s = position(classic, {"alaska": 0, "alberta": 1}, {"alaska": 10, "alberta": 5})
    assert classic.presenter().attack_odds(s, act("blitz", "alaska", "alberta", 1))[0] == pytest.approx(
        attack_odds(9, 5).win
    )
    assert classic.presenter().attack_odds(s, act("attack", "alaska", "alberta"))[0] == pytest.approx(
        attack_odds(9, 5).win
    )
    one = classic.presenter().attack_odds(s, act("attack", "alaska", "alberta", 1))[0]
    assert one == pytest.approx(attack_odds(9, 5, att_max=1).win) and one < attack_odds(9, 5).win
    assert classic.presenter().attack_odds(s, act("blitz", "alaska", "alberta", 10)) is None


def test_blitz_stop_numbers_come_from_int_range(classic):
    """legal_actions lists a blitz with stop 1; the other stops are the declared range 1 .. armies - 1, asked
    once (no probing why_illegal for every number)."""
    s = position(classic, {"alaska": 0, "alberta": 1}, {"alaska": 10})
    assert classic.int_range(s, "blitz", ("alaska", "alberta")) == (1, 9)
    assert classic.int_range(s, "blitz", ("alaska",)) is None
    assert classic.int_range(s, "attack", ("alaska", "alberta")) is None  # every dice number is listed
    lo, hi = classic.int_range(s, "blitz", ("alaska", "alberta"))
    assert all(
        classic.why_illegal(s, act("blitz", "alaska", "alberta", n)) is None for n in range(lo, hi + 1)
    )
    assert classic.why_illegal(s, act("blitz", "alaska", "alberta", hi + 1)) is not None
    assert classic.why_illegal(s, act("blitz", "alaska", "alberta", 0)) is not None
