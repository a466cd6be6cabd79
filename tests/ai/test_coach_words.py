"""The coach's sentence reads the action for what it is (issue 16, deliverable 6: 'what the hard player would
do now in the current step and why'): a tax is not a placement, a move-in is not 'the most the odds allow',
typed units are counted as sent, and the action is named as the app names it, never by internal ids."""

from __future__ import annotations

from riskterm.ai.board_info import board_info
from riskterm.ai.coach import action_words
from riskterm.ai.core.explain import explain
from riskterm.engine.actions import Action
from riskterm.rules import find_variant


def _view(rules, seat_terrs: dict[str, int], enemy: dict[str, int]) -> dict:
    n = len(rules.board.territories)
    owner, armies = [2] * n, [1] * n
    for t, a in seat_terrs.items():
        owner[rules.board.index[t]], armies[rules.board.index[t]] = 0, a
    for t, a in enemy.items():
        owner[rules.board.index[t]], armies[rules.board.index[t]] = 1, a
    return {"owner": owner, "armies": armies}


def test_a_tax_or_a_hiding_place_is_not_read_as_a_placement() -> None:
    for variant, kind in (("europe", "tax"), ("europe", "fortify"), ("risiko", "hide")):
        rules = find_variant(variant)
        t = rules.board.territories[0].id
        text = explain(board_info(rules.board), _view(rules, {t: 3}, {}), 0, Action(kind, (t,)))
        assert not text.startswith("Put"), text
        assert text.startswith(kind.title()) and rules.board.territories[0].name in text


def test_move_in_is_not_called_the_most() -> None:
    rules = find_variant("classic")
    text = explain(board_info(rules.board), _view(rules, {"alaska": 4}, {}), 0, Action("move", (3,)))
    assert "the most" not in text and text.startswith("Move 3 into")


def test_typed_units_sent_are_counted_from_every_source() -> None:
    """Modern: 'attack siberia china 1H irkutsk 1H' sends one unit from each of two territories."""
    rules = find_variant("modern")
    info = board_info(rules.board)
    view = _view(rules, {"china": 6, "irkutsk": 3}, {"siberia": 1})
    text = explain(info, view, 0, Action("attack", ("siberia", "china", "1H", "irkutsk", "1H")))
    assert "from China and Irkutsk: 2 against 1" in text, text
    view = _view(rules, {"ontario": 7}, {"quebec": 1})
    text = explain(info, view, 0, Action("attack", ("quebec", "ontario", "2C")))
    assert ": 2 against 1" in text, text


def test_the_advice_names_cards_by_their_faces() -> None:
    """Europe: the King's Orders cards by their faces, as the chooser shows them ('King Me! + Tax or Spend')."""
    rules = find_variant("europe")
    words = action_words(rules, {}, Action("orders", ("kingme", "fortify1")))
    assert "King Me! + Tax or Spend" in words and "kingme" not in words and "fortify1" not in words
    assert action_words(rules, {}, Action("end", ())) == "End turn"
