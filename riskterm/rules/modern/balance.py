"""Equal-credit win rates of the unit tables, computed exactly: the numbers behind docs/modern-units-balance.md
and the test that keeps the balanced table balanced.

A duel: the attacker spends `budget` credits on one unit type and attacks with all of them; the defender spends
the same on one type and holds. Rounds of combat as the rulebook plays them (every attacking unit rolls; every
defender present at the round's start rolls, lost ones included; each hit takes one unit) until one side is
gone; no retreat. The win rate is the chance that the attacker takes the territory.
Run `python -m riskterm.rules.modern.balance` for the tables."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from math import comb

from riskterm.rules.modern.units import TABLES, UnitType

BUDGETS = (12, 24, 36, 48)  # multiples of the balanced table's costs (2 and 3), around a round's credits


@cache
def _binomial(n: int, p6: int) -> tuple[float, ...]:
    p = p6 / 6
    return tuple(comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1))


@cache
def duel(na: int, attack: int, nd: int, defence: int) -> float:
    """The chance that na units hitting on `attack` or less wipe out nd units hitting on `defence` or less
    and keep at least one unit (both wiped out in the same round: the territory is left empty, no win)."""
    win = [[0.0] * (nd + 1) for _ in range(na + 1)]
    for a in range(na + 1):
        win[a][0] = 1.0 if a else 0.0
    for a in range(1, na + 1):
        ha_p = _binomial(a, attack)
        for d in range(1, nd + 1):
            hd_p = _binomial(d, defence)
            stay = ha_p[0] * hd_p[0]
            if stay >= 1.0:
                continue  # neither side can ever hit: the attack never wins
            total = 0.0
            for ha, pa in enumerate(ha_p):
                for hd, pd in enumerate(hd_p):
                    if ha or hd:
                        total += pa * pd * win[max(0, a - hd)][max(0, d - ha)]
            win[a][d] = total / (1 - stay)
    return win[na][nd]


def win_rates(units: Sequence[UnitType], budget: int) -> dict[tuple[str, str], float]:
    """(attacker id, defender id) -> the equal-credit attacker's win rate."""
    return {
        (x.id, y.id): duel(budget // x.cost, x.attack, budget // y.cost, y.defence)
        for x in units
        for y in units
    }


def scores(units: Sequence[UnitType], budget: int) -> dict[str, tuple[float, float]]:
    """Per unit type: (attack score, defence score) = its mean win rate attacking every type, and its mean
    chance of holding against every type."""
    w = win_rates(units, budget)
    ids = [u.id for u in units]
    return {x: (sum(w[x, y] for y in ids) / len(ids), sum(1 - w[y, x] for y in ids) / len(ids)) for x in ids}


def dominated(units: Sequence[UnitType], budget: int) -> list[tuple[str, str]]:
    """Pairs (worse, better) where one type is worse than another both attacking and defending."""
    sc = scores(units, budget)
    return [(x, y) for x in sc for y in sc if x != y and sc[x][0] < sc[y][0] and sc[x][1] < sc[y][1]]


def markdown(units: Sequence[UnitType], budget: int) -> str:
    """The win-rate matrix and the scores as a Markdown table."""
    w, sc = win_rates(units, budget), scores(units, budget)
    head = "| attacker \\ defender | " + " | ".join(f"{u.name} ({budget // u.cost})" for u in units)
    rows = [head + " | attack score | defence score |", "|---" * (len(units) + 3) + "|"]
    for x in units:
        cells = " | ".join(f"{w[x.id, y.id]:.0%}" for y in units)
        rows.append(f"| {x.name} ({budget // x.cost}) | {cells} | {sc[x.id][0]:.0%} | {sc[x.id][1]:.0%} |")
    return "\n".join(rows)


if __name__ == "__main__":
    for name, table in TABLES.items():
        for b in BUDGETS:
            print(f"\n### Table '{name}', {b} credits a side\n")
            print(markdown(table, b))
            print(f"\nworse at both: {dominated(table, b) or 'none'}")
