"""The dice a game plays with, beyond the faces: the luck setting and balanced fights, for every rulebook that
rolls attacker dice against defender dice (highest against highest, one loss per pair).

Luck (0-100, 100 = true dice): a roll's losses are luck% of what the dice say plus (100-luck)% of the roll's
expected losses, rounded straight (half up) or by weighted random (the fraction is the chance of rounding up),
as Warzone's luck modifier defines it. It applies to every roll: a roll of k pairs always costs k armies in
all, and the defender's share of them is the blended number, the attacker's the rest.

Balanced fights (engine/balanced.py) are drawn from a fight's final outcomes, built from these same rolls."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

from riskterm.engine.dice import Outcome, expected_losses, outcomes

TRUE_LUCK = 100
# The choices a rulebook offering the luck setting lists (its house options): every percent, 100 first (the
# default, true dice); and the two roundings, straight first (the default).
LUCK_CHOICES = tuple(range(TRUE_LUCK, -1, -1))
ROUNDINGS = ("straight", "weighted")


@dataclass(frozen=True)
class DiceRules:
    """How a game's battles turn dice into losses: what the odds, the computer players and the battles read."""

    luck: int = TRUE_LUCK  # 0-100: 100 is the dice as they fall
    weighted: bool = False  # round the blended losses by weighted random instead of straight
    balanced: bool = False  # a whole fight (rolling on) is one draw from the balanced distribution

    @property
    def true_rolls(self) -> bool:
        return self.luck >= TRUE_LUCK


TRUE_DICE = DiceRules()


class Draw(Protocol):
    """What draws a uniform 64-bit number: the state's random stream (riskterm.engine.rng.Rng)."""

    def u64(self) -> int: ...


def blended(na: int, nd: int, dl: int, luck: int, att_bonus: int = 0, def_bonus: int = 0) -> float:
    """The defender's losses of a roll of na against nd dice whose dice said `dl`, at `luck` percent (the
    bonuses as in dice.resolve: they move the expected losses)."""
    return (luck * dl + (TRUE_LUCK - luck) * expected_losses(na, nd, att_bonus, def_bonus)[1]) / TRUE_LUCK


def straight(x: float) -> int:
    """Round half up (never to even: the same number always rounds the same way)."""
    return math.floor(x + 0.5)


def lucky_losses(
    na: int,
    nd: int,
    al: int,
    dl: int,
    dice: DiceRules,
    rng: Draw | None = None,
    att_bonus: int = 0,
    def_bonus: int = 0,
) -> tuple[int, int]:
    """(attacker losses, defender losses) of a roll whose dice said (al, dl), under `dice`'s luck. Weighted
    rounding draws one number from `rng` when the blended losses are not whole."""
    if dice.luck >= TRUE_LUCK:
        return al, dl
    k = al + dl
    x = blended(na, nd, dl, dice.luck, att_bonus, def_bonus)
    low = math.floor(x)
    frac = x - low
    if not dice.weighted:
        d = straight(x)
    elif frac > 1e-12 and rng is not None:
        d = low + (1 if rng.u64() < frac * 2.0**64 else 0)
    else:
        d = low
    d = min(max(d, 0), k)
    return k - d, d


def luck_note(
    na: int,
    nd: int,
    al: int,
    dl: int,
    dice: DiceRules,
    rng: Draw | None = None,
    att_bonus: int = 0,
    def_bonus: int = 0,
) -> tuple[int, int, dict[str, Any]]:
    """lucky_losses, and what a battle event adds when the luck setting changed the dice's losses:
    {'dice_loss': [attacker, defender]} as the dice alone said them ({} when it did not)."""
    if dice.luck >= TRUE_LUCK:
        return al, dl, {}
    a, d = lucky_losses(na, nd, al, dl, dice, rng, att_bonus, def_bonus)
    return a, d, {} if (a, d) == (al, dl) else {"dice_loss": [al, dl]}


@cache
def luck_outcomes(na: int, nd: int, luck: int = TRUE_LUCK, weighted: bool = False) -> tuple[Outcome, ...]:
    """The exact (attacker losses, defender losses, probability) of one roll at `luck` percent (dice.outcomes
    at 100): each result of the dice moved to its blended losses, or split between the two roundings."""
    if luck >= TRUE_LUCK:
        return outcomes(na, nd)
    out: dict[tuple[int, int], float] = {}
    for al, dl, p in outcomes(na, nd):
        k = al + dl
        x = blended(na, nd, dl, luck)
        if weighted:
            low = math.floor(x)
            frac = x - low
            shares = [(low, 1.0 - frac), (low + 1, frac)] if frac > 1e-12 else [(low, 1.0)]
        else:
            shares = [(straight(x), 1.0)]
        for d, w in shares:
            d = min(max(d, 0), k)
            out[(k - d, d)] = out.get((k - d, d), 0.0) + p * w
    return tuple((al, dl, p) for (al, dl), p in sorted(out.items()) if p > 0.0)
