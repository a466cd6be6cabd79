"""A host and clients on 127.0.0.1 port 0 in one event loop, for the socket tests; every wait is bounded."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable

from riskterm.net.client import Client
from riskterm.net.host import GameHost
from riskterm.net.server import HostServer
from riskterm.rules import PlayerSetup
from riskterm.session import Session

WAIT = 10.0


async def until(cond: Callable[[], object], timeout: float = WAIT, what: str = "") -> None:
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what or cond}")
        await asyncio.sleep(0.003)


class Seat:
    """A test client that records every message."""

    def __init__(self, port: int, code: str, name: str, watch: bool = False, token: str | None = None) -> None:
        self.msgs: list[dict] = []
        self.client = Client("127.0.0.1", port, code, name, watch, token=token or "", on_message=self.msgs.append,
                             keep_tokens=False)
        self.task: asyncio.Task | None = None

    async def start(self) -> Seat:
        await self.client.connect()
        self.task = asyncio.create_task(self.client.run())
        await until(lambda: any(m["type"] in ("welcome", "bye") for m in self.msgs), what="welcome")
        return self

    @property
    def state(self) -> dict | None:
        return self.client.last_state

    def version(self) -> int:
        return -1 if self.state is None else self.state["version"]

    async def stop(self) -> None:
        await self.client.close()
        if self.task is not None:
            await asyncio.wait_for(self.task, WAIT)


async def start_host(variant: str, names: list[str], seed: int, ai: dict[int, str] | None = None,
                     save_to=None, delay: float = 0.0) -> tuple[HostServer, int]:
    players = [PlayerSetup(n, ai=(ai or {}).get(i)) for i, n in enumerate(names)]
    host = GameHost(Session.new(variant, players, seed), save_to=save_to)
    server = HostServer(host, "127.0.0.1", 0, computer_delay=delay)
    return server, await server.start()


def easy_chooser(variant: str, seat: int):  # type: ignore[no-untyped-def]
    """A chooser playing like the easy computer player on the seat's own view (games that end)."""
    from riskterm.ai import make_player
    from riskterm.ai.core.guard import TurnGuard

    player, guard = make_player(variant, "easy", seat), TurnGuard(max_seconds=None)
    return lambda rules, view: guard.choose(rules, view, seat, player)


async def play(server: HostServer, seats: list[Seat], moves: int, rng: random.Random,
               choosers: dict | None = None) -> int:
    """Each move: wait until every screen has the host's latest state, then the actor's screen picks a random
    legal action from its own view and sends it. Returns the moves made."""
    host, rules = server.host, server.host.rules
    by_seat = {s.client.seat: s for s in seats}
    made = 0
    for _ in range(moves):
        await until(lambda: not host.computer_to_move(), what="computer seats")
        v = host.version
        await until(lambda v=v: all(s.version() == v for s in seats), what=f"everyone at version {v}")
        actor = seats[0].state["actor"]
        if actor is None:
            break
        me = by_seat[actor]
        view = me.state["view"]
        action = choosers[actor](rules, view) if choosers else rng.choice(rules.legal_actions(view))
        await me.client.act(str(action), v)
        await until(lambda v=v, me=me: host.version > v or me.msgs[-1]["type"] == "refused", what="an answer")
        assert me.msgs[-1]["type"] != "refused", me.msgs[-1]
        made += 1
    return made
