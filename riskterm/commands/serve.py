"""`riskterm serve [CODE@]HOST:PORT [--listen ADDR] [--port P]`: serve the join client to browsers through
textual-serve: each browser tab runs `riskterm join` in a terminal drawn on the page, starting with a join
screen that asks for the code (when not given) and the name. Page and socket URLs are made from the address
the browser used (its Host header, or a proxy's X-Forwarded-Host/-Proto), so they work behind `ssh -L` and
proxies, where textual-serve's own fixed public URL would point elsewhere. With --tls-cert and --tls-key the
page is served over https (its socket wss://); a game host with TLS is given as [CODE@]wss://HOST:PORT, with
--tls-ca when its certificate is self-signed."""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from typing import Any

from riskterm.errors import RiskError


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", nargs="?", default="127.0.0.1", help="the game host: [CODE@]HOST[:PORT] "
                   "(default 127.0.0.1 and the default port; without a code the page asks for it)")
    p.add_argument("--listen", default="127.0.0.1", help="address the web page listens on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="the web page's port (default 8000)")
    p.add_argument("--tls-cert", default=None, metavar="FILE", help="serve the page over https with this PEM "
                   "certificate (with --tls-key)")
    p.add_argument("--tls-key", default=None, metavar="FILE", help="the certificate's private key (PEM)")
    p.add_argument("--tls-ca", default=None, metavar="FILE", help="trust this certificate for a game host at "
                   "wss:// (its own self-signed one)")


def join_command(game: str, tls_ca: str | None = None) -> str:
    """The command each browser tab runs: `riskterm join --ask ...` with this interpreter."""
    ca = ["--tls-ca", os.path.abspath(tls_ca)] if tls_ca else []
    return shlex.join([sys.executable, "-m", "riskterm", "join", "--ask", *ca, game])


def make_server(command: str, listen: str, port: int, tls: Any = None) -> Any:
    import aiohttp_jinja2
    from aiohttp import web
    from textual_serve.server import Server

    class RelativeServer(Server):
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

        def serve(self, debug: bool = False) -> None:  # textual-serve's, with the TLS context
            self.debug = debug
            self.initialize_logging()
            web.run_app(self._make_app(), host=self.host, port=self.port, ssl_context=tls, print=lambda *a: None)

    return RelativeServer(command, host=listen, port=port, title="riskterm")


def run(args: argparse.Namespace) -> int:
    if not 0 < args.port < 65536:
        raise RiskError(f"Port {args.port} is not between 1 and 65535.")
    game = args.game if "@" in args.game else "@" + args.game
    from riskterm.net.protocol import parse_address

    addr = parse_address(game, allow_no_code=True)
    from riskterm.commands.host import host_tls
    from riskterm.commands.join import join_tls
    from riskterm.net.tls import PLAIN_WARNING, only_this_machine

    join_tls(addr.secure, args.tls_ca)  # a bad --tls-ca is refused here, not in every tab
    tls, _ = host_tls(args.tls_cert, args.tls_key)
    where = f"{addr.code}@{addr.where()}" if addr.code else addr.where()
    if tls is None and not only_this_machine(args.listen):
        print(PLAIN_WARNING.format(listen=args.listen), file=sys.stderr, flush=True)
    page = f"{'https' if tls else 'http'}://{args.listen}:{args.port}/"
    print(f"Serving the join page on {page} for the game at {addr.where()}.", flush=True)
    make_server(join_command(where, args.tls_ca), args.listen, args.port, tls).serve()
    return 0
