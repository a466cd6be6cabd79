"""Fog of war online (the issue's 'FOG', engine/fog.py): 'each screen gets only its fogged view and events;
spectators see fogged views unless the host allows all; a test records every frame and finds nothing beyond
each seat's sight.'"""

from __future__ import annotations

import json
import random

import pytest

from riskterm.engine.fog import UNKNOWN, lifted, sight_of
from riskterm.net.host import GameHost
from riskterm.rules import PlayerSetup
from riskterm.rules.fog_events import UNSEEN, named
from riskterm.session import Session

NAMES = ["Ann", "Bob", "Cid"]


def fogged_host(variant: str, level: str, **fields) -> tuple[GameHost, dict[int | None, list[dict]]]:
    players = [PlayerSetup(n) for n in NAMES]
    host = GameHost(Session.new(variant, players, 7, {"quick_start": True, "fog": level}), **fields)
    inbox: dict[int | None, list[dict]] = {}
    for seat in [0, 1, 2, None]:
        box = inbox.setdefault(seat, [])
        got = host.join(
            NAMES[seat] if seat is not None else "Eve",
            None,
            seat is None,
            lambda f, box=box: box.append(json.loads(f)),
        )
        assert not isinstance(got, str)
    return host, inbox


def beyond_sight(host: GameHost, before: dict, frames: dict[int | None, list[dict]]) -> list[str]:
    """What the frames sent to each seat after one step (from `before`) hold beyond that seat's sight."""
    rules, after, out = host.rules, host.session.state, []
    adj, index = rules.board.adj, rules.board.index
    for seat, msgs in frames.items():
        sees = sight_of(before, adj, seat) | sight_of(after, adj, seat)
        now = sight_of(after, adj, seat)
        for msg in msgs:
            if msg["type"] != "state":
                continue
            v = msg["view"]
            out += [
                f"{seat}: owner of {t}"
                for t, o in enumerate(v["owner"])
                if o != UNKNOWN and not now.owners[t]
            ]
            out += [
                f"{seat}: armies of {t}"
                for t, a in enumerate(v["armies"])
                if a != UNKNOWN and not now.counts[t]
            ]
            for e in msg["events"]:
                if e.get("player") == seat or e["type"] == UNSEEN:
                    continue
                spec = rules.EVENTS[e["type"]]
                places = [index[x] for k in spec.places for x in named(e.get(k)) if x in index]
                if places and not sees.sees_any(places, counts=not spec.owners_only):
                    out.append(f"{seat}: event {e}")
    return out


@pytest.mark.parametrize(
    ("variant", "level", "steps"),
    [
        ("classic", "normal", 30),
        pytest.param("classic", "dense", 200, marks=pytest.mark.slow),
        pytest.param("modern", "light", 200, marks=pytest.mark.slow),
    ],
)
def test_every_frame_holds_only_the_seats_sight(variant, level, steps):
    """FOG, online: a short hosted game between three screens and a spectator; every frame after every step
    is checked against the receiving seat's sight worked out from the host's full state."""
    host, inbox = fogged_host(variant, level)
    conns = {c.seat: c for c in host.conns}
    rng = random.Random(3)
    read = {seat: len(box) for seat, box in inbox.items()}
    problems: list[str] = []
    for _ in range(steps):
        s = host.session.state
        actor = host.rules.actor(s)
        if actor is None:
            break
        legal = host.rules.legal_actions(host.rules.view(s, actor))  # chosen from the seat's own view
        assert host.act(conns[actor], str(rng.choice(legal)), host.version) is None
        problems += beyond_sight(host, s, {seat: box[read[seat] :] for seat, box in inbox.items()})
        read = {seat: len(box) for seat, box in inbox.items()}
    assert problems == []
    assert any(
        e.get("type") == "battle" or e.get("type") == "attack"
        for e in (e for m in inbox[0] if m["type"] == "state" for e in m["events"])
    )


def test_spectators_see_all_only_when_the_host_allows():
    """FOG: 'spectators see fogged views unless the host allows all'."""
    host, inbox = fogged_host("classic", "normal")
    assert set(inbox[None][-1]["view"]["owner"]) == {UNKNOWN}
    open_host, open_inbox = fogged_host("classic", "normal", spectators_see_all=True)
    state = open_host.session.state
    assert open_inbox[None][-1]["view"] == json.loads(json.dumps(open_host.rules.view(lifted(state), None)))
