"""Computer players for Modern units Risk: the heuristic (player, borders), the search's evaluator and its
profile, which together make the hard level, and the coach's sentence for buying units."""

from riskterm.ai.core.offer import Offer
from riskterm.ai.core.search import Profile
from riskterm.ai.modern.evaluate import evaluate
from riskterm.ai.modern.explain import REASONS
from riskterm.ai.modern.player import ModernPlayer

# hard searches how many of a won fight's survivors move in (the heuristic's split by the pressure on each
# side, all, the least, between), judged where the units then stand: hard vs 3 normal 376/600 against 331/600
# for the heuristic alone (120 games at each seed 10000-50000); searching continue/retreat instead: 74/120 v
# 77/120 (seed 20000); searching attacks was worse
OFFER = Offer(
    ModernPlayer,
    profile=Profile(evaluate, frozenset({"occupy"}), k=3, samples=2),
    reasons=REASONS,
    # measured, not adopted: the attack phase (attacks, moves into empty land, moves to the front,
    # ending) and the placements
    trials={"attack": Profile(evaluate, frozenset({"attack", "place"}), k=4, samples=3)},
)

__all__ = ["ModernPlayer", "OFFER"]
