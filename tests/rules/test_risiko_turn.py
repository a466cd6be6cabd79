"""A turn of risiko-piu.txt: "How to Play" (the order of operations), "Supplementary Armies", "Moves",
"Reinforcement Cards", and the turn limit (our reading)."""

from __future__ import annotations

import re

import pytest
from test_risiko_helpers import armies, position, run

from riskterm.errors import IllegalActionError
from riskterm.rules.risiko import RisikoRules
from riskterm.rules.risiko.cards import next_track_value
from riskterm.rules.risiko.turn import supply

R = RisikoRules()
B = R.board
NORTH = ["norway", "sweden", "finland", "denmark"]
IBERIA = ["madrid", "barcelona", "portugal"]
ITALY = ["switzerland", "venice", "rome", "naples"]


def supply_of(owners: dict[str, int], **kw) -> tuple[int, dict[str, int]]:
    s = position(R, owners, **kw)
    return supply(B, s, 0)


def test_supplementary_armies_for_own_empire() -> None:
    """'6 armies for the complete occupation of each Empire.'"""
    assert supply_of({}) == (6, {"empires": 6})
    assert supply_of({"wales": 1}) == (0, {})


def test_supplementary_armies_per_independent_block_and_for_all_eleven() -> None:
    """'4 armies for the complete occupation of a block of independent territories.' '15 armies for the
    occupation of all 11 independent territories' (our reading: instead of the blocks' 4 each)."""
    assert supply_of({t: 0 for t in IBERIA})[1] == {"empires": 6, "blocks": 4}
    assert supply_of({t: 0 for t in IBERIA + NORTH})[1] == {"empires": 6, "blocks": 8}
    total, parts = supply_of({t: 0 for t in IBERIA + NORTH + ITALY})
    assert parts == {"empires": 6, "independents": 15} and total == 21


def test_supplementary_armies_per_enemy_banner_and_other_empires() -> None:
    """'2 armies for each enemy banner on your fortress.' '6 armies for ... each Empire.'"""
    french = B.region_by_id["french"].territories
    total, parts = supply_of(
        {t: 0 for t in french}, banners=[["british", "french", "german"], [], ["german"]]
    )
    assert parts == {"banners": 4, "empires": 12} and total == 16


def test_turn_order_supply_then_draw_up_to_three_then_one_more() -> None:
    """'1. Takes the Supplementary Armies ... and places them ... 2. If they have fewer than 3 cards, draws one
    or more from the deck until they have three. 3. Draws a card.'"""
    s = position(R, hands=[[], ["spy1"], ["spy2", "spy3", "spy4", "spy5", "spy6"]])
    s, ev = R.apply(s, "end")
    assert s["current"] == 1 and s["phase"] == "supply" and s["reserve"] == 6
    assert len(s["hands"][1]) == 1  # no card before the Supplementary Armies are placed
    with pytest.raises(IllegalActionError):
        R.apply(s, "attack paris burgundy")
    s, ev = R.apply(s, "place paris 6")
    assert s["phase"] == "main" and len(s["hands"][1]) == 4
    assert [e.kind for e in ev].count("card") == 3
    s, _ = R.apply(s, "end")
    s, _ = R.apply(s, "place berlin 6")
    assert len(s["hands"][2]) == 6  # five already: only the one more


def test_cards_drawn_are_private_events() -> None:
    """'Cards held in secret, shown only to their owner': the log names the card only to its owner."""
    s = position(R)
    s, ev = run(R, s, "end", "place paris 6")
    card = next(e for e in ev if e.kind == "card")
    assert card.to == 1
    assert R.presenter().describe(card, R.names(s), 0) == "P1 draws a card."
    assert "card" in R.presenter().describe(card, R.names(s), 1) and "draws a " in R.presenter().describe(
        card, R.names(s), 1
    )
    v = R.view(s, 0)
    assert v["hands"][1] == ["?"] * 4 and v["deck"][0] == "?" and v["rng"] == 0


def test_reinforcement_cards_on_the_track_summing_the_numbers() -> None:
    """'one card under each number, in progressive order, starting from the first number on the left (3)' ...
    'The SUM of the numbers shown above the cards you have just played'."""
    s = position(R, hands=[["reinforcement1", "reinforcement2"], [], []], track=2)
    s, _ = run(R, s, "reinforce reinforcement1", "reinforce reinforcement2")
    assert s["reserve"] == 5 + 6 and s["track"][-2:] == ["reinforcement1", "reinforcement2"]
    with pytest.raises(IllegalActionError, match="Place your 11"):
        R.apply(s, "attack london paris")
    s, _ = R.apply(s, "place london 11")
    assert armies(R, s, "london") == 12 and s["phase"] == "main"


def test_reinforcement_only_before_the_first_attack() -> None:
    """'Play the Reinforcement cards BEFORE launching the first attack of your turn.'"""
    s = position(R, {"paris": 1}, {"london": 5}, hands=[["reinforcement1"], [], []])
    s, _ = run(R, s, "attack london paris", "retreat")
    with pytest.raises(IllegalActionError, match="BEFORE"):
        R.apply(s, "reinforce reinforcement1")


def test_full_track_takes_no_more_reinforcement() -> None:
    """'proceeding up to the maximum number (14)': twelve places, then no more (our reading)."""
    s = position(R, hands=[["reinforcement1"], [], []], track=11)
    s, ev = R.apply(s, "reinforce reinforcement1")
    assert ev[0].data["armies"] == 14
    s2 = position(R, hands=[["reinforcement1"], [], []], track=12)
    s2["track"] = [f"reinforcement{k}" for k in range(1, 13)]
    s2["hands"][0] = []
    assert next_track_value(B, s2) is None


def test_one_move_between_adjacent_territories_ends_the_turn() -> None:
    """'move some or all of the armies from one of your territories to another adjacent territory that you
    occupy, leaving at least one army as a garrison'."""
    s = position(R, {"paris": 0}, {"london": 5})
    with pytest.raises(IllegalActionError, match="garrison"):
        R.apply(s, "move london wales 5")
    with pytest.raises(IllegalActionError, match="adjacent"):
        R.apply(s, "move london scotland 2")
    s2, _ = R.apply(s, "move london paris 4")  # the dotted line London-Paris counts as adjacent
    assert armies(R, s2, "paris") == 5 and s2["current"] == 1


def test_turn_limit_is_a_draw() -> None:
    """Our reading: 'A game that reaches the turn limit ... is a draw'."""
    s = position(R)
    s["options"] = dict(s["options"], turn_cap=10)
    s, ev = R.apply(s, "end")
    assert s["draw"] and R.is_over(s) and ev[-1].kind == "draw_game"
    assert R.legal_actions(s) == []


def test_every_card_is_offered_when_it_may_be_played() -> None:
    """'4. Plays one or more cards of their choice': the legal actions offer each kind of card in hand."""
    hand = ["reinforcement1", "spy1", "diplomat1", "admiral1", "general1"]
    s = position(R, {"gascony": 0}, {"gascony": 5, "london": 4}, hands=[hand, ["marshal1"], ["spy2"]])
    kinds = {a.kind for a in R.legal_actions(s)}
    assert {"reinforce", "spy", "diplomat", "admiral", "attack", "move", "end"} <= kinds
    s, _ = R.apply(s, "attack gascony brittany")
    assert "general" in {a.kind for a in R.legal_actions(s)}
    s, _ = R.apply(s, "roll 3")
    assert "marshal" in {a.kind for a in R.legal_actions(s)}


def test_table_lines_and_argument_labels() -> None:
    """'Place the Reinforcement card or cards under the numbered side of the board': the track, cards in play
    and truces are public; card and player arguments have readable names."""
    s = position(R, {"gascony": 0}, {"gascony": 5}, hands=[["general1", "diplomat1"], [], []], track=3)
    s, _ = run(R, s, "diplomat diplomat1 p3", "attack gascony brittany", "general general1")
    lines = R.presenter().table_lines(s)
    assert lines[0].startswith("Reinforcement track: [3] [4] [5] 6") and "worth 5" in lines[0]
    assert any("General in play: P0" in x for x in lines) and any("Truce: P0 and P2" in x for x in lines)
    assert R.presenter().arg_label(s, "general1") == "General" and R.presenter().arg_label(s, "p2") == "P1"
    assert R.presenter().arg_label(s, "rome") == "Rome" and R.presenter().arg_label(s, 3) == "3"


def test_the_spy_look_is_an_undo_barrier() -> None:
    """'spy on ALL the cards held by one opposing player': once seen, the look cannot be taken back by undo."""
    from riskterm.rules.base import PlayerSetup
    from riskterm.session import Session

    s = position(R, hands=[["spy1"], [], ["general1"]])
    sess = Session(R, [PlayerSetup("P0"), PlayerSetup("P1"), PlayerSetup("P2")], 1, {}, s, [])
    sess.apply("spy spy1 p3")
    assert not sess.can_undo()


def test_rules_text_has_our_readings() -> None:
    """The rules screen summarises the rulebook and says how we read its unclear passages."""
    text = R.presenter().rules_text
    for words in ("Our readings", "at most 2 dice each", "3..14", "Hidden Armies", "Black Sea", "15 armies"):
        assert words in text


def test_private_panel_names_cards_without_deck_ids() -> None:
    """The hand is read as 'Reinforcement, General, Marshal ...' cards: the panel counts them by kind and never
    shows the deck's ids ("spy5")."""
    s = position(R, hands=[["spy5", "general3", "general1"], [], []])
    lines = R.presenter().private_lines(s, 0)
    assert lines[0] == "Cards: 1 Spy, 2 General"
    assert not re.search(r"\b[a-z]+\d+\b", "\n".join(lines))
