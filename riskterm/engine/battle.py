"""The old home of battle dice and odds, kept so existing imports work: everything here now lives in
`riskterm.engine.dice` (resolve, outcomes) and `riskterm.engine.odds` (attack_odds, OddsTable, odds_table)."""

from __future__ import annotations

from riskterm.engine.dice import outcomes, resolve
from riskterm.engine.odds import Odds, OddsTable, odds_table
from riskterm.engine.odds import attack_odds as _attack_odds

__all__ = ["OddsTable", "attack_odds", "odds_table", "resolve", "roll_outcomes"]


def roll_outcomes(a_dice: int, d_dice: int) -> tuple[tuple[int, int, float], ...]:
    """Exact distribution of (attacker losses, defender losses) for one roll: `dice.outcomes`."""
    return outcomes(a_dice, d_dice)


def attack_odds(a: int, d: int) -> Odds:
    """(chance the attacker takes the territory, expected attackers left, expected defenders left), with the
    classic dice (3 against 2): `odds.attack_odds`."""
    return _attack_odds(a, d)
