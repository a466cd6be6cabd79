"""The classic card option `cards`: `progressive` (classic-risk.txt, 'Trading in Cards for Armies': 'First set
traded in --4 armies ... sixth set traded in --15 armies, seventh set traded in --20 armies ... etc.'), `fixed`
(the later editions' table: 3 infantry 4, 3 cavalry 6, 3 artillery 8, one of each 10) and `none` (no cards)."""

import argparse

import pytest
from helpers import position

from riskterm.ai.classic.explain import trade_sentence
from riskterm.ai.classic.player import ClassicPlayer
from riskterm.ai.core.board_info import board_info
from riskterm.engine.actions import act
from riskterm.errors import RiskError
from riskterm.record.old_saves import with_old_defaults
from riskterm.rules.classic.card_values import cards_option, fixed_worth, set_worth
from riskterm.setup_options import parse_house

INF, CAV, ART, WILD = "infantry", "cavalry", "artillery", "wild"


def _cards(classic, kind, n):
    return [t.id for t in classic.board.territories if classic.card_kind[t.id] == kind][:n]


def _trading(classic, hand, cards="progressive", sets_traded=0):
    """Seat 0 reinforcing with `hand`, holding none of the territories it shows (no +2)."""
    s = position(classic, {}, phase="reinforce", reserve=3, sets_traded=sets_traded, default_owner=1)
    s["owner"][0] = 0
    s["hands"] = [list(hand), [], []]
    s["options"] = {**s["options"], "cards": cards}
    return s


def test_progressive_is_the_rulebooks_scale_and_the_default(classic):
    """'the total number of sets anyone has traded in so far': 4, 6, 8, 10, 12, 15, 20, 25, whatever the set;
    a game started without the option (the default) plays it, and its state is the state it always was."""
    bare, _ = classic.new_game(["A", "B", "C"], 3)
    written, _ = classic.new_game(["A", "B", "C"], 3, {"cards": "progressive"})
    assert bare == written and "cards" not in bare["options"] and cards_option(bare) == "progressive"
    hand = _cards(classic, ART, 3)
    s, _ = classic.apply(_trading(classic, hand, sets_traded=6), act("trade", *hand))
    assert s["reserve"] == 3 + 20


@pytest.mark.parametrize(
    "kinds,worth",
    [
        ([INF] * 3, 4),
        ([CAV] * 3, 6),
        ([ART] * 3, 8),
        ([INF, CAV, ART], 10),
        ([INF, INF, WILD], 4),
        ([ART, ART, WILD], 8),
        ([INF, CAV, WILD], 10),
        ([INF, WILD, WILD], 10),
    ],
)
def test_fixed_values(kinds, worth):
    """The later editions pay a set by its pictures: '3 infantry 4, 3 cavalry 6, 3 artillery 8, one of each 10';
    a wild ('Any 2 plus a wild card') stands for the picture worth most (our reading)."""
    assert fixed_worth(kinds) == worth


def test_fixed_trade_pays_by_the_set_not_by_the_count(classic):
    """Under `fixed` the tenth set of the game pays what the first does: three cavalry, 6."""
    hand = _cards(classic, CAV, 3)
    s = _trading(classic, hand, "fixed", sets_traded=9)
    s2, events = classic.apply(s, act("trade", *hand))
    assert s2["reserve"] == 3 + 6 and events[0].data["armies"] == 6 and s2["sets_traded"] == 10
    assert (
        "fixed 4 (3 infantry), 6 (3 cavalry), 8 (3 artillery), 10 (one of each)"
        in classic.presenter().private_lines(s, 0)[-1]
    )


def test_none_draws_no_card(classic):
    """`cards=none`: 'at the end of any turn in which you have captured at least one territory, you will earn
    ONE RISK card' does not apply: there are no cards."""
    s = position(classic, {}, phase="fortify", conquered=True)
    kept = len(s["deck"])
    s["options"] = {**s["options"], "cards": "none"}
    s2, _ = classic.apply(s, "end")
    assert s2["hands"][0] == [] and len(s2["deck"]) == kept
    assert classic.presenter().private_lines(s2, 0) == ["No cards: this game is played without them."]


def test_the_option_on_the_command_line_and_in_old_saves(classic):
    """`--house cards=fixed`; an unknown value is one sentence; a save from before the option replays with the
    rulebook's own progressive scale."""
    assert parse_house(type(classic), ["cards=fixed"]) == {"cards": "fixed"}
    with pytest.raises(RiskError, match="not a choice for cards"):
        parse_house(type(classic), ["cards=double"])
    doc = {"format": 1, "options": {"fortify": "adjacent"}}
    old, _ = classic.new_game(["A", "B", "C"], 3, with_old_defaults(doc, classic)["options"])
    assert cards_option(old) == "progressive"
    from riskterm.commands.simulate import check

    args = argparse.Namespace(
        variant="classic",
        house=["cards=none"],
        mode=None,
        players=3,
        map=None,
        games=1,
        jobs=1,
        seed=0,
        save_dir=None,
        ai="easy",
    )
    check(args)
    assert args.options == {"cards": "none"}


def test_coach_and_computer_value_cards_by_the_option(classic):
    """The coach says what the set is worth under the option; a computer player trades the set worth most under
    `fixed` and gives a conquest's card no value where there are none."""
    hand = _cards(classic, INF, 3) + _cards(classic, ART, 3)
    s = _trading(classic, hand, "fixed")
    info = board_info(classic.board)
    assert "for 8 armies (fixed card values)" in trade_sentence(info, s, act("trade", *hand[3:]))
    trade = ClassicPlayer("normal").choose(classic, s, 0)
    assert trade.kind == "trade" and set_worth(s, [classic.card_kind[c] for c in trade.args[:3]]) == 8
    p = ClassicPlayer("hard")
    p.choose(classic, {**_trading(classic, [], "none"), "phase": "fortify"}, 0)
    assert p.weights.card == 0.0
    p.choose(classic, {**_trading(classic, [], "fixed"), "phase": "fortify"}, 0)
    assert p.weights.card > 0.0
