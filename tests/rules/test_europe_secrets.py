"""A player's view must not give secrets away. The seed rebuilt everything (a new game from the
view's seed gave the other players' order cards); nothing in a view may let a player compute another seat's
bid or face-down King's Orders cards, or a future roll."""

from __future__ import annotations

from europe_helpers import R, run

from riskterm.engine.state import to_json

SETUP = ("bid 2", "bid 1", "bid 0", "kingdom england wales 3", "kingdom france", "kingdom rome sicily 2")


def test_a_view_holds_neither_the_seed_nor_the_random_stream():
    s, _ = R.new_game(["A", "B", "C"], 12345)
    for seat in (None, 0, 1, 2):
        v = R.view(s, seat)
        assert "seed" not in v and v["rng"] == 0
        assert "12345" not in to_json(v)


def test_views_of_games_with_other_seeds_are_the_same():
    """Two games with different seeds look alike to every player until dice are rolled: the view cannot
    predict a future roll."""
    a, _ = R.new_game(["A", "B", "C"], 1)
    b, _ = R.new_game(["A", "B", "C"], 2)
    a, _ = run(a, *SETUP)
    b, _ = run(b, *SETUP)
    assert a["rng"] != b["rng"]
    for seat in (None, 0, 1, 2):
        assert R.view(a, seat) == R.view(b, seat)


def test_another_seats_bid_cannot_be_read_from_a_view():
    """ "secretly selecting a number of coins ... All players will then reveal their bids at the same time"."""
    s, _ = R.new_game(["A", "B", "C"], 7)
    low, _ = run(s, "bid 0")
    high, _ = run(s, "bid 4")
    assert R.view(low, 1) == R.view(high, 1) and R.view(low, None) == R.view(high, None)
    assert R.view(low, 0) != R.view(high, 0)


def test_another_seats_order_cards_cannot_be_read_from_a_view_or_the_log():
    """ "Each player secretly selects two cards from his or her hand and places them face down"."""
    s, _ = R.new_game(["A", "B", "C"], 7)
    s, _ = run(s, *SETUP)
    one, ev1 = run(s, "orders fortify1 taxspend1")
    two, ev2 = run(s, "orders kingme split1")
    for seat in (None, 1, 2):
        assert R.view(one, seat) == R.view(two, seat)
        assert [R.presenter().describe(e, R.names(one), seat) for e in ev1] == [
            R.presenter().describe(e, R.names(two), seat) for e in ev2
        ]
        assert R.presenter().private_lines(R.view(one, seat), 0) == R.presenter().private_lines(
            R.view(two, seat), 0
        )
        assert R.presenter().order_cards(R.view(one, seat), 0) == []
    assert R.view(one, 0) != R.view(two, 0)
    # once revealed, the top card is public, the bottom card still hidden
    s3, _ = run(one, "orders fortify1 taxspend1", "orders fortify1 taxspend1")
    assert R.view(s3, 1)["chosen"][0] == ["fortify1", "?"]
