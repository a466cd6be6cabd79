"""The cards of risiko-piu.txt, section "Cards": Spy, General, Marshal, Admiral, Diplomat (Reinforcement
cards are in test_risiko_turn.py), and the deck of "Components"."""

from __future__ import annotations

from collections import Counter

import pytest
from support import with_dice
from test_risiko_helpers import armies, cards_ok, owner, position, run

from riskterm.engine.actions import parse_action
from riskterm.errors import IllegalActionError
from riskterm.rules.risiko import RisikoRules
from riskterm.rules.risiko.cards import kind_of, make_deck

R = RisikoRules()
ASKED = {"defender": "always"}  # the rulebook as written: the defender answers every battle


def test_deck_of_48() -> None:
    """'1 deck of 48 cards: 12 Reinforcement, 7 Spy, 8 General, 6 Admiral, 8 Marshal, 7 Diplomat.'"""
    kinds = Counter(kind_of(c) for c in make_deck())
    assert kinds == {"reinforcement": 12, "spy": 7, "general": 8, "admiral": 6, "marshal": 8, "diplomat": 7}
    s, _ = R.new_game(["A", "B", "C"], seed=1, options=ASKED)
    assert cards_ok(s)


# ---------------------------------------------------------------- Spy
def test_spy_looks_at_all_cards_and_eliminates_one() -> None:
    """'you may "spy" on ALL the cards held by one opposing player, and then eliminate ONE of them of your
    choice. Show all players the card ... then discard it face up, together with your Spy card'."""
    s = position(R, hands=[["spy1"], ["marshal1"], ["general1", "admiral1"]])
    s, ev = R.apply(s, "spy spy1 p3")  # P2 holds no Spy: nothing to ask
    look = next(e for e in ev if e.kind == "reveal")
    assert look.to == 0 and look.data["cards"] == ["general1", "admiral1"]
    assert "General" in R.presenter().describe(look, R.names(s), 0)
    assert "General" not in R.presenter().describe(look, R.names(s), 1)
    assert s["phase"] == "spy_choose" and s["actor"] == 0
    assert R.view(s, 0)["hands"][2] == ["general1", "admiral1"]
    assert R.view(s, 1)["hands"][2] == ["?", "?"]
    assert {str(a) for a in R.legal_actions(R.view(s, 0))} == {"discard general1", "discard admiral1"}
    s, ev = R.apply(s, "discard admiral1")
    assert s["hands"][2] == ["general1"] and s["discard"] == ["spy1", "admiral1"]
    assert "Admiral" in R.presenter().describe(ev[0], R.names(s), 1)  # shown to all players
    assert s["phase"] == "main" and s["actor"] == 0 and cards_ok(s)


def test_spy_blocked_by_a_spy() -> None:
    """'The opposing player may prevent you from looking at their cards by playing a Spy card of their own.
    In this case the two cards are discarded without anything else happening.'"""
    s = position(R, hands=[["spy1"], ["spy2", "general1"], []])
    s, ev = R.apply(s, "spy spy1 p2")
    assert s["phase"] == "spy_answer" and s["actor"] == 1  # the target answers, behind the hand-off
    assert not any(e.kind == "reveal" for e in ev)
    s, ev = R.apply(s, "block spy2")
    assert s["hands"][1] == ["general1"] and sorted(s["discard"]) == ["spy1", "spy2"]
    assert s["phase"] == "main" and s["actor"] == 0 and not any(e.kind == "reveal" for e in ev)


def test_spy_answer_may_let_them_look() -> None:
    """'may prevent you' : the target may also let the Spy look."""
    s = position(R, hands=[["spy1"], ["spy2", "general1"], []])
    s, ev = run(R, s, "spy spy1 p2", "allow")
    assert (
        s["phase"] == "spy_choose"
        and ev[-1].kind == "reveal"
        and ev[-1].data["cards"] == ["spy2", "general1"]
    )


def test_spy_needs_an_opponent_with_cards() -> None:
    """Our reading: only a player holding cards can be spied on."""
    s = position(R, hands=[["spy1"], [], ["general1"]])
    with pytest.raises(IllegalActionError, match="no cards"):
        R.apply(s, "spy spy1 p2")
    with pytest.raises(IllegalActionError, match="opponent"):
        R.apply(s, "spy spy1 p1")


# ---------------------------------------------------------------- General
def test_general_adds_one_to_the_highest_die_and_is_kept_until_beaten() -> None:
    """'increases the highest score obtained with the dice by 1' ... 'If ... your opponent manages to obtain
    ... a score EQUAL to or HIGHER than yours, the General card is discarded. Then you may: play ... another
    General card; continue the attack without the General card; end your attack.'"""
    s = position(R, {"gascony": 0}, {"gascony": 10, "brittany": 6}, hands=[["general1", "general2"], [], []])
    s, _ = run(R, s, "attack gascony brittany", "general general1", "roll 3")
    s = with_dice(s, 5, 3, 1, 6, 2)
    s, ev = R.apply(s, "defend 2")
    b = next(e for e in ev if e.kind == "battle")
    assert (b.data["att_loss"], b.data["def_loss"]) == (1, 1)  # 5+1 ties 6: defender; 3 beats 2
    assert s["attack"]["general"] is None and s["discard"] == ["general1"]  # equal: discarded
    s, _ = R.apply(s, "general general2")  # play another
    s = with_dice(s, 5, 3, 1, 5, 4)
    s, ev = run(R, s, "roll 3", "defend 2")
    b = next(e for e in ev if e.kind == "battle")
    assert (b.data["att_loss"], b.data["def_loss"]) == (1, 1) and s["attack"]["general"] == "general2"
    s, ev = R.apply(s, "retreat")
    assert s["hands"][0] == ["general2"] and ev[-1].data["general_back"]  # 'take it back among your cards'
    assert cards_ok(s)


def test_general_beaten_by_a_higher_score() -> None:
    """'a score EQUAL to or HIGHER than yours': higher discards it too."""
    s = position(R, {"gascony": 0}, {"gascony": 10, "brittany": 6}, hands=[["general1"], [], []])
    s, _ = run(R, s, "attack gascony brittany", "general general1", "roll 1")
    s = with_dice(s, 4, 6)
    s, _ = R.apply(s, "defend 1")
    assert s["discard"] == ["general1"] and s["attack"]["general"] is None


def test_general_only_in_attack_and_before_rolling() -> None:
    """'Used only in ATTACK' ... 'at any time before announcing how many armies you wish to attack with'."""
    s = position(R, {"gascony": 0}, {"gascony": 10, "brittany": 6}, hands=[["general1"], [], []])
    with pytest.raises(IllegalActionError):
        R.apply(s, "general general1")
    s, _ = run(R, s, "attack gascony brittany", "roll 3")
    assert s["phase"] == "defend"
    with pytest.raises(IllegalActionError):
        R.apply(s, "general general1")


# ---------------------------------------------------------------- Marshal
def test_marshal_in_defence_discarded_only_by_a_higher_score() -> None:
    """'played ONLY in DEFENCE and increases the highest score ... by 1' ... 'If ... your opponent manages to
    obtain with the dice a HIGHER score, discard your card. If you have one, you may play another'."""
    s = position(R, {"gascony": 0}, {"gascony": 10, "brittany": 6}, hands=[[], ["marshal1", "marshal2"], []])
    s, _ = run(R, s, "attack gascony brittany", "roll 3", "marshal marshal1")
    s = with_dice(s, 6, 3, 2, 5, 4)
    s, ev = R.apply(s, "defend 2")
    assert (ev[-1].data["att_loss"], ev[-1].data["def_loss"]) == (2, 0)  # 6 vs 5+1: tie to the defender
    assert s["attack"]["marshal"] == "marshal1"  # equal is not higher: kept
    s = with_dice(s, 6, 5, 1, 4, 1)
    s, _ = R.apply(s, "roll 3")
    assert s["phase"] == "defend" and s["actor"] == 1  # asked before every battle
    s, ev = R.apply(s, "defend 2")
    assert s["attack"]["marshal"] is None and s["discard"] == ["marshal1"]
    s, _ = R.apply(s, "roll 3")
    assert s["phase"] == "defend" and s["actor"] == 1  # asked again: may play another Marshal
    s, _ = R.apply(s, "marshal marshal2")
    s = with_dice(s, 2, 2, 1, 3, 1)
    s, _ = R.apply(s, "defend 2")
    s, ev = R.apply(s, "retreat")
    assert s["hands"][1] == ["marshal2"] and ev[-1].data["marshal_back"] and cards_ok(s)


def test_marshal_only_in_defence() -> None:
    """'This card is played ONLY in DEFENCE'."""
    s = position(R, {"gascony": 0}, {"gascony": 10, "brittany": 6}, hands=[["marshal1"], [], []])
    s, _ = R.apply(s, "attack gascony brittany")
    with pytest.raises(IllegalActionError):
        R.apply(s, "marshal marshal1")


# ---------------------------------------------------------------- Admiral
def test_admiral_sea_attack_wins_and_comes_back() -> None:
    """'Embark on the flagship as many armies as you wish from one of your sea territories, leaving at least
    one army as a garrison ... land 1, 2 or 3 armies for each battle. If you win the attack, land all the
    armies remaining on the flagship in the conquered territory, and take the Admiral card back'."""
    s = position(R, {"portugal": 2}, {"london": 8, "portugal": 2}, hands=[["admiral1", "admiral2"], [], []])
    with pytest.raises(IllegalActionError, match="garrison"):
        R.apply(s, "admiral admiral1 london portugal 8")
    s, ev = R.apply(s, "admiral admiral1 london portugal 5")
    assert armies(R, s, "london") == 3 and s["attack"]["ship"] == 5 and ev[0].kind == "admiral"
    with pytest.raises(IllegalActionError):
        R.apply(s, "roll 4")
    s, _ = R.apply(s, "roll 3")
    s = with_dice(s, 6, 5, 1, 3, 2)
    s, ev = R.apply(s, "defend 2")
    assert owner(R, s, "portugal") == 0 and armies(R, s, "portugal") == 5
    assert "admiral1" in s["hands"][0] and s["phase"] == "main"
    with pytest.raises(IllegalActionError, match="ONCE ONLY"):
        R.apply(s, "admiral admiral2 london madrid 1")
    assert cards_ok(s)


def test_admiral_lost_attack_discards_it() -> None:
    """'If instead you lose the attack, you must discard it.'"""
    s = position(R, {"portugal": 2}, {"london": 8, "portugal": 3}, hands=[["admiral1"], [], []])
    s, _ = run(R, s, "admiral admiral1 london portugal 1", "roll 1")
    s = with_dice(s, 1, 6)
    s, ev = R.apply(s, "defend 1")
    assert s["attack"] is None and s["discard"] == ["admiral1"] and armies(R, s, "london") == 7
    assert ev[-1].data["admiral"] == "discarded"


def test_admiral_ended_attack_sails_back_and_is_discarded() -> None:
    """Our reading: ending the attack with armies on board is not a win: they return, the Admiral is lost."""
    s = position(R, {"portugal": 2}, {"london": 8, "portugal": 9}, hands=[["admiral1"], [], []])
    s, _ = run(R, s, "admiral admiral1 london portugal 6", "roll 3")
    s = with_dice(s, 6, 5, 4, 1, 1, 1)
    s, _ = R.apply(s, "defend 3")
    s, ev = R.apply(s, "retreat")
    assert armies(R, s, "london") == 8 and s["discard"] == ["admiral1"] and ev[-1].data["ship_back"] == 6


def test_admiral_only_to_attack_an_enemy_on_the_same_sea() -> None:
    """'exclusively to attack' ... 'Players using the flagship on the Black Sea may transport armies only to
    and from a territory that borders the Black Sea' ... 'cannot be used only to carry your own armies'."""
    s = position(
        R,
        {"romania": 0, "greece": 1, "ukraine": 2, "turkey": 0, "portugal": 1},
        {"romania": 4, "turkey": 4, "london": 4, "paris": 4},
        hands=[["admiral1"], [], []],
    )
    with pytest.raises(IllegalActionError, match="Black Sea"):
        R.apply(s, "admiral admiral1 romania greece 2")
    assert R.why_illegal(s, parse_action("admiral admiral1 romania ukraine 2")) is None
    s2, _ = R.apply(s, "admiral admiral1 turkey greece 2")  # Turkey touches both seas
    assert s2["attack"]["to"] == R.board.index["greece"]
    with pytest.raises(IllegalActionError, match="own"):
        R.apply(s, "admiral admiral1 london wales 1")
    s3 = position(R, {"bohemia": 0}, {"bohemia": 5}, hands=[["admiral1"], [], []])
    with pytest.raises(IllegalActionError, match="sea"):
        R.apply(s3, "admiral admiral1 bohemia portugal 2")


# ---------------------------------------------------------------- Diplomat
def supplied(s: dict) -> dict:
    """Place the Supplementary Armies (if any) on the first territory offered."""
    while s["phase"] == "supply":
        s, _ = R.apply(s, R.legal_actions(s)[-1])
    return s


def test_diplomat_truce_lasts_exactly_one_round_of_turns() -> None:
    """'You may not attack a player or players with whom you have made a truce, and that player or those
    players may not attack you in the same turn. The truce remains valid until the turn returns to you. At
    that point the truce ends and the Diplomat card is discarded.'"""
    s = position(
        R,
        {"gascony": 0, "madrid": 1, "barcelona": 2},
        {"gascony": 5, "paris": 5, "barcelona": 3, "madrid": 3},
        hands=[["diplomat1"], [], []],
    )
    s, ev = R.apply(s, "diplomat diplomat1 p2")
    with pytest.raises(IllegalActionError, match="truce"):
        R.apply(s, "attack gascony paris")
    assert R.why_illegal(s, parse_action("attack gascony barcelona")) is None
    s, _ = R.apply(s, "end")
    s = supplied(s)
    assert s["current"] == 1
    with pytest.raises(IllegalActionError, match="truce"):
        R.apply(s, "attack paris gascony")  # the other player may not attack you either
    s, _ = R.apply(s, "attack madrid barcelona")  # but may attack a third player
    s, _ = R.apply(s, "retreat")
    s, _ = R.apply(s, "end")
    s = supplied(s)
    assert s["current"] == 2 and len(s["truces"]) == 1
    s, ev = R.apply(s, "end")
    assert s["current"] == 0 and s["truces"] == [] and "diplomat1" in s["discard"]
    assert any(e.kind == "truce_end" for e in ev)
    s = supplied(s)
    s, _ = R.apply(s, "attack gascony paris")
    assert s["phase"] == "battle" and cards_ok(s)


def test_diplomat_before_the_first_attack() -> None:
    """'Play this card ... BEFORE launching the first attack of your turn.'"""
    s = position(R, {"gascony": 0}, {"gascony": 5}, hands=[["diplomat1"], [], []])
    s, _ = run(R, s, "attack gascony brittany", "retreat")
    with pytest.raises(IllegalActionError, match="BEFORE"):
        R.apply(s, "diplomat diplomat1 p2")
