"""The secret canary: random games through the host API, for every rulebook. Every state message
to seat k holds exactly view(state, k); no event in it carries another seat's secret keys; nothing sent holds
the random stream or the seed."""

from __future__ import annotations

import json
import random

import pytest

from riskterm.engine.events import Event
from riskterm.net.host import GameHost
from riskterm.net.policy import HostPolicy
from riskterm.rules import PlayerSetup
from riskterm.session import Session

BOOKS = ["classic", "europe", "risiko", "modern"]


def host_with(variant: str, seed: int, n: int = 3) -> tuple[GameHost, dict[int | None, list[dict]]]:
    players = [PlayerSetup(name) for name in ["Ann", "Bob", "Cid", "Dee"][:n]]
    host = GameHost(Session.new(variant, players, seed))
    inbox: dict[int | None, list[dict]] = {}
    for seat in [*range(n), None]:
        box = inbox.setdefault(seat, [])
        got = host.join(
            ["Ann", "Bob", "Cid", "Dee"][seat] if seat is not None else "Eve",
            None,
            seat is None,
            lambda f, box=box: box.append(json.loads(f)),
        )
        assert not isinstance(got, str)
    return host, inbox


def check_messages(host: GameHost, inbox: dict[int | None, list[dict]], seen: dict[int | None, int]) -> None:
    rules, state = host.rules, host.session.state
    events = host.session.all_events()
    for seat, box in inbox.items():
        for msg in box[seen.get(seat, 0) :]:
            text = json.dumps(msg)
            assert '"rng": ' not in text.replace('"rng": 0', "") and '"seed"' not in text
            if msg["type"] != "state":
                continue
            assert msg["version"] == host.version
            assert msg["view"] == json.loads(json.dumps(rules.view(state, seat)))
            for e in msg["events"]:
                assert e.get("private") in (None, seat) or not any(k in e for k in _full(events, e).secret), e
        seen[seat] = len(box)


def _full(events: list[Event], sent: dict) -> Event:
    """The host's own event matching a sent one (same kind and public data)."""
    for ev in events:
        if ev.kind == sent["type"] and all(
            ev.data.get(k) == v for k, v in sent.items() if k not in ("type", "private")
        ):
            return ev
    raise AssertionError(f"sent an event the host never had: {sent}")


@pytest.mark.parametrize("variant", BOOKS)
def test_every_message_is_the_seats_own_view(variant: str) -> None:
    host, inbox = host_with(variant, seed=11)
    assert host.started
    conns = {c.seat: c for c in host.conns}
    rng = random.Random(5)
    seen: dict[int | None, int] = {}
    check_messages(host, inbox, seen)
    for _ in range(100):
        s = host.session.state
        actor = host.rules.actor(s)
        if actor is None:
            break
        action = rng.choice(host.rules.legal_actions(s))
        assert host.act(conns[actor], str(action), host.version) is None
        check_messages(host, inbox, seen)
    assert host.version > 20


def test_secret_events_reach_only_their_seat() -> None:
    """A card drawn in classic is told to its owner only: the others' copy of the event has no card."""
    host, inbox = host_with("classic", seed=3)
    conns = {c.seat: c for c in host.conns}
    rng = random.Random(2)
    while not any(e.kind == "card" for e in host.session.all_events()) and host.version < 2000:
        s = host.session.state
        acts = host.rules.legal_actions(s)
        pick = [a for a in acts if a.kind in ("attack", "blitz")] if rng.random() < 0.6 else []
        host.act(conns[host.rules.actor(s)], str(rng.choice(pick or acts)), host.version)
    card = next(e for e in host.session.all_events() if e.kind == "card")
    assert card.secret
    for seat, box in inbox.items():
        sent = [e for m in box if m["type"] == "state" for e in m["events"] if e["type"] == "card"]
        assert sent
        has = all(k in sent[0] for k in card.secret)
        assert has == (seat == card.to)


def test_refusals_change_nothing() -> None:
    host, inbox = host_with("classic", seed=4)
    conns = {c.seat: c for c in host.conns}
    actor = host.rules.actor(host.session.state)
    other = conns[(actor + 1) % 3]
    legal = str(host.rules.legal_actions(host.session.state)[0])
    before = host.session.state
    assert host.act(other, legal, host.version) == "It is not your turn."
    assert "moved on" in host.act(conns[actor], legal, host.version + 1)
    assert "watch" in host.act(conns[None], legal, host.version)
    for odd in ("attack nowhere", 'claim "', "x" * 301, "", "end 99999999999999999999", "\x00", 7, None):
        assert host.act(conns[actor], odd, host.version)
    assert host.session.state is before and host.version == 0
    assert inbox[other.seat][-1]["type"] == "refused"


def test_tokens_give_the_seat_back_and_seats_run_out() -> None:
    host, _ = host_with("classic", seed=4)
    token = next(t for t, s in host.tokens.items() if s == 1)
    box: list = []
    conn, _ = host.join("Someone", token, False, box.append)
    assert conn.seat == 1 and sum(c.seat == 1 for c in host.conns) == 1
    assert "taken" in host.join("Zed", None, False, box.append)
    assert "held" in host.join("Bob", None, False, box.append)  # Bob's seat has a token: never by name
    host.leave(conn)
    assert "held" in host.join("bob", None, False, box.append)  # nor while he is away
    back, _ = host.join("Someone", token, False, box.append)  # his token always
    assert back.seat == 1


def test_host_file_reopens_a_save_for_the_same_seats(tmp_path) -> None:
    import argparse

    from riskterm.commands.host import build
    from riskterm.record.autosave import write_save

    host, _ = host_with("classic", seed=4)
    conns = {c.seat: c for c in host.conns}
    for _ in range(5):
        s = host.session.state
        host.act(conns[host.rules.actor(s)], str(host.rules.legal_actions(s)[0]), host.version)
    path = write_save(host.session, tmp_path / "g.json")
    again = GameHost(build(argparse.Namespace(file=str(path), resume=None)))
    assert again.session.state == host.session.state and again.started and again.names() == host.names()


def test_computer_seats_play_on_the_host() -> None:
    players = [PlayerSetup("Ann"), PlayerSetup("Bob", ai="easy"), PlayerSetup("Cid", ai="easy")]
    host = GameHost(Session.new("classic", players, 9))
    box: list = []
    host.join("Ann", None, False, box.append)
    assert host.started
    rng = random.Random(1)
    for _ in range(300):
        if host.computer_step():
            continue
        s = host.session.state
        if host.rules.actor(s) is None:
            break
        host.act(host.conns[0], str(rng.choice(host.rules.legal_actions(s))), host.version)
    assert any(st.before["actor"] != 0 for st in host.session.steps)


def test_an_absent_seat_is_played_by_the_computer_only_when_the_host_says_so() -> None:
    host, _ = host_with("classic", seed=4)
    actor = host.rules.actor(host.session.state)
    conn = next(c for c in host.conns if c.seat == actor)
    host.leave(conn)
    assert not host.computer_to_move() and not host.tick()
    host.policy = HostPolicy(fill_level="easy", grace=0.0)
    assert host.tick() and host.computer_to_move() and host.computer_step()
    box: list = []
    token = next(t for t, s in host.tokens.items() if s == actor)
    host.join("back", token, False, box.append)
    assert not host.is_computer(actor)


def test_log_lines_read_the_same_from_redacted_events() -> None:
    """The remote screen describes the redacted events it was sent: the lines must be the host's own for that
    seat (private details only to their owner)."""
    for variant in BOOKS:
        host, _ = host_with(variant, seed=7)
        conns = {c.seat: c for c in host.conns}
        rng = random.Random(3)
        for _ in range(60):
            s = host.session.state
            host.act(conns[host.rules.actor(s)], str(rng.choice(host.rules.legal_actions(s))), host.version)
        names = host.names()
        for e in host.session.all_events():
            for seat in (0, None):
                sent = Event.from_wire(json.loads(json.dumps(e.redacted(seat).to_wire())))
                assert host.rules.presenter().describe(sent, names, seat) == host.rules.presenter().describe(
                    e, names, seat
                )


def test_a_joining_name_with_escape_codes_is_refused() -> None:
    """A spectator's name reaches every screen's log (chat), so the table's rule
    holds here too: no control characters."""
    host, _ = host_with("classic", 3)
    box: list[dict] = []
    said = host.join("\x1b]0;OWNED\x07\x1b[2J", None, True, box.append)
    assert isinstance(said, str) and "control character" in said
    conn, _ = host.join("Eve [b]x[/b]", None, True, box.append)  # markup is fine: shown literally
    assert conn.name == "Eve [b]x[/b]"
