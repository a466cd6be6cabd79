"""What a stranger with the join code (every spectator has it) or without it tried against a real host on
127.0.0.1, each attack replayed here with small limits: taking a disconnected player's seat by name, one chat
line that could not be sent cutting every screen, escape codes in chat, a spectator crowd filling the
connections a player comes back to, a code holder taking an invited player's seat before the start, odd
fields in a hello, and a flood left in the host's kernel buffers."""

from __future__ import annotations

import array
import asyncio
import dataclasses
import fcntl
import json
import socket
import termios

from net_helpers import RawClient, Seat, start_host, until

from riskterm.net.limits import Limits
from riskterm.net.protocol import decode

NAMES = ["Ann", "Bob", "Cid"]
QUICK = Limits(upgrade_seconds=0.5, hello_seconds=0.5, shutdown_seconds=0.5, send_seconds=1.0)


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 30))


async def raw_hello(port: int, **hello) -> RawClient:
    c = await RawClient(port).open()
    await c.upgrade()
    c.text(json.dumps({"v": 1, "type": "hello", **hello}))
    return c


async def everyone_in(port: int, code: str, names: list[str]) -> list[Seat]:
    seats = [await Seat(port, code, n).start() for n in names]
    await until(lambda: all(s.state is not None for s in seats), what="the game to start")
    return seats


def test_a_disconnected_players_seat_is_not_taken_by_name() -> None:
    """Bob drops; a code holder says hello as "Bob" without his token: refused (the attack got Bob's very
    token). Only the host reopens the seat (/seat Bob on its own screen); Bob's old token dies then."""

    async def go():
        server, port = await start_host("classic", NAMES, 5, limits=QUICK)
        host = server.host
        ann, bob, cid = await everyone_in(port, host.code, NAMES)
        old = bob.client.token
        await bob.stop()
        await until(lambda: not host.connected(1), what="Bob gone")
        eve = await Seat(port, host.code, "bob").start()
        assert (
            eve.msgs[-1]["type"] == "bye" and "held by the screen that joined for it" in eve.msgs[-1]["text"]
        )
        assert not host.connected(1) and all(m.get("token") != old for m in eve.msgs)
        await cid.client.chat("/seat Bob")  # not the host's screen
        await until(lambda: cid.msgs[-1]["type"] == "refused", what="the refusal")
        assert cid.msgs[-1]["text"] == "Only the host can reopen a seat." and old in host.tokens
        admin = await Seat(port, host.code, "Ann", token=ann.client.token).start()
        await admin.client.send(json.dumps({"v": 1, "type": "chat", "text": "/seat Bob"}))  # no key: no host
        await until(lambda: admin.msgs[-1]["type"] == "refused", what="the refusal")
        admin.client.token = ann.client.token
        await admin.stop()
        host_screen = Seat(port, host.code, "Ann", token=ann.client.token)
        host_screen.client.admin_key = host.admin_key
        await host_screen.start()
        await host_screen.client.chat("/seat bob")
        await until(lambda: old not in host.tokens, what="the seat reopened")
        new = await Seat(port, host.code, "Bob").start()
        assert new.client.seat == 1 and new.client.token != old
        stale = await Seat(port, host.code, "Bob", token=old).start()  # the old token takes nothing now
        assert stale.msgs[-1]["type"] == "bye" and host.connected(1)
        for s in (host_screen, new, cid):
            await s.stop()
        await server.stop()

    run(go())


def test_before_the_start_a_code_holder_cannot_take_an_invited_seat() -> None:
    """Eve has the code and joins first under her own name (or none): she gets no seat, and Bob, invited,
    still gets his."""

    async def go():
        server, port = await start_host("classic", NAMES, 5, limits=QUICK)
        code = server.host.code
        for name in ("Eve", ""):
            eve = await Seat(port, code, name).start()
            assert (
                eve.msgs[-1]["type"] == "bye" and "the free seats are Ann, Bob, Cid" in eve.msgs[-1]["text"]
            )
        seats = await everyone_in(port, code, ["Cid", "Bob", "Ann"])
        assert [s.client.seat for s in seats] == [2, 1, 0] and server.host.started
        for s in seats:
            await s.stop()
        await server.stop()

    run(go())


def test_a_chat_line_with_a_lone_surrogate_cuts_nobody() -> None:
    """'\\ud800' is valid JSON but no UTF-8 frame can carry it: the message is refused where it is read, and
    the table goes on (the attack cut every screen, each time)."""

    async def go():
        server, port = await start_host("classic", NAMES, 5, limits=QUICK)
        seats = await everyone_in(port, server.host.code, NAMES)
        eve = await raw_hello(port, code=server.host.code, name="Eve", watch=True)
        assert (await eve.receive())["type"] == "welcome"
        for kind in ("chat", "act"):
            eve.text('{"v":1,"type":"' + kind + '","text":"hi \\ud800 there","version":0}')
            while (m := await eve.receive())["type"] != "refused":
                pass
            assert "lone surrogate" in m["text"]
        await seats[1].client.chat("still here")
        await until(
            lambda: all(any(m.get("text") == "still here" for m in s.msgs) for s in seats), what="chat"
        )
        assert all(not s.client.ws.closed for s in seats) and len(server.host.conns) == 4
        eve.close()
        for s in seats:
            await s.stop()
        await server.stop()

    run(go())


def test_a_frame_that_cannot_be_sent_drops_that_connection_only() -> None:
    """Whatever a sender cannot send ends that one connection, with a line in the host's log."""

    async def go():
        server, port = await start_host("classic", NAMES, 5, limits=QUICK)
        ann, bob, cid = await everyone_in(port, server.host.code, NAMES)
        conn = next(c for c in server.host.conns if c.seat == 1)
        conn.send('{"v":1,"type":"chat","text":"\ud800"}')  # as a fault in the host would make it
        await until(lambda: not server.host.connected(1), what="Bob dropped")
        assert any(
            "Dropped Bob" in x and "could not be sent (UnicodeEncodeError)" in x for x in server.log.lines
        )
        await ann.client.chat("on we go")
        await until(lambda: any(m.get("text") == "on we go" for m in cid.msgs), what="the others go on")
        for s in (ann, cid):
            await s.stop()
        await server.stop()

    run(go())


def test_chat_reaches_other_screens_without_escapes_or_bidi_overrides() -> None:
    async def go():
        server, port = await start_host("classic", NAMES, 5, limits=QUICK)
        ann, bob, cid = await everyone_in(port, server.host.code, NAMES)
        await bob.client.chat("\x1b]0;OWNED\x07\x1b[2Jhi \u202eevil\u2066 \x9b31m ok")
        await until(lambda: any(m["type"] == "chat" for m in ann.msgs), what="the chat line")
        line = next(m for m in ann.msgs if m["type"] == "chat")["text"]
        assert line == "]0;OWNED [2Jhi evil 31m ok", line
        for s in (ann, bob, cid):
            await s.stop()
        await server.stop()

    run(go())


def test_spectators_cannot_fill_the_places_players_come_back_to() -> None:
    """The connection caps full of joined spectators refused a player rejoining with his token; spectators
    have caps of their own now."""

    async def go():
        lim = dataclasses.replace(QUICK, total=6, per_address=6, watchers=3, watchers_per_address=3)
        server, port = await start_host("classic", ["Ann", "Bob"], 5, limits=lim)
        ann, bob = await everyone_in(port, server.host.code, ["Ann", "Bob"])
        token = bob.client.token
        await bob.stop()
        watchers = [await Seat(port, server.host.code, f"W{i}", watch=True).start() for i in range(5)]
        assert [w.client.seat is None and w.msgs[-1]["type"] != "bye" for w in watchers] == [True] * 3 + [
            False
        ] * 2
        assert "as many spectators as it takes (3)" in watchers[-1].msgs[-1]["text"]
        back = await Seat(port, server.host.code, "Bob", token=token).start()
        assert back.client.seat == 1
        for s in (ann, back, *watchers):
            await s.stop()
        await server.stop()

    run(go())


def test_odd_fields_in_a_hello_are_refused_in_a_sentence() -> None:
    async def go():
        server, port = await start_host("classic", NAMES, 5, limits=QUICK)
        for odd in (
            {"token": ["x"], "name": "Zed"},
            {"token": {"a": 1}, "name": "Zed"},
            {"name": ["Ann"]},
            {"name": {"Ann": 1}, "watch": "yes"},
            {"admin": ["x"], "name": "Zed"},
        ):
            c = await raw_hello(port, code=server.host.code, **odd)
            assert (await c.receive())["type"] == "bye"
            c.close()
        ann = await Seat(port, server.host.code, "Ann").start()  # the seat is still free: nothing took it
        assert ann.client.seat == 0
        await ann.stop()
        await server.stop()

    run(go())


def test_a_flood_waits_in_bounded_buffers() -> None:
    """The host's kernel receive buffer per socket is capped (the flood measured 1.7 MB there): the rest waits
    on the flooder's own side."""

    async def go():
        server, port = await start_host("classic", NAMES, 5, limits=QUICK)
        c = await raw_hello(port, code=server.host.code, name="F", watch=True)
        await c.receive()
        (transport,) = server.door.open
        sock = transport.get_extra_info("socket")
        assert sock.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF) <= 2 * QUICK.socket_receive_buffer
        frame = json.dumps({"v": 1, "type": "act", "text": "x" * 3000, "version": 0})
        for _ in range(1000):  # 3 MB, far faster than the host reads (50 a second)
            c.text(frame)
        await asyncio.sleep(0.3)
        waiting = array.array("i", [0])
        fcntl.ioctl(sock.fileno(), termios.FIONREAD, waiting)  # unread in the host's kernel
        assert 0 < waiting[0] <= 2 * QUICK.socket_receive_buffer, waiting[0]
        c.close()
        await server.stop()

    run(go())


def test_a_message_with_an_escaped_surrogate_pair_is_fine() -> None:
    assert decode('{"v":1,"type":"chat","text":"\\ud83d\\ude00"}')["text"] == "\U0001f600"


def test_a_headless_host_reopens_a_seat_from_its_terminal(capsys) -> None:
    import io

    from riskterm.commands.host import Serving
    from riskterm.net.host import GameHost
    from riskterm.rules import PlayerSetup
    from riskterm.session import Session

    host = GameHost(Session.new("classic", [PlayerSetup(n) for n in NAMES], 5))
    box: list[str] = []
    conn, token = host.join("Bob", None, False, box.append)
    serving = Serving(host, "127.0.0.1", 0)
    serving.thread.start()  # the host's loop, without listening: the commands run on it
    try:
        serving.take_commands(io.StringIO("/seat Zed\n/kick Bob\n/seat bob\n")).join(5)
    finally:
        serving.loop.call_soon_threadsafe(serving.loop.stop)
        serving.thread.join(5)
    out = capsys.readouterr().out
    assert "No person's seat is called Zed" in out and "The host's command is /seat NAME." in out
    assert token not in host.tokens and conn not in host.conns and "reopened your seat" in box[-1]
