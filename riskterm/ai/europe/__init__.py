"""Computer players for Risk: Europe: the heuristic (player, reroll), which plays every level (no search
profile was adopted), and the coach's sentences for Europe's own steps."""

from riskterm.ai.core.offer import Offer
from riskterm.ai.core.search import Profile
from riskterm.ai.europe.evaluate import evaluate
from riskterm.ai.europe.explain import REASONS
from riskterm.ai.europe.player import EuropePlayer

# a search measured but not adopted: Europe's hard stays its heuristic
OFFER = Offer(
    EuropePlayer, reasons=REASONS, trials={"turn": Profile(evaluate, frozenset({"turn"}), k=4, samples=3)}
)

__all__ = ["OFFER", "EuropePlayer"]
