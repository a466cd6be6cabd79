"""The log: every event with turn and player, filterable by player and kind; private events only to their
owner; "since your last turn" for the hand-off screen."""

from __future__ import annotations

import random

from record_helpers import drive, new_session

from riskterm.record.log import filter_log, game_log, kinds_in, since_last_turn


def played(variant: str = "classic", steps: int = 400):
    session = new_session(variant, 13)
    drive(session, random.Random(13), steps)
    return session


def test_every_event_has_turn_player_and_text(variant: str) -> None:
    session = played(variant, 250)
    log = game_log(session)
    assert len(log) == len(session.all_events())
    assert all(isinstance(e.turn, int) and e.text and e.kind for e in log)
    assert [e.index for e in log] == list(range(len(log)))


def test_private_events_only_to_their_owner() -> None:
    session = played()
    cards = [e for e in session.all_events() if e.kind == "card"]
    assert cards, "a card was drawn"
    owner = cards[0].to
    other = (owner + 1) % 3
    mine = [e for e in game_log(session, owner, kinds=["card"]) if e.player == owner]
    theirs = [e for e in game_log(session, other, kinds=["card"]) if e.player == owner]
    spectator = [e for e in game_log(session, None, kinds=["card"]) if e.player == owner]
    assert all(e.private for e in mine)
    card_name = (
        session.rules.board.tname(cards[0].data["card"])
        if cards[0].data["card"] in session.rules.board.index
        else "Wild"
    )
    assert card_name in mine[0].text
    assert all(card_name not in e.text or "draws a card." in e.text for e in theirs + spectator)
    assert {e.text for e in theirs} == {e.text for e in spectator}


def test_filter_by_player_and_kind() -> None:
    session = played()
    log = game_log(session, None)
    assert {e.kind for e in game_log(session, None, kinds=["battle"])} == {"battle"}
    assert {e.player for e in game_log(session, None, players=[1])} == {1}
    both = filter_log(log, players=[0, 2], kinds=["battle", "conquer"])
    assert both and all(e.player in (0, 2) and e.kind in ("battle", "conquer") for e in both)
    assert "battle" in kinds_in(session) and len(set(kinds_in(session))) == len(kinds_in(session))


def test_since_last_turn_starts_after_the_seats_previous_turn() -> None:
    session = played("classic", 600)
    rnd = random.Random(2)
    # play on to the start of someone's turn (the moment of the hand-off)
    while session.state["phase"] != "reinforce" or session.steps[-1].events[-1].kind != "turn":
        drive(session, rnd, 1)
    seat = session.state["current"]
    news = since_last_turn(session, seat)
    events = session.all_events()
    first = news[0].index
    assert (
        events[first - 1].data["player"] == seat
    )  # the seat's last act of its previous turn comes just before
    assert events[first - 1].data["turn"] < session.state["turn"]
    others = {e.player for e in news if e.player != seat}
    assert others  # the other players' turns are all in it
    assert all(e.player != seat for e in news[:-1])  # only the new turn's own opening event at the end
    # a seat that has not acted yet sees everything
    fresh = new_session("classic", 1)
    assert len(since_last_turn(fresh, 2)) == len(fresh.all_events())


def test_log_reads_typed_events_and_their_addressee() -> None:
    """An event's kind, turn, player and addressee (to) make the log entry."""
    from riskterm.engine.events import Event
    from riskterm.record.log import entries, last_turn_end

    session = played("classic", 30)
    names = session.rules.names(session.state)
    typed = [
        Event("note", {"turn": 2, "player": 1, "text": "x"}),
        Event("memo", {"turn": 2, "player": 1, "text": "y"}, to=1),
    ]
    log = entries(session.rules, typed, names, None)
    assert [(e.kind, e.turn, e.player, e.private) for e in log] == [
        ("note", 2, 1, False),
        ("memo", 2, 1, True),
    ]
    assert last_turn_end(typed, 1) == 2 and last_turn_end(typed, 0) == 0
