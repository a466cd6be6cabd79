"""The host's door: every TCP connection passes here before aiohttp sees it. A connection over the cap (per
address or in all) is closed at once; one that has not become a websocket within `upgrade_seconds` (a TLS
handshake or headers never finished, a plain HTTP request) is closed then. So half-open requests hold neither
open files nor time. With TLS the handshake starts only once the door let the connection in, so connections
stuck in a handshake count too. Each refusal is a line in the host's log.

So that connections that never join cannot keep the first-time players out, a new connection over a cap takes
the place of the oldest one that has not joined the game (said a good hello): of its own address at the
address's cap, else of the address holding the most such. Only a cap full of joined screens refuses it. To
keep a newcomer out, an attacker must then open connections faster than a newcomer says hello."""

from __future__ import annotations

import asyncio
import ssl
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from riskterm.net.hostlog import HostLog
from riskterm.net.limits import Limits, address_key, set_buffers


@dataclass
class Opened:
    addr: str
    key: str
    deadline: asyncio.TimerHandle | None = None
    upgraded: bool = False
    joined: bool = False  # said a good hello: a seat or a spectator
    tls: asyncio.Transport | None = None  # the TLS transport aiohttp talks through, over the TCP one


class Door:
    def __init__(
        self,
        limits: Limits,
        log: HostLog,
        inner: Callable[[], asyncio.Protocol],
        tls: ssl.SSLContext | None = None,
    ) -> None:
        self.limits, self.log, self.inner, self.tls = limits, log, inner, tls
        self.open: dict[asyncio.Transport, Opened] = {}  # by TCP transport
        self.per_key: Counter[str] = Counter()
        self.handshakes: set[asyncio.Task[None]] = set()

    def protocol(self) -> asyncio.Protocol:
        """The protocol factory to listen with: aiohttp's, behind the door."""
        return Guarded(self, self.inner())

    def admit(self, transport: asyncio.Transport) -> bool:
        peer = transport.get_extra_info("peername")
        addr = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        key = address_key(addr)
        if self.per_key[key] >= self.limits.per_address and not self._make_room(addr, key):
            self.log.say(
                f"cap {key}",
                f"Refused a connection from {addr}: {self.per_key[key]} are open from "
                "that address, the most it may have.",
            )
            return False
        if len(self.open) >= self.limits.total and not self._make_room(addr, None):
            self.log.say(
                "cap",
                f"Refused a connection from {addr}: {len(self.open)} are open, the most this host takes.",
            )
            return False
        sock = transport.get_extra_info("socket")
        if sock is not None:
            set_buffers(sock, self.limits)
        o = self.open[transport] = Opened(addr, key)
        self.per_key[key] += 1
        o.deadline = asyncio.get_running_loop().call_later(
            self.limits.upgrade_seconds, self._too_slow, transport
        )
        return True

    def _make_room(self, addr: str, key: str | None) -> bool:
        """Close the oldest connection that has not joined: of address `key`, or (None) of the address with
        the most of them. False when there is none."""
        waiting = [(t, o) for t, o in self.open.items() if not o.joined and (key is None or o.key == key)]
        if not waiting:
            return False
        if key is None:
            most = Counter(o.key for _, o in waiting).most_common(1)[0][0]
            waiting = [(t, o) for t, o in waiting if o.key == most]
        t, o = waiting[0]  # the oldest: the open connections are kept in the order they came
        self.log.say(
            f"evict {o.key}",
            f"Closed a connection from {o.addr} that had not joined, to let one from "
            f"{addr} in (the cap of {'that address' if key else 'the host'} was reached).",
        )
        t.abort()
        self.closed(t)
        return True

    def joined(self, transport: asyncio.Transport | None) -> None:
        """The connection said a good hello: it no longer gives its place to a newcomer."""
        o = self._find(transport)
        if o is not None:
            o.joined = True

    def _too_slow(self, transport: asyncio.Transport) -> None:
        o = self.open.get(transport)
        if o is not None and not o.upgraded:
            self.log.say(
                f"slow {o.key}",
                f"Closed a connection from {o.addr}: no websocket within "
                f"{self.limits.upgrade_seconds:g} seconds.",
            )
            transport.abort()

    def _find(self, transport: asyncio.Transport | None) -> Opened | None:
        if transport is None:
            return None
        return self.open.get(transport) or next((o for o in self.open.values() if o.tls is transport), None)

    def upgraded(self, transport: asyncio.Transport | None) -> None:
        """The connection (its TCP or TLS transport) became a websocket: no deadline any more."""
        o = self._find(transport)
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
    """aiohttp's protocol for one connection, let through the door (and a TLS handshake) or closed at once."""

    EARLY = 1 << 16  # what may arrive between the handshake and aiohttp taking over

    def __init__(self, door: Door, inner: asyncio.Protocol) -> None:
        self.door, self.inner = door, inner
        self.tcp: asyncio.Transport | None = None  # let in
        self.transport: asyncio.Transport | None = None  # what aiohttp talks through
        self.early: list[bytes] = []
        self.lost = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)  # a stream server's
        if not self.door.admit(transport):
            transport.abort()
            return
        self.tcp = transport
        if self.door.tls is None:
            self._through(transport)
        else:
            task = asyncio.get_running_loop().create_task(self._handshake(transport, self.door.tls))
            self.door.handshakes.add(task)
            task.add_done_callback(self.door.handshakes.discard)

    async def _handshake(self, tcp: asyncio.Transport, context: ssl.SSLContext) -> None:
        tls: asyncio.Transport | None = None
        try:
            tls = await asyncio.get_running_loop().start_tls(
                tcp, self, context, server_side=True, ssl_handshake_timeout=self.door.limits.upgrade_seconds
            )
        except (OSError, ssl.SSLError, TimeoutError, RuntimeError) as e:
            o = self.door.open.get(tcp)
            if o is not None:
                self.door.log.say(
                    f"tls {o.key}",
                    f"Closed a connection from {o.addr}: no TLS handshake ({type(e).__name__}).",
                )
        if tls is None or self.lost:
            tcp.abort()
            self.door.closed(tcp)
            return
        o = self.door.open.get(tcp)
        if o is not None:
            o.tls = tls
        self._through(tls)

    def _through(self, transport: asyncio.Transport) -> None:
        self.transport = transport
        self.inner.connection_made(transport)
        early, self.early = self.early, []
        for data in early:
            self.inner.data_received(data)

    def data_received(self, data: bytes) -> None:
        if self.transport is not None:
            self.inner.data_received(data)
        elif self.tcp is not None:  # decrypted before aiohttp took over
            self.early.append(data)
            if sum(map(len, self.early)) > self.EARLY:
                self.tcp.abort()

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.transport is not None else None

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True
        if self.tcp is not None:
            self.door.closed(self.tcp)
        if self.transport is not None:
            self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        if self.transport is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.transport is not None:
            self.inner.resume_writing()
