"""When the turn's Risk card is drawn, and what a sixth card asks (classic-risk.txt, 'Ending your attack' and
the note under 'Eliminating an opponent'). Outside tests counted players holding 6 cards while fortifying:
that is the rulebook's own case of a drawn sixth card, which waits for the next turn."""

import pytest
from helpers import position

from riskterm.errors import IllegalActionError

INFANTRY_ETC = ["alaska", "alberta", "peru", "brazil", "ural"]


def holding(classic, hand, **kw):
    s = position(classic, {"alaska": 0, "kamchatka": 1}, {"alaska": 9, "kamchatka": 1}, default_owner=2, **kw)
    s["hands"] = [list(hand), [], []]
    s["deck"] = [c for c in s["deck"] if c not in hand]
    return s


@pytest.mark.parametrize("last", ["stop", "end"])
def test_the_turns_card_is_drawn_when_the_attacks_end_and_a_sixth_waits(classic, last):
    """'If you have captured at least one territory, first take the top RISK card from the draw pile ... Your
    last step is to fortify your position' and 'note: when you draw a card from the deck at the end of your
    turn (for having one a battle), it brings your total to 6, you must wait until your next turn to trade
    in': the card comes when the player stops attacking (or ends the turn from the attack), before any
    fortifying; with it a sixth card is held through the fortify, and no trade is asked then."""
    s = holding(classic, INFANTRY_ETC, conquered=True)
    s2, events = classic.apply(s, last)
    assert [e.kind for e in events].count("card") == 1 and len(s2["hands"][0]) == 6
    if last == "stop":
        assert s2["phase"] == "fortify" and s2["card_drawn"]
        assert all(a.kind != "trade" for a in classic.legal_actions(s2))
        assert any(a.kind == "end" for a in classic.legal_actions(s2))


def test_with_a_sixth_card_the_next_turn_starts_with_a_trade(classic):
    """'But if you have 5 or 6 cards at the beginning of your turn you MUST turn in at least one set'."""
    s = holding(classic, [*INFANTRY_ETC, "wild1"], phase="reinforce", reserve=3)
    with pytest.raises(IllegalActionError, match="trade in a set"):
        classic.apply(s, "place alaska 1")
    assert {a.kind for a in classic.legal_actions(s)} == {"trade"}


def test_the_rules_screen_says_when_the_card_comes_and_that_a_sixth_waits(classic):
    """The reading stated where players read the rules (F1)."""
    text = " ".join(classic.presenter().rules_text.split())
    assert "when you stop attacking" in text and "makes your sixth waits for your next turn" in text
    assert "hold 6 cards while you fortify" in text
