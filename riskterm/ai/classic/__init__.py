"""Computer players for World Domination Risk (classic): the heuristic (player, plan, setup), the search's
evaluator and its profile, which together make the hard level, and the coach's words for its steps."""

from riskterm.ai.classic.evaluate import evaluate
from riskterm.ai.classic.explain import REASONS
from riskterm.ai.classic.plan import PLAYOUT
from riskterm.ai.classic.player import ClassicPlayer
from riskterm.ai.core.offer import Offer
from riskterm.ai.core.search import Profile

# hard searches placing the reinforcements (and trading) and the fortifying move: its heuristic's best eight
# candidates and ending the phase, eight dice samples per candidate, and leaves the heuristic's choice only for
# one better by 2 armies' worth (with one sample the luckiest candidate won: it played worse than the heuristic
# alone against outside styles; with 8 samples a margin of 2 won 63/400 against Domination's hard players, 4
# won 48/400). Against three of Domination's hard players (bench/domination, 200 games) the
# search is most of hard's strength: the heuristic alone won 2, with 4 candidates and 4 samples 14, with 8 and 8
# 30, with 12 and 16 25 (three times the time); searching the attacks too, played out to the end of the turn,
# 19 (docs/computer-players.md). Against three normal (bench/bench_strength.py, 80 games, seed 10000) 71/80,
# 68/80 with 4 and 4. Past 1000 armies on the board the heuristic alone decides (play-outs of fights beyond the
# odds table took seconds).


def playout_player(level: str, seed: int) -> ClassicPlayer:
    """The heuristic of hard's play-outs: the level's own, hard's with the PLAYOUT weights and without reading
    its rivals' mission cards."""
    player = ClassicPlayer(level, seed)
    if level == "hard":
        player.base = player.weights = PLAYOUT
        player.reads_rivals = False
    return player


OFFER = Offer(ClassicPlayer, profile=Profile(evaluate, frozenset({"reinforce", "fortify"}), k=8, samples=8,
                                             margin=2.0, max_armies=1000),
              reasons=REASONS, playouts=playout_player)

__all__ = ["OFFER", "ClassicPlayer"]
