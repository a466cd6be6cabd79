"""Turn rules of classic-risk.txt: reinforcements, attacking, capturing, fortifying, winning."""

import pytest
from helpers import position, rng_rolling

from riskterm.engine.dice import resolve
from riskterm.errors import IllegalActionError

NA = [
    "alaska",
    "northwest_territory",
    "alberta",
    "western_united_states",
    "central_america",
    "greenland",
    "ontario",
    "quebec",
    "eastern_united_states",
]


@pytest.mark.parametrize("n,expected", [(11, 3), (14, 4), (17, 5), (5, 3), (8, 3), (9, 3)])
def test_territories_divided_by_three_at_least_three(classic, n, expected):
    """'11 territories= 3 armies, 14 territories= 4 armies, 17 territories= 5 armies. You will always recieve at
    LEAST 3 ARMIES'. (No continent held here.)"""
    names = [
        "alaska",
        "greenland",
        "iceland",
        "japan",
        "madagascar",
        "peru",
        "siam",
        "egypt",
        "ural",
        "india",
        "china",
        "ukraine",
        "congo",
        "brazil",
        "ontario",
        "yakutsk",
        "scandinavia",
    ]
    s = position(classic, {t: 0 for t in names[:n]}, default_owner=1)
    assert classic.base_reinforcements(s, 0) == expected


def test_continent_bonuses(classic):
    """'South America : 2 ... North America : 5 ... Asia : 7' - held at the start of the turn."""
    s = position(classic, {t: 0 for t in NA + ["venezuela", "peru", "brazil", "argentina"]}, default_owner=1)
    assert classic.base_reinforcements(s, 0) == 13 // 3 + 5 + 2
    assert {r.id: r.bonus for r in classic.board.regions} == {
        "north_america": 5,
        "south_america": 2,
        "europe": 5,
        "africa": 3,
        "asia": 7,
        "australia": 2,
    }


def test_place_before_attacking(classic):
    """'Place the new armies on any territory you already occupy' before attacking."""
    s = position(classic, {"alaska": 0, "kamchatka": 1}, {"alaska": 5}, phase="reinforce", reserve=3)
    with pytest.raises(IllegalActionError):
        classic.apply(s, "attack alaska kamchatka 3")
    with pytest.raises(IllegalActionError, match="do not hold"):
        classic.apply(s, "place kamchatka 1")
    with pytest.raises(IllegalActionError, match="only 3"):
        classic.apply(s, "place alaska 4")
    s, _ = classic.apply(s, "place alaska 2")
    assert s["reserve"] == 1 and s["phase"] == "reinforce"
    s, _ = classic.apply(s, "place alaska 1")
    assert s["phase"] == "attack" and s["armies"][classic.board.index["alaska"]] == 8


def test_adjacency_examples_from_the_rulebook(classic):
    """'greenland may attack the Northwest Territory, Ontario, Quebec and Iceland. North Africa may attack Egypt,
    Western Europe and Brazil ... Alaska is considered adjacent to ... Kamchatka'."""
    b = classic.board
    adj = {t.id: {b.tid(i) for i in b.adj[t.index]} for t in b.territories}
    assert adj["greenland"] == {"northwest_territory", "ontario", "quebec", "iceland"}
    assert {"egypt", "western_europe", "brazil"} <= adj["north_africa"]
    assert "kamchatka" in adj["alaska"]


def test_attack_needs_two_armies_and_adjacency(classic):
    """'You Must always have at least two armies in the territory you're attacking from'; 'You may only attack a
    territory that's adjacent ... or connected to it by a dashed line'."""
    s = position(classic, {"alaska": 0, "kamchatka": 1, "alberta": 1, "peru": 1}, {"alaska": 1})
    with pytest.raises(IllegalActionError, match="at least 2 armies"):
        classic.apply(s, "attack alaska kamchatka 1")
    s["armies"] = list(s["armies"])
    s["armies"][classic.board.index["alaska"]] = 4
    with pytest.raises(IllegalActionError, match="not next to"):
        classic.apply(s, "attack alaska peru 1")
    classic.apply(s, "attack alaska kamchatka 3")  # sea-line counts


def test_attack_dice_need_one_more_army(classic):
    """'you must have at least one more army in your territory than the number of dice you roll'. The notes:
    'Your territory has 5 armies ... You may attack with up to 4 armies'."""
    s = position(classic, {"alaska": 0, "alberta": 1}, {"alaska": 3, "alberta": 3})
    with pytest.raises(IllegalActionError, match="at least 4 armies"):
        classic.apply(s, "attack alaska alberta 3")
    classic.apply(s, "attack alaska alberta 2")
    with pytest.raises(IllegalActionError, match="1, 2 or 3"):
        classic.apply(dict(s, armies=[9] * 42), "attack alaska alberta 4")


@pytest.mark.parametrize(
    "att,dfn,losses",
    [
        (
            [3, 2, 5],
            [2, 5],
            (1, 1),
        ),  # notes: '5 against 5 goes to the defender' ... 'Each player loses 1 troop'
        ([4, 6, 5], [5, 4], (0, 2)),  # notes: '6 goes against 5 ... Defender loses two troops'
        ([3, 3, 5], [6, 3], (2, 0)),  # notes: '6 goes against 5' ... 'Attacker loses two troops'
        ([6], [6, 1], (1, 0)),  # 'In case of a tie, the defender always wins'
        ([2, 2], [1], (0, 1)),
    ],
)
def test_worked_battle_examples(att, dfn, losses):
    """classic-risk-notes.txt worked examples and 'compare the highest die each of you rolled ... compare the two
    next-highest dice'; 'The attacker can never lose more than 2 armies on a single roll'."""
    assert resolve(att, dfn) == losses


def test_defender_rolls_two_dice_with_two_armies(classic):
    """'To roll 2 dice, he of she must have at least 2 armies on the territory under attack'."""
    s = position(
        classic, {"alaska": 0, "alberta": 1, "kamchatka": 1}, {"alaska": 9, "alberta": 2, "kamchatka": 1}
    )
    _, ev = classic.apply(s, "attack alaska alberta 3")
    assert len(ev[0].data["dfn"]) == 2 and len(ev[0].data["att"]) == 3
    _, ev = classic.apply(s, "attack alaska kamchatka 3")
    assert len(ev[0].data["dfn"]) == 1


def test_capture_moves_at_least_the_dice_rolled_leaving_one(classic):
    """'move in at least as many armies as the number of dice you rolled in your last battle ... you must always
    leave at least one army behind'."""
    s = position(
        classic, {"alaska": 0, "alberta": 1}, {"alaska": 6, "alberta": 1}, rng=rng_rolling([6, 6, 6], [1])
    )
    s, ev = classic.apply(s, "attack alaska alberta 3")
    assert s["phase"] == "occupy" and [e.kind for e in ev] == ["battle", "conquer"]
    with pytest.raises(IllegalActionError, match="at least 3"):
        classic.apply(s, "move 2")
    with pytest.raises(IllegalActionError, match="at most 5"):
        classic.apply(s, "move 6")
    s, _ = classic.apply(s, "move 4")
    i, j = classic.board.index["alaska"], classic.board.index["alberta"]
    assert (s["armies"][i], s["armies"][j], s["owner"][j], s["phase"]) == (2, 4, 0, "attack")
    # 'attacking ... even if you are attacking from a territory you just conquered'
    assert classic.why_illegal(s, classic.legal_actions(s)[0]) is None
    assert any(a.args and a.args[0] == "alberta" for a in classic.legal_actions(s))


def test_one_card_only_after_a_conquest(classic):
    """'at the end of any turn in which you have captured at least one territory, you will earn ONE (and only
    one) RISK card'."""
    s = position(
        classic,
        {"alaska": 0, "alberta": 1, "ontario": 1},
        {"alaska": 9, "alberta": 1, "ontario": 1},
        rng=rng_rolling([6, 6, 6], [1]),
    )
    s, _ = classic.apply(s, "attack alaska alberta 3")
    s, _ = classic.apply(s, "move 3")
    s = dict(s, rng=rng_rolling([6, 6], [1]))
    s, _ = classic.apply(s, "attack alberta ontario 2")
    s, ev = classic.apply(s, "stop")
    assert len(s["hands"][0]) == 1 and sum(e.kind == "card" for e in ev) == 1
    s, ev = classic.apply(s, "end")
    assert len(s["hands"][0]) == 1
    t = position(classic, {"alaska": 0}, {"alaska": 9})
    t, ev = classic.apply(t, "end")
    assert t["hands"][0] == []


def test_fortify_one_move_adjacent_leaving_one(classic):
    """'move as many armies as you'd like from one (and only one) of your adjacent territories ... you must leave
    at least one army behind'."""
    s = position(classic, {"alaska": 0, "alberta": 0, "ontario": 0}, {"alaska": 5}, phase="fortify")
    with pytest.raises(IllegalActionError, match="at most 4"):
        classic.apply(s, "fortify alaska alberta 5")
    with pytest.raises(IllegalActionError, match="not next to"):
        classic.apply(s, "fortify alaska ontario 1")
    s2, _ = classic.apply(s, "fortify alaska alberta 4")
    assert s2["current"] != 0 and s2["armies"][classic.board.index["alberta"]] == 5


def test_connected_fortify_house_rule(classic):
    """House-rule option 'connected': the move may follow a path of one's own territories."""
    s = position(classic, {"alaska": 0, "alberta": 0, "ontario": 0}, {"alaska": 5}, phase="fortify")
    s["options"] = dict(s["options"], fortify="connected")
    s2, _ = classic.apply(s, "fortify alaska ontario 2")
    assert s2["armies"][classic.board.index["ontario"]] == 3
    t = position(
        classic,
        {"alaska": 0, "alberta": 0, "eastern_united_states": 0},
        {"alaska": 5},
        phase="fortify",
        default_owner=1,
    )
    t["options"] = dict(t["options"], fortify="connected")
    with pytest.raises(IllegalActionError, match="connected"):
        classic.apply(t, "fortify alaska eastern_united_states 1")


def test_blitz_stops_at_the_number_set(classic):
    """App control 'keep rolling until the territory falls or the attacker is down to a number' (reading on
    the rules screen: it 'never ends below N'; more seeds in test_classic_blitz.py)."""
    s = position(classic, {"alaska": 0, "alberta": 1}, {"alaska": 10, "alberta": 30})
    s2, ev = classic.apply(s, "blitz alaska alberta 4")
    i = classic.board.index["alaska"]
    assert s2["armies"][i] == 4 and s2["owner"][classic.board.index["alberta"]] == 1
    assert all(e.kind in ("battle", "conquer", "move") for e in ev)


def test_victory_holding_all_42(classic):
    """'The winner is the first player to eliminate every opponent by capturing all 42 territories'."""
    s = position(classic, {}, {"alaska": 5}, default_owner=0)
    s["owner"] = list(s["owner"])
    s["owner"][classic.board.index["alberta"]] = 1
    s["players"] = [dict(p) for p in s["players"]]
    s["players"][2]["out"] = True
    s["rng"] = rng_rolling([6, 6, 6], [1])
    s, ev = classic.apply(s, "attack alaska alberta 3")
    assert s["winner"] == 0 and classic.is_over(s) and ev[-1].kind == "win"
    with pytest.raises(IllegalActionError, match="over"):
        classic.apply(s, "end")


def test_illegal_action_leaves_state_untouched(classic):
    """Attacks outside 'You, the attacker will roll 1, 2 or 3 red dice' and other bad input are refused with
    a sentence, and the position stays as it was."""
    s = position(classic, {"alaska": 0, "alberta": 1}, {"alaska": 3})
    before = repr(s)
    for bad in [
        "attack alaska alberta 9",
        "fly alaska",
        "attack nowhere alberta 1",
        "move 3",
        "attack alaska",
    ]:
        with pytest.raises(IllegalActionError) as e:
            classic.apply(s, bad)
        assert str(e.value).endswith(".") or str(e.value).endswith(")")
    assert repr(s) == before
