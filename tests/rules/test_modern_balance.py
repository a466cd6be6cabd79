"""Modern units: the balanced unit table, recomputed from the YAML file with exact equal-credit
win rates (riskterm/rules/modern/balance.py; the tables are in docs/modern-units-balance.md)."""

from __future__ import annotations

import pytest

from riskterm.rules.modern.balance import dominated, duel, scores, win_rates
from riskterm.rules.modern.combat import combat_round
from riskterm.rules.modern.units import TABLES, UNITS, parse_mix

BUDGET = 24  # 12 Humbers or 8 of any other unit


def test_original_table_is_the_one_the_issue_measured():
    """'with equal credits, 10 Humbers attacking 4 Tanks win 100% and 4 Tanks attacking 10 Humbers
    win 10%' (20 credits a side, the original table: Humber cost 2 attack 2 defence 1, Tank 5, 3, 3)."""
    assert duel(10, 2, 4, 3) > 0.99
    assert duel(4, 3, 10, 1) == pytest.approx(0.10, abs=0.01)
    assert ("tank", "humber") in dominated(TABLES["original"], BUDGET)


def test_no_unit_is_worse_than_another_both_attacking_and_defending():
    """'with equal credits, no unit type is worse than another in both attack and defence' - the
    attack score is a type's mean equal-credit win rate attacking each type, the defence score its mean
    chance of holding against each; no type is below another in both (checked at every budget listed)."""
    for budget in (12, 24, 36):
        assert dominated(UNITS, budget) == []


def test_each_unit_is_the_best_buy_for_a_job():
    """'each type is the best buy for some job (attacking, holding, crossing sea-lines)'. Rocket
    Launchers attack best, Tanks hold best, Humbers are the cheapest way to hold a territory (the goal is 28
    of them and each needs a unit), Helicopters attack best and Hovercraft hold best across sea-lines."""
    sc = scores(UNITS, BUDGET)
    by_id = {u.id: u for u in UNITS}
    assert max(sc, key=lambda x: sc[x][0]) == "rocket"
    assert max(sc, key=lambda x: sc[x][1]) == "tank"
    assert (
        min(UNITS, key=lambda u: u.cost).id == "humber"
        and sorted(u.cost for u in UNITS)[1] > by_id["humber"].cost
    )
    sea = [u.id for u in UNITS if u.sea]
    assert sorted(sea) == ["helicopter", "hovercraft"]
    assert max(sea, key=lambda x: sc[x][0]) == "helicopter"
    assert max(sea, key=lambda x: sc[x][1]) == "hovercraft"


def test_win_rates_match_the_balance_page():
    """The figures quoted in docs/modern-units-balance.md (24 credits a side)."""
    w = win_rates(UNITS, BUDGET)
    assert round(w["rocket", "tank"], 2) == 0.40 and round(w["humber", "tank"], 2) == 0.35
    assert round(w["helicopter", "hovercraft"], 2) == 0.46
    sc = scores(UNITS, BUDGET)
    assert [round(sc[u][0], 2) for u in ("humber", "tank", "rocket", "hovercraft", "helicopter")] == [
        0.75,
        0.22,
        0.82,
        0.46,
        0.66,
    ]


@pytest.mark.parametrize("table", sorted(TABLES))
def test_every_table_plays_the_battle_example(table):
    """Battle example: 'He rolls a 2 for the Tank for a hit, a 3 for the Rocket Launcher for a hit, a 4 for the
    Humber for a miss and a 2 for the Hovercraft for a hit ... The defender rolls a 1, 2, and 4 for his Humbers'
    and the attacker loses one unit - with every unit table in the file, in both readings of the defence roll."""
    units = TABLES[table]
    for literal in (False, True):
        assert combat_round(
            parse_mix("1H1T1R1V"), parse_mix("3H"), [4, 2, 3, 2], [1, 2, 4], units, literal
        ) == (3, 1)
