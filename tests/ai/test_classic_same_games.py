"""Speed work on the classic engine and players must not change a game ('same seeds, same
games played'). These seeded headless games were recorded before the speed changes of the speed2 round
(winner and action count of 4-seat games at each level). A change that makes a player decide differently on
purpose updates the pins here, and says so; a speed change must leave them alone."""

from __future__ import annotations

import pytest

from riskterm.ai.simulate import play_counted

PINNED = {  # level: [(seed, winner, actions), ...]
    # easy's and normal's counts leave out their move-ins (easy 950, 2240, 1880 and normal 787, 859, 434 with
    # them): a headless game applies their standing answer at each conquest instead of asking
    # (Rules.answering; same winners, same final states)
    "easy": [(0, 0, 690), (1, 1, 1394), (2, 1, 1262)],
    # normal/hard re-pinned when their claims and set-up placing changed
    "normal": [(0, 1, 561), (1, 1, 613), (2, 2, 339)],
    # hard re-pinned when it learnt from Domination's players: a wider search (8 candidates, 8 dice samples,
    # margin 2), territories at half an army in its evaluator, more set-up armies on its stack, sets kept for
    # later, a careful opening
    # (the default suite plays the shortest of hard's games; the others are slow: four hard seats search twice
    # as wide as before)
    "hard": [(0, 2, 631)],
}
SLOW_PINNED = {"hard": [(1, 0, 2036), (2, 3, 1374)]}


def check_pinned(level: str, pins: list[tuple[int, int, int]]) -> None:
    for seed, winner, actions in pins:
        session, count = play_counted("classic", [level] * 4, seed, record=False)
        assert (session.rules.winner(session.state), count) == (winner, actions), (level, seed)


@pytest.mark.parametrize("level", sorted(PINNED))
def test_seeded_classic_games_are_the_pinned_games(level: str) -> None:
    check_pinned(level, PINNED[level])


@pytest.mark.slow
@pytest.mark.parametrize("level", sorted(SLOW_PINNED))
def test_longer_seeded_classic_games_are_the_pinned_games(level: str) -> None:
    check_pinned(level, SLOW_PINNED[level])
