"""Easy generic players choose from the rulebook's groups of actions (Rules.legal_groups): the same
action from the same random draws as scoring every action of legal_actions one by one."""

from __future__ import annotations

import pytest

from riskterm.ai import make_player
from riskterm.engine.actions import flatten
from riskterm.rules import find_variant
from riskterm.rules.headless import legal_groups


# (RisiKo easy draws once per group instead: tests/ai/test_risiko_easy_groups.py)
@pytest.mark.parametrize("variant, seed", [("europe", 2)])
def test_grouped_easy_chooses_as_the_one_by_one_easy(variant, seed):
    rules = find_variant(variant)
    s, _ = rules.new_game(["A", "B", "C", "D"], seed)
    grouped, one_by_one = make_player(variant, "easy", 7), make_player(variant, "easy", 7)
    one_by_one.easy_by_shape = False
    steps = 0
    while not rules.is_over(s) and steps < 250:
        seat = rules.actor(s)
        view = rules.view(s, seat)
        assert flatten(legal_groups(rules, view)) == rules.legal_actions(view)
        a = grouped.choose(rules, view, seat)
        assert one_by_one.choose(rules, view, seat) == a
        assert grouped.rng.getstate() == one_by_one.rng.getstate()
        s = rules.apply(s, a).state
        steps += 1
    assert steps == 250
