"""The host's websocket server (aiohttp): one task per connection moves frames between the socket and the
GameHost, which runs on this one event loop (no locks needed); computer seats move in a task of their own,
choosing off the loop. Listens on 127.0.0.1 unless told otherwise; wrong join codes are rate-limited per
address."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

from aiohttp import WSMsgType, web

from riskterm.net.host import Conn, GameHost
from riskterm.net.protocol import MAX_FRAME, decode, encode, normal_code

HELLO_SECONDS = 10.0  # a connection that says nothing for this long is closed


@dataclass
class WrongCodes:
    """Per address: after `free` wrong codes, each further try waits twice as long (up to `cap` seconds)."""

    free: int = 3
    cap: float = 60.0
    tries: dict[str, tuple[int, float]] = field(default_factory=dict)  # address -> (wrong codes, blocked until)

    def wait(self, addr: str, now: float) -> float:
        n, until = self.tries.get(addr, (0, 0.0))
        return max(0.0, until - now)

    def wrong(self, addr: str, now: float) -> None:
        n, _ = self.tries.get(addr, (0, 0.0))
        n += 1
        self.tries[addr] = (n, now + (min(self.cap, 2.0 ** (n - self.free)) if n >= self.free else 0.0))

    def right(self, addr: str) -> None:
        self.tries.pop(addr, None)


class HostServer:
    def __init__(self, host: GameHost, listen: str = "127.0.0.1", port: int = 0, computer_delay: float = 0.3):
        self.host = host
        self.listen, self.port = listen, port
        self.computer_delay = computer_delay
        self.limits = WrongCodes()
        self.runner: web.AppRunner | None = None
        self._wake = asyncio.Event()
        self._computer: asyncio.Task[None] | None = None

    async def start(self) -> int:
        """Start listening; returns the port (the one chosen when port 0 was asked for)."""
        app = web.Application()
        app.router.add_get("/ws", self.handle)
        self.runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self.runner.setup()
        site = web.TCPSite(self.runner, self.listen, self.port)
        await site.start()
        server = site._server  # aiohttp keeps the bound sockets here; needed for port 0
        self.port = server.sockets[0].getsockname()[1] if server is not None else self.port  # type: ignore[attr-defined]
        self._computer = asyncio.create_task(self.computers())
        return self.port

    async def stop(self) -> None:
        if self._computer is not None:
            self._computer.cancel()
        if self.runner is not None:
            await self.runner.cleanup()

    def nudge(self) -> None:
        self._wake.set()

    async def computers(self) -> None:
        """Play the computer seats whenever one is due, one move per `computer_delay`."""
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self.host.computer_to_move():
                await asyncio.sleep(self.computer_delay)
                chosen = await asyncio.to_thread(self.host.computer_choice)
                if chosen is not None:
                    self.host.apply_computer(*chosen)

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=MAX_FRAME, heartbeat=20.0)
        await ws.prepare(request)
        addr = request.remote or "?"
        queue: asyncio.Queue[str | None] = asyncio.Queue()
        sender = asyncio.create_task(self._send_all(ws, queue))
        conn: Conn | None = None
        try:
            conn = await self._hello(ws, addr, queue)
            if conn is None:
                return ws
            self.nudge()
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    break
                try:
                    m = decode(msg.data)
                except ValueError as e:
                    queue.put_nowait(encode("refused", text=str(e), version=self.host.version))
                    continue
                if m["type"] == "act":
                    if self.host.act(conn, m.get("text"), m.get("version")) is None:
                        self.nudge()
                elif m["type"] == "chat":
                    self.host.chat(conn, m.get("text", ""))
        finally:
            if conn is not None:
                self.host.leave(conn)
                self.nudge()  # a computer may stand in for the seat now
            queue.put_nowait(None)
            await asyncio.wait_for(sender, 5.0)
        return ws

    async def _hello(self, ws: web.WebSocketResponse, addr: str, queue: asyncio.Queue[str | None]
                     ) -> Conn | None:
        def refuse(text: str) -> None:
            queue.put_nowait(encode("bye", text=text))

        wait = self.limits.wait(addr, time.monotonic())
        if wait > 0:
            refuse(f"Too many wrong join codes from your address; try again in {wait:.0f} seconds.")
            return None
        try:
            msg = await asyncio.wait_for(ws.receive(), HELLO_SECONDS)
            m = decode(msg.data) if msg.type == WSMsgType.TEXT else {}
        except (TimeoutError, ValueError) as e:
            refuse(str(e) or "No hello.")
            return None
        if m.get("type") != "hello":
            refuse("Say hello first.")
            return None
        if normal_code(str(m.get("code", ""))) != self.host.code:
            self.limits.wrong(addr, time.monotonic())
            refuse("That join code is not this game's.")
            return None
        self.limits.right(addr)
        got = self.host.join(str(m.get("name", "")), m.get("token") or None, bool(m.get("watch")),
                             queue.put_nowait)
        if isinstance(got, str):
            refuse(got)
            return None
        return got[0]

    @staticmethod
    async def _send_all(ws: web.WebSocketResponse, queue: asyncio.Queue[str | None]) -> None:
        while True:
            frame = await queue.get()
            if frame is None or ws.closed:
                break
            try:
                await ws.send_str(frame)
            except (ConnectionError, RuntimeError):
                break
            if '"type":"bye"' in frame[:30]:
                await ws.close()
                break
