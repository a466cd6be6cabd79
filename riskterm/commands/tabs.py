"""What `riskterm serve` lets a browser tab do. Every tab is a `riskterm join` process on this machine whose
join screen takes a seat by name, so the websocket that starts one is checked first:

- its Origin: a browser says which page opens the socket. Only the page's own origin (the address the browser
  used for it) or one given with --allow-origin may; a page on any other site open in a browser that can reach
  this port may not. A page served on loopback, or given --allow-origin, takes its own origin only by a
  loopback name, so a site that points its own name at this machine (DNS rebinding) is refused too; a page
  served on other addresses without --allow-origin takes its own origin by any name (name it with
  --allow-origin to close that). A socket with no Origin is no browser page.
- tabs open at once: `total` in all, `per_address` per address (an IPv6 /64); tabs from loopback (ssh -L
  tunnels bring everyone from there) count in all only.
- the join code is filled in only for a page opened with it (/?code=CODE); the page asks anyone else for it.
- each browser keeps its own seat tokens, in a file named by a cookie the page sets (never the tokens of
  another browser through this machine's seats.json)."""

from __future__ import annotations

import hashlib
import ipaddress
import sys
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web

from riskterm.errors import RiskError
from riskterm.net.hostlog import HostLog
from riskterm.net.limits import address_key
from riskterm.net.protocol import CODE_ALPHABET, CODE_LENGTH, new_token, normal_code
from riskterm.net.tls import only_this_machine

COOKIE = "riskterm-browser"
PER_ADDRESS = 4


def check_origins(given: list[str]) -> set[str]:
    """--allow-origin values as browsers send them (scheme://host[:port], lower case); RiskError otherwise."""
    out = set()
    for o in given:
        parts = urlsplit(o.strip())
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.path.strip("/") or parts.query:
            raise RiskError(
                f"'{o}' is not a web origin: give scheme://host[:port], e.g. https://games.example."
            )
        out.add(f"{parts.scheme}://{parts.netloc}".lower())
    return out


def loopback_name(host: str | None) -> bool:
    if not host:
        return False
    host = host.lower().strip("[]")
    return host == "localhost" or host.endswith(".localhost") or only_this_machine(host)


class Tabs:
    def __init__(
        self, listen: str, origins: set[str] | None = None, total: int = 16, per_address: int = PER_ADDRESS
    ) -> None:
        self.loopback = only_this_machine(listen)
        self.origins = origins or set()
        self.total, self.per_address = total, per_address
        self.open_by: Counter[str] = Counter()
        self.log = HostLog(
            lambda line: print(line, file=sys.stderr, flush=True)
        )  # a flood is not a flood of lines

    def refusal(self, request: web.BaseRequest) -> tuple[int, str] | None:
        """Why this socket may not start a tab (an HTTP status and one sentence), or None."""
        origin = request.headers.get("Origin")
        if origin is not None and origin.lower().rstrip("/") not in self.origins:
            host = request.headers.get("X-Forwarded-Host", request.host).split(",")[0].strip().lower()
            page = urlsplit(origin)
            strict = self.loopback or bool(self.origins)  # only loopback names may be the page's own then
            if page.netloc.lower() != host or (strict and not loopback_name(page.hostname)):
                return 403, (
                    f"A page from {origin} may not open a riskterm tab here: only this page's own "
                    "origin, or one given with --allow-origin."
                )
        n = sum(self.open_by.values())
        if n >= self.total:
            return 429, f"{n} tabs are open, the most this page runs; close one, or try again later."
        key = self._key(request)
        if key and self.open_by[key] >= self.per_address:
            return 429, f"Your address has {self.per_address} tabs open, the most it may have."
        return None

    def _key(self, request: web.BaseRequest) -> str:
        """The address a tab counts against ('' for loopback: those count in all only)."""
        remote = request.remote or "?"
        try:
            if ipaddress.ip_address(remote.split("%")[0]).is_loopback:
                return ""
        except ValueError:
            pass
        return address_key(remote)

    @contextmanager
    def open(self, request: web.BaseRequest) -> Iterator[None]:
        """Count a tab while it runs."""
        key = self._key(request) or "loopback"
        self.open_by[key] += 1
        try:
            yield
        finally:
            self.open_by[key] -= 1
            if self.open_by[key] <= 0:
                del self.open_by[key]

    @staticmethod
    def code_asked(text: str) -> str:
        """The join code a page was opened with, when it looks like one; else '' (the join screen asks)."""
        code = normal_code(text)
        return code if len(code) == CODE_LENGTH and all(c in CODE_ALPHABET for c in code) else ""

    @staticmethod
    def seats_file(cookie: str | None) -> str:
        """Where the browser with this cookie keeps its seat tokens ('' without one: the tab keeps none)."""
        if (
            not cookie
            or not 20 <= len(cookie) <= 64
            or not cookie.replace("-", "").replace("_", "").isalnum()
        ):
            return ""
        from riskterm.paths import data_dir

        return str(data_dir() / "browsers" / f"{hashlib.sha256(cookie.encode()).hexdigest()[:32]}.json")

    @web.middleware
    async def cookie_middleware(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> Any:
        """The page gives a browser its cookie (its seat tokens' file) the first time it is opened."""
        response = await handler(request)
        if request.path == "/" and COOKIE not in request.cookies and isinstance(response, web.Response):
            response.set_cookie(
                COOKIE,
                new_token(),
                max_age=400 * 86400,
                httponly=True,
                samesite="Strict",
                secure=request.secure,
            )
        return response
