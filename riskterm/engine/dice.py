"""Dice, written once for every rulebook: one roll resolved from explicit dice, the exact distribution of a
roll's losses (`outcomes`), the expected losses of a roll (for dice luck), and the turn-order roll-off."""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import product
from typing import Protocol

Outcome = tuple[int, int, float]  # (attacker losses, defender losses, probability)


class Die(Protocol):
    """What rolls one die: the state's random stream (riskterm.engine.rng.Rng)."""

    def die(self) -> int: ...


def resolve(
    att: list[int] | tuple[int, ...], dfn: list[int] | tuple[int, ...], att_bonus: int = 0, def_bonus: int = 0
) -> tuple[int, int]:
    """Compare highest against highest, ties to the defender. Returns (attacker losses, defender losses).
    `att_bonus`/`def_bonus` are added to the highest die (RisiKo! Piu's General and Marshal)."""
    a = sorted(att, reverse=True)
    d = sorted(dfn, reverse=True)
    if a and att_bonus:
        a[0] += att_bonus
    if d and def_bonus:
        d[0] += def_bonus
    al = dl = 0
    for x, y in zip(a, d, strict=False):
        if x > y:
            dl += 1
        else:
            al += 1
    return al, dl


@cache
def _sorted_rolls(n: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every roll of n dice sorted high to low, with how many of the 6**n ordered rolls give it."""
    return tuple(Counter(tuple(sorted(r, reverse=True)) for r in product(range(1, 7), repeat=n)).items())


@cache
def outcomes(na: int, nd: int, att_bonus: int = 0, def_bonus: int = 0) -> tuple[Outcome, ...]:
    """Exact (attacker losses, defender losses, probability) of one roll of na against nd dice, sorted by
    losses; bonuses as in `resolve`. Counts sorted rolls with their multiplicity (56 x 56 pairs for 3 v 3
    instead of 46,656 ordered ones)."""
    counts: dict[tuple[int, int], int] = {}
    for att, ca in _sorted_rolls(na):
        for dfn, cd in _sorted_rolls(nd):
            k = resolve(att, dfn, att_bonus, def_bonus)
            counts[k] = counts.get(k, 0) + ca * cd
    total = 6 ** (na + nd)
    return tuple((al, dl, c / total) for (al, dl), c in sorted(counts.items()))


@cache
def expected_losses(na: int, nd: int, att_bonus: int = 0, def_bonus: int = 0) -> tuple[float, float]:
    """(expected attacker losses, expected defender losses) of one roll of na against nd dice."""
    out = outcomes(na, nd, att_bonus, def_bonus)
    return sum(al * p for al, _, p in out), sum(dl * p for _, dl, p in out)


def roll_off(rng: Die, seats: list[int]) -> tuple[int, list[dict[str, int]]]:
    """Everyone rolls one die, the highest starts; ties roll again among the tied. Returns (seat, rolls:
    one {seat as text: die} per round)."""
    rounds: list[dict[str, int]] = []
    while True:
        rolls = {s: rng.die() for s in seats}
        rounds.append({str(s): v for s, v in rolls.items()})
        top = max(rolls.values())
        seats = [s for s in seats if rolls[s] == top]
        if len(seats) == 1:
            return seats[0], rounds
