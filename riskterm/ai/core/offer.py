"""What a rulebook's package offers the computer players and the coach (riskterm.ai.<name>.OFFER), read only
through the registry (riskterm.ai.offer)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from riskterm.ai.core.explain import COMMON, Reasons
from riskterm.ai.core.generic import Heuristic
from riskterm.ai.core.search import Profile


@dataclass(frozen=True)
class Offer:
    """`player(level, seed)`: the rulebook's heuristic, which plays easy and normal; `profile`: the search over
    that heuristic which plays hard (None: the heuristic plays hard too); `reasons`: the coach's sentences for
    the rulebook's own steps; `trials`: search profiles measured but not adopted (bench/bench_search.py);
    `playouts`: the heuristic of the search's play-outs, where it differs from `player`."""

    player: Callable[[str, int], Heuristic]
    profile: Profile | None = None
    reasons: Reasons = COMMON
    trials: Mapping[str, Profile] = field(default_factory=dict)
    # the heuristic that plays the moves in the search's play-outs (None: `player`)
    playouts: Callable[[str, int], Heuristic] | None = None
