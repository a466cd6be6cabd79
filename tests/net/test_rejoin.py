"""A joined screen whose host went away (stopped, then restarted with --resume on the same port) joins again by
itself with its seat token, a few times, before it gives up; a screen that left, or a host that refused it,
is not joined again."""

from __future__ import annotations

import asyncio

from net_helpers import WAIT, start_host, until

from riskterm.net.client import Client
from riskterm.net.host import GameHost
from riskterm.net.server import HostServer

NAMES = ["Ann", "Bob"]


async def no_wait(seconds: float) -> None:
    await asyncio.sleep(0.05)  # the host's restart happens meanwhile; no real seconds


def test_a_screen_joins_again_with_its_token_when_the_host_comes_back() -> None:
    async def go() -> None:
        server, port = await start_host("classic", NAMES, 3)
        host = server.host
        msgs: list[dict] = []
        tries: list[tuple[int, int]] = []
        ann = Client("127.0.0.1", port, host.code, "Ann", keep_tokens=False, on_message=msgs.append)
        task = asyncio.create_task(
            ann.stay(tries=40, sleep=no_wait, on_retry=lambda n, of: tries.append((n, of)))
        )
        await until(lambda: ann.seat == 0, what="the first welcome")
        token = ann.token
        await server.stop()
        await until(lambda: tries, what="a try to join again")
        again = GameHost(host.session, code=host.code, tokens=dict(host.tokens))  # as --resume brings it back
        server = HostServer(again, "127.0.0.1", port, computer_delay=0.0)
        await server.start()
        await until(lambda: sum(m["type"] == "welcome" for m in msgs) == 2, what="Ann welcomed back")
        welcome = [m for m in msgs if m["type"] == "welcome"][1]
        assert welcome["seat"] == 0 and welcome["token"] == token and again.connected(0)
        await ann.close()
        await asyncio.wait_for(task, WAIT)  # this side left: no more tries
        assert not ann.lost
        await server.stop()

    asyncio.run(asyncio.wait_for(go(), 30))


def test_a_host_that_does_not_come_back_is_tried_a_few_times_then_given_up() -> None:
    async def go() -> Client:
        server, port = await start_host("classic", NAMES, 3)
        ann = Client("127.0.0.1", port, server.host.code, "Ann", keep_tokens=False)
        slept: list[float] = []

        async def sleep(seconds: float) -> None:
            slept.append(seconds)

        task = asyncio.create_task(ann.stay(tries=3, wait=2.0, sleep=sleep))
        await until(lambda: ann.seat == 0, what="the welcome")
        await server.stop()
        await asyncio.wait_for(task, WAIT)
        assert slept == [2.0, 2.0, 2.0]
        return ann

    ann = asyncio.run(asyncio.wait_for(go(), 30))
    assert ann.closed_because.startswith(
        "The host did not come back after 3 tries (No game host answers at ws://"
    )


def test_a_refusal_is_not_tried_again() -> None:
    async def go() -> Client:
        server, port = await start_host("classic", NAMES, 3)
        ann = Client("127.0.0.1", port, "ZZZZZZ", "Ann", keep_tokens=False)
        await asyncio.wait_for(ann.stay(sleep=no_wait), WAIT)
        await server.stop()
        return ann

    ann = asyncio.run(asyncio.wait_for(go(), 30))
    assert not ann.lost and ann.closed_because == "That join code is not this game's."
