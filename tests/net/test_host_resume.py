"""A host restarted mid-game (`riskterm host --resume`): three players rejoin on their seat tokens and the same
code, each sees its recap and only its own view, the game goes on and its save replays to the same state
(check-save); the code and tokens never reach the save or another seat."""

from __future__ import annotations

import asyncio
import json
import random

from net_helpers import Seat, play, until

from riskterm.commands.host import make_host
from riskterm.net.host import GameHost
from riskterm.net.policy import HostPolicy
from riskterm.net.server import HostServer
from riskterm.record.load import load_game
from riskterm.rules import PlayerSetup
from riskterm.session import Session

NAMES = ["Ann", "Bob", "Cid"]


def test_a_host_restarted_mid_game_brings_three_players_back_to_the_same_game(tmp_path) -> None:
    import argparse

    save, kept = tmp_path / "game.json", tmp_path / "hosted" / "game.json"

    async def go():
        session = Session.new("classic", [PlayerSetup(n) for n in NAMES], 12)
        host = GameHost(session, save_to=save, kept=kept, policy=HostPolicy(turn_time=3600))
        host.keep()
        server = HostServer(host, "127.0.0.1", 0, computer_delay=0.0)
        port = await server.start()
        seats = [await Seat(port, host.code, n).start() for n in NAMES]
        tokens = [s.client.token for s in seats]
        assert await play(server, seats, 15, random.Random(5)) == 15
        for s in seats:
            await s.stop()
        await server.stop()

        args = argparse.Namespace(
            resume=str(save), turn_time=None, grace=None, missed_turns=None, fill_absent=None
        )
        again = make_host(args, load_game(save), save, kept)
        assert again.session.state == host.session.state and again.code == host.code and again.started
        server = HostServer(again, "127.0.0.1", 0, computer_delay=0.0)
        port = await server.start()
        back = [await Seat(port, again.code, "", token=t).start() for t in reversed(tokens)][::-1]
        assert [b.client.seat for b in back] == [0, 1, 2]
        welcomes = [next(m for m in b.msgs if m["type"] == "welcome") for b in back]
        actor = again.rules.actor(again.session.state)
        assert (
            welcomes[actor]["recap"] and [w["token"] for w in welcomes] == tokens
        )  # what came since its turn
        await until(lambda: all(b.version() == 15 for b in back), what="everyone back at the same state")
        assert back[0].state["clock"]["limit"] == 3600
        assert await play(server, back, 15, random.Random(6)) == 15
        await until(lambda: all(b.version() == 30 for b in back))
        for seat, b in enumerate(back):
            view = json.loads(json.dumps(again.rules.view(again.session.state, seat)))
            assert b.state["view"] == view
            sent = json.dumps(b.msgs)
            assert not any(t in sent for i, t in enumerate(tokens) if i != seat)  # no one else's token
        actor = again.rules.actor(again.session.state)
        await back[actor].client.chat("/away")  # the computer plays the seat at once
        await until(lambda: again.version > 30 and again.away == {actor: "away"}, what="the computer's move")
        await back[actor].client.chat("/back")
        await until(lambda: not again.away, what="the seat handed back")
        await until(lambda: not again.computer_to_move())
        for b in back:
            await b.stop()
        await server.stop()
        return again.session

    session = asyncio.run(asyncio.wait_for(go(), 60))
    text = save.read_text()
    assert session.state == load_game(save).state
    codes = json.loads(kept.read_text())
    assert codes["code"] not in text and not any(t in text for t in codes["tokens"])
    local = Session.new("classic", session.players, 12, session.options)
    for a in session.actions:
        local.apply(a)
    assert local.state == session.state
    from riskterm.cli import main

    assert main(["check-save", str(save)]) == 0
