"""The host's door: every TCP connection passes here before aiohttp sees it. A connection over the cap (per
address or in all) is closed at once; one that has not become a websocket within `upgrade_seconds` (headers
never finished, a plain HTTP request) is closed then. So half-open requests hold neither open files nor time.
Each refusal is a line in the host's log."""

from __future__ import annotations

import asyncio
import socket
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from riskterm.net.hostlog import HostLog
from riskterm.net.limits import Limits, address_key


@dataclass
class Opened:
    addr: str
    key: str
    deadline: asyncio.TimerHandle | None = None
    upgraded: bool = False


class Door:
    def __init__(self, limits: Limits, log: HostLog, inner: Callable[[], asyncio.Protocol]) -> None:
        self.limits, self.log, self.inner = limits, log, inner
        self.open: dict[asyncio.Transport, Opened] = {}
        self.per_key: Counter[str] = Counter()

    def protocol(self) -> asyncio.Protocol:
        """The protocol factory to listen with: aiohttp's, behind the door."""
        return Guarded(self, self.inner())

    def admit(self, transport: asyncio.Transport) -> bool:
        peer = transport.get_extra_info("peername")
        addr = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        key = address_key(addr)
        if len(self.open) >= self.limits.total:
            self.log.say("cap", f"Refused a connection from {addr}: {len(self.open)} are open, the most this "
                                "host takes.")
            return False
        if self.per_key[key] >= self.limits.per_address:
            self.log.say(f"cap {key}", f"Refused a connection from {addr}: {self.per_key[key]} are open from "
                                       "that address, the most it may have.")
            return False
        sock = transport.get_extra_info("socket")
        if sock is not None and self.limits.socket_send_buffer:
            try:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.limits.socket_send_buffer)
            except OSError:
                pass  # the system's own size then
        o = self.open[transport] = Opened(addr, key)
        self.per_key[key] += 1
        o.deadline = asyncio.get_running_loop().call_later(self.limits.upgrade_seconds, self._too_slow, transport)
        return True

    def _too_slow(self, transport: asyncio.Transport) -> None:
        o = self.open.get(transport)
        if o is not None and not o.upgraded:
            self.log.say(f"slow {o.key}", f"Closed a connection from {o.addr}: no websocket within "
                                          f"{self.limits.upgrade_seconds:g} seconds.")
            transport.abort()

    def upgraded(self, transport: asyncio.Transport | None) -> None:
        o = self.open.get(transport) if transport is not None else None
        if o is not None:
            o.upgraded = True
            if o.deadline is not None:
                o.deadline.cancel()

    def closed(self, transport: asyncio.Transport) -> None:
        o = self.open.pop(transport, None)
        if o is not None:
            if o.deadline is not None:
                o.deadline.cancel()
            self.per_key[o.key] -= 1
            if self.per_key[o.key] <= 0:
                del self.per_key[o.key]

    def abort_all(self) -> None:
        for t in list(self.open):
            t.abort()


class Guarded(asyncio.Protocol):
    """aiohttp's protocol for one connection, let through the door or closed at once."""

    def __init__(self, door: Door, inner: asyncio.Protocol) -> None:
        self.door, self.inner = door, inner
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)  # a stream server's
        if not self.door.admit(transport):
            transport.abort()
            return
        self.transport = transport
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self.transport is not None:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.transport is not None else None

    def connection_lost(self, exc: Exception | None) -> None:
        if self.transport is not None:
            self.door.closed(self.transport)
            self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        if self.transport is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.transport is not None:
            self.inner.resume_writing()
