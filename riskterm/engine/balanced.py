"""Balanced fights: a whole fight (rolling on until the territory falls or the attacker is down to its stop)
decided by one draw from a reshaped distribution of its final outcomes, re-implemented from the published
description of the official RISK app's "Balanced Blitz" (none of its code):

(a) a side whose chance to win the fight is 5% or less loses it surely;
(b) otherwise the favourite's chance is raised: p' = p^1.3 / (p^1.3 + (1 - p)^1.3);
(c) the outcomes lie in one row from "attacker wiped out, defender intact" to "attacker wins losing nothing";
    10% of the probability is trimmed from each end of the row, and each side is scaled to its share;
(d) each outcome's probability is raised to the power 1.8 and each side scaled to its share again, so the
    win chance stays p'.

Our readings where the description is silent: a fight stopped at its stop number is the defender's side (the
defender keeps the territory); the trimming at an end never takes the last outcome of the side there that is
nearest the middle (a side keeps at least one outcome: otherwise a side with less than 10% would vanish and
its share could not be given back), and an end whose side (a) removed is not trimmed.

Outcomes are in attack_odds' terms: `a` armies that may attack (not the one that stays behind), `d`
defenders, the attacker rolling min(att_max, a - stop) dice; the fight's end is (attackers left, defenders
left): defenders 0 (the attacker won), or attackers at the stop (the defender held)."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

from riskterm.engine.luck import TRUE_LUCK, DiceRules, Draw, luck_outcomes
from riskterm.engine.odds import Odds, attack_odds, odds_table

SURE = 0.05  # (a): a side with this chance or less loses surely
SHARPEN = 1.3  # (b)
TRIM = 0.10  # (c): probability trimmed from each end of the row
POWER = 1.8  # (d)
FLOOR = 1e-30  # probability dropped while the fight's outcomes are pushed forward (as engine/odds.py)
LIMIT = 1000  # the largest army counts whose whole outcome distribution is worked out (a few seconds at most)


class End(NamedTuple):
    att_left: int
    def_left: int
    p: float


def final_outcomes(
    a: int,
    d: int,
    att_max: int = 3,
    def_max: int = 2,
    stop: int = 0,
    luck: int = TRUE_LUCK,
    weighted: bool = False,
) -> tuple[End, ...]:
    """Every end of the fight with its exact chance, in the row's order: the defender's side first (most
    defenders left first), then the attacker's (fewest attackers left first). Raises ValueError on counts
    the fight cannot have (as attack_odds) and above LIMIT."""
    if a < 0 or d < 0 or stop < 0:
        raise ValueError("Army counts cannot be negative.")
    if att_max < 1 or def_max < 1:
        raise ValueError("Each side rolls at least one die.")
    if a > LIMIT or d > LIMIT:
        raise ValueError(f"Balanced odds are worked out for at most {LIMIT} armies a side.")
    return _final(a, d, att_max, def_max, stop, luck, weighted)


@lru_cache(maxsize=2048)
def _final(
    a: int, d: int, att_max: int, def_max: int, stop: int, luck: int, weighted: bool
) -> tuple[End, ...]:
    if d == 0 or a <= stop:
        return (End(a, d, 1.0),)
    # probability pushed forward level by level: every roll lowers attackers + defenders by at least one
    levels: dict[int, dict[tuple[int, int], float]] = {a + d: {(a, d): 1.0}}
    ends: dict[tuple[int, int], float] = {}
    for total in range(a + d, 0, -1):
        level = levels.pop(total, None)
        if not level:
            continue
        for (i, j), p in level.items():
            if p < FLOOR:
                continue
            for al, dl, q in luck_outcomes(min(att_max, i - stop), min(def_max, j), luck, weighted):
                ni, nj = i - al, j - dl
                if nj == 0 or ni <= stop:
                    ends[(ni, nj)] = ends.get((ni, nj), 0.0) + p * q
                else:
                    nxt = levels.setdefault(ni + nj, {})
                    nxt[(ni, nj)] = nxt.get((ni, nj), 0.0) + p * q
    held = sorted(((i, j) for i, j in ends if j > 0), key=lambda e: -e[1])
    won = sorted(((i, j) for i, j in ends if j == 0), key=lambda e: e[0])
    return tuple(End(i, j, ends[(i, j)]) for i, j in held + won)


def win_share(p: float) -> float:
    """The attacker's chance to win a balanced fight whose true chance is p: steps (a) and (b)."""
    if p <= SURE:
        return 0.0
    if p >= 1.0 - SURE:
        return 1.0
    x, y = math.pow(p, SHARPEN), math.pow(1.0 - p, SHARPEN)
    return x / (x + y)


def _trim(side: list[float], amount: float) -> list[float]:
    """`side` (outer end first) with `amount` of probability taken from its outer end, never its last entry."""
    out = list(side)
    for k in range(len(out) - 1):
        if amount <= 0.0:
            break
        cut = min(out[k], amount)
        out[k] -= cut
        amount -= cut
    return out


def _scaled(side: list[float], share: float) -> list[float]:
    total = sum(side)
    return [x * share / total for x in side] if total > 0.0 else [0.0] * len(side)


def balance(ends: tuple[End, ...]) -> tuple[End, ...]:
    """Steps (a)-(d) applied to a fight's true final outcomes (final_outcomes' order); the same ends, new
    chances."""
    held = [e.p for e in ends if e.def_left > 0]
    won = [e.p for e in ends if e.def_left == 0]
    share = win_share(sum(won))
    if not held or not won:  # one side only: nothing to reshape
        return ends
    parts = []
    for side, side_share, outer_first in ((held, 1.0 - share, True), (won, share, False)):
        if side_share <= 0.0:
            parts.append([0.0] * len(side))
            continue
        row = side if outer_first else side[::-1]
        row = _scaled(_trim(row, TRIM), side_share)  # (c)
        row = _scaled([math.pow(x, POWER) for x in row], side_share)  # (d)
        parts.append(row if outer_first else row[::-1])
    chances = parts[0] + parts[1]
    return tuple(End(e.att_left, e.def_left, q) for e, q in zip(ends, chances, strict=True))


def balanced_outcomes(
    a: int,
    d: int,
    att_max: int = 3,
    def_max: int = 2,
    stop: int = 0,
    luck: int = TRUE_LUCK,
    weighted: bool = False,
) -> tuple[End, ...]:
    """The balanced fight's ends with their chances, in the row's order."""
    return _balanced(a, d, att_max, def_max, stop, luck, weighted)


@lru_cache(maxsize=2048)
def _balanced(
    a: int, d: int, att_max: int, def_max: int, stop: int, luck: int, weighted: bool
) -> tuple[End, ...]:
    return balance(final_outcomes(a, d, att_max, def_max, stop, luck, weighted))


def summary(ends: tuple[End, ...]) -> Odds:
    """A distribution of ends as attack_odds answers: win chance, expected attackers and defenders left."""
    return Odds(
        sum((e.p for e in ends if e.def_left == 0), 0.0),
        sum(e.att_left * e.p for e in ends),
        sum(e.def_left * e.p for e in ends),
    )


def balanced_odds(
    a: int,
    d: int,
    att_max: int = 3,
    def_max: int = 2,
    stop: int = 0,
    luck: int = TRUE_LUCK,
    weighted: bool = False,
) -> Odds:
    """The odds of a balanced fight, as attack_odds gives a true one."""
    return summary(balanced_outcomes(a, d, att_max, def_max, stop, luck, weighted))


def draw_end(rng: Draw, ends: tuple[End, ...]) -> End:
    """One draw of the stream picks the fight's end: the first end whose running total passes it."""
    u = rng.u64() / 2.0**64
    last = ends[0]
    for e in ends:
        if e.p <= 0.0:
            continue
        last = e
        u -= e.p
        if u < 0.0:
            return e
    return last  # rounding left a sliver past the end: the last end with any chance


TABLE_SIZE = 80  # the fights win_chance reads from one table per kind of dice


@lru_cache(maxsize=16)
def win_table(dice: DiceRules, size: int = TABLE_SIZE) -> list[list[float]]:
    """win_table(dice)[a][d] = win_chance(a, d, dice) for a, d <= size (OddsTable's recurrence, then the
    balanced share where the fight is drawn whole). Read it, do not change it."""
    rows = odds_table(size, size, 3, 2, dice.luck, dice.weighted).win
    return [[win_share(p) for p in row] for row in rows] if dice.balanced else rows


def win_chance(a: int, d: int, dice: DiceRules) -> float:
    """The chance that `a` armies able to attack (not the one left behind) take a territory held by `d`,
    rolling on with the most dice, as a game with these dice plays it: what a computer player weighs."""
    if a <= 0:
        return 0.0
    if d <= 0:
        return 1.0
    if a <= TABLE_SIZE and d <= TABLE_SIZE:
        return win_table(dice, TABLE_SIZE)[a][d]
    p = attack_odds(a, d, 3, 2, 0, dice.luck, dice.weighted).win
    return win_share(p) if dice.balanced else p
