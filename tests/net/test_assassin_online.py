"""Assassin online (classic's `mode=assassin`): three screens and a spectator play it over sockets, each on its
own view; a seat's screen only ever holds its own target, the spectator's none, until the game is won."""

from __future__ import annotations

import asyncio
import random

import pytest
from net_helpers import Seat, easy_chooser, play, until

from riskterm.net.host import GameHost
from riskterm.net.server import HostServer
from riskterm.rules import PlayerSetup
from riskterm.session import Session

NAMES = ["Ann", "Bob", "Cid"]


async def assassin_host(seed: int) -> tuple[HostServer, int]:
    session = Session.new(
        "classic", [PlayerSetup(n) for n in NAMES], seed, {"mode": "assassin", "quick_start": True}
    )
    server = HostServer(GameHost(session), "127.0.0.1", 0)
    return server, await server.start()


def secrets_kept(msgs: list[dict], seat: int | None) -> bool:
    """Every state a screen was sent before the game is over shows no target but its own (at the end every
    target is turned up, as at a table); another seat's dealt target reaches it without the target, and
    another's changed target not at all."""
    for m in msgs:
        view = m.get("view") if m.get("type") == "state" else None
        if isinstance(view, dict):
            shown = {q for q, t in enumerate(view["targets"]) if t is not None}
            over = view.get("winner") is not None or view.get("draw")
            if not over and not shown <= {seat}:
                return False
            for e in m.get("events", []):  # (on the wire: 'type' is the kind, 'private' the addressee)
                if (
                    e.get("type") in ("target", "target_changed")
                    and e.get("private") != seat
                    and ("target" in e or e["type"] == "target_changed")
                ):
                    return False
    return True


def play_online(seed: int, moves: int) -> tuple[Session, list[bool]]:
    async def go() -> tuple[Session, list[bool]]:
        server, port = await assassin_host(seed)
        code = server.host.code
        seats = [await Seat(port, code, n).start() for n in NAMES]
        eve = await Seat(port, code, "Eve", watch=True).start()
        await play(server, seats, moves, random.Random(7), {i: easy_chooser("classic", i) for i in range(3)})
        v = server.host.version
        await until(lambda: eve.version() == v, what="the spectator up to date")
        kept = [secrets_kept(s.msgs, s.client.seat) for s in seats] + [secrets_kept(eve.msgs, None)]
        for s in [*seats, eve]:
            await s.stop()
        await server.stop()
        return server.host.session, kept

    return asyncio.run(asyncio.wait_for(go(), 120))


def test_each_screen_sees_its_own_target_only() -> None:
    """'each player is assigned a secret target': over the wire too, for 40 moves of a quick-start game."""
    session, kept = play_online(3, 40)
    assert len(session.steps) >= 40 and all(kept)


@pytest.mark.slow
def test_a_whole_assassin_game_online() -> None:
    """Played to its end by easy screens: won by a target's elimination, no secret ever on another screen."""
    session, kept = play_online(3, 20000)
    assert session.state["winner"] is not None and all(kept)
    assert session.steps[-1].events[-1].data["by"] == "assassin"
