"""Outside opponents for the strength bench (bench/outside_styles.py): players written in styles unlike
riskterm's own heuristics, to see whether a level's strength holds against play it was not tuned on. They
are test opponents, not shipped levels. Each plays from its seat's view only and returns one of
rules.legal_actions(view).

STYLES maps a style's name to (how to make it: make(seed) -> player, the rulebooks it makes sense in)."""

from __future__ import annotations

from collections.abc import Callable

from styles.classic import CardHoarder, GreedyAttacker, Spreader, Turtle
from styles.common import RandomLegal
from styles.europe import EuropeGreedy, EuropeHoarder, EuropeTurtle
from styles.modern import ModernGreedy, ModernSpammer, ModernTurtle
from styles.risiko import RisikoFortress, RisikoGreedy, RisikoTurtle

Maker = Callable[[int], object]
STYLES: dict[str, tuple[Maker, tuple[str, ...]]] = {
    "turtle": (Turtle, ("classic",)),
    "greedy": (GreedyAttacker, ("classic",)),
    "hoarder": (CardHoarder, ("classic",)),
    "spreader": (Spreader, ("classic",)),
    "random": (RandomLegal, ("classic", "europe", "risiko", "modern")),
}

# The styles of the other rulebooks (bench/styles/europe.py, risiko.py, modern.py): style -> rulebook -> maker.
# A name classic has too is the same idea in that rulebook's own actions (Europe's hoarder hoards coins).
ELSEWHERE: dict[str, dict[str, Maker]] = {
    "turtle": {"europe": EuropeTurtle, "risiko": RisikoTurtle, "modern": ModernTurtle},
    "greedy": {"europe": EuropeGreedy, "risiko": RisikoGreedy, "modern": ModernGreedy},
    "hoarder": {"europe": EuropeHoarder},
    "fortress": {"risiko": RisikoFortress},
    "spammer": {"modern": ModernSpammer},
}
for _name, _makers in ELSEWHERE.items():
    _make, _books = STYLES.get(_name, (next(iter(_makers.values())), ()))
    STYLES[_name] = (_make, (*_books, *_makers))


def maker(style: str, variant: str) -> Maker:
    """How to make a player of `style` in the rulebook `variant`."""
    return ELSEWHERE.get(style, {}).get(variant) or STYLES[style][0]
