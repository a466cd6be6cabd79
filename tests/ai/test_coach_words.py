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


def _europe(seat_terrs: dict[str, int], enemy: dict[str, int], **extra: object) -> tuple:
    """A Europe view: the seat's territories, an enemy's, the rest unclaimed; and the app's labels."""
    rules = find_variant("europe")
    view = _view(rules, seat_terrs, enemy)
    view["owner"] = [o if o in (0, 1) else -1 for o in view["owner"]]
    view.update(extra)
    return rules, view, lambda x: rules.arg_label(view, x)


def test_a_bid_says_what_it_costs_and_what_it_wins() -> None:
    """Europe: 'The highest bidder pays his or her bid ... and receives the First Player Marker. Players who did
    not win the bid keep their coins.' 'In the case of a tied bid, roll dice'."""
    rules, view, label = _europe({}, {}, coins=[5, 5])
    text = explain(board_info(rules.board), view, 0, Action("bid", (2,)), label)
    assert text.startswith("Bid 2 of your 5 coins") and "only the winner pays" in text, text


def test_a_kingdom_names_its_city_its_footmen_and_its_region() -> None:
    """Europe: 'place ten Footmen, divided in any way you like, between your starting city territory and one
    adjacent non-city territory.'"""
    rules, view, label = _europe({}, {})
    text = explain(board_info(rules.board), view, 0, Action("kingdom", ("england", "normandy", 3)), label)
    assert "England with 7 footmen there and 3 in Normandy" in text and "British Isles" in text, text


def test_orders_name_the_cards_by_their_faces_and_what_comes_first() -> None:
    """Europe: the chosen pair is laid top first; the top card is played in Turn 1."""
    rules, view, label = _europe({"rome": 3}, {})
    text = explain(board_info(rules.board), view, 0, Action("orders", ("fortify1", "taxspend1")), label)
    assert text.startswith("Lay Fortify + Expand or Manoeuvre on top for Turn 1 and Tax or Spend below"), text
    assert "unclaimed territories next to yours" in text and "fortify1" not in text, text


def test_an_expansion_into_unclaimed_land_names_its_region() -> None:
    rules, view, label = _europe({"rome": 5}, {})
    text = explain(board_info(rules.board), view, 0, Action("expand", ("rome", "sicily", 2, 0, 0, 0)), label)
    assert "into unclaimed" in text and "with 2 footmen" in text and "Italy" in text, text
    text = explain(board_info(rules.board), view, 0, Action("split", ("rome", "sicily", 1, 0, 0, 0)), label)
    assert text.startswith("Split Expand from Rome"), text


def test_losses_say_what_is_kept_and_why() -> None:
    """Europe: 'Each hit scored against an army reduces its army total by one unit (chosen by that army's
    owner).'"""
    rules, view, label = _europe({"rome": 4}, {})
    t = rules.board.index["rome"]
    units = [[0, 0, 0, 0] for _ in rules.board.territories]
    units[t] = [2, 1, 1, 0]
    view.update(units=units, losses=[{"seat": 0, "t": t, "side": "own", "hits": 1}])
    info = board_info(rules.board)
    text = explain(info, view, 0, Action("lose", (1, 0, 0, 0)), label)
    assert text == "Remove 1 footman and keep 1 footman, 1 archer, 1 cavalry: the cheapest go and the dearer units stay."
    text = explain(info, view, 0, Action("lose", (0, 1, 0, 0)), label)
    assert "not the cheapest first" in text and "keep 2 footmen, 1 cavalry" in text, text


def test_risiko_card_plays_say_what_the_card_does() -> None:
    """RisiKo!: the General and the Marshal add one to the highest die until an opponent equals or beats it."""
    rules = find_variant("risiko")
    info = board_info(rules.board)
    a, b = rules.board.territories[0].id, rules.board.territories[1].id
    view = _view(rules, {a: 2}, {b: 7})
    text = explain(info, view, 0, Action("marshal", ("marshal1",)))
    assert text.startswith("Play the Marshal: +1 to your highest defence die") and "enemy armies next to" in text
    assert "General" in explain(info, view, 0, Action("general", ("general1",)))
    assert "Spy" in explain(info, view, 0, Action("block", ("spy1",)))


def test_a_purchase_names_the_border_it_answers() -> None:
    rules = find_variant("modern")
    info = board_info(rules.board)
    text = explain(info, _view(rules, {"ontario": 1}, {"quebec": 6}), 0, Action("buy", ("tank", 2)))
    assert text == "Buy 2 tank for Ontario: 5 enemy units next to it against your 1.", text
    text = explain(info, _view(rules, {"ontario": 6}, {"quebec": 1}), 0, Action("buy", ("tank", 2)))
    assert text.startswith("Buy 2 tank for an attack from Ontario (6) on ") and text.endswith("(1)."), text


def test_a_crown_card_says_how_near_it_brings_the_win() -> None:
    """Europe: 'Purchasing a crown card ... will instantly move your War Banner forward one space on the Crown
    Tracker.' 'Control seven or more crowns at the end of a round to win the game.'"""
    rules, view, label = _europe({}, {}, crowns=[3, 1])
    text = explain(board_info(rules.board), view, 0, Action("crown", ()), label)
    assert "moves to 4 on the Crown Tracker" in text and "7 crowns" in text, text


def test_an_admiral_attack_says_it_goes_by_sea() -> None:
    rules = find_variant("risiko")
    info = board_info(rules.board)
    view = _view(rules, {"yorkshire": 5}, {"rhine": 2})
    text = explain(info, view, 0, Action("admiral", ("admiral1", "yorkshire", "rhine", 3)))
    assert text.startswith("Attack Rhine by sea with the flagship from Yorkshire: 3 against 2"), text
