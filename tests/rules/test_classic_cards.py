"""Card rules of classic-risk.txt: 'Risk Cards', 'Trading in Cards for Armies', 'Occupied territories',
'Eliminating an opponent'."""

import pytest
from helpers import position, rng_rolling

from riskterm.engine.cards import is_set, set_value
from riskterm.errors import IllegalActionError


def test_deck_is_42_territories_and_2_wilds(classic):
    """'42 marked with a territory and a picture of infantry, calvary, or artillery; 2 wild cards'."""
    s, _ = classic.new_game(["A", "B", "C"], seed=1)
    assert len(s["deck"]) == 44 and len(set(s["deck"])) == 44
    assert {c for c in s["deck"] if c.startswith("wild")} == {"wild1", "wild2"}
    kinds = [classic.card_kind[c] for c in s["deck"]]
    assert {k for k in kinds} == {"infantry", "cavalry", "artillery", "wild"}


@pytest.mark.parametrize(
    "kinds,ok",
    [
        (["infantry"] * 3, True),
        (["cavalry", "infantry", "artillery"], True),
        (["cavalry", "cavalry", "wild"], True),
        (["cavalry", "infantry", "wild"], True),
        (["cavalry", "cavalry", "infantry"], False),
    ],
)
def test_sets(kinds, ok):
    """'3 cards of same design ... 1 of each 3 designs ... Any 2 plus a wild card'."""
    assert is_set(kinds) is ok


def test_set_values():
    """'First set ... 4, second 6, third 8, fourth 10, fifth 12, sixth 15, seventh 20, eighth 25 etc.'"""
    assert [set_value(i) for i in range(10)] == [4, 6, 8, 10, 12, 15, 20, 25, 30, 35]


def _hand_position(classic, hand, **kw):
    s = position(classic, {"alaska": 0, "peru": 0, "brazil": 1}, phase="reinforce", reserve=3, **kw)
    s["hands"] = [list(hand), [], []]
    return s


def test_trade_gives_set_value_and_two_extra_on_held_territory(classic):
    """'if any of the 3 cards you trade in shows picture of a territory you occupy, you recieve 2 extra armies.
    You must place both those armies onto that paticular territory'."""
    kinds = classic.card_kind
    hand = ["alaska", "peru", "wild1"]
    assert is_set([kinds[c] for c in hand])
    s = _hand_position(classic, hand, sets_traded=2)
    s2, ev = classic.apply(s, "trade peru alaska wild1")
    assert s2["reserve"] == 3 + 8
    assert s2["armies"][classic.board.index["peru"]] == 3 and s2["armies"][classic.board.index["alaska"]] == 1
    assert s2["sets_traded"] == 3 and s2["hands"][0] == [] and set(hand) <= set(s2["discard"])


def test_two_extra_armies_at_most_once_a_turn(classic):
    """'on a single turn, you may recieve no more than 2 extra armies'."""
    s = _hand_position(classic, ["alaska", "peru", "wild1", "brazil", "wild2", "ural"])
    s, _ = classic.apply(s, "trade alaska peru wild1")
    before = list(s["armies"])
    s["owner"] = list(s["owner"])
    s["owner"][classic.board.index["ural"]] = 0
    s, _ = classic.apply(s, "trade brazil wild2 ural")
    assert s["armies"] == before


def test_five_cards_force_a_trade(classic):
    """'if you have 5 or 6 cards at the beginning of your turn you MUST turn in at least one set'."""
    hand = ["alaska", "peru", "brazil", "ural", "wild1"]
    s = _hand_position(classic, hand)
    with pytest.raises(IllegalActionError, match="trade in a set"):
        classic.apply(s, "place alaska 1")
    assert all(a.kind == "trade" for a in classic.legal_actions(s))
    s, _ = classic.apply(s, classic.legal_actions(s)[0])
    assert len(s["hands"][0]) == 2
    classic.apply(s, "place alaska 1")


def test_not_a_set_refused(classic):
    """Only '3 cards of same design ... 1 of each 3 designs ... Any 2 plus a wild card' may be traded in."""
    kinds = classic.card_kind
    same = [t.id for t in classic.board.territories if kinds[t.id] == "infantry"][:2]
    other = next(t.id for t in classic.board.territories if kinds[t.id] == "cavalry")
    s = _hand_position(classic, same + [other])
    with pytest.raises(IllegalActionError, match="not a set"):
        classic.apply(s, f"trade {same[0]} {same[1]} {other}")
    with pytest.raises(IllegalActionError, match="do not hold"):
        classic.apply(s, "trade ural peru wild2")


def test_elimination_takes_cards_and_forces_trade_down_to_four(classic):
    """'If ... you eliminate an opponent ... you win any RISK cards that player has collected. if Winning them
    gives you 6 or more cards, you must immediately trade in enough sets to reduce your hand to 4 or fewer'."""
    s = position(
        classic,
        {"alaska": 0, "kamchatka": 1},
        {"alaska": 9, "kamchatka": 1},
        default_owner=2,
        rng=rng_rolling([6, 6, 6], [1]),
    )
    inf = [t.id for t in classic.board.territories if classic.card_kind[t.id] == "infantry"]
    s["hands"] = [inf[0:3], inf[3:6], []]
    s, ev = classic.apply(s, "attack alaska kamchatka 3")
    assert any(e.kind == "eliminate" for e in ev) and s["players"][1]["out"]
    assert len(s["hands"][0]) == 6 and s["hands"][1] == []
    s, _ = classic.apply(s, "move 3")
    assert s["phase"] == "reinforce"
    with pytest.raises(IllegalActionError):
        classic.apply(s, "attack kamchatka alaska 1")
    s, _ = classic.apply(s, f"trade {inf[0]} {inf[1]} {inf[2]}")
    assert len(s["hands"][0]) == 3
    # 'once your hand is reduced to 4, 3, or 2 cards, you must stop trading'
    with pytest.raises(IllegalActionError, match="stop trading"):
        classic.apply(s, f"trade {inf[3]} {inf[4]} {inf[5]}")
    while s["phase"] == "reinforce":
        s, _ = classic.apply(s, "place alaska 1")
    assert s["phase"] == "attack"


def test_elimination_with_fewer_than_six_waits(classic):
    """'if winning gives you fewer than 6, you must wait until the beginning of your next turn'."""
    s = position(
        classic,
        {"alaska": 0, "kamchatka": 1},
        {"alaska": 9, "kamchatka": 1},
        default_owner=2,
        rng=rng_rolling([6, 6, 6], [1]),
    )
    s["hands"] = [["ural"], ["peru", "brazil"], []]
    s, _ = classic.apply(s, "attack alaska kamchatka 3")
    s, _ = classic.apply(s, "move 3")
    assert s["phase"] == "attack" and len(s["hands"][0]) == 3


def test_hands_are_secret_in_a_players_view(classic):
    """'place it, face down': the draw pile and other players' cards are hidden from a player's view."""
    s = _hand_position(classic, ["alaska", "peru", "wild1"])
    s["hands"][1] = ["brazil"]
    v = classic.view(s, 1)
    assert v["hands"][0] == ["?", "?", "?"] and v["hands"][1] == ["brazil"]
    assert set(v["deck"]) <= {"?"} and v["rng"] == 0


def test_player_chooses_which_held_territory_gets_the_two_extra(classic):
    """'if any of the 3 cards you trade in shows picture of a territory you occupy, you recieve 2 extra armies.
    You must place both those armies onto that paticular territory': with two such cards the player chooses
    which ('trade alaska peru wild1 +peru'); legal_actions offers each choice."""
    s = _hand_position(classic, ["alaska", "peru", "wild1"])
    trades = [a for a in classic.legal_actions(s) if a.kind == "trade"]
    assert [str(a) for a in trades] == ["trade alaska peru wild1 +alaska", "trade alaska peru wild1 +peru"]
    i, j = classic.board.index["alaska"], classic.board.index["peru"]
    for a, (on_alaska, on_peru) in zip(trades, [(3, 1), (1, 3)], strict=True):
        s2, ev = classic.apply(s, a)
        assert (s2["armies"][i], s2["armies"][j]) == (on_alaska, on_peru)
        assert (
            classic.presenter()
            .describe(ev[0], classic.names(s))
            .endswith(f"+2 on {classic.tname(i if on_alaska == 3 else j)}.")
        )
    assert classic.apply(s, "trade alaska peru wild1 peru")[0]["armies"][j] == 3  # the plus is optional
    assert classic.presenter().arg_label(s, "+peru") == "2 extra on Peru"


def test_bonus_territory_must_be_shown_and_held(classic):
    """'that paticular territory': only a territory the set shows and the player occupies takes the 2."""
    s = _hand_position(classic, ["alaska", "peru", "wild1"])
    s["hands"][0] = ["alaska", "brazil", "wild1"]  # brazil is seat 1's
    with pytest.raises(IllegalActionError, match="Alaska"):
        classic.apply(s, "trade alaska brazil wild1 +brazil")
    with pytest.raises(IllegalActionError, match="Alaska"):
        classic.apply(s, "trade alaska brazil wild1 +peru")
    assert [str(a) for a in classic.legal_actions(s) if a.kind == "trade"] == ["trade alaska brazil wild1"]
    s["bonus_used"] = True
    with pytest.raises(IllegalActionError, match="leave out"):
        classic.apply(s, "trade alaska brazil wild1 +alaska")


def test_trade_without_a_bonus_argument_keeps_the_first_held_card(classic):
    """Saves from before the choice: 'trade c1 c2 c3' gives the 2 to the first card, in the order written, that
    shows a held territory (what the rules did then), so old games replay the same."""
    s = _hand_position(classic, ["alaska", "peru", "wild1"])
    s2, ev = classic.apply(s, "trade peru alaska wild1")
    assert s2["armies"][classic.board.index["peru"]] == 3 and ev[0].data["bonus"] == "peru"
