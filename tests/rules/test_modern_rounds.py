"""Modern units: setup, buying, placing, credits, the order of play, elimination and victory."""

from __future__ import annotations

from collections import Counter

import pytest
from support import with_dice
from test_modern_units import OLD_READINGS, mix, position, units_at

from riskterm.errors import IllegalActionError
from riskterm.rules.modern import ModernRules, order_roll
from riskterm.rules.modern.units import NU


@pytest.fixture(scope="module")
def r() -> ModernRules:
    return ModernRules()


def end_round(r: ModernRules, s: dict) -> tuple[dict, list]:
    """Seat 0 is playing; everyone ends their turn until the round is over."""
    events = []
    rnd = s["round"]
    while s["round"] == rnd and not r.is_over(s):
        s, ev = r.apply(s, "end")
        events += ev
    return s, events


@pytest.mark.parametrize("n,each,credits", [(3, 14, 42), (4, 10, 35), (5, 8, 32)])
def test_deal_one_humber_each_and_starting_credits(n, each, credits):
    """Setup: 'With 3 players, each receives 14 cards, 4 players each get 10 cards and 5 players get 8 cards,
    leaving any odd territories empty. Now each player takes 1 humber and places it onto each territory'.
    Buying: 'In a 3 player game each person receives 42 credits, with 4 players ... 35 ... 5 ... 32'."""
    r = ModernRules()
    s, ev = r.new_game([f"P{i}" for i in range(n)], seed=7)
    counts = Counter(s["owner"])
    assert all(counts[p] == each for p in range(n))
    assert counts[-1] == 42 - n * each
    for t, o in enumerate(s["owner"]):
        assert s["units"][t] == (mix("1H") if o >= 0 else [0] * NU)
        assert s["armies"][t] == (1 if o >= 0 else 0)
    assert s["credits"] == [credits] * n and s["phase"] == "buy" and s["actor"] == 0
    s2, _ = ModernRules().new_game([f"P{i}" for i in range(n)], seed=8)
    assert s2["owner"] != s["owner"]  # dealt at random


def test_player_count_is_three_to_five():
    """Setup: 'This game is for 3 to 5 players'."""
    r = ModernRules()
    for n in (2, 6):
        with pytest.raises(IllegalActionError):
            r.new_game([f"P{i}" for i in range(n)], seed=1)


def test_buying_spends_credits_and_keeps_the_rest():
    """Buying and placing new units: credits 'will be given to buy additional units'; our reading: credits
    not spent are kept."""
    r = ModernRules()
    s, _ = r.new_game(["A", "B", "C"], seed=3, options=OLD_READINGS)  # the original table's prices
    s, ev = r.apply(s, "buy tank 2")
    assert s["credits"][0] == 32 and s["bought"][0] == mix("2T") and ev[0].data["cost"] == 10
    with pytest.raises(IllegalActionError, match="cost 35 credits"):
        r.apply(s, "buy helicopter 5")
    s, _ = r.apply(s, "buy H 1")  # letters work too
    s, _ = r.apply(s, "done")
    assert s["actor"] == 1 and s["credits"][0] == 30
    assert all(a.kind in ("buy", "done") for a in r.legal_actions(s))


def test_first_placer_by_die_roll_then_one_at_a_time_in_turn(r):
    """Placing newly purchased units: 'Roll 1 die. Whoever rolls the highest number ... places it ...
    Starting from the left of the first player, everyone in turn places one of their units ... until all new
    units are placed ... Whoever placed the first new unit takes the first turn.'"""
    s, _ = r.new_game(["A", "B", "C"], seed=5)
    s, _ = r.apply(s, "buy tank 1")
    s, _ = r.apply(s, "done")
    s, _ = r.apply(s, "buy humber 3")
    s, _ = r.apply(s, "done")
    s, _ = r.apply(s, "done")  # C buys nothing
    assert s["phase"] == "setup"
    first = s["first"]
    placers = []
    with pytest.raises(IllegalActionError):
        r.apply(s, f"place {r.board.tid(s['owner'].index(s['current']))} humber 2")
    while s["phase"] == "setup":
        p = s["current"]
        placers.append(p)
        a = r.legal_actions(s)[0]
        assert a.kind == "place" and a.args[2] == 1
        s, _ = r.apply(s, a)
    expected = {0: [0, 1, 1, 1], 1: [1, 0, 1, 1], 2: [0, 1, 1, 1]}[first]
    assert placers == expected
    assert s["phase"] == "attack" and s["current"] == first and s["round"] == 1
    assert s["order"] == [(first + k) % 3 for k in range(3)]


def test_setup_first_placer_event(r):
    """Placing newly purchased units: 'Roll 1 die. Whoever rolls the highest number'."""
    s, _ = r.new_game(["A", "B", "C"], seed=11)
    for _ in range(3):
        s, ev = r.apply(s, "done")
    fp = [e for e in ev if e.kind == "first_player"][0]
    last = fp.data["rolls"][-1]
    assert max(last.values()) == last[str(fp.data["player"])]
    # nobody bought anything: the first placer starts round 1 at once
    assert s["phase"] == "attack" and s["current"] == fp.data["player"]


def test_credits_from_round_two_territories_and_continents(r):
    """Credits earned in following rounds: 'For each one you receive 2 credits' and 'you will receive credits
    for each continent you control (To control a continent, you must occupy all territories at the start
    of the round.)'"""
    aus = {t: (0, "1H") for t in ("indonesia", "new_guinea", "western_australia", "eastern_australia")}
    sa = {t: (0, "1H") for t in ("venezuela", "peru", "brazil")} | {"argentina": (-1, "")}
    s = position(r, aus | sa, credits=[5, 0, 0])
    mine = s["owner"].count(0)
    s, ev = end_round(r, s)
    rnd = [e for e in ev if e.kind == "round"][0]
    assert rnd.data["income"][0] == 2 * mine + 2  # Australia whole; South America has an empty territory
    assert s["credits"][0] == 5 + 2 * mine + 2 and s["phase"] == "buy" and s["round"] == 4
    assert s["income"] == rnd.data["income"]


def test_order_of_play_rolled_each_round(r):
    """Each of your turns: '3) Rolling dice to determine player order for this round'."""
    s = position(r, {})
    s, _ = end_round(r, s)
    for _ in range(3):
        s, ev = r.apply(s, "done")
    roll = [e for e in ev if e.kind == "roll" and e.data["what"] == "order"][0]
    assert sorted(roll.data["order"]) == [0, 1, 2] and s["order"] == roll.data["order"]
    first = roll.data["rolls"][0]
    assert first[str(roll.data["order"][0])] == max(first.values())
    assert s["current"] == roll.data["order"][0]


def test_order_roll_ties_roll_again():
    """Our reading: the order is highest roll first; tied players roll again among themselves."""

    class Script:
        def __init__(self, rolls: list[int]):
            self.rolls = iter(rolls)

        def die(self) -> int:
            return next(self.rolls)

    order, throws = order_roll(Script([3, 5, 3, 1, 2, 4]), [0, 1, 2, 3])  # type: ignore[arg-type]
    # 1 rolled 5; 0 and 2 tied on 3 (re-roll: 2 then 4 -> seat 2 first); 3 rolled 1
    assert order == [1, 2, 0, 3] and throws == [{"0": 3, "1": 5, "2": 3, "3": 1}, {"0": 2, "2": 4}]


def test_placing_purchases_on_your_own_turn(r):
    """Each of your turns: '4) Placing units' then '5) Attacking'; units go on territories you hold."""
    s = position(
        r,
        {"egypt": (0, "1H"), "peru": (1, "1H"), "north_africa": (0, "1H")},
        bought=[mix("2T"), [0] * NU, [0] * NU],
        phase="place",
    )
    with pytest.raises(IllegalActionError, match="do not hold"):
        r.apply(s, "place peru tank 1")
    with pytest.raises(IllegalActionError, match="cannot move"):
        r.apply(s, "move egypt east_africa 1H")
    s, _ = r.apply(s, "place egypt tank 2")
    assert units_at(s, r, "egypt") == "1H2T" and s["phase"] == "attack"
    s, _ = r.apply(s, "move egypt north_africa 1T")  # placed this turn: may move (our reading)


def test_turn_starts_with_placing_when_units_wait(r):
    s = position(r, {}, bought=[[0] * NU, mix("1C"), [0] * NU])
    s, ev = r.apply(s, "end")
    assert s["current"] == 1 and s["phase"] == "place"


def test_win_with_28_territories_only_at_the_end_of_the_round(r):
    """Object of the game: 'To occupy 28 territories at the end of a round'."""
    ids = [t.id for t in r.board.territories]
    s = position(r, {tid: (0, "1H") for tid in ids[:28]}, rest="spread")
    assert s["owner"].count(0) == 28
    s, _ = r.apply(s, "end")
    assert s["winner"] is None and s["current"] == 1  # mid-round: no win yet
    s, ev = end_round(r, s)
    assert s["winner"] == 0 and s["phase"] == "over" and r.is_over(s)
    assert any(e.kind == "win" for e in ev) and "28 territories" in r.presenter().describe(ev[-1], r.names(s))


def test_27_territories_do_not_win(r):
    """Object of the game: 'To occupy 28 territories'."""
    ids = [t.id for t in r.board.territories]
    s = position(r, {tid: (0, "1H") for tid in ids[:27]})
    s, _ = end_round(r, s)
    assert s["winner"] is None and s["round"] == 4


def test_round_cap_is_a_draw(r):
    """Our reading: a game still running after the round limit is a draw."""
    s = position(r, {}, round=200)
    s, ev = end_round(r, s)
    assert s["draw"] and r.is_over(s) and s["winner"] is None
    assert any(e.kind == "draw_game" for e in ev)


def test_player_without_territories_is_out_and_last_player_wins(r):
    """Our reading: a player holding no territory is out; the last one left wins."""
    s = position(
        r,
        {"egypt": (0, "3T"), "east_africa": (1, "1H")},
        rest="empty",
        bought=[[0] * NU, mix("2T"), [0] * NU],
    )
    s["owner"][r.board.index["peru"]] = 2
    s["units"][r.board.index["peru"]] = mix("1H")
    s["armies"][r.board.index["peru"]] = 1
    s, ev = r.apply(with_dice(s, 1, 6, 6, 6), "attack east_africa egypt 1T")
    assert s["players"][1]["out"] and s["bought"][1] == [0] * NU
    assert any(e.kind == "eliminate" for e in ev) and s["winner"] is None
    s, _ = r.apply(s, "end")
    assert s["current"] == 2  # seat 1 is skipped
    # the last player left wins at once
    s2 = position(r, {"egypt": (0, "2T"), "east_africa": (1, "1H")}, rest="empty", players=3)
    s2["players"] = [dict(p) for p in s2["players"]]
    s2["players"][2]["out"] = True
    s2, ev = r.apply(with_dice(s2, 1, 6), "attack east_africa egypt 1T")
    assert s2["winner"] == 0 and any(e.kind == "win" and e.data["why"] == "last" for e in ev)


def test_player_stats_and_panels(r):
    s = position(r, {"egypt": (0, "1H1T1V")}, credits=[7, 0, 0])
    st = r.presenter().player_stats(s)[0]
    assert st["credits"] == 7 and "1T" in st["units"] and st["order"] == 1
    assert r.presenter().label_of(s, r.board.index["egypt"]) == "3~"
    (
        s["owner"][r.board.index["peru"]],
        s["units"][r.board.index["peru"]],
        s["armies"][r.board.index["peru"]],
    ) = (-1, [0] * NU, 0)
    assert r.presenter().label_of(s, r.board.index["peru"]) == "0"  # an empty territory
    lines = r.presenter().territory_lines(s, r.board.index["egypt"])
    assert lines[0] == "Egypt: P0" and lines[2].split()[:2] == ["1", "Tank"]
    assert (
        r.presenter().arg_label(s, "2H1T") == "2 Humbers, 1 Tank"
        and r.presenter().arg_label(s, "egypt") == "Egypt"
    )
    assert r.presenter().arg_label(s, "tank") == "Tank" and r.presenter().arg_label(s, 3) == "3"
    assert r.presenter().table_lines(s)[0] == "Round 3: ▶P0 → P1 → P2"
    assert r.presenter().private_lines(s, 0)[0] == "Credits: 7"
    assert r.view(s, 1)["rng"] == 0 and r.scores(s)[0] == s["owner"].count(0)


def test_first_turn_goes_to_whoever_placed_the_first_unit(r):
    """Placing newly purchased units: 'Whoever placed the first new unit takes the first turn.' Our reading:
    when the highest roller bought nothing, the next player to their left who did places first."""
    for seed in range(40):
        s, _ = r.new_game(["A", "B", "C"], seed=seed)
        s, _ = r.apply(s, "done")  # A buys nothing
        s, _ = r.apply(s, "buy tank 1")
        s, _ = r.apply(s, "done")
        s, ev = r.apply(s, "done")  # C buys nothing
        fp = [e for e in ev if e.kind == "first_player"][0]
        assert s["first"] == 1 and s["current"] == 1 and s["phase"] == "setup"
        if fp.data["player"] != 1:
            assert "B places first" in r.presenter().describe(fp, r.names(s))
            s, _ = r.apply(s, r.legal_actions(s)[0])
            assert s["phase"] == "attack" and s["current"] == 1 and s["order"] == [1, 2, 0]
            return
    raise AssertionError("no seed where A or C rolled highest")
