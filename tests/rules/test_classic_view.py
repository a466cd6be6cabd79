"""What a player's view of a classic game may hold. classic-risk.txt: the pack is placed 'face down' and each
player's cards are their own; 'Nothing in a player's view may let them compute a secret or a future
roll' (the seed rebuilds the deck order and every roll)."""

import random

from helpers import position

from riskterm.engine.state import to_json


def _game_with_cards(classic):
    s = position(classic, {"alaska": 0, "peru": 0}, seed=1234)
    s["hands"] = [["alaska", "wild1"], ["peru", "brazil", "ural"], ["egypt"]]
    s["deck"] = [c for c in s["deck"] if c not in {"alaska", "wild1", "peru", "brazil", "ural", "egypt"}]
    return s


def test_view_holds_no_seed_no_stream_no_deck_and_no_other_hand(classic):
    """'place it, face down': the deck and other hands are '?' cards; neither the seed nor the stream's state
    is in the view."""
    s = _game_with_cards(classic)
    v = classic.view(s, 1)
    assert "seed" not in v and v["rng"] == 0
    assert v["hands"] == [["?", "?"], ["peru", "brazil", "ural"], ["?"]] and set(v["deck"]) == {"?"}
    assert all(set(h) == {"?"} for h in classic.view(s, None)["hands"] if h)
    assert "1234" not in to_json(v)


def test_a_view_cannot_tell_two_games_with_other_secrets_apart(classic):
    """Two games alike in everything a player may see, but with another deck order, other hands for the
    other seats, another seed and another random stream, give that player the very same view: nothing in it
    can rebuild another seat's hand or the deck."""
    s = _game_with_cards(classic)
    t = dict(s, seed=99, rng=123456789)
    rnd = random.Random(5)
    pool = t["deck"] + t["hands"][0] + t["hands"][2]
    rnd.shuffle(pool)
    t["hands"] = [pool[:2], s["hands"][1], pool[2:3]]
    t["deck"] = pool[3:]
    assert t["deck"] != s["deck"] and t["hands"] != s["hands"]
    assert classic.view(t, 1) == classic.view(s, 1)


def test_a_drawn_card_is_only_named_to_its_drawer(classic):
    """'you will earn ONE ... RISK card': the card event names the card to its drawer only."""
    s = position(classic, {"alaska": 0}, {"alaska": 5}, conquered=True)
    _, ev = classic.apply(s, "end")
    card = next(e for e in ev if e.kind == "card")
    assert card.redacted(0).data.get("card") == s["deck"][-1] and card.redacted(1).data.get("card") is None
    names = classic.names(s)
    assert classic.presenter().describe(card.redacted(1), names, 1) == "P0 draws a card."
    assert classic.presenter().describe(card, names, 0).startswith("P0 draws the card ")
