"""The host's websocket server (aiohttp, low-level): one task per connection moves frames between the socket
and the GameHost, which runs on this one event loop (no locks needed); computer seats move in a task of their
own, choosing off the loop. Listens on 127.0.0.1 unless told otherwise, with TLS when given a context.

Every connection is bounded (limits.py): the door (guard.py) caps connections and closes those that do not
become a websocket in time; a hello must come in time; wrong join codes are counted per guess; a client's
messages are limited in size and rate; what it is sent waits in a bounded outbox (outbox.py), and a client
that does not read is dropped, its seat kept for a rejoin. Stopping closes every socket within a deadline.
A timer task wakes the host when its clock says (a turn out of time, a seat absent past its grace time)."""

from __future__ import annotations

import asyncio
import ssl
import time
from collections.abc import Callable
from typing import Any

from aiohttp import WSMsgType, web

from riskterm.net.guard import Door
from riskterm.net.host import Conn, GameHost
from riskterm.net.hostlog import HostLog
from riskterm.net.limits import Bucket, Guesses, Limits, address_key, set_buffers
from riskterm.net.outbox import Outbox
from riskterm.net.protocol import HOST_CLOSED, decode, encode, normal_code


class Link:
    """One websocket: its address, its outbox and, once it said a good hello, its place at the host."""

    def __init__(self, addr: str) -> None:
        self.addr = addr
        self.conn: Conn | None = None
        self.outbox: Outbox | None = None
        self.sender: asyncio.Task[None] | None = None

    def who(self) -> str:
        return f"{self.conn.name} ({self.addr})" if self.conn is not None else self.addr


class HostServer:
    def __init__(
        self,
        host: GameHost,
        listen: str = "127.0.0.1",
        port: int = 0,
        computer_delay: float = 0.3,
        limits: Limits | None = None,
        log: HostLog | Callable[[str], None] | None = None,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        self.host = host
        host.max_watchers, host.max_watchers_per_address = (
            (limits or Limits()).watchers,
            (limits or Limits()).watchers_per_address,
        )
        self.listen, self.port = listen, port
        self.computer_delay = computer_delay
        self.limits = limits or Limits()
        host.reveal_seconds = self.limits.hello_seconds  # a share of the seed comes in time, or is absent
        self.log = log if isinstance(log, HostLog) else HostLog(log)
        self.tls = tls
        self.guesses = Guesses(self.limits)
        self.links: set[Link] = set()
        self.runner: web.ServerRunner | None = None
        self.door: Door | None = None
        self.listener: asyncio.Server | None = None
        self._wake = asyncio.Event()
        self._timer_wake = asyncio.Event()
        self._computer: asyncio.Task[None] | None = None
        self._timers: asyncio.Task[None] | None = None

    async def start(self) -> int:
        """Start listening; returns the port (the one chosen when port 0 was asked for)."""
        self.runner = web.ServerRunner(
            web.Server(self.handle, access_log=None), shutdown_timeout=self.limits.shutdown_seconds
        )
        await self.runner.setup()
        assert self.runner.server is not None
        self.door = Door(
            self.limits, self.log, self.runner.server, self.tls
        )  # the door does the TLS handshake
        self.listener = await asyncio.get_running_loop().create_server(
            self.door.protocol, self.listen, self.port, reuse_address=True
        )
        self.port = self.listener.sockets[0].getsockname()[1]
        for sock in self.listener.sockets:  # accepted sockets start with it (and the window offered fits it)
            set_buffers(sock, self.limits)
        self._computer = asyncio.create_task(self.computers())
        self._timers = asyncio.create_task(self.timers())
        self.host.follow()  # a reopened game: the clock runs for the seat to act, joined or not
        self.nudge()
        return self.port

    async def stop(self) -> None:
        """Stop taking connections, tell every client, close every socket: within about twice
        limits.shutdown_seconds whatever the clients do."""
        for task in (self._computer, self._timers):
            if task is not None:
                task.cancel()
        if self.listener is not None:
            self.listener.close()
        bye = encode("bye", text=HOST_CLOSED)
        for link in list(self.links):
            if link.outbox is not None:
                link.outbox.close_after(bye)
        senders = [link.sender for link in self.links if link.sender is not None]
        if senders:
            await asyncio.wait(senders, timeout=self.limits.shutdown_seconds)
        if self.door is not None:
            self.door.abort_all()
        if self.runner is not None:
            try:
                async with asyncio.timeout(self.limits.shutdown_seconds):
                    await self.runner.cleanup()
            except TimeoutError:
                self.log.say("shutdown", "Some connections did not finish closing in time; they were cut.")

    def nudge(self) -> None:
        """Something changed: a computer may be due, and the host's next deadline may be another."""
        self._wake.set()
        self._timer_wake.set()

    async def timers(self) -> None:
        """Sleep until the host's next deadline (or a change), then let time do its part."""
        while True:
            at = self.host.next_wake()
            wait = 3600.0 if at is None else min(3600.0, max(0.0, at - self.host.now()))
            self._timer_wake.clear()
            try:
                async with asyncio.timeout(wait):
                    await self._timer_wake.wait()
            except TimeoutError:
                pass
            try:
                ticked = self.host.tick()
            except Exception as e:  # noqa: BLE001 - the table goes on; the fault is in the host's log
                self.log.note(f"The turn timer failed ({type(e).__name__}: {e}); it tries again.")
                ticked = False
            if ticked:
                self._wake.set()
            elif wait == 0.0:
                await asyncio.sleep(0.5)  # a deadline past that brought nothing: never spin

    async def computers(self) -> None:
        """Play the computer seats whenever one is due, one move per `computer_delay`."""
        while True:
            await self._wake.wait()
            self._wake.clear()
            try:
                while self.host.computer_to_move():
                    await asyncio.sleep(self.computer_delay)
                    chosen = await asyncio.to_thread(self.host.computer_choice)
                    if chosen is not None:
                        self.host.apply_computer(*chosen)
            except Exception as e:  # noqa: BLE001 - one failed move must not stop every computer seat
                self.log.note(f"A computer seat's move failed ({type(e).__name__}: {e}); it tries again.")
                await asyncio.sleep(1.0)
                self._wake.set()

    # --- one connection ------------------------------------------------------------------------
    async def handle(self, request: web.BaseRequest) -> web.StreamResponse:
        if request.path != "/ws":
            return web.Response(
                status=404, text="A riskterm game host: join it with riskterm join CODE@HOST:PORT.\n"
            )
        ws = web.WebSocketResponse(max_msg_size=self.limits.frame_hard, heartbeat=20.0)
        if not ws.can_prepare(request).ok:
            return web.Response(status=400, text="This address takes websockets only.\n")
        await ws.prepare(request)
        transport = request.transport
        if self.door is not None:
            self.door.upgraded(transport)
        link = Link(request.remote or "?")
        link.outbox = Outbox(ws, transport, self.limits, lambda why: self._drop(link, why))
        link.sender = asyncio.create_task(link.outbox.run())
        self.links.add(link)
        try:
            link.conn = await self._hello(ws, link)
            if link.conn is not None:
                if self.door is not None:
                    self.door.joined(transport)
                self.nudge()
                await self._read(ws, link)
        finally:
            self.links.discard(link)
            if link.conn is not None:
                self.host.leave(link.conn)
                self.nudge()  # a computer may stand in for the seat now
            link.outbox.close_after()
            done, _ = await asyncio.wait([link.sender], timeout=self.limits.shutdown_seconds)
            if not done:
                link.sender.cancel()
                if transport is not None:
                    transport.abort()
        return ws

    def _drop(self, link: Link, why: str) -> None:
        """The client does not read what it is sent: let it go (its seat is absent, its token still good)."""
        self.log.say(f"drop {address_key(link.addr)}", f"Dropped {link.who()}: {why}.")
        if link.conn is not None:
            self.host.leave(link.conn)
            self.nudge()

    def _refuse(self, link: Link, text: str) -> None:
        assert link.outbox is not None
        link.outbox.put(encode("refused", text=text, version=self.host.version))

    async def _hello(self, ws: web.WebSocketResponse, link: Link) -> Conn | None:
        """The first message: a hello with the join code (or a seat token). None when refused (the client is
        sent a bye saying why, and the socket closes)."""
        assert link.outbox is not None
        addr, key = link.addr, address_key(link.addr)

        def bye(text: str, log: str = "") -> None:
            if log:
                self.log.say(f"hello {key}", f"Refused {addr}: {log}")
            assert link.outbox is not None
            link.outbox.close_after(encode("bye", text=text))

        try:
            async with asyncio.timeout(self.limits.hello_seconds):
                msg = await ws.receive()
        except TimeoutError:
            bye(f"No hello within {self.limits.hello_seconds:g} seconds.", "no hello in time.")
            return None
        if msg.type != WSMsgType.TEXT or len(msg.data) > self.limits.frame_chars:
            bye("Say hello first.", "no hello.")
            return None
        try:
            m = decode(msg.data)
        except ValueError as e:
            bye(str(e), str(e))
            return None
        if m.get("type") != "hello":
            bye("Say hello first.", "no hello.")
            return None
        token = m.get("token")
        known = isinstance(token, str) and token in self.host.tokens  # a seat's token: no guess to count
        token = token if known else None
        now = time.monotonic()
        if not known:
            wait, everyone = self.guesses.wait(addr, now)
            if wait > 0:
                whose = "from everywhere" if everyone else "from your address"
                bye(
                    f"Too many wrong join codes {whose}; try again in {wait:.0f} seconds.",
                    f"too many wrong join codes {whose}.",
                )
                return None
        if normal_code(str(m.get("code", ""))) != self.host.code:
            if not known:
                self.guesses.wrong(addr, now)
            bye("That join code is not this game's.", "a wrong join code.")
            return None
        got = self.host.join(
            m.get("name"),
            token,
            m.get("watch") is True,
            link.outbox.put,
            key=key,
            admin=m.get("admin"),
            commit=m.get("commit"),
        )
        if isinstance(got, str):
            bye(got)
            return None
        return got[0]

    async def _read(self, ws: web.WebSocketResponse, link: Link) -> None:
        """Play what the client sends, at most limits.frames_per_second: a flood is refused once and the
        socket read no faster (the rest waits in the client's own buffers)."""
        assert link.conn is not None
        lim = self.limits
        frames, chats = (
            Bucket(lim.frames_burst, 1 / lim.frames_per_second),
            Bucket(lim.chats_burst, 1 / lim.chats_per_second),
        )
        flooding = False
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                if msg.type == WSMsgType.ERROR:
                    self.log.say(f"frame {address_key(link.addr)}", f"Closed {link.who()}: {msg.data}.")
                break
            now = time.monotonic()
            if not frames.take(now):
                if not flooding:
                    flooding = True
                    self.log.say(f"flood {address_key(link.addr)}", f"{link.who()} sends too many messages.")
                    self._refuse(
                        link,
                        f"Too many messages: the host reads at most {lim.frames_per_second:g} a "
                        "second; the others were not read.",
                    )
                await asyncio.sleep(frames.wait(now))
                continue
            flooding = flooding and not frames.full(now)
            if len(msg.data) > lim.frame_chars:
                self._refuse(
                    link, f"A message may be at most {lim.frame_chars} characters; that one was not read."
                )
                continue
            try:
                m = decode(msg.data)
            except ValueError as e:
                self._refuse(link, str(e))
                continue
            try:
                self._play(link, m, chats, now)
            except Exception as e:  # noqa: BLE001 - one odd message must not end the connection, nor the host
                self.log.note(f"A message from {link.who()} could not be played ({type(e).__name__}: {e}).")
                self._refuse(link, "That message could not be played.")
            if link.conn not in self.host.conns:  # dropped, or its seat taken up from another screen
                break

    def _play(self, link: Link, m: dict[str, Any], chats: Bucket, now: float) -> None:
        assert link.conn is not None
        if m["type"] == "act":
            if self.host.act(link.conn, m.get("text"), m.get("version")) is None:
                self.nudge()
        elif m["type"] == "share":
            if self.host.reveal(link.conn, m.get("contribution")):
                self.nudge()  # the game started: a computer may be first
        elif m["type"] == "chat":
            if chats.take(now):
                self.host.chat(link.conn, m.get("text"))
                self.nudge()  # /away or /back: a computer may be due, or a clock
            else:
                self._refuse(link, "You are chatting too fast; wait a moment.")
