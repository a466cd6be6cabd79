"""Speed work on europe, RisiKo and modern easy games must not change a game ('same seeds,
same games played'). These seeded 4-seat headless games between easy players were recorded before the speedx
round (e499a50): winner and action count. A change that makes easy decide differently on purpose updates the
pins here, and says so; a speed change must leave them alone."""

from __future__ import annotations

import pytest

from riskterm.ai.simulate import play_counted

PINNED = {  # variant: [(seed, winner, actions), ...]
    "europe": [(5, 0, 511)],
    # RisiKo re-pinned: easy places its set-up armies one turn's five at a time, on purpose; and
    # again: RisiKo easy draws once per group of actions, not per action, and defends with the most dice when
    # there is nothing else to decide, and draws its random half by rejection (riskterm.ai.core.grouped and
    # riskterm.ai.risiko.easy); and the same games again in fewer steps: the defender is asked only when
    # the choice matters by default, so the defences that were one step each are no steps (403, 509 before)
    "risiko": [(3, 3, 322), (5, 1, 416)],
    # modern: the same game (475 actions recorded) in 332 steps: unrecorded, easy's standing answers (continue,
    # move everything in, the default losses) apply without a step each (tests/rules/test_modern_standing_answers.py)
    "modern": [(0, 0, 332)],
}


@pytest.mark.parametrize("variant", sorted(PINNED))
def test_seeded_easy_games_are_the_pinned_games(variant: str) -> None:
    for seed, winner, actions in PINNED[variant]:
        session, count = play_counted(variant, ["easy"] * 4, seed, record=False)
        assert (session.rules.winner(session.state), count) == (winner, actions), (variant, seed)
