"""What the rulebook tells the app's King's Orders chooser and recruit/spend screen (no Textual involved)."""

from __future__ import annotations

from europe_helpers import R, run

from riskterm.rules.europe.data import DECK
from riskterm.rules.europe.scenario import scenario


def test_order_cards_name_each_card_once_with_what_it_does():
    """ "choose from the following options: Expand, Split Expand, Manoeuvre, Spend and Tax"; "Some King's Orders
    cards also have bonus actions": each card in hand is listed once, by its face, with its orders and bonus."""
    s, _ = R.new_game(["A", "B"], 3)
    cards = R.presenter().order_cards(s, 0)
    assert [c["id"] for c in cards] == list(DECK)
    fort = next(c for c in cards if c["id"] == "fortify1")
    assert fort["name"] == "Fortify + Expand or Manoeuvre"
    assert fort["bonus"] == "Fortify" and fort["orders"] == ["Expand", "Manoeuvre"]
    assert [p[0] for p in fort["parts"]] == ["Fortify", "Expand", "Manoeuvre"]
    assert "three footmen" in fort["text"] and "Tax or Spend" not in fort["text"]
    assert all(c["text"] and c["name"].count("Tax") <= 1 for c in cards)


def test_order_cards_of_another_seat_are_hidden_in_a_view():
    s, _ = R.new_game(["A", "B"], 3)
    assert R.presenter().order_cards(R.view(s, 1), 0) == []
    assert len(R.presenter().order_cards(R.view(s, 0), 0)) == 8


def test_spend_lists_units_castle_and_crown_card_while_spending():
    """ "You may spend coins to recruit new army units, build castles and buy crown cards"; unit costs 1, 2, 3, 10;
    "You may never purchase more army units than you have physically available in your army reserve"."""
    s = scenario(
        R,
        units={"england": (0, [30, 0, 0, 0]), "wales": (0, [1, 0, 0, 0])},
        castles=("england",),
        card="taxspend1",
        coins=[25, 5, 5],
    )
    assert R.presenter().shop(s) is None  # no purchase screen: the spend screen
    spend = R.presenter().spend(s)
    assert spend is not None and spend.recruit_kind == "recruit" and spend.money == 25
    assert [(u.name, u.cost, u.left) for u in spend.units] == [
        ("Footman", 1, 4),
        ("Archer", 2, 12),
        ("Cavalry", 3, 12),
        ("Siege weapon", 10, 4),
    ]
    assert spend.places == ("england",)
    castle, crown = spend.purchases
    assert (castle.kind, castle.places, castle.cost, castle.why) == ("castle", ("wales",), 12, None)
    assert (crown.kind, crown.places, crown.why) == ("crown", None, None)
    assert spend.kinds() == ("recruit", "castle", "crown") and spend.row_of("crown") == 5
    s2, _ = run(s, "crown")
    spend2 = R.presenter().spend(s2)
    assert (
        spend2 is not None
        and spend2.money == 15
        and "one crown card per round" in (spend2.purchases[1].why or "")
    )


def test_no_spend_without_a_spend_order():
    """A card without Spend, or a Tax already collected, opens no spend screen."""
    s = scenario(R, units={"england": (0, [3, 0, 0, 0])}, card="fortify1")
    assert R.presenter().spend(s) is None
    s = scenario(R, units={"england": (0, [3, 0, 0, 0])}, card="taxspend1")
    s2, _ = run(s, "tax england")
    assert R.presenter().spend(s2) is None


def test_order_choice_is_the_hand_laid_down_top_card_first():
    """ "The top card will be used for Turn 1 and the bottom card will be used for Turn 2": the chooser lists
    the seat's own cards (nobody else's) and lays them down as 'orders <top> <bottom>'."""
    s, _ = R.new_game(["A", "B"], 3)
    choice = R.presenter().order_choice(s, 0)
    assert choice.kind == "orders" and [c.id for c in choice.cards] == list(DECK)
    assert choice.slots == ("TOP card, Turn 1", "BOTTOM card, Turn 2")
    assert R.presenter().order_choice(R.view(s, 1), 0).cards == ()


def test_int_range_bounds_every_unit_count_of_the_legal_actions():
    """The app asks once for a count in the range the rules give (int_range), instead of probing
    why_illegal: every count of a legal Expand, Manoeuvre, recruit or loss choice lies in that range, and
    always taking the top of each range gives a legal action."""
    import random

    from riskterm.engine.actions import Action

    checked = 0
    for seed in range(3):
        rnd = random.Random(seed)
        s, _ = R.new_game(["A", "B", "C"], seed)
        for _ in range(400):
            if R.is_over(s):
                break
            acts = R.legal_actions(s)
            for a in rnd.sample(acts, min(6, len(acts))):
                if a.kind not in ("expand", "split", "manoeuvre", "recruit", "lose"):
                    continue
                first = next(i for i, x in enumerate(a.args) if isinstance(x, int))
                for k in range(first, len(a.args)):
                    lo, hi = R.int_range(s, a.kind, a.args[:k])
                    assert lo <= a.args[k] <= hi, (a, k, lo, hi)
                top = list(a.args[:first])
                while len(top) < len(a.args):
                    top.append(R.int_range(s, a.kind, tuple(top))[1])
                if a.kind != "expand" or top[-1] or not s["castle"][R.board.index[a.args[1]]]:
                    assert R.why_illegal(s, Action(a.kind, tuple(top))) is None, (a, top)
                checked += 1
            s, _ = R.apply(s, rnd.choice(acts))
    assert checked > 50
