"""Setup of risiko-piu.txt, section "Setup" steps 2-5, and the board of "Components"."""

from __future__ import annotations

import pytest
from test_risiko_helpers import run

from riskterm.errors import IllegalActionError
from riskterm.rules.risiko import RisikoRules

R = RisikoRules()


def setup_until(s: dict, phase: str) -> dict:
    while s["phase"] != phase:
        s, _ = R.apply(s, R.legal_actions(s)[0])
    return s


def test_board_has_six_empires_and_three_independent_blocks() -> None:
    """'divided into 6 Empires and 44 Territories' ... 'British: 5, French: 6, Ottoman: 6, German: 5, Russian: 6,
    Austro-Hungarian: 5' ... '11 independent territories ... divided into three blocks'."""
    b = R.board
    assert len(b.territories) == 44
    sizes = {r.id: len(r.territories) for r in b.regions if r.kind == "empire"}
    assert sizes == {
        "british": 5,
        "french": 6,
        "ottoman": 6,
        "german": 5,
        "russian": 6,
        "austro_hungarian": 5,
    }
    blocks = sorted(len(r.territories) for r in b.regions if r.kind == "independent")
    assert blocks == [3, 4, 4]
    assert b.extra["reinforcement_track"] == list(range(3, 15))


@pytest.mark.parametrize("seed", range(6))
def test_turn_order_by_die_roll(seed: int) -> None:
    """'The player with the highest score plays first; the others sit to their left in descending order of
    the number rolled. In case of a tie between two players, the roll is repeated.'"""
    s, ev = R.new_game(["A", "B", "C", "D"], seed=seed)
    order, rounds = ev[0].data["order"], ev[0].data["rolls"]
    assert sorted(order) == [0, 1, 2, 3] and s["order"] == order and s["actor"] == order[0]
    first = {int(k): v for k, v in rounds[0].items()}
    for a, b in zip(order, order[1:], strict=False):
        assert first[a] >= first[b]  # descending; ties broken by the repeated rolls


def test_banners_drawn_at_random_one_empire_each() -> None:
    """'The starting player takes, WITHOUT LOOKING, a banner ... The other players ... carry out the same
    operation.'"""
    seen = set()
    for seed in range(12):
        s, ev = R.new_game(["A", "B", "C"], seed=seed)
        assert len(set(s["empire"])) == 3
        assert [e.kind for e in ev[1:4]] == ["banner"] * 3
        assert s["banners"] == [[e] for e in s["empire"]]
        seen.add(tuple(s["empire"]))
    assert len(seen) > 3


def test_fortress_on_a_territory_of_ones_own_empire_in_turn_order() -> None:
    """'places this fortress on any one of the territories of the Empire whose initial appears on the banner
    drawn ... The other players, from left to right, carry out the same operation.'"""
    s, _ = R.new_game(["A", "B", "C"], seed=4)
    for p in s["order"]:
        assert s["phase"] == "fortress" and s["actor"] == p
        emp = R.board.region_by_id[s["empire"][p]]
        foreign = next(t.id for t in R.board.territories if t.id not in emp.territories)
        with pytest.raises(IllegalActionError, match="banner"):
            R.apply(s, f"fortress {foreign}")
        s, _ = R.apply(s, f"fortress {emp.territories[-1]}")
        assert s["fortress"][p] == R.board.index[emp.territories[-1]]
    assert s["phase"] == "claim"


@pytest.mark.parametrize("n,each", [(3, 35), (4, 30), (5, 25), (6, 20)])
def test_starting_armies_and_own_empire_occupied(n: int, each: int) -> None:
    """'3 players: 35 armies ... 4 players: 30 ... 5 players: 25 ... 6 players: 20.' 'Each player occupies,
    with one army, each territory of their own Empire.'"""
    s, _ = R.new_game([f"P{i}" for i in range(n)], seed=n)
    assert s["to_place"] == [each] * n
    s = setup_until(s, "claim")
    for p in range(n):
        mine = [R.board.index[t] for t in R.board.region_by_id[s["empire"][p]].territories]
        assert all(s["owner"][t] == p and s["armies"][t] == 1 for t in mine)
        assert s["to_place"][p] == each - len(mine)
    s = setup_until(s, "hide")
    for p in range(n):  # every army of the initial allocation is on the board
        assert sum(a for a, o in zip(s["armies"], s["owner"], strict=True) if o == p) == each


def test_claim_free_territories_one_army_at_a_time_in_turn() -> None:
    """'Each player, on their turn, places one army on any territory still free on the board. This continues
    until EVERY territory is occupied by an army.'"""
    s, _ = R.new_game(["A", "B", "C"], seed=2)
    s = setup_until(s, "claim")
    order = s["order"]
    taken = next(t.id for t in R.board.territories if s["owner"][t.index] != -1)
    with pytest.raises(IllegalActionError, match="already occupied"):
        R.apply(s, f"claim {taken}")
    actors = []
    while s["phase"] == "claim":
        actors.append(s["actor"])
        s, _ = R.apply(s, R.legal_actions(s)[0])
    assert actors[:6] == order * 2
    assert -1 not in s["owner"] and s["phase"] == "deploy"


def test_then_five_at_a_time_the_last_ones_together() -> None:
    """'Then each player, on their turn, places 5 armies on any one of the territories they occupy ... (The
    last armies, even if fewer than 5, are placed on a SINGLE territory.)'"""
    s, _ = R.new_game(["A", "B", "C"], seed=2)
    s = setup_until(s, "deploy")
    p = s["actor"]
    mine = R.board.tid(s["owner"].index(p))
    with pytest.raises(IllegalActionError, match="Place 5 armies"):
        R.apply(s, f"place {mine} 2")
    sizes: dict[int, list[int]] = {}
    while s["phase"] == "deploy":
        p = s["actor"]
        left = s["to_place"][p]
        s, ev = R.apply(s, R.legal_actions(s)[0])
        sizes.setdefault(p, []).append(ev[0].data["armies"])
        assert ev[0].data["armies"] == min(5, left)
    for got in sizes.values():
        assert all(x == 5 for x in got[:-1]) and 1 <= got[-1] <= 5


def test_hidden_armies_chosen_secretly_not_on_a_fortress() -> None:
    """'Choose in secret a territory on which to strategically place your Hidden Armies ... This may be any
    territory, except one occupied by a fortress.'"""
    s, _ = R.new_game(["A", "B", "C"], seed=5)
    s = setup_until(s, "hide")
    assert s["actor"] == s["first"]
    fort = R.board.tid(s["fortress"][s["order"][1]])
    with pytest.raises(IllegalActionError, match="fortress"):
        R.apply(s, f"hide {fort}")
    enemy = next(
        t.id
        for t in R.board.territories
        if s["owner"][t.index] not in (s["actor"], -1) and t.index not in s["fortress"]
    )
    p = s["actor"]
    s, ev = R.apply(s, f"hide {enemy}")  # any territory, even one held by another player
    assert ev[0].to == p
    other = s["order"][1]
    assert s["actor"] == other  # one seat after another, behind the hand-off screen
    assert R.view(s, other)["hidden"][p] == [{"territory": "?", "used": False, "from": p}]
    assert R.view(s, p)["hidden"][p][0]["territory"] == enemy
    assert "has hidden" in R.presenter().describe(ev[0], R.names(s), other)
    assert enemy in R.presenter().describe(ev[0], R.names(s), p).lower()
    s = setup_until(s, "supply")
    assert s["turn"] == 1 and s["current"] == s["first"]


def test_quick_start_option_still_asks_for_hidden_armies() -> None:
    """Our option: fortresses, claims and armies at random; 'Choose in secret' is still each player's."""
    s, _ = R.new_game(["A", "B", "C", "D"], seed=9, options={"quick_start": True})
    assert s["phase"] == "hide" and -1 not in s["owner"]
    assert all(sum(a for a, o in zip(s["armies"], s["owner"], strict=True) if o == p) == 30 for p in range(4))
    s, _ = run(R, s, *[str(R.legal_actions(s)[0])])
    assert s["phase"] == "hide"
