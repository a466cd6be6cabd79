"""Turn timers and absent seats at the host, on a fake clock (no sockets): a seat out of time has its turn
ended by the rulebook's default and the timeout is a notice in every log; after the house's limit of missed
turns the computer takes the seat; /away and /back; a disconnected seat played after the grace time and
handed back when its person rejoins."""

from __future__ import annotations

import json
import random

import pytest

from riskterm.net.host import GameHost
from riskterm.net.policy import HostPolicy
from riskterm.net.turnclock import TurnClock, parse_duration, show_duration
from riskterm.rules import PlayerSetup, find_variant
from riskterm.session import Session

NAMES = ["Ann", "Bob", "Cid"]


class Clock:
    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


def table(policy: HostPolicy, variant: str = "classic", seed: int = 4):
    clock = Clock()
    host = GameHost(Session.new(variant, [PlayerSetup(n) for n in NAMES], seed), policy=policy, now=clock)
    logged: list[str] = []
    host.on_notice = logged.append
    boxes: dict[int, list[dict]] = {}
    for i, name in enumerate(NAMES):
        box = boxes.setdefault(i, [])
        host.join(name, None, False, lambda f, box=box: box.append(json.loads(f)))
    return host, clock, boxes, logged


def conn_of(host: GameHost, seat: int):
    return next(c for c in host.conns if c.seat == seat)


def test_the_clock_gives_each_seat_its_own_allowance_per_turn() -> None:
    c = TurnClock(60)
    assert c.follow(0, (0, 1), now=0) and c.left(10) == 50
    c.follow(1, (0, 1), now=20)  # a defender answers in seat 0's turn: its own minute; seat 0's waits
    assert c.left(30) == 50 and c.expired(79) is None and c.expired(80) == 1
    c.follow(0, (0, 1), now=30)  # back to the attacker: the 40 seconds it had left
    assert c.left(30) == 40
    c.follow(1, (1, 2), now=40)  # the next turn: a whole minute
    assert c.left(40) == 60
    c.follow(None, (1, 2), now=41)  # a computer (or the end): no clock
    assert c.left(41) is None and c.expired(1e9) is None


def test_times_read_as_people_write_them() -> None:
    assert [parse_duration(t) for t in ("90s", "5m", "24h", "1h30m", "2d", "45")] == [
        90,
        300,
        86400,
        5400,
        172800,
        45,
    ]
    for bad in ("", "0", "soon", "5x", "-3s", "31d"):
        with pytest.raises(ValueError):
            parse_duration(bad)
    assert parse_duration("0", zero=True) == 0
    assert [show_duration(s) for s in (59.2, 245, 86399, 183600)] == ["1m00s", "4m05s", "23h59m", "2d03h"]


@pytest.mark.parametrize("variant", ["classic", "europe", "risiko", "modern"])
def test_the_default_on_timeout_is_legal_in_every_phase(variant: str) -> None:
    """The house's timer, not a rulebook's rule: the action a seat out of time takes (Presenter.timeout_action,
    the rulebook's `timeout_kinds`) is legal wherever it offers one, from set-up to the end."""
    rules = find_variant(variant)
    session = Session.new(variant, [PlayerSetup(n) for n in [*NAMES, "Dee"]], 3, {"quick_start": True})
    rng, seen = random.Random(1), set()
    for i in range(80):
        s = session.state
        if rules.is_over(s):
            break
        legal = rules.legal_actions(s)
        if s["phase"] not in seen or i % 9 == 0:
            a = rules.presenter().timeout_action(s)
            assert a is None or a in legal, (s["phase"], a)
            seen.add(s["phase"])
        session.apply(rng.choice(legal))
    assert len(seen) >= 4


def test_a_seat_out_of_time_has_its_turn_ended_and_the_computer_takes_it_after_the_missed_limit() -> None:
    host, clock, boxes, logged = table(HostPolicy(turn_time=60, missed_limit=2))
    rules = host.rules
    seat = rules.actor(host.session.state)
    assert boxes[seat][-1]["clock"] == {"seat": seat, "left": 60.0, "limit": 60}
    clock.t += 59
    assert not host.tick() and host.version == 0
    clock.t += 1
    assert host.tick() and host.version == 1 and rules.actor(host.session.state) != seat  # its claim was made
    assert "Ann's time ran out (1m00s)" in logged[-1] and "1 of 2" in logged[-1]
    assert all(any(m["type"] == "notice" and m["text"] == logged[-1] for m in box) for box in boxes.values())
    # the others play; Ann's next claim runs out too: the computer plays her seat from then on
    for _ in range(2):
        s = host.session.state
        host.act(conn_of(host, rules.actor(s)), str(rules.legal_actions(s)[0]), host.version)
    assert rules.actor(host.session.state) == seat and host.next_wake() == clock.t + 60
    clock.t += 60
    assert host.tick() and host.away == {seat: "missed"} and host.is_computer(seat)
    assert "Ann missed their turns: the computer (easy) plays" in logged[-1]
    assert host.act(conn_of(host, seat), "claim alaska", host.version) is not None  # her own actions wait
    while rules.actor(host.session.state) != seat:
        s = host.session.state
        host.act(conn_of(host, rules.actor(s)), str(rules.legal_actions(s)[0]), host.version)
    assert host.computer_to_move() and host.clock is not None and host.clock.running is None  # no clock runs
    host.chat(conn_of(host, seat), "/back")
    assert (
        not host.away
        and "Ann is back" in logged[-1]
        and host.clock.running == (seat, rules.presenter().turn_key(host.session.state))
    )
    assert not boxes[seat][-1]["away"] and boxes[seat][-1]["clock"]["seat"] == seat


def test_acting_in_time_clears_the_missed_turns_and_away_gives_the_seat_away() -> None:
    host, clock, _, logged = table(HostPolicy(turn_time=30, missed_limit=3))
    rules = host.rules
    seat = rules.actor(host.session.state)
    clock.t += 31
    host.tick()
    assert host.missed == {seat: 1}
    while rules.actor(host.session.state) != seat:
        s = host.session.state
        host.act(conn_of(host, rules.actor(s)), str(rules.legal_actions(s)[0]), host.version)
    s = host.session.state
    assert host.act(conn_of(host, seat), str(rules.legal_actions(s)[0]), host.version) is None
    assert host.missed == {}
    host.chat(conn_of(host, 1), "/away")
    assert (
        host.away == {1: "away"}
        and "Bob is away: the computer (easy) plays their seat until they say /back" in logged[-1]
    )


def test_a_disconnected_seat_is_played_after_the_grace_time_and_handed_back_when_its_person_rejoins() -> None:
    host, clock, boxes, logged = table(HostPolicy(fill_level="normal", grace=120))
    seat = host.rules.actor(host.session.state)
    token = next(t for t, s in host.tokens.items() if s == seat)
    host.leave(conn_of(host, seat))
    assert host.next_wake() == clock.t + 120 and not host.computer_to_move()
    clock.t += 119
    assert not host.tick()
    clock.t += 1
    assert host.tick() and host.away == {seat: "absent"} and host.computer_to_move()
    assert "Ann is not connected: the computer (normal) plays their seat until they join again." == logged[-1]
    assert host.computer_step() and host.version == 1
    box: list[dict] = []
    host.join("Ann", token, False, lambda f: box.append(json.loads(f)))
    assert not host.away and logged[-1] == "Ann is back and plays their own seat again."
    welcome = box[0]
    assert welcome["seat"] == seat and logged[-2] in welcome["notices"]
    assert all(b[-1]["type"] == "state" for b in boxes.values() if b is not boxes[seat])
