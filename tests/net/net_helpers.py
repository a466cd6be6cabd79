"""A host and clients on 127.0.0.1 port 0 in one event loop, for the socket tests; every wait is bounded."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable

from riskterm.net.client import Client
from riskterm.net.host import GameHost
from riskterm.net.limits import Limits
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

    def __init__(
        self, port: int, code: str, name: str, watch: bool = False, token: str | None = None, tls=None
    ) -> None:
        self.msgs: list[dict] = []
        self.client = Client(
            "127.0.0.1",
            port,
            code,
            name,
            watch,
            token=token or "",
            on_message=self.msgs.append,
            keep_tokens=False,
            tls=tls,
        )
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


async def start_host(
    variant: str,
    names: list[str],
    seed: int,
    ai: dict[int, str] | None = None,
    save_to=None,
    delay: float = 0.0,
    limits: Limits | None = None,
    tls=None,
    **host_fields,
) -> tuple[HostServer, int]:
    players = [PlayerSetup(n, ai=(ai or {}).get(i)) for i, n in enumerate(names)]
    host = GameHost(Session.new(variant, players, seed), save_to=save_to, **host_fields)
    server = HostServer(host, "127.0.0.1", 0, computer_delay=delay, limits=limits, tls=tls)
    return server, await server.start()


def easy_chooser(variant: str, seat: int):  # type: ignore[no-untyped-def]
    """A chooser playing like the easy computer player on the seat's own view (games that end)."""
    from riskterm.ai import make_player
    from riskterm.ai.core.guard import TurnGuard

    player, guard = make_player(variant, "easy", seat), TurnGuard(max_seconds=None)
    return lambda rules, view: guard.choose(rules, view, seat, player)


async def play(
    server: HostServer, seats: list[Seat], moves: int, rng: random.Random, choosers: dict | None = None
) -> int:
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


class RawClient:
    """A hand-made websocket client for the bad ones: it may stop after part of the headers, never read what
    it is sent (a tiny receive buffer and paused reading), or flood. Bounded waits only."""

    def __init__(self, port: int, rcvbuf: int | None = None, local: str | None = None) -> None:
        self.port, self.rcvbuf, self.local = port, rcvbuf, local
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def open(self) -> RawClient:
        import socket

        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if self.rcvbuf:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, self.rcvbuf)
        if self.local:
            sock.bind((self.local, 0))
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", self.port))
        self.reader, self.writer = await asyncio.open_connection(sock=sock, limit=2**16)
        return self

    def send(self, data: bytes) -> None:
        assert self.writer is not None
        self.writer.write(data)

    async def upgrade(self) -> None:
        """The websocket handshake: the request, then the host's 101 answer."""
        import base64
        import os

        key = base64.b64encode(os.urandom(16)).decode()
        self.send(
            f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        assert self.reader is not None
        head = await asyncio.wait_for(self.reader.readuntil(b"\r\n\r\n"), WAIT)
        assert head.startswith(b"HTTP/1.1 101"), head

    def text(self, text: str) -> None:
        self.send(ws_frame(text.encode()))

    async def hello(self, code: str, name: str) -> None:
        import json

        await self.upgrade()
        self.text(
            json.dumps({"v": 1, "type": "hello", "code": code, "name": name, "token": "", "watch": False})
        )

    async def receive(self) -> dict:
        """The next message from the host (text frames only)."""
        import json

        assert self.reader is not None
        while True:
            b0, b1 = await asyncio.wait_for(self.reader.readexactly(2), WAIT)
            n = b1 & 0x7F
            if n == 126:
                n = int.from_bytes(await self.reader.readexactly(2), "big")
            elif n == 127:
                n = int.from_bytes(await self.reader.readexactly(8), "big")
            data = await self.reader.readexactly(n)
            if b0 & 0x0F == 1:
                return json.loads(data)

    def stop_reading(self) -> None:
        assert self.writer is not None
        self.writer.transport.pause_reading()  # type: ignore[attr-defined]

    async def closed_by_host(self, timeout: float = WAIT) -> bool:
        """True once the host closed the socket (everything it sent is read and thrown away)."""
        assert self.reader is not None
        end = time.monotonic() + timeout
        try:
            while time.monotonic() < end:
                if not await asyncio.wait_for(self.reader.read(1 << 16), max(0.01, end - time.monotonic())):
                    return True
        except (TimeoutError, ConnectionError):
            return False
        return False

    def close(self) -> None:
        if self.writer is not None:
            self.writer.transport.abort()


def ws_frame(data: bytes, opcode: int = 1) -> bytes:
    """One masked client frame."""
    import os

    n = len(data)
    head = bytes([0x80 | opcode])
    if n < 126:
        head += bytes([0x80 | n])
    elif n < 65536:
        head += bytes([0x80 | 126]) + n.to_bytes(2, "big")
    else:
        head += bytes([0x80 | 127]) + n.to_bytes(8, "big")
    mask = os.urandom(4)
    m = int.from_bytes((mask * (n // 4 + 1))[:n], "big") if n else 0
    body = (int.from_bytes(data, "big") ^ m).to_bytes(n, "big") if n else b""
    return head + mask + body


def open_files() -> int:
    import os

    return len(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else 0


def make_certificate(folder) -> tuple[str, str]:
    """A self-signed certificate for 127.0.0.1 and localhost, made with the openssl command (P-256: quick);
    (cert, key) paths. The caller skips when openssl is missing."""
    import subprocess

    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-nodes",
            "-keyout",
            str(key),
            "-out",
            str(cert),
            "-days",
            "2",
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=IP:127.0.0.1,DNS:localhost",
        ],
        check=True,
        capture_output=True,
        timeout=30,
    )
    return str(cert), str(key)
