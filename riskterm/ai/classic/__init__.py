"""Computer players for World Domination Risk (classic): the heuristic (player, plan, setup), the search's
evaluator and its profile, which together make the hard level, and the coach's words for its steps."""

from riskterm.ai.classic.evaluate import evaluate
from riskterm.ai.classic.explain import REASONS
from riskterm.ai.classic.player import ClassicPlayer
from riskterm.ai.core.offer import Offer
from riskterm.ai.core.search import Profile

# hard searches placing the reinforcements (and trading) and the fortifying move (measured, 80 games, seed
# 10000: 58/80 against 49/80 for the heuristic alone; searching the attacks too, played out to the end of the
# turn, 18/40: the evaluator does not yet see what a conquest is worth)
OFFER = Offer(ClassicPlayer, profile=Profile(evaluate, frozenset({"reinforce", "fortify"}), k=4, samples=1),
              reasons=REASONS)

__all__ = ["OFFER", "ClassicPlayer"]
