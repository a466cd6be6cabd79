"""Computer players for World Domination Risk (classic): the heuristic (player, plan, setup), the search's
evaluator and its profile, which together make the hard level, and the coach's words for its steps."""

from riskterm.ai.classic.evaluate import evaluate
from riskterm.ai.classic.explain import REASONS
from riskterm.ai.classic.plan import PLAYOUT
from riskterm.ai.classic.player import ClassicPlayer
from riskterm.ai.core.offer import Offer
from riskterm.ai.core.search import Profile

# hard searches its placing (and trading) and its fortifying move: its heuristic's best eight candidates and
# ending the phase, eight dice samples per candidate, and leaves the heuristic's choice only for one better by
# 2 armies' worth. In world conquest its placing is its heuristic's own (ClassicPlayer.searched): once the
# heuristic planned knock-outs (sweep.py) and held back when a rival could knock it out (Weights.guard), the
# search of the placing cost it: against three of Domination's hard players
# (bench/domination, 400 games, seeds 60000) 117 wins without searching the placing against 78 with it, and
# with the guard 145 (docs/computer-players.md). Past 1000 armies on the board the heuristic alone decides
# (play-outs of fights beyond the odds table took seconds). In the goal modes (Secret Mission Risk, Assassin) each
# candidate is played on through the rivals' turns, from a guess at their goals and hidden cards
# (ClassicPlayer.horizon and determinized, guess.py): hard against three normal in Secret Mission Risk won 222 of
# 480 games before, 268 after (seeds 10000, 30000, 31000; docs/benchmarks.md).


def playout_player(level: str, seed: int) -> ClassicPlayer:
    """The heuristic of hard's play-outs: the level's own, hard's with the PLAYOUT weights and without reading
    its rivals' mission cards."""
    player = ClassicPlayer(level, seed)
    if level == "hard":
        player.base = player.weights = PLAYOUT
        player.reads_rivals = False
    return player


OFFER = Offer(
    ClassicPlayer,
    profile=Profile(
        evaluate, frozenset({"reinforce", "fortify"}), k=8, samples=8, margin=2.0, max_armies=1000
    ),
    reasons=REASONS,
    playouts=playout_player,
)

__all__ = ["OFFER", "ClassicPlayer"]
