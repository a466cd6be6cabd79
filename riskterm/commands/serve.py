"""`riskterm serve [CODE@]HOST:PORT [--listen ADDR] [--port P]`: serve the join client to browsers through
textual-serve: each browser tab runs `riskterm join` in a terminal drawn on the page, starting with a join
screen that asks for the code (when not given) and the name. Page and socket URLs are made from the address
the browser used (its Host header, or a proxy's X-Forwarded-Host/-Proto), so they work behind `ssh -L` and
proxies, where textual-serve's own fixed public URL would point elsewhere."""

from __future__ import annotations

import argparse
import shlex
import sys
from typing import Any

from riskterm.errors import RiskError


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", nargs="?", default="127.0.0.1", help="the game host: [CODE@]HOST[:PORT] "
                   "(default 127.0.0.1 and the default port; without a code the page asks for it)")
    p.add_argument("--listen", default="127.0.0.1", help="address the web page listens on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="the web page's port (default 8000)")


def join_command(game: str) -> str:
    """The command each browser tab runs: `riskterm join --ask ...` with this interpreter."""
    return shlex.join([sys.executable, "-m", "riskterm", "join", "--ask", game])


def make_server(command: str, listen: str, port: int) -> Any:
    import aiohttp_jinja2
    from aiohttp import web
    from textual_serve.server import Server

    class RelativeServer(Server):  # type: ignore[misc]
        @aiohttp_jinja2.template("app_index.html")
        async def handle_index(self, request: web.Request) -> dict[str, Any]:
            proto = request.headers.get("X-Forwarded-Proto", request.scheme).split(",")[0].strip()
            base = f"{proto}://{request.headers.get('X-Forwarded-Host', request.host).split(',')[0].strip()}"
            router = request.app.router
            ws = base + str(router["websocket"].url_for())
            size = request.query.get("fontsize", "16")
            return {"font_size": int(size) if size.isdigit() else 16,
                    "app_websocket_url": ("wss:" if proto == "https" else "ws:") + ws.split(":", 1)[1],
                    "config": {"static": {"url": base + str(router["static"].url_for(filename="/")).rstrip("/")
                                          + "/"}},
                    "application": {"name": self.title}}

    return RelativeServer(command, host=listen, port=port, title="riskterm")


def run(args: argparse.Namespace) -> int:
    if not 0 < args.port < 65536:
        raise RiskError(f"Port {args.port} is not between 1 and 65535.")
    game = args.game if "@" in args.game else "@" + args.game
    from riskterm.net.protocol import parse_address

    code, host, port = parse_address(game, allow_no_code=True)
    where = f"{code}@{host}:{port}" if code else f"{host}:{port}"
    print(f"Serving the join page on http://{args.listen}:{args.port}/ for the game at {host}:{port}.", flush=True)
    make_server(join_command(where), args.listen, args.port).serve()
    return 0
