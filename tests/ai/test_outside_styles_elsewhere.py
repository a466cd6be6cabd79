"""The outside opponents of bench/outside_styles.py in Risk: Europe, RisiKo! Più and Modern units Risk
(bench/styles/europe.py, risiko.py, modern.py) play legal steps from their own view, and hard beats them by
more than normal does where docs/benchmarks.md's table says so (slow)."""

from __future__ import annotations

import importlib.util
import pathlib
import sys
from types import ModuleType

import pytest

from riskterm.ai.strength import wilson

BENCH = pathlib.Path(__file__).parents[2] / "bench"
ELSEWHERE = {
    "europe": ("turtle", "greedy", "hoarder"),
    "risiko": ("turtle", "greedy", "fortress"),
    "modern": ("turtle", "greedy", "spammer"),
}


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("outside_styles", BENCH / "outside_styles.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["outside_styles"] = module  # its games go to worker processes by this name
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("variant", sorted(ELSEWHERE))
def test_styles_play_legal_steps_from_their_view(variant):
    """Each style of the rulebook, one seat each with a random player, makes its first 60 steps of a game
    legally on its own view (strict guard: an illegal or failing choice raises instead of falling back)."""
    from riskterm.ai import RandomPlayer
    from riskterm.ai.core.guard import TurnGuard
    from riskterm.rules import PlayerSetup, find_variant

    bench()
    from styles import maker

    names = ELSEWHERE[variant]
    rules = find_variant(variant)
    state, _ = rules.new_game([PlayerSetup(n) for n in (*names, "random")], 5, {})
    players = [maker(n, variant)(i) for i, n in enumerate(names)] + [RandomPlayer(3)]
    guard = TurnGuard(max_seconds=None, strict=True)
    acted = set()
    for _ in range(60):
        seat = rules.actor(state)
        if seat is None:
            break
        acted.add(seat)
        state = rules.apply(state, guard.choose(rules, state, seat, players[seat])).state
    assert guard.fallbacks == 0 and acted >= {0, 1, 2}


# where the README's table shows hard clearly above normal (every style of these rulebooks)
SLOW_CASES = [(variant, style) for variant, styles in sorted(ELSEWHERE.items()) for style in styles]


@pytest.mark.slow
@pytest.mark.parametrize("variant,style", SLOW_CASES)
def test_hard_beats_outside_styles_more_than_normal_elsewhere(variant, style):
    """One seat against three of an outside style, seat rotated, 40 games each: hard wins more often than
    normal (docs/benchmarks.md's table has 80 games per cell)."""
    b = bench()
    hard = b.cell(variant, style, "hard", 40, 20_000, 2)[0]
    normal = b.cell(variant, style, "normal", 40, 20_000, 2)[0]
    lo, hi = wilson(hard, 40)
    nlo, nhi = wilson(normal, 40)
    print(f"{variant} {style}: hard {hard}/40 ({lo:.0%}-{hi:.0%}), normal {normal}/40 ({nlo:.0%}-{nhi:.0%})")
    assert hard > normal
