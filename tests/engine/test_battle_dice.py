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
