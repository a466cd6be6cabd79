"""The scripted-dice helper (tests/support/dice.py): the engine rolls exactly the scripted faces, in order,
then goes on with the stream it would have had."""

from __future__ import annotations

import pytest
from helpers import position
from support import dice_left, scripted_stream, with_dice

from riskterm.engine.dice import roll_off
from riskterm.engine.rng import Rng, battle_dice


def test_every_way_of_rolling_takes_the_script_in_order():
    r = Rng(scripted_stream(7, 2, 1, 6, 3, 4, 5, 6, 1, 2, 3))
    assert r.die() == 2
    assert r.dice(3) == [6, 3, 1]  # one roll is sorted high to low
    assert r.faces(3) == [4, 5, 6]  # draw order, one die per unit
    assert r.state == [7, 1, 2, 3]
    state, att, dfn = battle_dice(r.state, 2, 1)
    assert (state, att, dfn) == (7, [2, 1], [3])  # the script is used up: the stream is an int again


def test_after_the_script_the_stream_goes_on_as_before_and_shuffles_never_use_faces():
    plain, scripted = Rng(99), Rng(scripted_stream(99, 6, 6))
    deck_a, deck_b = list(range(20)), list(range(20))
    plain.shuffle(deck_a)
    scripted.shuffle(deck_b)
    assert deck_a == deck_b and scripted.dice(2) == [6, 6]
    assert scripted.state == plain.state and scripted.dice(3) == plain.dice(3)


def test_too_few_faces_fail_loudly_and_faces_are_dice():
    with pytest.raises(ValueError, match="ran out"):
        Rng(scripted_stream(1, 6)).dice(2)
    with pytest.raises(ValueError, match="1 to 6"):
        scripted_stream(1, 7)


def test_roll_off_with_scripted_ties():
    seat, rounds = roll_off(Rng(scripted_stream(5, 6, 6, 2, 3, 5)), [0, 1, 2])
    assert seat == 1 and rounds == [{"0": 6, "1": 6, "2": 2}, {"0": 3, "1": 5}]


def test_a_classic_attack_rolls_the_scripted_dice(classic):
    s = position(classic, {"alaska": 0, "alberta": 1}, {"alaska": 5, "alberta": 3})
    s = with_dice(s, 6, 6, 5, 1, 1)
    s2, ev = classic.apply(s, "attack alaska alberta 3")
    battle = next(e for e in ev if e.kind == "battle")
    assert (battle.data["att"], battle.data["dfn"]) == ([6, 6, 5], [1, 1]) and dice_left(s2) == []
    assert s2["armies"][classic.board.index["alberta"]] == 1
