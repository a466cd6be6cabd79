"""The client side of the wire: connect, say hello, then hand every message to a callback and send actions
and chat lines. What it holds is only what the host sent this seat. Seat tokens are kept in the data folder
(seats.json) by host, code and name, so a dropped player who joins again the same way gets the same seat.
A connection lost, or a host that stopped (it may be restarted with --resume), is joined again a few times
with the same token before the screen gives up (stay())."""

from __future__ import annotations

import asyncio
import json
import ssl
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp

from riskterm.engine.joint_seed import contribution_commitment, new_contribution
from riskterm.net.protocol import HOST_CLOSED, MAX_FRAME, decode, encode

CONNECT_SECONDS = 10.0
RETRIES = 5  # joins again after the host went away, RETRY_SECONDS apart
RETRY_SECONDS = 3.0


def tokens_file() -> Path:
    from riskterm.paths import data_dir

    return data_dir() / "seats.json"


def saved_token(key: str, path: Path | None = None) -> str | None:
    try:
        data = json.loads((path or tokens_file()).read_text(encoding="utf-8"))
        tok = data.get(key) if isinstance(data, dict) else None
        return tok if isinstance(tok, str) else None
    except (OSError, ValueError):
        return None


def keep_token(key: str, token: str, path: Path | None = None) -> None:
    path = path or tokens_file()
    try:
        data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
        data = data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        data = {}
    data[key] = token
    try:  # the tokens are the seats: readable by this user only
        from riskterm.record.atomic import PRIVATE_FILE, atomic_write, private_folder

        private_folder(path.parent, tighten=False)  # (the data folder: its saves/ and hosted/ are tightened)
        atomic_write(path, json.dumps(data, indent=1).encode("utf-8"), sync=False, mode=PRIVATE_FILE)
    except OSError:
        pass  # no token kept: the seat is this screen's until it closes


def connect_failure(where: str, e: BaseException) -> str:
    """One sentence for a connection that did not open, with what to try when TLS is the cause."""
    if isinstance(e, aiohttp.ClientConnectorCertificateError):
        return (
            f"The game host at {where} has a certificate this machine does not trust; if it is the host's "
            "own (self-signed), join with --tls-ca and a copy of it."
        )
    if isinstance(e, aiohttp.ClientSSLError):
        return f"No TLS at {where} ({type(e).__name__}); if the host does not use TLS, join without wss://."
    if isinstance(e, aiohttp.ServerDisconnectedError | aiohttp.WSServerHandshakeError):
        tls = "; if it uses TLS, join with wss://" if where.startswith("ws://") else ""
        return f"The game host at {where} closed the connection (it may have too many already{tls})."
    return f"No game host answers at {where} ({type(e).__name__})."


class Client:
    """One connection to a host. `on_message(msg)` is called on the loop for every message received."""

    def __init__(
        self,
        host: str,
        port: int,
        code: str,
        name: str = "",
        watch: bool = False,
        token: str | None = None,
        on_message: Callable[[dict[str, Any]], None] | None = None,
        keep_tokens: bool | Path = True,
        tls: ssl.SSLContext | aiohttp.Fingerprint | None = None,
    ) -> None:
        # keep_tokens: in the data folder's seats.json (True), in that file (a browser's own, for `serve`), or not
        # tls: a context checking the host's certificate, or the fingerprint pinned (the host's own seat)
        self.tls = tls
        self.url = f"{'wss' if tls is not None else 'ws'}://{host if ':' not in host else '[' + host + ']'}:{port}/ws"
        # per name too: two screens on one machine (one data folder) keep their own seats
        self.key = f"{host}:{port}/{code}/{' '.join(name.lower().split())}"
        self.code, self.name, self.watch = code, name, watch
        self.keep_tokens = keep_tokens is not False
        self.tokens_at = keep_tokens if isinstance(keep_tokens, Path) else None
        self.token = (
            token
            if token is not None
            else (saved_token(self.key, self.tokens_at) if self.keep_tokens else None)
        )
        self.on_message = on_message or (lambda m: None)
        self.session: aiohttp.ClientSession | None = None
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.seat: int | None = None
        self.last_state: dict[str, Any] | None = None
        self.closed_because = ""
        self.admin_key = ""  # the host's own screen: the key that lets it reopen a seat (/seat NAME)
        self.leaving = False  # this side closed the connection
        self.lost = False  # the host went away (no bye, or the bye of a host stopping): worth joining again
        # this screen's share of a new game's seed (engine/joint_seed.py): committed to in the hello, revealed
        # when the host asks, checked in the host's `dice` message
        self.contribution = "" if watch else new_contribution()
        self.reveals = True  # (a test's screen that never reveals sets False)
        self.host_commitment = ""  # the host's commitment as the first welcome said it
        self.dice_said = ""  # the sentence about this screen's share once the seed is made

    async def connect(self) -> None:
        """Open the socket and say hello (the answer arrives through on_message); OSError when unreachable."""
        self.session = aiohttp.ClientSession(
            timeout=aiohttp.ClientTimeout(total=None, connect=CONNECT_SECONDS)
        )
        try:
            self.ws = await self.session.ws_connect(
                self.url,
                max_msg_size=MAX_FRAME,
                heartbeat=20.0,
                ssl=self.tls if self.tls is not None else True,
            )
        except (TimeoutError, aiohttp.ClientError) as e:
            await self.session.close()
            raise OSError(connect_failure(self.url.removesuffix("/ws"), e)) from None
        hello: dict[str, Any] = {"admin": self.admin_key} if self.admin_key else {}
        if self.contribution:
            hello["commit"] = contribution_commitment(self.contribution)
        await self.ws.send_str(
            encode("hello", code=self.code, name=self.name, token=self.token or "", watch=self.watch, **hello)
        )

    async def run(self) -> None:
        """Receive until the socket closes."""
        assert self.ws is not None
        try:
            async for msg in self.ws:
                if msg.type != aiohttp.WSMsgType.TEXT:
                    break
                try:
                    m = decode(msg.data)
                except ValueError as e:
                    self.closed_because = str(e)
                    break
                self.take(m)
                if m["type"] == "share" and self.contribution and self.reveals:
                    await self.send(encode("share", contribution=self.contribution))
                self.on_message(m)
        finally:
            if not self.leaving:
                over = bool((self.last_state or {}).get("over"))  # a host stopping after its game: not lost
                self.lost = self.closed_because in ("", HOST_CLOSED) and not over
                self.closed_because = self.closed_because or (
                    "The connection to the host was lost; join again the same way to take your seat back."
                )
            await self.shut()

    async def stay(
        self,
        tries: int = RETRIES,
        wait: float = RETRY_SECONDS,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        on_retry: Callable[[int, int], None] | None = None,
    ) -> None:
        """Connect and receive until the connection ends; when the host went away, join again with the same
        token up to `tries` times, `wait` seconds apart (on_retry(try, tries) before each). OSError when the
        first connection does not open; else closed_because says how it ended."""
        await self.connect()
        while True:
            await self.run()
            if not self.lost:
                return
            why = self.closed_because
            for n in range(1, tries + 1):
                if on_retry is not None:
                    on_retry(n, tries)
                await sleep(wait)
                if self.leaving:  # this side left meanwhile
                    return
                try:
                    self.lost, self.closed_because = False, ""
                    await self.connect()
                    break
                except OSError as e:
                    why = str(e)
            else:
                self.closed_because = f"The host did not come back after {tries} tries ({why.rstrip('.')})."
                return

    def take(self, m: dict[str, Any]) -> None:
        if m["type"] == "welcome":
            self.seat = m.get("seat")
            if m.get("token") and self.keep_tokens:
                keep_token(self.key, m["token"], self.tokens_at)
            self.token = m.get("token") or self.token
            if isinstance(m.get("commitment"), str):
                self.host_commitment = self.host_commitment or m["commitment"]
        elif m["type"] == "dice":
            self.dice_said = self.own_share(m)
        elif m["type"] == "state":
            self.last_state = m
        elif m["type"] == "bye":
            self.closed_because = str(m.get("text", ""))

    def own_share(self, m: dict[str, Any]) -> str:
        """What this screen can say of the seed the host says was made: its own contribution counted, and the
        host's commitment the one it was shown; a warning sentence when not."""
        if self.seat is None or not self.contribution:
            return ""
        if self.host_commitment and m.get("commitment") != self.host_commitment:
            return (
                "Warning: the host's dice commitment is not the one it showed when this screen joined; its "
                "dice cannot be trusted."
            )
        mine = next(
            (c for c in m.get("contributions") or [] if isinstance(c, dict) and c.get("seat") == self.seat),
            None,
        )
        if mine is None or mine.get("commit") != contribution_commitment(self.contribution):
            return (
                "Warning: the host left out the commitment this screen sent; this game's dice are the host's."
            )
        if mine.get("share") != self.contribution:
            return (
                "This screen's contribution to the dice seed did not reach the host in time; the seed was "
                "made without it."
            )
        return f"This screen's contribution to the dice seed was counted ({self.contribution[:8]}…)."

    async def act(self, text: str, version: int | None = None) -> None:
        v = version if version is not None else (self.last_state or {}).get("version")
        await self.send(encode("act", text=text, version=v))

    async def chat(self, text: str) -> None:
        await self.send(encode("chat", text=text))

    async def send(self, frame: str) -> None:
        if self.ws is not None and not self.ws.closed:
            await self.ws.send_str(frame)

    async def close(self) -> None:
        """This side leaves: the connection closes and is not joined again."""
        self.leaving = True
        await self.shut()

    async def shut(self) -> None:
        if self.ws is not None and not self.ws.closed:
            await self.ws.close()
        if self.session is not None and not self.session.closed:
            await self.session.close()
