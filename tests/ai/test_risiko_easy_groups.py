"""RisiKo easy draws once per group of actions (riskterm.ai.core.grouped); its main phase and
redistribution work on territory indices (riskterm.ai.risiko.easy) and must score exactly what the groups
of legal_groups score, choose only legal actions, and draw with the odds of the group chooser."""

from __future__ import annotations

import random

from riskterm.ai import make_player
from riskterm.ai.core.grouped import (
    choose_by_action,
    choose_by_group,
    choose_on_territories,
    draw,
    group_scores,
)
from riskterm.ai.risiko.easy import choose_defence, choose_main, choose_supply, main_scores, options
from riskterm.engine.actions import flatten
from riskterm.rules import find_variant
from riskterm.rules.headless import legal_groups
from riskterm.rules.risiko.legal import GROUPED


def _states(seed: int, steps: int = 1500):
    rules = find_variant("risiko")
    s, _ = rules.new_game(["A", "B", "C", "D"], seed, {"defender": "always"})  # every defence a decision
    players = [make_player("risiko", "easy", seed * 10 + i) for i in range(4)]
    for _ in range(steps):
        if rules.is_over(s):
            break
        seat = rules.actor(s)
        yield rules, s, seat
        s = rules.apply(s, players[seat].choose(rules, s, seat)).state


def test_the_main_phase_on_indices_scores_as_the_groups():
    mains = 0
    for rules, s, seat in _states(3):
        if s["phase"] != "main" or s["reserve"]:
            continue
        groups = legal_groups(rules, s)
        a = make_player("risiko", "easy", mains)
        best, spread = group_scores(a, rules, s, seat, groups)
        assert main_scores(a, rules, s, seat, options(rules, s, seat)) == (
            best,
            spread,
            [len(g.tails) for g in groups],
        )
        assert choose_main(a, rules, s, seat) in flatten(groups) and a.verified
        mains += 1
    assert mains > 20


def test_the_random_half_by_rejection_has_the_odds_of_scoring_every_group():
    """_random_good (a random action kept when its group scores above 0) against draw_random (scoring every
    group first): the same odds, within sampling noise, on main-phase states."""
    from collections import Counter

    from riskterm.ai.core.grouped import draw_random
    from riskterm.ai.risiko.easy import _random_good

    checked = 0
    for rules, s, seat in _states(3):
        if s["phase"] != "main" or s["reserve"] or checked >= 3:
            continue
        player = make_player("risiko", "easy", checked)
        opts = options(rules, s, seat)
        best, _, sizes = main_scores(player, rules, s, seat, opts)
        if sum(b > 0 for b in best) < 3:
            continue
        n = 3000
        by_rejection = Counter(_random_good(player, rules, s, seat, opts) for _ in range(n))
        by_scores = Counter(draw_random(player, best, sizes) for _ in range(n))
        assert set(by_rejection) <= set(by_scores) | set(by_rejection)
        spread = sum(abs(by_rejection[k] - by_scores[k]) for k in set(by_rejection) | set(by_scores)) / (
            2 * n
        )
        assert spread < 0.08, spread
        goods = {k for k in by_rejection if best[k[0]] > 0}
        assert goods == set(by_rejection)
        checked += 1
    assert checked == 3


def test_supply_per_territory_chooses_as_the_groups():
    n = 0
    for rules, s, seat in _states(4):
        if s["phase"] != "supply":
            continue
        a, b = make_player("risiko", "easy", n), make_player("risiko", "easy", n)
        assert choose_supply(a, rules, s, seat) == choose_by_group(b, rules, s, seat)
        assert a.rng.getstate() == b.rng.getstate()
        n += 1
    assert n > 10


def test_easy_defends_with_the_most_dice_unless_it_has_a_card_or_hidden_armies_to_play():
    """The rulebook's own automatic defence ('when_needed': 'nothing to decide but the dice: the most
    allowed') is easy's, when no Marshal or Hidden Armies are on offer."""
    n = 0
    for rules, s, seat in _states(6):
        if s["phase"] != "defend":
            continue
        acts = rules.legal_actions(s)
        a = choose_defence(make_player("risiko", "easy", n), rules, s, seat)
        if all(x.kind == "defend" for x in acts):
            assert a == acts[-1]
            n += 1
        assert a in acts
    assert n > 20


def test_territory_phases_score_from_the_index_as_from_the_actions():
    seen = set()
    for rules, s, seat in _states(5):
        if s["phase"] in GROUPED or s["phase"] == "redistribute":
            continue
        assert choose_by_action(make_player("risiko", "easy", 2), rules, s, seat) in rules.legal_actions(s)
        a, b = make_player("risiko", "easy", 1), make_player("risiko", "easy", 1)
        if s["phase"] in ("claim", "hide", "fortress"):
            assert choose_on_territories(a, rules, s, seat) == choose_by_action(b, rules, s, seat)
            assert a.rng.getstate() == b.rng.getstate()
        seen.add(s["phase"])
    assert {"battle", "defend", "occupy", "claim", "hide", "fortress"} <= seen


def test_easy_chooses_legal_actions_through_a_whole_game_with_a_redistribution():
    """(what it says `verified` the guard does not check again)"""
    phases = set()
    for seed in (0, 2):
        for rules, s, seat in _states(seed, 4000):
            player = make_player("risiko", "easy", 7)
            a = player.choose(rules, s, seat)
            assert a in flatten(legal_groups(rules, s)), (s["phase"], a)
            assert rules.why_illegal(s, a) is None or not player.verified, (s["phase"], a)
            phases.add(s["phase"])
    assert {"redistribute", "supply", "main", "battle"} <= phases


def test_a_group_weighs_as_many_as_it_holds():
    """The noise of a group of k actions is the largest of k draws (u ** (1/k)): with equal scores, a group
    of 3 beats a single action 3 times in 4, and the random half picks uniformly among the 4 actions."""
    player = make_player("risiko", "easy", 0)
    player.rng = random.Random(1)
    wins = sum(draw(player, [0.5, 0.5], [0.0, 0.0], [3, 1])[0] == 0 for _ in range(8000))
    assert 0.72 < wins / 8000 < 0.78
