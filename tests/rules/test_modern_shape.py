"""The modern package's state shape: every state it makes, from new_game to the end of a played game, matches
ModernState (state.py), the TypedDict its phase modules are typed on."""

from __future__ import annotations

import random

from support import shape_problems, with_dice
from support.shape import check_shapes_along_a_game

from riskterm.rules.modern import ModernRules
from riskterm.rules.modern.state import ModernState

R = ModernRules()


def test_a_new_game_and_every_state_of_a_played_game_match_the_declared_shape() -> None:
    for options in (
        {},
        {"units": "balanced", "defence_roll": "literal", "lone_survivor": "asked", "defender_chooses": False},
    ):
        rnd = random.Random(2)
        s, _ = R.new_game(["A", "B", "C", "D"], seed=2, options=options)
        seen = check_shapes_along_a_game(R, s, ModernState, rnd, every=40)
        assert {"buy", "setup", "place", "attack", "casualties", "decide", "occupy"} <= seen


def test_scripted_dice_and_a_missing_key_are_told() -> None:
    """The random stream may carry a test's scripted dice; a key the TypedDict does not declare is named."""
    s, _ = R.new_game(["A", "B", "C"], seed=1)
    assert shape_problems(with_dice(s, 6, 6), ModernState) == []
    assert shape_problems({**s, "extra": 1}, ModernState) == [
        "state: key 'extra' is not declared in ModernState"
    ]
    broken = {k: v for k, v in s.items() if k != "credits"}
    assert shape_problems(broken, ModernState) == ["state: key 'credits' of ModernState is missing"]
