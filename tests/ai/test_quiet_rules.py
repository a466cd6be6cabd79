"""headless.quiet(rules): the copy `simulate` applies unrecorded games with leaves out the per-roll battle
events, and nothing else: every step gives the same state as the rulebook itself."""

from __future__ import annotations

import pytest

from riskterm.ai import make_player
from riskterm.rules import find_variant
from riskterm.rules.headless import quiet as make_quiet


# (classic's and modern's quiet copies make no events at all: test_classic_silent, test_modern_standing_answers)
@pytest.mark.parametrize("variant, seed, kinds", [("europe", 3, {"roll", "hits"}), ("risiko", 4, {"battle"})])
def test_quiet_rules_give_the_same_states(variant, seed, kinds):
    rules = find_variant(variant)
    quiet = make_quiet(rules)
    assert not quiet.headless.roll_events and rules.headless.roll_events
    s, _ = rules.new_game(["A", "B", "C", "D"], seed)
    players = [make_player(variant, "easy", seed * 10 + i) for i in range(4)]
    dropped = set()
    steps = 0
    while not rules.is_over(s) and steps < 300:
        seat = rules.actor(s)
        a = players[seat].choose(rules, rules.view(s, seat), seat)
        loud, hushed = rules.apply(s, a), quiet.apply(s, a)
        assert hushed.state == loud.state
        left = [e.kind for e in loud.events]
        kept = [e.kind for e in hushed.events]
        assert kept == [k for k in left if k not in kinds] or kept == left
        dropped |= set(left) - set(kept)
        s = loud.state
        steps += 1
    assert dropped and dropped <= kinds  # some roll was fought, and only roll events were left out
