"""The coach's sentence reads the action for what it is ('what the hard player would
do now in the current step and why'): a tax is not a placement, a move-in is not 'the most the odds allow',
typed units are counted as sent, and the action is named as the app names it, never by internal ids."""

from __future__ import annotations

from riskterm.ai import offer
from riskterm.ai.coach import action_words
from riskterm.ai.core.board_info import BoardInfo, board_info
from riskterm.ai.core.explain import COMMON, Label
from riskterm.ai.core.explain import explain as explain_with
from riskterm.engine.actions import Action
from riskterm.rules import find_variant


def explain(info: BoardInfo, view: dict, seat: int, a: Action, label: Label = str) -> str:
    """The coach's sentence, with the sentences of the view's rulebook for its own steps (as the coach asks)."""
    book = offer(view["variant"])
    return explain_with(info, view, seat, a, label, book.reasons if book is not None else COMMON)


def _view(rules, seat_terrs: dict[str, int], enemy: dict[str, int]) -> dict:
    n = len(rules.board.territories)
    owner, armies = [2] * n, [1] * n
    for t, a in seat_terrs.items():
        owner[rules.board.index[t]], armies[rules.board.index[t]] = 0, a
    for t, a in enemy.items():
        owner[rules.board.index[t]], armies[rules.board.index[t]] = 1, a
    return {"owner": owner, "armies": armies, "variant": rules.name}


def test_a_tax_or_a_hiding_place_is_not_read_as_a_placement() -> None:
    for variant, kind in (("europe", "tax"), ("europe", "fortify"), ("risiko", "hide")):
        rules = find_variant(variant)
        t = rules.board.territories[0].id
        view = _view(rules, {t: 3}, {}) | {
            "variant": variant,
            "att": {},
            "castle": [False] * 100,
            "track": [],
        }
        text = explain(board_info(rules.board), view, 0, Action(kind, (t,)))
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
    return rules, view, lambda x: rules.presenter().arg_label(view, x)


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
    assert (
        text
        == "Remove 1 footman and keep 1 footman, 1 archer, 1 cavalry: the cheapest go and the dearer units stay."
    )
    text = explain(info, view, 0, Action("lose", (0, 1, 0, 0)), label)
    assert "not the cheapest first" in text and "keep 2 footmen, 1 cavalry" in text, text


def test_risiko_card_plays_say_what_the_card_does() -> None:
    """RisiKo!: the General and the Marshal add one to the highest die until an opponent equals or beats it."""
    rules = find_variant("risiko")
    info = board_info(rules.board)
    a, b = rules.board.territories[0].id, rules.board.territories[1].id
    view = _view(rules, {a: 2}, {b: 7})
    text = explain(info, view, 0, Action("marshal", ("marshal1",)))
    assert (
        text.startswith("Play the Marshal: +1 to your highest defence die") and "enemy armies next to" in text
    )
    assert "General" in explain(info, view, 0, Action("general", ("general1",)))
    assert "Spy" in explain(info, view, 0, Action("block", ("spy1",)))


def test_a_purchase_names_the_border_it_answers() -> None:
    rules = find_variant("modern")
    info = board_info(rules.board)
    text = explain(info, _view(rules, {"ontario": 1}, {"quebec": 6}), 0, Action("buy", ("tank", 2)))
    assert text == "Buy 2 tanks for Ontario: 5 enemy units next to it against your 1.", text
    text = explain(info, _view(rules, {"ontario": 6}, {"quebec": 1}), 0, Action("buy", ("tank", 2)))
    assert text.startswith("Buy 2 tanks for an attack from Ontario (6) on ") and text.endswith("(1)."), text


def test_a_crown_card_says_how_near_it_brings_the_win() -> None:
    """Europe: 'Purchasing a crown card ... will instantly move your War Banner forward one space on the Crown
    Tracker.' 'Control seven or more crowns at the end of a round to win the game.'"""
    rules, view, label = _europe({}, {}, crowns=[3, 1])
    text = explain(board_info(rules.board), view, 0, Action("crown", ()), label)
    assert "moves to 4 on the Crown Tracker" in text and "7 crowns" in text, text


def test_an_admiral_attack_says_it_goes_by_sea() -> None:
    rules = find_variant("risiko")
    info = board_info(rules.board)
    view = _view(rules, {"yorkshire": 5}, {"rhine": 2}) | {"fortress": [None, None, None]}
    text = explain(info, view, 0, Action("admiral", ("admiral1", "yorkshire", "rhine", 3)))
    assert text.startswith("Attack Rhine by sea with the flagship from Yorkshire: 3 against 2"), text


def test_a_tax_counts_the_supply_line_from_the_board() -> None:
    """Europe: 'Select a city territory you control, then collect the Tax Value of that city and all other cities
    and non-city territories you control that are connected to that city through supply lines.' London's tile:
    'Whenever London's tax is collected ... place 2 Archers in London for free.'"""
    rules, view, label = _europe(
        {"england": 3, "wales": 1, "france": 2}, {"normandy": 1, "lorraine": 1}, variant="europe", att={}
    )
    text = explain(board_info(rules.board), view, 0, Action("tax", ("england",)), label)
    assert text == (
        "Tax England: its supply line joins 1 city and 1 other territory of yours: 4 coins, and "
        "London's Welsh Archers tile places 2 archers there (France's line would give 3)."
    ), text


def test_fortify_says_how_many_footmen_and_what_they_face() -> None:
    """Europe: 'Add three Footmen to a city territory you control or four Footmen to a castle territory you
    control. This action may be used in a disputed city or castle territory only if you are the defending
    player.'"""
    rules, view, label = _europe({"saxony": 5}, {"bohemia": 7}, variant="europe", att={})
    castle = [False] * len(rules.board.territories)
    castle[rules.board.index["saxony"]] = True
    units = [[n, 0, 0, 0] for n in view["armies"]]
    view.update(castle=castle, units=units)
    text = explain(board_info(rules.board), view, 0, Action("fortify", ("saxony",)), label)
    assert text == "Fortify Saxony: 4 more footmen in its castle, 6 enemy units next to it against your 5.", (
        text
    )
    view["att"] = {str(rules.board.index["saxony"]): {"seat": 1, "units": [3, 0, 0, 0]}}
    view["armies"] = [a + 3 * (t == rules.board.index["saxony"]) for t, a in enumerate(view["armies"])]
    text = explain(board_info(rules.board), view, 0, Action("fortify", ("saxony",)), label)
    assert text.endswith("for its battle at the round's end, your 5 units against 3 attacking."), text


def _dispute(rules, view: dict, t: str, seat: int, att: list[int], own: list[int]) -> None:
    i = rules.board.index[t]
    units = view.setdefault("units", [[n, 0, 0, 0] for n in view["armies"]])
    units[i] = own
    view["armies"][i] = sum(own) + sum(att)
    view.setdefault("att", {})[str(i)] = {"seat": seat, "units": att}


def test_the_next_battle_names_both_armies_and_the_stake() -> None:
    """Europe: 'The player who has the first player marker after everyone has played their two cards is allowed
    to choose the order in which all battles resolve at the end of the round.'"""
    rules, view, label = _europe(
        {"saxony": 5},
        {"bohemia": 7},
        variant="europe",
        players=[{"name": "Ann"}, {"name": "Bo"}],
        castle=[False] * 47,
    )
    _dispute(rules, view, "saxony", 1, [4, 0, 1, 0], [2, 1, 0, 0])
    text = explain(board_info(rules.board), view, 0, Action("battle", ("saxony",)), label)
    assert text.startswith(
        "Fight the battle in Saxony next: Bo's 4 footmen, 1 cavalry against your 2 footmen, "
        "1 archer; its city (1 crown) goes to the winner. As First Player"
    ), text


def test_a_castle_reroll_weighs_the_dice_rolled() -> None:
    """Europe: 'If the defending player controls a castle in the disputed territory, that player may re-roll all
    dice of a single rank each time the Ranked Attack Order is repeated.' Archers hit on 5+."""
    rules, view, label = _europe(
        {"saxony": 5},
        {},
        variant="europe",
        battle={"t": 0, "rank": 2, "att_dice": [6], "def_dice": [2, 1, 4]},
    )
    text = explain(board_info(rules.board), view, 0, Action("reroll", ()), label)
    assert text.startswith("Re-roll your archers' dice (2, 1, 4: 0 hits): a fresh roll averages 1.0 hits."), (
        text
    )
    view["battle"] = {"t": 0, "rank": 2, "att_dice": [6], "def_dice": [6, 5, 1]}
    text = explain(board_info(rules.board), view, 0, Action("keep", ()), label)
    assert text == "Keep your archers' dice (6, 5, 1: 2 hits): a fresh roll averages 1.0 hits.", text


def test_a_siege_assault_is_no_attack_with_odds_to_take() -> None:
    """Europe: 'These units attack one adjacent enemy territory by rolling two dice for each Siege Weapon
    present. For each die value of 3 or greater, the opponent removes one army unit ... (No defence dice are
    rolled).'"""
    rules, view, label = _europe({"saxony": 5}, {"bohemia": 3}, variant="europe")
    view["units"] = [[n, 0, 0, 0] for n in view["armies"]]
    view["units"][rules.board.index["saxony"]] = [3, 0, 0, 2]
    text = explain(board_info(rules.board), view, 0, Action("siege", ("saxony", "bohemia")), label)
    assert text.startswith(
        "Siege Assault on Bohemia from Saxony: your 2 siege weapons roll 4 dice against its "
        "3 units, each 3 or more removing one"
    ), text
    assert "take it" not in text


def test_a_manoeuvre_into_a_dispute_counts_the_battle_to_come() -> None:
    """Europe: 'Manoeuvre orders are how you ... help reinforce disputed territories connected to your supply
    lines.'"""
    rules, view, label = _europe({"saxony": 5}, {"bohemia": 3}, variant="europe")
    _dispute(rules, view, "bohemia", 0, [2, 0, 0, 0], [3, 0, 0, 0])
    text = explain(
        board_info(rules.board), view, 0, Action("manoeuvre", ("saxony", "bohemia", 3, 0, 0, 0)), label
    )
    assert text == (
        "Manoeuvre 3 footmen from Saxony into disputed Bohemia: your 5 footmen against 3 footmen in "
        "its battle at the round's end."
    ), text


def _risiko(seat_terrs: dict[str, int], enemy: dict[str, int], **extra: object) -> tuple:
    rules = find_variant("risiko")
    view = _view(rules, seat_terrs, enemy)
    view.update(variant="risiko", fortress=[None, None, None], **extra)
    return rules, view, board_info(rules.board)


def test_hidden_armies_say_when_and_how_many_they_bring() -> None:
    """RisiKo!: 'These may be used ONCE ONLY ... to defend the territory where they are hidden or to launch an
    attack from that territory. To be able to use them, you must occupy the territory ... a number of armies
    equal to the number shown above the last Reinforcement card played.'"""
    rules, view, info = _risiko({"vienna": 1}, {"bavaria": 6}, track=[])
    text = explain(info, view, 0, Action("hide", ("vienna",)))
    assert text == (
        "Hide your armies in Vienna (5 enemy armies next to it, your 1): once, while you hold it, they "
        "join its defence or an attack from it, as many as the number above the last Reinforcement "
        "card played (none played yet)."
    ), text


def test_risiko_fights_use_its_dice_three_a_side_two_at_a_fortress() -> None:
    """RisiKo!: 'Each battle may be fought, both in attack and in defence, with a maximum of three armies.'
    'when a fortress is attacked, no more than 2 dice may be played. This applies both to the attacker and to
    the defender.'"""
    from riskterm.engine.odds import attack_odds

    rules, view, info = _risiko({"greece": 6}, {"serbia": 4})
    g, s = rules.board.index["greece"], rules.board.index["serbia"]
    view["attack"] = {"from": g, "to": s, "admiral": None, "ship": 0}
    win = attack_odds(5, 4, 3, 3).win
    text = explain(info, view, 0, Action("roll", (3,)))
    assert text == (
        f"Roll 3 dice: 5 armies may attack from Greece against 4 armies in Serbia, about {win:.0%} "
        f"to take it if you fight on to the end."
    ), text
    assert f"about {win:.0%} to take it" in explain(info, view, 0, Action("attack", ("greece", "serbia")))
    view["fortress"] = [None, s, None]
    text = explain(info, view, 1, Action("defend", (2,)))
    assert text.startswith(
        "Defend with 2 dice (a fortress: at most 2 dice a side): your 4 armies in Serbia "
        "against 5 armies that may attack from Greece"
    ), text
    assert f"about {1 - attack_odds(5, 4, 2, 2).win:.0%} to hold it" in text
    text = explain(info, view, 0, Action("retreat", ()))
    assert text.startswith(
        "End this attack: 5 armies may still attack from Greece against 4 armies in Serbia"
    ), text


def test_a_fortress_and_a_garrison_are_no_claim() -> None:
    """RisiKo!: the fortress goes 'on any one of the territories of the Empire whose initial appears on the banner
    drawn'; after a fortress falls, 'redistribute one army onto each territory left free by the defeated
    player'."""
    rules, view, info = _risiko({"greece": 3}, {})
    view["owner"] = [-1 if o == 2 else o for o in view["owner"]]
    text = explain(info, view, 0, Action("fortress", ("moscow",)))
    assert text.startswith("Put your fortress in Moscow: no neighbour outside the Russian Empire"), text
    text = explain(info, view, 0, Action("garrison", ("greece", "serbia")))
    assert text.startswith(
        "Garrison Serbia with one army from Greece (2 stay): a territory the fallen fortress left free;"
    ), text


def test_a_modern_move_in_names_the_conquest_not_a_move_between_sources() -> None:
    """Modern: 'occupy northwest_territory 1R western_united_states 2R' moves units from the two attacking
    territories into the one just taken."""
    rules = find_variant("modern")
    view = _view(rules, {"northwest_territory": 2, "western_united_states": 3, "alberta": 0}, {})
    view["battle"] = {"target": rules.board.index["alberta"]}
    a = Action("occupy", ("northwest_territory", "1R", "western_united_states", "2R"))
    text = explain(board_info(rules.board), view, 0, a)
    assert text.startswith("Move 3 into Alberta:"), text


def test_the_computer_and_the_coach_re_roll_by_the_same_figures() -> None:
    """Europe: 'The defending player may re-roll all dice of one rank each time the Ranked Attack Order is
    repeated in battle.' Above easy the defender re-rolls when a fresh roll averages more than the dice on the
    table (it used to choose at random, so the coach could say Keep while the averages said re-roll); with later
    ranks to come in this repetition it keeps the re-roll for them unless the gain is worth it."""
    from riskterm.ai.europe import EuropePlayer
    from riskterm.ai.europe.reroll import reroll_figures, should_reroll

    rules, view, _ = _europe(
        {"saxony": 5},
        {},
        variant="europe",
        battle={"t": 0, "rank": 2, "att_dice": [6], "def_dice": [2, 1, 4]},
    )
    assert should_reroll(view)  # 0 hits against 1.0 on average
    hard = EuropePlayer("hard", seed=1)
    info = board_info(rules.board)
    assert hard.score(info, view, 0, Action("reroll", ())) > hard.score(info, view, 0, Action("keep", ()))
    view["battle"] = {"t": 0, "rank": 2, "att_dice": [6], "def_dice": [6, 5, 1]}
    assert not should_reroll(view)  # 2 hits against 1.0
    assert hard.score(info, view, 0, Action("keep", ())) > hard.score(info, view, 0, Action("reroll", ()))
    # 1 hit of 3 archers' dice against 1.0 on average: no gain at all, keep
    view["battle"] = {"t": 0, "rank": 2, "att_dice": [6], "def_dice": [5, 2, 1]}
    figures = reroll_figures(view)
    assert figures is not None and figures.gain == 0.0 and not should_reroll(view)
