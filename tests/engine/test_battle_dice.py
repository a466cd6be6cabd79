"""rng.battle_dice is the fast path of Rng.dice twice: it must give exactly the same dice and stream."""

import random

from riskterm.engine.rng import Rng, battle_dice


def test_battle_dice_matches_rng_dice():
    pick = random.Random(7)
    for _ in range(20_000):
        state, a, d = pick.getrandbits(64), pick.randint(1, 5), pick.randint(0, 5)
        rng = Rng(state)
        att, dfn = rng.dice(a), rng.dice(d)
        assert battle_dice(state, a, d) == (rng.state, att, dfn)


def test_battle_roll_is_battle_dice_with_its_losses():
    """battle_roll (classic's every roll) reads the losses from a table: the same dice, stream and losses as
    battle_dice and dice.resolve, for every dice count (beyond 3 it rolls as battle_dice does) and scripted
    dice."""
    from riskterm.engine.dice import resolve
    from riskterm.engine.rng import battle_roll

    pick = random.Random(11)
    for _ in range(5_000):
        state, a, d = pick.getrandbits(64), pick.randint(1, 5), pick.randint(1, 5)
        after, att, dfn = battle_dice(state, a, d)
        assert battle_roll(state, a, d) == (after, tuple(att), tuple(dfn), *resolve(att, dfn))
    scripted = [5, 6, 1, 1, 4, 4]  # stream 5, then the faces: attacker 6 1 1, defender 4 4
    assert battle_roll(scripted, 3, 2) == (5, (6, 1, 1), (4, 4), 1, 1)


def test_blitz_rolls_is_battle_roll_after_battle_roll():
    """blitz_rolls (a quiet blitz in one call, its two draws a roll mixed side by side) gives the stream,
    armies and last dice that battle_roll gives roll by roll, with the most dice the armies above the stop
    allow against up to two."""
    from riskterm.engine.rng import battle_roll, blitz_rolls

    pick = random.Random(13)
    for _ in range(500):
        state, stop = pick.getrandbits(64), pick.choice([1, 1, 2, 3])
        att, dfn, most = pick.randint(stop + 1, 40), pick.randint(1, 40), pick.randint(1, 3)
        s, a, d = state, att, dfn
        while True:
            dice = min(most, a - stop)
            s, _, _, al, dl = battle_roll(s, dice, min(2, d))
            a, d = a - al, d - dl
            if d == 0 or a <= stop:
                break
        assert blitz_rolls(state, att, dfn, most, stop) == (s, a, d, dice)
