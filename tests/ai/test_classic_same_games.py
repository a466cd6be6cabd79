"""Speed work on the classic engine and players must not change a game ('same seeds, same
games played'). These seeded headless games were recorded before the speed changes of the speed2 round
(winner and action count of 4-seat games at each level). A change that makes a player decide differently on
purpose updates the pins here, and says so; a speed change must leave them alone."""

from __future__ import annotations

import pytest

from riskterm.ai.simulate import play_counted

PINNED = {  # level: [(seed, winner, actions), ...]
    # easy's counts leave out its move-ins: a headless game applies its standing answer (follow the front) at
    # each conquest instead of asking (Rules.answering; same winners, same final states)
    # all three re-pinned when big stacks began to sweep towards the player cheapest to knock out, to split
    # between enemies on both sides and to walk back to the front (ai/classic/front.py; normal and hard are
    # now asked at every move-in, so their counts include them); hard before that when it learnt from
    # Domination's players (a wider search, territories at half an army in its evaluator, more set-up armies
    # on its stack, sets kept for later, a careful opening); hard again when it began to count a region it
    # would complete at the chance of holding it to its next turn, with a third round of its opening; normal
    # and hard when they began to plan knock-outs (sweep.py), hard to hold back while a rival could knock it
    # out (Weights.guard) and to place its reinforcements by its heuristic alone in world conquest; normal and
    # hard again when a knock-out route went on from any stack next to its target once its own attacker was
    # spent, and a branching route kept two standard deviations of the other branches' losses
    "easy": [(0, 2, 489), (1, 0, 459), (2, 2, 448)],
    "normal": [(0, 1, 496), (1, 0, 561), (2, 3, 563)],
    # (the default suite plays the shortest of hard's games; the others are slow: four hard seats search wide)
    "hard": [(1, 0, 439)],
}
SLOW_PINNED = {"hard": [(0, 1, 691), (2, 0, 945)]}


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
