"""How the classic computer players' big stacks sweep (riskterm/ai/classic/front.py): towards the player cheapest
to knock out, splitting where a conquest leaves enemies on both sides, never left deep inside their own land.
Without it four normal players' games on a 100- or 250-territory board hardly ended (stacks wandered off after
the weakest territory next to them, or stood where their sweep ran out, one step a turn from the front)."""

from __future__ import annotations

import pytest
from helpers import position

from riskterm.ai import make_player
from riskterm.ai.classic.front import hunt_distance, split_move, victim
from riskterm.ai.classic.plan import NORMAL, best_attack
from riskterm.ai.core.board_info import board_info

AUSTRALIA = ("indonesia", "new_guinea", "western_australia", "eastern_australia")


def test_a_sure_sweep_heads_for_the_player_cheapest_to_knock_out(classic):
    """Ukraine's stack takes any neighbour for sure; seat 2 holds only Siberia, Yakutsk and Kamchatka, beyond
    the Urals: the plan's pick (Scandinavia, the first of equals) is left for the Urals. (Seat 2 holds no card
    and three territories: no knock-out route is planned, sweep.py; the sweep still heads its way.)"""
    s = position(
        classic, {"ukraine": 0, "siberia": 2, "yakutsk": 2, "kamchatka": 2}, {"ukraine": 30}, default_owner=1
    )
    info, ix = board_info(classic.board), classic.board.index
    assert victim(s["owner"], s["armies"], s["players"], 0) == 2
    assert best_attack(info, s, 0, NORMAL, None) == (ix["ukraine"], ix["scandinavia"])
    a = make_player("classic", "normal", 1).choose(classic, s, 0)
    assert a.kind == "blitz" and a.args[:2] == ("ukraine", "ural")
    dist = hunt_distance(info, s["owner"], 0, 2)
    assert dist[ix["ural"]] == 1 and dist[ix["afghanistan"]] == 2 and dist[ix["siberia"]] == 0


def test_the_hunt_stops_once_the_planned_target_is_reached_and_agrees_before_it(classic):
    """A sweep compares its neighbours' steps with its planned target's only: the search may stop there (it
    runs at each sure fight of every play-out), and every territory nearer reads as the full search has it,
    every other at least as far as the target."""
    s = position(
        classic, {"ukraine": 0, "siberia": 2, "yakutsk": 2, "kamchatka": 2}, {"ukraine": 30}, default_owner=1
    )
    info, ix = board_info(classic.board), classic.board.index
    full = hunt_distance(info, s["owner"], 0, 2)
    for until in (ix["scandinavia"], ix["ural"], ix["siberia"], ix["argentina"]):
        cut = hunt_distance(info, s["owner"], 0, 2, until=until)
        assert cut[until] == full[until]
        assert all(c == f if f < full[until] else c >= full[until] for c, f in zip(cut, full, strict=True))


def test_a_fight_that_is_not_sure_keeps_the_plans_pick(classic):
    """With 3 armies (two to attack with) nothing is sure: the attack is the plan's own."""
    s = position(
        classic, {"ukraine": 0, "siberia": 2, "yakutsk": 2, "kamchatka": 2}, {"ukraine": 3}, default_owner=1
    )
    a = make_player("classic", "normal", 1).choose(classic, s, 0)
    assert a.args[:2] == ("ukraine", "scandinavia")


def _conquered(classic, armies: int):
    """Ukraine (seat 0) has just taken the Urals; enemies with one army all round both."""
    s = position(classic, {"ukraine": 0, "ural": 0}, {"ukraine": armies + 1, "ural": 0}, default_owner=1)
    ix = classic.board.index
    return s, ix["ukraine"], ix["ural"]


def test_a_big_stack_splits_by_the_enemies_on_each_side(classic):
    """Five enemy neighbours left at Ukraine (15 to beat, two more a territory), three at the Urals (9): of 60
    armies Ukraine keeps 60 * 15 / 24 = 37 and 23 move in; a stack of 20 does not split (the level's own rule)."""
    info = board_info(classic.board)
    s, f, t = _conquered(classic, 60)
    assert split_move(info, s["owner"], s["armies"], 0, f, t, 3, 60) == 23
    s, f, t = _conquered(classic, 20)
    assert split_move(info, s["owner"], s["armies"], 0, f, t, 3, 20) is None


def test_a_sweep_that_ran_out_leaves_the_stack_nearer_the_enemy(classic):
    """All of Australia and Siam are seat 0's: from New Guinea (3 steps from the enemy) into Eastern Australia (4)
    only the dice move; the other way round everything moves."""
    info, ix = board_info(classic.board), classic.board.index
    owners = {x: 0 for x in (*AUSTRALIA, "siam")}
    s = position(classic, owners, {"new_guinea": 21, "eastern_australia": 0}, default_owner=1)
    ng, ea = ix["new_guinea"], ix["eastern_australia"]
    assert split_move(info, s["owner"], s["armies"], 0, ng, ea, 3, 20) == 3
    s = position(classic, owners, {"eastern_australia": 21, "new_guinea": 0}, default_owner=1)
    assert split_move(info, s["owner"], s["armies"], 0, ea, ng, 3, 20) == 20


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_stack_left_behind_the_front_walks_back_to_it(classic, level):
    """Nothing to attack (Siam's one army faces 30s): easy, too, stops attacking to move the stack in Eastern
    Australia a step towards Siam."""
    owners = {x: 0 for x in (*AUSTRALIA, "siam")}
    s = position(classic, owners, {"eastern_australia": 20, "china": 30, "india": 30}, default_owner=1)
    player = make_player("classic", level, 1)
    assert player.choose(classic, s, 0).kind == "stop"
    s = dict(s, phase="fortify")
    a = player.choose(classic, s, 0)
    assert (
        a.kind == "fortify"
        and a.args[0] == "eastern_australia"
        and a.args[1] in ("new_guinea", "western_australia")
    )
    assert a.args[2] == 19


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1])
def test_four_normal_players_finish_a_game_on_a_100_territory_board(seed):
    """`riskterm new-map --seed 1 --territories 100`: a winner well before 200 player-turns (in bench/big_boards.py's
    40 games the longest took 61; before the sweeps the median was 148, the longest 448)."""
    from riskterm.ai.simulate import play_game
    from riskterm.board.generate import board_document, generate
    from riskterm.board.loader import board_from_text
    from riskterm.board.writer import board_yaml

    board = board_from_text(board_yaml(board_document(generate(1, 100))), "gen100")
    session = play_game("classic", ["normal"] * 4, seed, {"turn_cap": 200}, record=False, board=board)
    assert session.rules.winner(session.state) is not None
