"""Strength of the levels on 4-seat classic games: hard beats easy seats at least 90%
of the time and normal at least 60% over 200 seeded games (slow test); a handful of games checks the order
easy < normal < hard by default. Each game seats one player of the stronger level against three of the
weaker one, rotating the seat; the share counts every game the stronger seat won (draws count as lost)."""

from __future__ import annotations

import os

import pytest

from riskterm.ai.strength import measure, seat_levels
from riskterm.rules import available_variants


def test_seat_rotation():
    assert seat_levels("hard", "easy", 1, 4, 0) == ["hard", "easy", "easy", "easy"]
    assert seat_levels("hard", "easy", 1, 4, 5) == ["easy", "hard", "easy", "easy"]
    assert seat_levels("hard", "easy", 2, 4, 1).count("hard") == 2


def test_normal_beats_easy_on_a_handful_of_games():
    """Fair share of one seat in four is 25%; the stronger level must clearly beat it."""
    normal = measure("classic", "normal", "easy", 12, seed=500)
    assert normal.share > 0.4, normal.line()


@pytest.mark.slow  # (hard's games take seconds: the pinned hard games in test_classic_same_games run by default)
def test_order_easy_normal_hard_on_a_handful_of_games():
    """Fair share of one seat in four is 25%; the stronger level must clearly beat it."""
    normal = measure("classic", "normal", "easy", 12, seed=500)
    hard_n = measure("classic", "hard", "normal", 12, seed=500)
    hard_e = measure("classic", "hard", "easy", 12, seed=500)
    assert normal.share > 0.4, normal.line()
    assert hard_n.share > 0.4, hard_n.line()
    assert hard_e.share >= 0.75, hard_e.line()
    assert hard_e.share >= normal.share, (hard_e.line(), normal.line())


@pytest.mark.slow
@pytest.mark.parametrize("weak, least", [("easy", 0.90), ("normal", 0.60)])
def test_hard_strength_over_200_games(weak, least):
    r = measure("classic", "hard", weak, 200, seed=10_000, jobs=os.cpu_count() or 1)
    print(r.line())
    assert r.share >= least, r.line()


# The goals: in 4-seat games, one stronger seat rotated against three weaker, it wins at least half.
# Measured short of the goal (bench/bench_strength.py, README table): those cells are expected to fail.
SHORT: set[tuple[str, str, str]] = set()  # none now


@pytest.mark.slow
@pytest.mark.parametrize("variant", available_variants())
@pytest.mark.parametrize("strong, weak", [("hard", "normal"), ("normal", "easy")])
def test_stronger_level_wins_half(variant, strong, weak, request):
    if (variant, strong, weak) in SHORT:
        request.applymarker(pytest.mark.xfail(reason="measured below 50% (a goal not yet met)", strict=False))
    r = measure(variant, strong, weak, 80, seed=10_000, jobs=os.cpu_count() or 1)
    print(r.line())
    assert r.share >= 0.5, r.line()


@pytest.mark.slow
def test_risiko_normal_games_last_five_rounds():
    """4-player RisiKo games between normal players last a median of at least 5 rounds (20
    player-turns) and none is decided in the first round."""
    import statistics

    r = measure("risiko", "normal", "normal", 60, seed=10_000, jobs=os.cpu_count() or 1)
    assert statistics.median(r.turns) >= 20 and r.first_round == 0, r.turns
