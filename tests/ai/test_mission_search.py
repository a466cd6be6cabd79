"""Hard's search in the goal modes (Secret Mission Risk, Assassin): each play-out starts from one guess at what the seat's view hides (its
rivals' missions drawn from what it has seen them conquer, the hidden cards dealt from those it has not seen)
and runs on through the rivals' turns, so a rival finishing its mission before hard's next turn shows."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from helpers import position

from riskterm.ai import make_player
from riskterm.ai.classic.guess import guessed
from riskterm.ai.classic.mission_rivals import Watch
from riskterm.ai.core.board_info import board_info
from riskterm.rules.classic import ClassicRules
from riskterm.rules.classic.missions import OPTIONS
from riskterm.rules.classic.state import WILDS

NA_AUS = {"card": "continents", "regions": ["north_america", "australia"], "third": False}
ASIA_AFRICA = {"card": "continents", "regions": ["asia", "africa"], "third": False}
DESTROY_2 = {"card": "destroy", "target": 2}
EUROPE_SA = {"card": "continents", "regions": ["europe", "south_america"], "third": True}


@pytest.fixture(scope="module")
def rules() -> ClassicRules:
    return ClassicRules()


def game(rules: ClassicRules, missions: list[dict[str, Any]], hands: list[list[str]]) -> dict[str, Any]:
    """Four seats in a mission game, seat 0 to place; cards in hand, three traded, the rest in the deck."""
    s = position(rules, {"alaska": 0, "alberta": 1, "peru": 2, "egypt": 3}, {"alaska": 5}, default_owner=3)
    s["players"] = [dict(s["players"][0], name=n) for n in ("Ann", "Bob", "Cid", "Dee")]
    s["options"] = {**s["options"], "mode": "missions", **{k: c[0] for k, _, c in OPTIONS}}
    s["missions"] = missions
    s.update(phase="reinforce", current=0, actor=0, reserve=3)
    discard = ["india", "siam", "ural"]
    held = {c for h in hands for c in h} | set(discard)
    s["hands"], s["discard"] = hands, discard
    s["deck"] = [c for c in (*(t.id for t in rules.board.territories), *WILDS) if c not in held]
    return s


HANDS = [["alaska", "peru"], ["wild1", "brazil", "china"], [], ["egypt"]]


def guess(rules: ClassicRules, s: dict[str, Any], stream: int) -> dict[str, Any]:
    info = board_info(rules.board)
    view = rules.view(s, 0)
    watch = Watch(seat=0)
    watch.see(info, view, 0)
    return guessed(info, view, 0, random.Random(stream), watch)


def test_a_guess_fills_every_rivals_mission_and_every_hidden_card(rules: ClassicRules) -> None:
    """'the missions are secret' and 'Other hands and the deck as ? cards' in a seat's view: the search's guess
    gives each rival one mission card of the game's deck (no card twice, never the seat's own) and deals the
    hidden cards from those the seat has not seen, the count in each hand as the view shows it."""
    s = game(rules, [NA_AUS, ASIA_AFRICA, DESTROY_2, EUROPE_SA], HANDS)
    view = rules.view(s, 0)
    assert view["missions"][1:] == [None, None, None]
    for stream in range(20):
        g = guess(rules, s, stream)
        assert g["missions"][0] == NA_AUS
        rivals = g["missions"][1:]
        assert all(m is not None for m in rivals)
        assert NA_AUS not in rivals
        assert len({repr(m.get("was", m)) for m in rivals}) == 3
        assert g["hands"][0] == HANDS[0] and [len(h) for h in g["hands"]] == [len(h) for h in HANDS]
        dealt_cards = [c for h in g["hands"] for c in h] + g["deck"] + g["discard"]
        assert "?" not in dealt_cards
        assert Counter(dealt_cards) == Counter([*(t.id for t in rules.board.territories), *WILDS])
        assert g["deck"] != view["deck"] and g["owner"] == view["owner"]


def test_a_guess_reads_nothing_the_view_hides(rules: ClassicRules) -> None:
    """'Randomness comes from the state and is never derivable from what a player may see', and the other way
    round: the guess depends on the seat's view and the search's stream alone, not on the real missions,
    hands or deck order of the other seats."""
    one = game(rules, [NA_AUS, ASIA_AFRICA, DESTROY_2, EUROPE_SA], HANDS)
    hands = [HANDS[0], ["wild2", "japan", "congo"], [], ["argentina"]]
    other = game(rules, [NA_AUS, EUROPE_SA, ASIA_AFRICA, DESTROY_2], hands)
    other["deck"].reverse()
    assert rules.view(one, 0)["hands"] == rules.view(other, 0)["hands"]
    for stream in (1, 2, 3):
        assert guess(rules, one, stream) == guess(rules, other, stream)
    assert guess(rules, one, 1) != guess(rules, one, 2)


def test_a_rival_seen_conquering_a_continent_is_guessed_to_hold_its_card(rules: ClassicRules) -> None:
    """The guess follows the seat's belief: a rival seen taking North America and Australia again and again is
    dealt that card in most guesses."""
    s = game(rules, [ASIA_AFRICA, NA_AUS, DESTROY_2, EUROPE_SA], HANDS)
    info = board_info(rules.board)
    view = rules.view(s, 0)
    watch = Watch(seat=0)
    watch.see(info, view, 0)
    watch.logs[1] = [6.0 if c == NA_AUS else 0.0 for c in watch.cards]
    got = [guessed(info, view, 0, random.Random(k), watch)["missions"][1] for k in range(40)]
    assert sum(1 for m in got if m == NA_AUS) >= 36


def test_hard_plays_its_mission_searches_through_the_rivals_turns(rules: ClassicRules) -> None:
    """Hard's search in a mission game plays each candidate on through the rivals' turns, from a guess at
    their missions; in world conquest it plays a candidate to its own next decision, on its view as it is."""
    s = game(rules, [NA_AUS, ASIA_AFRICA, DESTROY_2, EUROPE_SA], HANDS)
    view = rules.view(s, 0)
    hard = make_player("classic", "hard", 3)
    hard.choose(rules, view, 0)
    base = hard.base
    assert base.horizon(view) == "round"
    assert None not in base.determinized(rules, view, 0, 11)["missions"]
    world = dict(view, options={**view["options"], "mode": "world"})
    world.pop("missions")
    fresh = make_player("classic", "hard", 3)
    fresh.choose(rules, world, 0)
    assert fresh.base.horizon(world) is None and fresh.base.determinized(rules, world, 0, 11) is world


def test_an_assassin_guess_is_a_ring_through_the_seat_and_its_target(rules: ClassicRules) -> None:
    """Assassin: 'the seats are put in a random ring and each hunts the next, so every player is hunted by
    exactly one other': each guess is such a ring of the seats still in, with the seat's own target as dealt,
    and the hidden targets are never read."""
    s = position(rules, {"alaska": 0, "alberta": 1, "peru": 2, "egypt": 3}, {"alaska": 5}, default_owner=4)
    s["players"] = [
        dict(s["players"][0], name=n, out=(n == "Eve")) for n in ("Ann", "Bob", "Cid", "Dee", "Eve")
    ]
    s["options"] = {**s["options"], "mode": "assassin"}
    s["targets"] = [2, 3, 1, 0, None]
    s.update(phase="reinforce", current=0, actor=0, reserve=3)
    view = rules.view(s, 0)
    assert view["targets"] == [2, None, None, None, None]
    info = board_info(rules.board)
    rings = set()
    for stream in range(30):
        t = guessed(info, view, 0, random.Random(stream), None)["targets"]
        assert t[0] == 2 and t[4] is None
        seen, q = [], 0
        for _ in range(4):
            seen.append(q)
            q = t[q]
        assert q == 0 and sorted(seen) == [0, 1, 2, 3]
        rings.add(tuple(t))
        other = dict(s, targets=[2, 0, 3, 1, None])
        assert guessed(info, rules.view(other, 0), 0, random.Random(stream), None) == guessed(
            info, view, 0, random.Random(stream), None
        )
    assert len(rings) == 2  # 0 -> 2, then 1 and 3 in either order
