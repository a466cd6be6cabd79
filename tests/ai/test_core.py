"""Computer players see only their seat's view in every rulebook (a spy), the coach advises from
the view alone, and the rulebook players do what the rules reward (fortress garrison, sized attacks, a mix
of units)."""

from __future__ import annotations

import pytest

from riskterm.ai import PACKAGES, make_player, offer
from riskterm.ai.coach import coach
from riskterm.ai.core.board_info import board_info
from riskterm.ai.core.guard import TurnGuard
from riskterm.ai.simulate import house_defaults
from riskterm.ai.strength import wilson
from riskterm.engine.actions import act
from riskterm.rules import available_variants, find_variant

# the rulebooks whose hard level is a search, and its profile
PROFILES = {v: book.profile for v in PACKAGES if (book := offer(v)) is not None and book.profile is not None}

VARIANTS = available_variants()
STEPS = 150  # actions per spied game: setup and a few turns, enough to meet every kind of decision early on


class Spy:
    """Wraps a player and checks that it is handed exactly its seat's view, never the full state."""

    def __init__(self, inner, game):
        self.inner, self.level, self.game, self.calls = inner, inner.level, game, 0

    def choose(self, rules, view, seat):
        self.calls += 1
        full = self.game["state"]
        assert view is not full
        assert view == rules.view(full, seat)
        assert view.get("rng") != full.get("rng") and view.get("seed") is None  # no dice can be foreseen
        return self.inner.choose(rules, view, seat)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("level", ["easy", "hard"])
def test_players_only_see_their_view(variant, level):
    rules = find_variant(variant)
    s, _ = rules.new_game(["A", "B", "C", "D"], 3, house_defaults(rules))
    game = {"state": s}
    spies = [Spy(make_player(variant, level, i), game) for i in range(4)]
    guard = TurnGuard(strict=True, max_seconds=None)
    for _ in range(STEPS):
        seat = rules.actor(game["state"])
        if seat is None:
            break
        a = guard.choose(
            rules, game["state"], seat, spies[seat] if seat < 4 else make_player(variant, "easy")
        )
        game["state"] = rules.apply(game["state"], a).state
    assert sum(sp.calls for sp in spies) > 0


@pytest.mark.parametrize("variant", sorted(PROFILES))
def test_hard_search_only_sees_its_view_mid_game(variant):
    """The hard level's search (riskterm.ai.core.search) is handed the seat's view alone, in the middle of a
    game where it searches (after set-up), and plays on it."""
    rules = find_variant(variant)
    s, _ = rules.new_game(["A", "B", "C", "D"], 4, house_defaults(rules))
    normal = [make_player(variant, "normal", i) for i in range(4)]
    for _ in range(250):  # set-up and a few turns by normal players
        seat = rules.actor(s)
        s = rules.apply(s, normal[seat].choose(rules, rules.view(s, seat), seat)).state
    game = {"state": s}
    spies = [Spy(make_player(variant, "hard", i), game) for i in range(4)]
    guard = TurnGuard(strict=True, max_seconds=None)
    for _ in range(STEPS):
        seat = rules.actor(game["state"])
        if seat is None:
            break
        a = guard.choose(rules, game["state"], seat, spies[seat])
        game["state"] = rules.apply(game["state"], a).state
    assert sum(sp.calls for sp in spies) > 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_coach_gives_a_legal_action_and_a_reason(variant):
    """'what the hard player would do now in the current step and why ..., computed on the player's own view'"""
    rules = find_variant(variant)
    s, _ = rules.new_game(["A", "B", "C", "D"], 5, house_defaults(rules))
    players = [make_player(variant, "normal", i) for i in range(4)]
    for step in range(120):
        seat = rules.actor(s)
        view = rules.view(s, seat)
        if step % 20 == 0:
            a, why = coach(rules, view, seat)
            assert rules.why_illegal(view, a) is None
            assert why.endswith(".") and len(why) > 10
            assert coach(rules, view, seat) == (a, why)  # the same advice when asked again
        s = rules.apply(s, players[seat].choose(rules, view, seat)).state


def test_coach_gives_attack_odds():
    from riskterm.ai.coach import reason

    rules = find_variant("classic")
    s, _ = rules.new_game(["A", "B", "C"], 2, {"quick_start": True})
    info = board_info(rules.board)
    v = rules.view(s, s["current"])
    p = v["current"]
    f = next(t for t, o in enumerate(v["owner"]) if o == p and any(v["owner"][u] != p for u in info.adj[t]))
    t = next(u for u in info.adj[f] if v["owner"][u] != p)
    text = reason(rules, v, p, act("blitz", info.ids[f], info.ids[t], 1))
    assert "%" in text and "Attack" in text


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert 0.40 < lo < 0.41 and 0.59 < hi < 0.60
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_europe_attack_score_counts_the_units_sent():
    """'An attack's score ignores how many units are sent (sending 1 or 9 against 4 defenders scores
    the same)'. Now one footman against four scores below nine."""
    from riskterm.ai.europe import EuropePlayer

    rules = find_variant("europe")
    s, _ = rules.new_game(["A", "B", "C", "D"], 1, {})
    info = board_info(rules.board)
    v = rules.view(s, 0)
    f, t = 0, info.adj[0][0]
    v["owner"][f], v["owner"][t] = 0, 1
    v["units"][f], v["units"][t] = [10, 0, 0, 0], [4, 0, 0, 0]
    pl = EuropePlayer("hard", 1)
    one = pl.attack_score(info, v, 0, f, t, [1, 0, 0, 0], 1.0)
    nine = pl.attack_score(info, v, 0, f, t, [9, 0, 0, 0], 1.0)
    assert nine > one + 0.5


def test_risiko_keeps_its_fortress_garrison():
    """A fortress that falls puts its owner out: above easy, no move leaves it below the threat around it."""
    from riskterm.ai.risiko import RisikoPlayer
    from riskterm.ai.risiko.garrison import garrison_need, my_fortress

    rules = find_variant("risiko")
    players = [make_player("risiko", "normal", i) for i in range(4)]
    s, _ = rules.new_game(["A", "B", "C", "D"], 7, house_defaults(rules))
    info = board_info(rules.board)
    checked = 0
    for _ in range(700):
        seat = rules.actor(s)
        if seat is None:
            break
        view = rules.view(s, seat)
        if view["phase"] in ("main", "occupy", "redistribute") and my_fortress(view, seat) is not None:
            acts = rules.legal_actions(view)
            kept = RisikoPlayer("hard", 0).allowed(rules, view, seat, acts)
            need = garrison_need(info, view, seat)
            f = my_fortress(view, seat)
            for a in kept:
                after = rules.apply(s, a).state if a.kind in ("move", "garrison") else None
                if after is not None and view["armies"][f] >= need:
                    assert after["armies"][f] >= need, a
            checked += 1
        s = rules.apply(s, players[seat].choose(rules, view, seat)).state
    assert checked > 10


def test_modern_buys_a_mix_from_its_games_table():
    rules = find_variant("modern")
    s, _ = rules.new_game(["A", "B", "C", "D"], 4, house_defaults(rules))
    players = [make_player("modern", "normal", i) for i in range(4)]
    bought = set()
    for _ in range(400):
        seat = rules.actor(s)
        view = rules.view(s, seat)
        a = players[seat].choose(rules, view, seat)
        if a.kind == "buy":
            bought.add(a.args[0])
        s = rules.apply(s, a).state
    assert len(bought) >= 3, bought
