"""`riskterm serve [CODE@]HOST:PORT [--listen ADDR] [--port P] [--allow-origin URL] [--max-tabs N]`: serve the
join client to browsers through textual-serve: each browser tab runs `riskterm join` in a terminal drawn on the
page, starting with a join screen that asks for the code and the name. Page and socket URLs are made from the
address the browser used (its Host header, or a proxy's X-Forwarded-Host/-Proto), so they work behind `ssh -L`
and proxies, where textual-serve's own fixed public URL would point elsewhere. With --tls-cert and --tls-key
the page is served over https (its socket wss://); a game host with TLS is given as [CODE@]wss://HOST:PORT, with
--tls-ca when its certificate is self-signed.

A tab is a process on this machine, and its join screen takes a seat by name, so the socket that starts one is
checked (tabs.py): its Origin must be this page's own (or one --allow-origin names), a page served on loopback
answers only to loopback names (a web page elsewhere cannot reach it by renaming its own host), and tabs are
capped per address and in all. The code is filled in only for a page opened with it (/?code=CODE, the link
this command prints); each browser keeps its own seat tokens (a cookie names its file), never another's."""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from contextvars import ContextVar
from typing import Any

from riskterm.errors import RiskError


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "game",
        nargs="?",
        default="127.0.0.1",
        help="the game host: [CODE@]HOST[:PORT] "
        "(default 127.0.0.1 and the default port; without a code the page asks for it)",
    )
    p.add_argument(
        "--listen", default="127.0.0.1", help="address the web page listens on (default 127.0.0.1)"
    )
    p.add_argument("--port", type=int, default=8000, help="the web page's port (default 8000)")
    p.add_argument(
        "--tls-cert",
        default=None,
        metavar="FILE",
        help="serve the page over https with this PEM certificate (with --tls-key)",
    )
    p.add_argument("--tls-key", default=None, metavar="FILE", help="the certificate's private key (PEM)")
    p.add_argument(
        "--tls-ca",
        default=None,
        metavar="FILE",
        help="trust this certificate for a game host at wss:// (its own self-signed one)",
    )
    p.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="URL",
        help="a web origin besides the "
        "page's own whose pages may open tabs (e.g. https://games.example); may be repeated",
    )
    p.add_argument(
        "--max-tabs",
        type=int,
        default=16,
        metavar="N",
        help="tabs (one process each) open at once, in all (default 16; 4 per address)",
    )


TAB_COMMAND: ContextVar[str] = ContextVar("tab_command")  # the command of the tab a socket starts


def join_command(game: str, tls_ca: str | None = None, seats: str | None = None) -> str:
    """The command each browser tab runs: `riskterm join --ask ...` with this interpreter, as the shell's
    last word (exec: one process a tab); `seats`: the browser's own token file ('' keeps none)."""
    ca = ["--tls-ca", os.path.abspath(tls_ca)] if tls_ca else []
    keep = ["--seats", seats] if seats is not None else []
    return "exec " + shlex.join([sys.executable, "-m", "riskterm", "join", "--ask", *ca, *keep, game])


def make_server(
    game: str, listen: str, port: int, tls: Any = None, tls_ca: str | None = None, gate: Any = None
) -> Any:
    """The page's server for the game at `game` ([CODE@]HOST:PORT as given; the code only goes to tabs whose
    page was opened with it). `gate`: the Tabs that admit sockets (tabs.py); a default one when None."""
    import aiohttp_jinja2
    from aiohttp import web
    from textual_serve.server import Server

    from riskterm.commands.tabs import COOKIE, Tabs

    where = game.partition("@")[2] if "@" in game else game
    tabs: Tabs = gate if gate is not None else Tabs(listen)

    class RelativeServer(Server):
        @aiohttp_jinja2.template("app_index.html")
        async def handle_index(self, request: web.Request) -> dict[str, Any]:
            proto = request.headers.get("X-Forwarded-Proto", request.scheme).split(",")[0].strip()
            base = f"{proto}://{request.headers.get('X-Forwarded-Host', request.host).split(',')[0].strip()}"
            router = request.app.router
            code = tabs.code_asked(request.query.get("code", ""))
            ws = base + str(
                router["websocket-code" if code else "websocket"].url_for(**({"code": code} if code else {}))
            )
            size = request.query.get("fontsize", "16")
            return {
                "font_size": int(size) if size.isdigit() else 16,
                "app_websocket_url": ("wss:" if proto == "https" else "ws:") + ws.split(":", 1)[1],
                "config": {
                    "static": {"url": base + str(router["static"].url_for(filename="/")).rstrip("/") + "/"}
                },
                "application": {"name": self.title},
            }

        async def _make_app(self) -> web.Application:
            app = await super()._make_app()
            app.router.add_get("/ws/{code}", self.handle_websocket, name="websocket-code")
            app.middlewares.append(tabs.cookie_middleware)
            return app

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            refused = tabs.refusal(request)
            if refused is not None:
                tabs.log.say(f"tab {request.remote}", f"Refused a tab for {request.remote}: {refused[1]}")
                return web.Response(status=refused[0], text=refused[1] + "\n")  # type: ignore[return-value]
            code = tabs.code_asked(request.match_info.get("code", ""))
            TAB_COMMAND.set(
                join_command(f"{code}@{where}", tls_ca, tabs.seats_file(request.cookies.get(COOKIE)))
            )
            with tabs.open(request):  # (this request's task reads its own command: a context variable)
                return await super().handle_websocket(request)

        @property
        def command(self) -> str:
            return TAB_COMMAND.get(self._page_command)

        @command.setter
        def command(self, value: str) -> None:
            self._page_command = value

        def serve(self, debug: bool = False) -> None:  # textual-serve's, with the TLS context
            self.debug = debug
            self.initialize_logging()
            web.run_app(
                self._make_app(), host=self.host, port=self.port, ssl_context=tls, print=lambda *a: None
            )

    return RelativeServer(join_command(f"@{where}", tls_ca), host=listen, port=port, title="riskterm")


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
    if args.max_tabs < 1:
        raise RiskError("--max-tabs must be at least 1.")
    from riskterm.commands.tabs import Tabs, check_origins

    origins = check_origins(args.allow_origin)
    tls, _ = host_tls(args.tls_cert, args.tls_key)
    if tls is None and not only_this_machine(args.listen):
        print(PLAIN_WARNING.format(listen=args.listen), file=sys.stderr, flush=True)
    page = f"{'https' if tls else 'http'}://{args.listen}:{args.port}/"
    print(f"Serving the join page on {page} for the game at {addr.where()}.", flush=True)
    if addr.code:
        print(
            f"Send the players {page}?code={addr.code} (the page asks anyone else for the code).", flush=True
        )
    gate = Tabs(args.listen, origins, total=args.max_tabs)
    make_server(f"{addr.code}@{addr.where()}", args.listen, args.port, tls, args.tls_ca, gate).serve()
    return 0
