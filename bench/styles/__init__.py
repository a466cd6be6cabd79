"""Outside opponents for the strength bench (bench/outside_styles.py): players written in styles unlike
riskterm's own heuristics, to see whether a level's strength holds against play it was not tuned on. They
are test opponents, not shipped levels. Each plays from its seat's view only and returns one of
rules.legal_actions(view).

STYLES maps a style's name to (how to make it: make(seed) -> player, the rulebooks it makes sense in)."""

from __future__ import annotations

from collections.abc import Callable

from styles.classic import CardHoarder, GreedyAttacker, Spreader, Turtle
from styles.common import RandomLegal

Maker = Callable[[int], object]
STYLES: dict[str, tuple[Maker, tuple[str, ...]]] = {
    "turtle": (Turtle, ("classic",)),
    "greedy": (GreedyAttacker, ("classic",)),
    "hoarder": (CardHoarder, ("classic",)),
    "spreader": (Spreader, ("classic",)),
    "random": (RandomLegal, ("classic", "europe", "risiko", "modern")),
}
