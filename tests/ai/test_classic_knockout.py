"""Hard's knock-outs in world conquest (riskterm/ai/classic/sweep.py): a route from one stack through every
territory of a rival holding cards, the reinforcements on that stack, and attacks and move-ins along the route.
A rival knocked out hands its cards to the one who takes its last territory ("you get all of the cards that
player held", classic-risk.txt, Eliminating an Opponent)."""

from __future__ import annotations

import math

from helpers import position

from riskterm.ai.classic import OFFER
from riskterm.ai.classic.player import ClassicPlayer, exposed
from riskterm.ai.classic.sweep import BRANCH_SURE, SPREAD, best_route, move_in, next_attack, take_cost, tree
from riskterm.ai.core.board_info import board_info
from riskterm.ai.core.explain import explain as explain_with
from riskterm.engine.actions import Action

CARDS = ["ukraine", "ural", "peru"]


def _hunt(classic, ukraine: int, **kw):
    """Seat 2 holds Siberia and Yakutsk (2 armies each) and three cards; seat 0 holds Ukraine; every other
    territory is seat 1's with one army (the Urals lie between)."""
    s = position(
        classic,
        {"ukraine": 0, "siberia": 2, "yakutsk": 2},
        {"ukraine": ukraine, "siberia": 2, "yakutsk": 2},
        default_owner=1,
        **kw,
    )
    s["hands"][2] = list(CARDS)
    return s


def test_a_route_reaches_every_territory_of_the_rival_from_one_stack(classic):
    """Ukraine -> Urals -> Siberia -> Yakutsk: the Urals are on the way, each territory taken from the one before."""
    s = _hunt(classic, 20)
    info, ix = board_info(classic.board), classic.board.index
    route = tree(info, s["owner"], s["armies"], 0, 2, ix["ukraine"], 99.0)
    assert route is not None
    assert route.parent == {
        ix["ural"]: ix["ukraine"],
        ix["siberia"]: ix["ural"],
        ix["yakutsk"]: ix["siberia"],
    }
    assert route.cost == take_cost(1) + 2 * take_cost(2)
    assert tree(info, s["owner"], s["armies"], 0, 2, ix["ukraine"], 3.0) is None  # past the limit


def test_hard_places_its_reserve_where_the_route_starts(classic):
    """With 4 armies on Ukraine and 8 to place, the knock-out is in reach only with all 8 there."""
    s = _hunt(classic, 4, phase="reinforce", reserve=8)
    info = board_info(classic.board)
    assert best_route(info, s, 0, 0) is None
    a = ClassicPlayer("hard", 1).choose(classic, s, 0)
    assert a.kind == "place" and a.args == ("ukraine", 8)


def test_hard_attacks_along_the_route_and_keeps_what_the_other_branch_needs(classic):
    """Hard attacks the Urals from its stack; after taking them it moves on with what lies beyond and, where
    two branches leave one territory, keeps what the other still needs."""
    s = _hunt(classic, 20)
    info, ix = board_info(classic.board), classic.board.index
    player = ClassicPlayer("hard", 1)
    a = player.choose(classic, s, 0)
    assert a.kind == "attack" and a.args[:2] == ("ukraine", "ural")
    route = best_route(info, s, 0, 0)
    assert route is not None and next_attack(route, s["owner"], s["armies"], 0, info.adj) == (
        ix["ukraine"],
        ix["ural"],
    )


def test_where_the_route_branches_the_move_in_keeps_what_the_other_branch_needs(classic):
    """Seat 2 holds the Urals, Siberia and Afghanistan (5 armies): from Ukraine one branch runs through the
    Urals to Siberia, the other is Afghanistan. Taking the Urals moves in what Siberia needs and leaves in
    Ukraine what Afghanistan needs, with a margin for the dice as the route's start has."""
    s = position(
        classic,
        {"ukraine": 0, "ural": 2, "siberia": 2, "afghanistan": 2},
        {"ukraine": 30, "ural": 0, "siberia": 2, "afghanistan": 5},
        default_owner=1,
    )
    s["hands"][2] = list(CARDS)
    info, ix = board_info(classic.board), classic.board.index
    route = best_route(info, s, 0, 0)
    assert route is not None and route.parent[ix["afghanistan"]] == ix["ukraine"]
    owner = list(s["owner"])
    owner[ix["ural"]] = 0
    n = move_in(route, owner, s["armies"], 0, ix["ukraine"], ix["ural"], 3, 29)
    behind = take_cost(5)  # Afghanistan's mean, and one standard deviation of its losses
    assert n == 29 - math.ceil(behind + BRANCH_SURE * math.sqrt(SPREAD * behind))
    assert move_in(route, owner, s["armies"], 0, ix["ukraine"], ix["ural"], 3, 4) == 3  # too few: by share


def test_a_rival_without_cards_and_with_land_is_not_hunted(classic):
    """Nothing to take but land: no route (the stack is not spread thin for it)."""
    s = _hunt(classic, 20)
    s["hands"][2] = []
    s["owner"][classic.board.index["kamchatka"]] = 2
    assert best_route(board_info(classic.board), s, 0, 0) is None


def test_a_kept_set_is_traded_when_its_armies_make_the_knock_out(classic):
    """On the growing scale hard keeps a set for later, but trades it at once when the set's armies bring a
    rival's knock-out within reach this turn."""
    s = _hunt(classic, 2, phase="reinforce", reserve=3, sets_traded=6)
    s["hands"][0] = ["alaska", "alberta", "western_united_states"]  # three infantry
    player = ClassicPlayer("hard", 1)
    a = player.choose(classic, s, 0)
    assert a.kind == "trade"


def test_a_seat_is_exposed_when_a_rival_could_take_all_its_land(classic):
    """Seat 2's two territories cost about 5 armies to take: seat 1's 40 territories of one army (39 to
    attack with, less one each) and its income could; with 30 armies on each of seat 2's, no rival could."""
    s = _hunt(classic, 20)
    assert exposed(s, 2, 1.0)
    ix = classic.board.index
    s["armies"][ix["siberia"]] = s["armies"][ix["yakutsk"]] = 30
    assert not exposed(s, 2, 1.0)


def test_the_coach_says_whom_the_route_knocks_out_and_what_it_brings(classic):
    """The coach (h) words a placing on a route's start, and an attack along it, as the knock-out it is."""
    s = _hunt(classic, 4, phase="reinforce", reserve=8)
    s["players"][2]["name"] = "Cid"
    info = board_info(classic.board)
    text = explain_with(info, s, 0, Action("place", ("ukraine", 8)), str, OFFER.reasons)
    assert text.startswith("Knock Cid out this turn: from ukraine through all 2 of Cid's territories")
    assert text.endswith("Cid's 3 cards become yours.")
    s = _hunt(classic, 20)
    s["players"][2]["name"] = "Cid"
    assert explain_with(info, s, 0, Action("attack", ("ukraine", "ural", 3)), str, OFFER.reasons).startswith(
        "Knock Cid out this turn"
    )


def test_a_route_whose_attacker_is_spent_goes_on_from_another_stack_next_to_its_target(classic):
    """Seat 2's last territory, Siberia, was to be taken from the Urals; the fight for the Urals left one army
    there (Yakutsk, taken, holds one too). Hard's stack in Mongolia borders Siberia: the route goes on from there rather than leaving Siberia,
    and seat 2's cards, to the next rival to come by."""
    s = _hunt(classic, 20)
    info, ix = board_info(classic.board), classic.board.index
    route = best_route(info, s, 0, 0)
    assert route is not None and route.parent[ix["siberia"]] == ix["ural"]
    owner, armies = list(s["owner"]), list(s["armies"])
    owner[ix["ural"]], armies[ix["ural"]], armies[ix["ukraine"]] = 0, 1, 1
    owner[ix["yakutsk"]], armies[ix["yakutsk"]] = 0, 1
    assert (
        next_attack(route, owner, armies, 0, info.adj) is None
    )  # nothing of ours next to Siberia can attack
    owner[ix["mongolia"]], armies[ix["mongolia"]] = 0, 9
    assert next_attack(route, owner, armies, 0, info.adj) == (ix["mongolia"], ix["siberia"])
