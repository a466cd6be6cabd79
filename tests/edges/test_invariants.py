"""Invariant playouts over every rulebook and house option (invariants.py): a short sample in the default suite,
a million checked actions under `slow` (it prints the tally; run with -s to see it)."""

from __future__ import annotations

import pytest
from invariants import VARIANTS, Tally, classic_hands, common, option_sets, playout, run

from riskterm.rules import variant_class


def test_a_short_game_of_every_rulebook_keeps_the_invariants() -> None:
    tally = Tally()
    for i, v in enumerate(VARIANTS):
        opts = option_sets(v)
        playout(v, variant_class(v).min_players + 1, 7 + i, opts[-1], tally, budget=100)
    assert tally.actions >= 4 * 80 and tally.violations == []


def test_the_checks_see_what_they_look_for(classic) -> None:
    """A planted fault of each kind is reported (the checks are not vacuous)."""
    s, _ = classic.new_game(["A", "B", "C"], seed=1, options={"quick_start": True})
    s = dict(s, phase="attack", current=0, actor=0, resume=None)
    s["hands"] = [["alaska", "peru", "ural", "brazil", "wild1", "wild2"], [], []]
    assert any("while attacking" in p for p in classic_hands(s))
    s = dict(s, phase="fortify", card_drawn=False)
    assert any("while fortifying" in p for p in classic_hands(s))
    players = [dict(p) for p in s["players"]]
    players[1]["out"] = True
    assert any("out but owns" in p for p in common(classic, dict(s, players=players)))


@pytest.mark.slow
def test_a_million_checked_actions_break_no_invariant() -> None:
    tally = run(1_000_000)
    print("\n" + tally.line())
    for why in sorted(tally.skipped):
        print("  skipped: " + why)
    assert tally.actions >= 1_000_000 and tally.violations == [], tally.violations[:20]
