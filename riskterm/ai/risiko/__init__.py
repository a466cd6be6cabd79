"""Computer players for RisiKo! Più: the heuristic (player; easy's choosers; hard's own reading; the fortress
garrison), the search's evaluator and its profile, which together make the hard level, and the coach's
sentences for RisiKo's own steps."""

from riskterm.ai.core.offer import Offer
from riskterm.ai.core.search import Profile
from riskterm.ai.risiko.evaluate import evaluate
from riskterm.ai.risiko.explain import REASONS
from riskterm.ai.risiko.player import RisikoPlayer

# hard searches where armies stand: the Supplementary Armies' placements, and in the main phase the final move
# or ending when the heuristic would move or end (80 games, seed 10000: 36/80; supply alone 31/80, the
# heuristic alone 24/80; searching every main-phase decision, attacks too, did worse than the heuristic: the
# evaluator sees a placement's worth, not yet an attack's)
PROFILE = Profile(
    evaluate, frozenset({"supply", "main"}), k=4, samples=4, kinds=frozenset({"place", "move", "end"})
)
OFFER = Offer(RisikoPlayer, profile=PROFILE, reasons=REASONS)

__all__ = ["OFFER", "RisikoPlayer"]
