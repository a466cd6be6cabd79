"""What the host allows a connection, and the buckets that count it. Every limit is here so a test can make
them small and the bench can print them. The host reads every socket on one event loop: these bounds are what
keep one slow, silent or hostile client from holding time, memory or open files that the others need."""

from __future__ import annotations

import functools
import ipaddress
import socket
from dataclasses import dataclass, field

from riskterm.net.protocol import CODE_ALPHABET, CODE_LENGTH


@dataclass(frozen=True)
class Limits:
    # connections: open at once, and how long one may take to become a websocket and say hello
    per_address: int = 16  # `riskterm serve` brings every browser tab from its own one address
    total: int = 64
    # spectators: caps of their own, so joined spectators never fill the places players come back to
    watchers: int = 32
    watchers_per_address: int = 8
    upgrade_seconds: float = 10.0  # from the TCP accept (and TLS handshake) to the websocket upgrade
    hello_seconds: float = 10.0
    # what the host sends: a client that lets this much wait unread is dropped (its seat kept for a rejoin)
    queue_frames: int = 200
    queue_bytes: int = 16 * 1024 * 1024  # a reconnect's first frame carries every event of the game so far
    send_seconds: float = 30.0  # one frame still not taken by the client's socket
    socket_send_buffer: int = 256 * 1024  # the kernel's share per socket (else it grows to megabytes unread)
    socket_receive_buffer: int = 64 * 1024  # what a flood may leave in the host's kernel (Linux doubles it)
    # what the host reads
    frame_chars: int = 4096  # longer messages are refused (an action or a chat line is at most 300)
    frame_hard: int = 16 * 1024  # past this aiohttp closes the socket without reading the rest
    frames_per_second: float = 50.0  # a held-down key repeats about 30 times a second
    frames_burst: float = 100.0
    chats_per_second: float = 1.0
    chats_burst: float = 5.0
    # wrong join codes: a few typos free, then one guess per `guess_every` seconds, per address and in all
    guesses_free_per_address: float = 5.0
    guess_every_per_address: float = 60.0
    guesses_free_in_all: float = 20.0
    guess_every_in_all: float = 90.0
    # while the budget in all is spent, an address still has its first few guesses looked at (a player with
    # the right code gets in whatever strangers do elsewhere), a network (IPv4 /24, IPv6 /48) a few more
    guesses_when_busy_per_address: int = 2
    guesses_when_busy_per_network: int = 8
    addresses_remembered: int = 100_000  # for the counts above; the oldest are forgotten past this
    # the host closing: every socket is told and closed within this
    shutdown_seconds: float = 3.0

    def wrong_guesses_per_day(self, networks: int = 1) -> float:
        """At most this many codes can be tried in a day by someone guessing from `networks` networks (any
        number of addresses and sockets in each)."""
        return (
            self.guesses_free_in_all
            + 86400.0 / self.guess_every_in_all
            + networks * self.guesses_when_busy_per_network
        )

    def guess_chance_per_day(self, networks: int = 1) -> float:
        """The chance that someone guessing codes for a whole day from `networks` networks finds this game's
        code."""
        return float(self.wrong_guesses_per_day(networks) / len(CODE_ALPHABET) ** CODE_LENGTH)


@dataclass
class Bucket:
    """A token bucket: `burst` at once, refilled at one per `every` seconds."""

    burst: float
    every: float
    level: float = -1.0
    at: float = 0.0

    def _fill(self, now: float) -> None:
        if self.level < 0:
            self.level, self.at = self.burst, now
        self.level = min(self.burst, self.level + (now - self.at) / self.every)
        self.at = now

    def ready(self, now: float) -> bool:
        self._fill(now)
        return self.level >= 1.0

    def take(self, now: float) -> bool:
        """Use one token; False (nothing used) when the bucket is empty."""
        if not self.ready(now):
            return False
        self.level -= 1.0
        return True

    def wait(self, now: float) -> float:
        """Seconds until a token is there."""
        self._fill(now)
        return max(0.0, (1.0 - self.level) * self.every)

    def full(self, now: float) -> bool:
        self._fill(now)
        return self.level >= self.burst


@functools.lru_cache(maxsize=4096)  # every hello asks; a guesser's addresses repeat
def address_key(addr: str) -> str:
    """The unit limits count by: an IPv4 address, or an IPv6 /64 (one machine's usual share of addresses)."""
    try:
        ip = ipaddress.ip_address(addr.split("%")[0])
    except ValueError:
        return addr
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


@functools.lru_cache(maxsize=4096)
def network_key(addr: str) -> str:
    """The network an address is in, for the guesses counted while the budget in all is spent: an IPv4 /24,
    an IPv6 /48 (what one customer or one machine's provider usually holds)."""
    try:
        ip = ipaddress.ip_address(address_key(addr).split("/")[0])
    except ValueError:
        return addr
    return str(ipaddress.ip_network(f"{ip}/{24 if ip.version == 4 else 48}", strict=False))


@dataclass
class Guesses:
    """Wrong join codes, counted per guess (a hello). An address's own bucket comes first: a guess from an
    address past its few free ones waits (so many sockets opened at once get no more guesses than one). Then
    the bucket in all: while it is spent, only an address's first `guesses_when_busy_per_address` guesses (and
    a network's first `guesses_when_busy_per_network`) are looked at, so strangers guessing elsewhere cannot
    keep out a player with the right code, and a guesser gains a few guesses per network it holds, no more.
    A right code costs nothing. Bounds a day's guesses to Limits.wrong_guesses_per_day(networks)."""

    limits: Limits
    by_address: dict[str, Bucket] = field(default_factory=dict)
    in_all: Bucket | None = None
    misses: dict[str, int] = field(default_factory=dict)  # wrong guesses by address and by network, ever

    def __post_init__(self) -> None:
        self.in_all = Bucket(self.limits.guesses_free_in_all, self.limits.guess_every_in_all)

    def _bucket(self, key: str) -> Bucket:
        b = self.by_address.get(key)
        if b is None:
            b = self.by_address[key] = Bucket(
                self.limits.guesses_free_per_address, self.limits.guess_every_per_address
            )
        return b

    def wait(self, addr: str, now: float) -> tuple[float, bool]:
        """(seconds before this address may guess again, whether it is every address that waits)."""
        assert self.in_all is not None
        mine = self._bucket(address_key(addr)).wait(now)
        if mine > 0:
            return mine, False
        everyone = self.in_all.wait(now)
        lim = self.limits
        if everyone > 0 and (
            self.misses.get(address_key(addr), 0) >= lim.guesses_when_busy_per_address
            or self.misses.get(network_key(addr), 0) >= lim.guesses_when_busy_per_network
        ):
            return everyone, True
        return 0.0, False

    def wrong(self, addr: str, now: float) -> None:
        assert self.in_all is not None
        self._bucket(address_key(addr)).take(now)
        self.in_all.take(now)
        for k in (address_key(addr), network_key(addr)):
            self.misses[k] = self.misses.pop(k, 0) + 1  # (moved to the end: the oldest are first)
        while len(self.misses) > self.limits.addresses_remembered:
            del self.misses[next(iter(self.misses))]
        if len(self.by_address) > 10000:  # forget addresses whose bucket is full again
            for k in [k for k, b in self.by_address.items() if b.full(now)]:
                del self.by_address[k]


def set_buffers(sock: socket.socket, limits: Limits) -> None:
    """The kernel's buffers for one socket: what waits to be sent to a client that does not read, and what a
    flooding client's messages may fill before the host reads them (else each grows to megabytes)."""
    for opt, size in (
        (socket.SO_SNDBUF, limits.socket_send_buffer),
        (socket.SO_RCVBUF, limits.socket_receive_buffer),
    ):
        if size:
            try:
                sock.setsockopt(socket.SOL_SOCKET, opt, size)
            except OSError:
                pass  # the system's own size then
