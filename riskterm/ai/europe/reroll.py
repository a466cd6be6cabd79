"""A castle defender's re-roll, judged by what a fresh roll of the same dice averages. Risk: Europe: "The
defending player may re-roll all dice of one rank each time the Ranked Attack Order is repeated in battle." The
computer players above easy and the coach read the same figures, so the coach never advises what the hard player
would not do."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from riskterm.engine.state import State
from riskterm.rules.europe import state as st
from riskterm.rules.europe.battle import HITS_ON, rank_dice, rank_hits

# What keeping the one re-roll for a later rank of this repetition is worth, per later rank the defender rolls in
# (a fresh roll's spread is about one hit: holding it back for a worse roll is worth a fraction of that)
RESERVE = 0.2


@dataclass(frozen=True)
class Reroll:
    rank: int
    mine: list[int]  # the defender's dice of this rank
    scored: int  # hits they score on the attacker now
    taken: int  # hits the defender takes now
    avg: float  # a fresh roll's average hits scored
    avg_taken: float  # and average hits taken
    later: int  # later ranks of this repetition in which the defender rolls

    @property
    def gain(self) -> float:
        """What a re-roll now is worth over keeping, in hits (scored minus taken), less the re-roll's later use."""
        return (self.avg - self.avg_taken) - (self.scored - self.taken) - RESERVE * self.later


def _hits(rank: int, att_dice: list[int], def_dice: list[int]) -> tuple[int, int]:
    """(hits the defender's dice score on the attacker, hits they take) in this rank."""
    on_def, on_att = rank_hits(rank, att_dice, def_dice)
    return on_att, on_def


def reroll_figures(view: State) -> Reroll | None:
    """The figures of the re-roll now asked of the castle's defender; None when no battle dice are on the table."""
    b = view.get("battle")
    if not isinstance(b, dict) or not b.get("def_dice"):
        return None
    rank, mine, theirs = int(b["rank"]), list(b["def_dice"]), list(b.get("att_dice") or [])
    scored, taken = _hits(rank, theirs, mine)
    if rank in HITS_ON:  # each die hits on its own
        avg, avg_taken = len(mine) * (7 - HITS_ON[rank]) / 6, float(taken)
    else:  # the general attack: the defender rolls at most two dice, compared with the attacker's
        fresh = [_hits(rank, theirs, sorted(d, reverse=True)) for d in product(range(1, 7), repeat=len(mine))]
        avg, avg_taken = (sum(x[i] for x in fresh) / len(fresh) for i in (0, 1))
    t, units = int(b["t"]), view.get("units")
    att = st.att_units(st.as_europe(view), t) if "att" in view else [0, 0, 0, 0]
    dfn = list(units[t]) if units else [0, 0, 0, 0]
    later = sum(1 for r in range(rank + 1, 5) if rank_dice(r, att, dfn)[1])
    return Reroll(rank, mine, scored, taken, avg, avg_taken, later)


def should_reroll(view: State) -> bool:
    figures = reroll_figures(view)
    return figures is not None and figures.gain > 0
