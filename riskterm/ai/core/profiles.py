"""Where and how widely the search looks in each rulebook (riskterm.ai.core.search.Profile), and the hard
player built from it: `search_player(variant, player_class, seed)`. A rulebook with no profile keeps its
heuristic at hard."""

from __future__ import annotations

from typing import Any

from riskterm.ai.core.evaluators import classic, europe, modern, risiko
from riskterm.ai.core.search import Profile, SearchPlayer

PROFILES: dict[str, Profile] = {
    # where armies stand: the Supplementary Armies' placements, and in the main phase the final move or ending
    # when the heuristic would move or end (80 games, seed 10000: 36/80; supply alone 31/80, the heuristic
    # alone 24/80; searching every main-phase decision, attacks too, did worse than the heuristic: the
    # evaluator sees a placement's worth, not yet an attack's; see /work/notes/search.md)
    "risiko": Profile(risiko, frozenset({"supply", "main"}), k=4, samples=4,
                      kinds=frozenset({"place", "move", "end"})),
    # placing the reinforcements (and trading) and the fortifying move (measured, 80 games, seed 10000: 58/80
    # against 49/80 for the heuristic alone; searching the attacks too, played out to the end of the turn,
    # 18/40: the evaluator does not yet see what a conquest is worth)
    "classic": Profile(classic, frozenset({"reinforce", "fortify"}), k=4, samples=1),
    # how many of a won fight's survivors move in (the heuristic's split by the pressure on each side, all, the
    # least, between), judged where the units then stand: hard vs 3 normal 376/600 against 331/600 for the
    # heuristic alone (120 games at each seed 10000-50000); searching continue/retreat instead: 74/120 v 77/120
    # (seed 20000); searching attacks was worse (/work/notes/search.md)
    "modern": Profile(modern, frozenset({"occupy"}), k=3, samples=2),
}

# Profiles measured but not (yet) adopted: the rulebook's hard stays its heuristic (see /work/notes/search.md).
TRIALS: dict[str, Profile] = {
    # the attack phase (attacks, moves into empty land, moves to the front, ending) and the placements
    "modern_attack": Profile(modern, frozenset({"attack", "place"}), k=4, samples=3),
    "europe": Profile(europe, frozenset({"turn"}), k=4, samples=3),
}


def search_player(variant: str, cls: Any, seed: int) -> SearchPlayer | None:
    """The hard player of `variant` as a search over its heuristic `cls(level, seed)`, or None."""
    profile = PROFILES.get(variant)
    if profile is None:
        return None
    return SearchPlayer(cls("hard", seed), cls, profile, seed)
