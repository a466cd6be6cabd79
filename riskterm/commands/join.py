"""`riskterm join CODE[@[wss://]HOST:PORT] [--name N] [--watch] [--tls-ca FILE]`: play (or watch) a hosted game
on this screen; wss:// for a host with TLS (its certificate checked against the system's authorities, or
against --tls-ca for a self-signed one). The seat token is kept in the data folder, so joining again with the
same code takes the same seat back."""

from __future__ import annotations

import argparse


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "code",
        help="the join code the host printed, with @HOST:PORT when not on this machine "
        "(@wss://HOST:PORT for a host with TLS)",
    )
    p.add_argument("--name", default="", help="your name (takes that player's seat when it is free)")
    p.add_argument(
        "--ask",
        action="store_true",
        help="start on a join screen asking for the code (when not "
        "given) and the name: what `riskterm serve` runs in each browser tab",
    )
    p.add_argument("--watch", action="store_true", help="watch the game (the public view) instead of playing")
    p.add_argument(
        "--tls-ca",
        default=None,
        metavar="FILE",
        help="trust this certificate (PEM) for a wss:// "
        "host: the host's own self-signed one, or the authority that signed it",
    )
    p.add_argument("--seats", default=None, help=argparse.SUPPRESS)  # `serve`: this browser's own token file


def run(args: argparse.Namespace) -> int:
    from riskterm.net.protocol import parse_address

    addr = parse_address(
        args.code if "@" in args.code or not args.ask else "@" + args.code, allow_no_code=args.ask
    )
    from pathlib import Path

    from riskterm.tui.remote_app import RemoteApp

    keep: bool | Path = True if args.seats is None else Path(args.seats) if args.seats else False
    app = RemoteApp(
        addr.host,
        addr.port,
        addr.code,
        args.name,
        args.watch,
        ask=args.ask,
        tls=join_tls(addr.secure, args.tls_ca),
        keep_tokens=keep,
    )
    from riskterm.tui.guard import run_guarded

    code = run_guarded(app)
    if app.ended and not code:
        print(f"riskterm: {app.ended}")
    return code


def join_tls(secure: bool, ca: str | None):  # type: ignore[no-untyped-def]
    """The client's TLS context for a wss:// address (None: plain websocket)."""
    from riskterm.errors import RiskError

    if not secure:
        if ca:
            raise RiskError("--tls-ca is for a host with TLS: give its address as CODE@wss://HOST:PORT.")
        return None
    from riskterm.net.tls import client_context

    return client_context(ca)
