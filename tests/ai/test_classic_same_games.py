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
    # hard re-pinned when its search's evaluator valued cards by what the next set pays
    "hard": [(0, 1, 661), (1, 0, 476), (2, 3, 2465)],
}


@pytest.mark.parametrize("level", sorted(PINNED))
def test_seeded_classic_games_are_the_pinned_games(level: str) -> None:
    for seed, winner, actions in PINNED[level]:
        session, count = play_counted("classic", [level] * 4, seed, record=False)
        assert (session.rules.winner(session.state), count) == (winner, actions), (level, seed)
