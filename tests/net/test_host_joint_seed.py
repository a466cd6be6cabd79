"""A new hosted game's dice seed made by everyone: each seat's hello commits to a contribution, the host
asks for them once every seat is in and shows every commitment, and the game starts from the seed the host's
committed secret and the shares make; a share that never comes is absent after the join timeout (the log and
the save say so), one that does not match its commitment is left out. Without the setting (a reopened game,
the tests' hosts) the game starts at once from the host's seed."""

from __future__ import annotations

import asyncio
import json
import random

from net_helpers import Seat, play, start_host, until

from riskterm.engine.joint_seed import Contribution, contribution_commitment, joint_seed
from riskterm.net.host import GameHost
from riskterm.record.autosave import save_bytes
from riskterm.record.schema import parse_json
from riskterm.rules import PlayerSetup
from riskterm.session import Session

NAMES = ["Ann", "Bob", "Cid"]
SHARES = ["a" * 32, "b" * 32, "c" * 32]


class Clock:
    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


def hosted(joint: bool = True):
    """A host whose three seats have joined (each committing to its share), on a fake clock."""
    clock = Clock()
    host = GameHost(Session.new("classic", [PlayerSetup(n) for n in NAMES], 4), now=clock, joint_seed=joint)
    logged: list[str] = []
    host.on_notice = logged.append
    boxes: dict[int, list[dict]] = {}
    for i, name in enumerate(NAMES):
        box = boxes.setdefault(i, [])
        host.join(
            name,
            None,
            False,
            lambda f, box=box: box.append(json.loads(f)),
            commit=contribution_commitment(SHARES[i]),
        )
    return host, clock, boxes, logged


def conn(host: GameHost, seat: int):
    return next(c for c in host.conns if c.seat == seat)


def test_every_seat_is_asked_for_its_share_and_the_game_starts_from_the_seed_they_make():
    host, _, boxes, logged = hosted()
    shown = host.session.commitment
    assert not host.started and host.revealing_until is not None
    asked = [m for m in boxes[0] if m["type"] == "share"][0]
    assert [c["commit"] for c in asked["commits"]] == [contribution_commitment(r) for r in SHARES]
    assert "committed to: Ann" in logged[0]
    assert not host.reveal(conn(host, 0), SHARES[0]) and not host.reveal(conn(host, 1), SHARES[1])
    assert not host.reveal(conn(host, 1), "d" * 32)  # a second answer changes nothing
    assert host.reveal(conn(host, 2), SHARES[2]) and host.started
    s = host.session
    assert s.host_seed == 4 and s.commitment == shown
    assert s.seed == joint_seed(
        4, s.salt, [Contribution(i, contribution_commitment(r), r) for i, r in enumerate(SHARES)]
    )
    assert s.state == Session.new("classic", s.players, s.seed, s.options).state  # the deal is the new seed's
    assert "contributions of Ann, Bob, Cid." in logged[-1]
    dice = [m for m in boxes[1] if m["type"] == "dice"][0]
    assert all(c["counted"] for c in dice["contributions"]) and boxes[1][-1]["type"] == "state"


def test_a_share_that_never_comes_is_absent_after_the_join_timeout_and_the_save_says_so():
    host, clock, boxes, logged = hosted()
    host.reveal(conn(host, 0), SHARES[0])
    host.reveal(conn(host, 2), "f" * 32)  # not what Cid committed to: left out
    assert "Cid's contribution does not match its commitment" in logged[-1]
    clock.t += host.reveal_seconds - 1
    assert not host.tick() and not host.started and host.next_wake() == host.revealing_until
    clock.t += 1
    assert host.tick() and host.started
    assert (
        "contributions of Ann" in logged[-1]
        and "left out as absent" in logged[-1]
        and "Bob, Cid" in logged[-1]
    )
    doc = parse_json(save_bytes(host.session).decode(), "g.json")
    assert [c["share"] for c in doc["joint_seed"]["contributions"]] == [SHARES[0], None, None]
    assert doc["seed"] == joint_seed(
        4, doc["salt"], [Contribution.from_json(c) for c in doc["joint_seed"]["contributions"]]
    )


def test_without_the_setting_the_game_starts_at_once_from_the_hosts_seed():
    host, _, boxes, _ = hosted(joint=False)
    assert host.started and host.session.seed == 4 and host.session.host_seed is None
    assert not any(m["type"] == "share" for m in boxes[0])


def test_a_short_game_over_loopback_with_a_silent_screen(tmp_path):
    """Real sockets: two screens reveal, one never does; the host starts after the (short) join timeout,
    every screen learns whether its share was counted, and the game plays from the seed made."""
    save = tmp_path / "g.json"

    async def go():
        server, port = await start_host("classic", NAMES, 9, save_to=save, joint_seed=True)
        server.host.reveal_seconds = 0.1  # (the join timeout's place: short here)
        seats = [Seat(port, server.host.code, n) for n in NAMES]
        seats[2].client.reveals = False
        for s in seats:
            await s.start()
        await until(lambda: all(s.state is not None for s in seats), what="the game to start")
        made = await play(server, seats, 12, random.Random(1))
        said = [s.client.dice_said for s in seats]
        for s in seats:
            await s.stop()
        await server.stop()
        return made, said, server.host.session

    made, said, session = asyncio.run(asyncio.wait_for(go(), 60))
    assert made == 12
    assert said[0].startswith("This screen's contribution to the dice seed was counted")
    assert "did not reach the host in time" in said[2]
    assert [c.counted() for c in session.contributions] == [True, True, False]
    assert session.seed == joint_seed(9, session.salt, session.contributions)
    doc = parse_json(save.read_text(), "g.json")
    assert doc["joint_seed"]["host_seed"] == 9 and doc["seed"] == session.seed
