"""Computer players of every level play whole games choosing only legal actions from their seat's view
('They see only what their seat may see ... and choose only among legal actions')."""

from __future__ import annotations

import pytest

from riskterm.ai import LEVELS, make_player
from riskterm.ai.core.guard import TurnGuard
from riskterm.ai.simulate import play_game
from riskterm.errors import RiskError
from riskterm.rules import available_variants, find_variant

VARIANTS = available_variants()
OTHER = [v for v in VARIANTS if v != "classic"]


def test_make_player_levels():
    for lv in LEVELS:
        assert make_player("classic", lv, 1).level == lv
    with pytest.raises(RiskError):
        make_player("classic", "genius", 1)


@pytest.mark.parametrize("level", LEVELS)
def test_classic_whole_game_strictly_legal(level):
    s = play_game(
        "classic", [level, "easy", "normal", "hard"], seed=11, guard=TurnGuard(strict=True, max_seconds=None)
    )
    assert s.rules.is_over(s.state)


def test_classic_two_players_with_neutral():
    s = play_game("classic", ["hard", "easy"], seed=4, guard=TurnGuard(strict=True, max_seconds=None))
    st = s.state
    w = st["winner"]
    # a real result: not a draw, one of the two people won (never the neutral seat 2), the other is out
    assert s.rules.is_over(st) and not st["draw"] and w in (0, 1) and s.rules.winner(st) == w
    assert st["players"][1 - w]["out"] and not st["players"][w]["out"] and st["players"][2]["neutral"]


class Spy:
    """Wraps a player and checks that it is only ever shown its own seat's view."""

    def __init__(self, inner):
        self.inner, self.level, self.calls = inner, inner.level, 0

    def choose(self, rules, view, seat):
        self.calls += 1
        assert view["rng"] == 0
        for i, hand in enumerate(view.get("hands") or []):
            if i != seat:
                assert all(c == "?" for c in hand)
        return self.inner.choose(rules, view, seat)


def test_players_see_only_their_view():
    rules = find_variant("classic")
    s, _ = rules.new_game(["A", "B", "C"], seed=2, options={"quick_start": True})
    spies = [Spy(make_player("classic", "hard", i)) for i in range(3)]
    guard = TurnGuard(strict=True, max_seconds=None)
    for _ in range(400):
        if rules.is_over(s):
            break
        seat = rules.actor(s)
        s = rules.apply(s, guard.choose(rules, s, seat, spies[seat])).state
    assert sum(sp.calls for sp in spies) > 100


@pytest.mark.parametrize("variant", OTHER)
@pytest.mark.parametrize("level", LEVELS)
def test_other_rulebooks_play_legally(variant, level):
    """A few hundred actions of every rulebook that has landed, every level, strictly legal."""
    rules = find_variant(variant)
    n = max(rules.min_players, min(4, rules.max_players))
    s, _ = rules.new_game([f"P{i}" for i in range(n)], seed=5)
    players = [make_player(variant, level, i) for i in range(n)]
    guard = TurnGuard(strict=True, max_seconds=None)
    for _ in range(300):
        if rules.is_over(s):
            break
        seat = rules.actor(s)
        s = rules.apply(s, guard.choose(rules, s, seat, players[seat])).state
