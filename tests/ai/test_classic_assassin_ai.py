"""The classic computer players in Assassin: a target is a mission to destroy a player (the mode's goal card,
read from the seat's own view, where no other seat's target is), so every level plays for it as Secret
Mission Risk's players play a 'destroy' card."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import position

from riskterm.ai import make_player
from riskterm.ai.classic.missions import goal, has_goal
from riskterm.ai.core.board_info import board_info
from riskterm.rules.classic import ClassicRules


@pytest.fixture(scope="module")
def rules() -> ClassicRules:
    return ClassicRules()


def two_doors(rules: ClassicRules, target: int) -> dict[str, Any]:
    """Seat 0 in Alaska with 10 armies; Alberta (seat 1) and Kamchatka (seat 2) next door with 2 each."""
    s = position(
        rules,
        {"alaska": 0, "alberta": 1, "kamchatka": 2, "northwest_territory": 0},
        {"alaska": 10, "alberta": 2, "kamchatka": 2},
    )
    s["options"] = {**s["options"], "mode": "assassin", "assassin_target_out": "inherit"}
    s["targets"] = [target, 2, 0] if target == 1 else [target, 0, 1]
    return s


def test_the_target_is_the_goal(rules: ClassicRules) -> None:
    """'each player is assigned a secret target': the seat's goal is to destroy it, read from its own view."""
    view = rules.view(two_doors(rules, 2), 0)
    assert has_goal(view) and goal(board_info(rules.board), view, 0).target == 2  # type: ignore[union-attr]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_target_decides_where_to_attack(rules: ClassicRules, level: str) -> None:
    """Each level attacks its own target's territory first: Alberta when hunting seat 1, Kamchatka when
    hunting seat 2 (the same board, only the secret target differs)."""
    for target, into in ((1, "alberta"), (2, "kamchatka")):
        s = two_doors(rules, target)
        a = make_player("classic", level, 1).choose(rules, rules.view(s, 0), 0)
        assert a.kind in ("attack", "blitz") and a.args[:2] == ("alaska", into), (target, a)


def test_the_coach_speaks_of_the_target(rules: ClassicRules) -> None:
    """The coach's sentence for an attack on the target: how much of it is left, and that it wins."""
    from riskterm.ai.classic.missions import reason
    from riskterm.engine.actions import act

    view = rules.view(two_doors(rules, 2), 0)
    line = reason(board_info(rules.board), view, 0, act("blitz", "alaska", "kamchatka", 1))
    assert line is not None and line.endswith(": 20 territories of your target left, to win.")
