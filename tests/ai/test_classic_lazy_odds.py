"""best_attack and placement score a fight beyond the odds table within bounds and solve it only while it may
be the pick (no decision waits on an odds solve it does not need). The pick must be the one scoring
every fight exactly makes: checked here against that plain scan on positions with stacks beyond the table."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from riskterm.ai.classic.plan import (
    HARD,
    NORMAL,
    Tally,
    attack_value,
    best_attack,
    frontier,
    placement,
    target_region,
)
from riskterm.ai.core.board_info import ODDS_SIZE, board_info, win_bounds, win_chance
from riskterm.board import load_board


def plain_best_attack(info, view, p, w, target, tally):
    """The scan before the bounds: every fight's exact chance."""
    owner, armies = view["owner"], view["armies"]
    best, best_score = None, 0.0
    for f, o in enumerate(owner):
        if o != p or armies[f] < 2:
            continue
        a = armies[f] - 1
        for t in info.adj[f]:
            if owner[t] == p:
                continue
            chance = win_chance(a, armies[t])
            if chance < min(w.bold, w.threshold):
                continue
            value = attack_value(info, view, p, t, w, target, tally)
            if chance < (w.bold if value >= 3.0 else w.threshold):
                continue
            score = chance * value + 0.01 * (a - armies[t])
            if score > best_score:
                best, best_score = (f, t), score
    return best


def plain_placement_pick(info, view, p, left, w, target, tally):
    owner, armies = view["owner"], view["armies"]
    front = frontier(info, owner, p)
    best, best_score = front[0], -1e9
    for f in front:
        a = armies[f] - 1 + left
        for t in info.adj[f]:
            if owner[t] == p:
                continue
            score = win_chance(a, armies[t]) * attack_value(info, view, p, t, w, target, tally)
            if score > best_score:
                best, best_score = f, score
    return best


def positions(seed: int, count: int):
    rng = random.Random(seed)
    info = board_info(load_board("classic"))
    for _ in range(count):
        owner = [rng.randrange(4) for _ in range(info.n)]
        # big stacks on both sides, many equal ones (ties are where bounds cannot decide)
        armies = [
            rng.choice([1, 2, 3, 5, 8, 40, 79, 81, 90, 90, 120, 150]) + rng.randrange(2)
            for _ in range(info.n)
        ]
        yield info, {"owner": owner, "armies": armies, "conquered": rng.random() < 0.5, "hands": [[]] * 4}


def test_win_bounds_hold_the_exact_chance():
    for a, d in [(81, 1), (81, 80), (150, 3), (200, 79), (90, 81), (40, 120), (300, 300), (80, 81)]:
        lo, hi = win_bounds(a, d)
        assert lo <= win_chance(a, d) <= hi
    assert win_bounds(ODDS_SIZE, 7) == (win_chance(ODDS_SIZE, 7),) * 2


def test_bound_rows_are_the_table_recurrence_and_hold_the_exact_chance():
    """The rows that bound a big stack's fights (board_info._BOUNDS) are the odds table's recurrence grown
    row by row (the same floats as a table that size) and within SLACK of the exact solve."""
    from riskterm.ai.core.board_info import _BOUNDS, SLACK
    from riskterm.engine.odds import OddsTable, attack_odds

    table = OddsTable(170, ODDS_SIZE)
    assert [_BOUNDS.row(a) for a in range(171)] == table.win
    for a, d in [(81, 1), (90, 80), (120, 45), (170, 79), (169, 2)]:
        assert abs(_BOUNDS.row(a)[d] - attack_odds(a, d).win) < SLACK / 1000


@pytest.mark.parametrize("w", [NORMAL, HARD], ids=["normal", "hard"])
def test_bounded_scans_pick_what_the_exact_scans_pick(w):
    undefended = replace(w, defend_share=0.0)  # the placement plan is then the one attack pick
    for info, view in positions(7, 60):
        owner, armies = view["owner"], view["armies"]
        for p in range(4):
            tally = Tally(info, owner, armies, p)
            target = target_region(info, owner, armies, p, 0, tally) if w.plan else None
            assert best_attack(info, view, p, w, target, tally) == plain_best_attack(
                info, view, p, w, target, tally
            )
            for left in (3, 40):
                target = target_region(info, owner, armies, p, left, tally) if w.plan else None
                pick = placement(info, view, p, left, undefended)[-1][0]
                assert pick == plain_placement_pick(info, view, p, left, w, target, tally)
