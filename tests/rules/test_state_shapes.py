"""Every state a classic or Risk: Europe game goes through matches the shape its state.py declares (the
TypedDict the phase modules are typed on): from new_game, along a played game, and at its end."""

from __future__ import annotations

import random
from typing import Any

import pytest
from support import shape_problems

from riskterm.rules.classic import ClassicRules
from riskterm.rules.classic.state import ClassicState
from riskterm.rules.europe import EuropeRules
from riskterm.rules.europe.state import EuropeState

SHAPES: list[tuple[Any, Any, int, dict[str, Any]]] = [
    (ClassicRules, ClassicState, 3, {}),
    (ClassicRules, ClassicState, 2, {}),
    (ClassicRules, ClassicState, 4, {"quick_start": True}),
    (EuropeRules, EuropeState, 3, {}),
]


def played(rules: Any, players: int, options: dict[str, Any], seed: int, steps: int) -> list[dict[str, Any]]:
    """The states of a game of random legal actions (fewer ends of a phase, so that battles happen)."""
    rnd = random.Random(seed)
    s = rules.new_game([f"P{i}" for i in range(players)], seed, options).state
    out = [s]
    for _ in range(steps):
        if rules.is_over(s):
            break
        acts = rules.legal_actions(s)
        keep = [a for a in acts if a.kind not in ("end", "stop")]
        s = rules.apply(s, rnd.choice(keep if keep and rnd.random() < 0.9 else acts)).state
        out.append(s)
    return out


@pytest.mark.parametrize("cls,shape,players,options", SHAPES, ids=lambda x: getattr(x, "__name__", str(x)))
def test_every_state_of_a_game_matches_its_shape(
    cls: Any, shape: Any, players: int, options: dict[str, Any]
) -> None:
    rules = cls()
    for i, s in enumerate(played(rules, players, options, seed=players, steps=600)):
        assert shape_problems(s, shape) == [], f"step {i}, phase {s['phase']}"


@pytest.mark.parametrize("variant,shape", [("classic", ClassicState), ("europe", EuropeState)])
def test_a_finished_game_matches_its_shape(variant: str, shape: Any) -> None:
    from riskterm.ai.simulate import play_game

    s = play_game(variant, ["easy", "easy", "easy"], seed=2, record=False).state
    assert s["winner"] is not None or s["draw"]
    assert shape_problems(s, shape) == []
