"""What the host allows a connection, and the buckets that count it. Every limit is here so a test can make
them small and the bench can print them. The host reads every socket on one event loop: these bounds are what
keep one slow, silent or hostile client from holding time, memory or open files that the others need."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass, field

from riskterm.net.protocol import CODE_ALPHABET, CODE_LENGTH


@dataclass(frozen=True)
class Limits:
    # connections: open at once, and how long one may take to become a websocket and say hello
    per_address: int = 16  # `riskterm serve` brings every browser tab from its own one address
    total: int = 64
    upgrade_seconds: float = 10.0  # from the TCP accept (and TLS handshake) to the websocket upgrade
    hello_seconds: float = 10.0
    # what the host sends: a client that lets this much wait unread is dropped (its seat kept for a rejoin)
    queue_frames: int = 200
    queue_bytes: int = 16 * 1024 * 1024  # a reconnect's first frame carries every event of the game so far
    send_seconds: float = 30.0  # one frame still not taken by the client's socket
    socket_send_buffer: int = 256 * 1024  # the kernel's share per socket (else it grows to megabytes unread)
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
    # the host closing: every socket is told and closed within this
    shutdown_seconds: float = 3.0

    def wrong_guesses_per_day(self) -> float:
        """At most this many codes can be tried in a day, from any number of addresses and sockets."""
        return self.guesses_free_in_all + 86400.0 / self.guess_every_in_all

    def guess_chance_per_day(self) -> float:
        """The chance that someone guessing codes for a whole day finds this game's code."""
        return float(self.wrong_guesses_per_day() / len(CODE_ALPHABET) ** CODE_LENGTH)


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


@dataclass
class Guesses:
    """Wrong join codes, counted per guess (a hello), per address and in all. A guess is checked only when both
    buckets hold a token, so many sockets opened at once get no more guesses than one; a right code costs
    nothing. Bounds the guesses of a whole day to Limits.wrong_guesses_per_day()."""

    limits: Limits
    by_address: dict[str, Bucket] = field(default_factory=dict)
    in_all: Bucket | None = None

    def __post_init__(self) -> None:
        self.in_all = Bucket(self.limits.guesses_free_in_all, self.limits.guess_every_in_all)

    def _bucket(self, key: str) -> Bucket:
        b = self.by_address.get(key)
        if b is None:
            b = self.by_address[key] = Bucket(self.limits.guesses_free_per_address,
                                              self.limits.guess_every_per_address)
        return b

    def wait(self, addr: str, now: float) -> tuple[float, bool]:
        """(seconds before this address may guess again, whether it is every address that waits)."""
        assert self.in_all is not None
        mine = self._bucket(address_key(addr)).wait(now)
        everyone = self.in_all.wait(now)
        return max(mine, everyone), everyone > mine

    def wrong(self, addr: str, now: float) -> None:
        assert self.in_all is not None
        self._bucket(address_key(addr)).take(now)
        self.in_all.take(now)
        if len(self.by_address) > 10000:  # forget addresses whose bucket is full again
            for k in [k for k, b in self.by_address.items() if b.full(now)]:
                del self.by_address[k]
