"""`riskterm join CODE[@HOST:PORT] [--name N] [--watch]`: play (or watch) a hosted game on this screen. The
seat token is kept in the data folder, so joining again with the same code takes the same seat back."""

from __future__ import annotations

import argparse


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("code", help="the join code the host printed, with @HOST:PORT when not on this machine")
    p.add_argument("--name", default="", help="your name (takes that player's seat when it is free)")
    p.add_argument("--ask", action="store_true", help="start on a join screen asking for the code (when not "
                   "given) and the name: what `riskterm serve` runs in each browser tab")
    p.add_argument("--watch", action="store_true", help="watch the game (the public view) instead of playing")


def run(args: argparse.Namespace) -> int:
    from riskterm.net.protocol import parse_address

    code, host, port = parse_address(args.code if "@" in args.code or not args.ask else "@" + args.code,
                                     allow_no_code=args.ask)
    from riskterm.tui.remote_app import RemoteApp

    app = RemoteApp(host, port, code, args.name, args.watch, ask=args.ask)
    app.run()
    if app.ended:
        print(f"riskterm: {app.ended}")
    return 0
