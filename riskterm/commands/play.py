"""`riskterm play`: open the new-game screen, or start a game straight away with --names."""

from __future__ import annotations

import argparse
import random

SPEEDS = {"instant": 0.0, "fast": 0.15, "normal": 0.5, "slow": 1.2}


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", default=None, help="rulebook: classic, europe, risiko or modern (default classic)")
    p.add_argument("--names", default=None, help="comma-separated player names, e.g. Ann,Bob,Cid: starts at once")
    p.add_argument("--ai", default="", help="computer seats: names or 1-based seat numbers, with an optional "
                   "level, e.g. 'Cid' or '2:hard,3'")
    p.add_argument("--level", default="easy", choices=("easy", "normal", "hard"), help="default computer level")
    p.add_argument("--colours", default="", help="comma-separated colours per seat (red, blue, green, ...)")
    p.add_argument("--seed", type=int, default=None, help="random seed (default: a random one)")
    p.add_argument("--quick", action="store_true", help="quick start: deal territories and spread armies")
    p.add_argument("--turn-cap", type=int, default=None, help="end the game as a draw after this many turns")
    p.add_argument("--house", action="append", default=[], metavar="KEY=VALUE",
                   help="a house rule of the rulebook, e.g. fortify=connected (classic), defender=when_needed "
                   "(risiko), defender_chooses=no (modern); may be repeated")
    p.add_argument("--speed", default="fast", choices=tuple(SPEEDS), help="computer players' speed")


def build_parser_for_tests() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="riskterm play")
    add_arguments(p)
    return p


def build_session(args: argparse.Namespace):
    from riskterm.rules import PlayerSetup
    from riskterm.session import Session

    names = [n.strip() for n in (args.names or "Ann,Bob,Cid").split(",") if n.strip()]
    colours = [c.strip() for c in args.colours.split(",")] if args.colours else []
    ai: dict[int, str] = {}
    for item in filter(None, (x.strip() for x in args.ai.split(","))):
        who, _, level = item.partition(":")
        seat = int(who) - 1 if who.isdigit() else next((i for i, n in enumerate(names) if n.lower() == who.lower()), -1)
        if 0 <= seat < len(names):
            ai[seat] = level or args.level
    players = [PlayerSetup(n, colours[i] if i < len(colours) else "", ai.get(i)) for i, n in enumerate(names)]
    opts: dict = {"quick_start": bool(args.quick)}
    if args.turn_cap:
        opts["turn_cap"] = args.turn_cap
    if getattr(args, "house", None):
        from riskterm.rules import variant_class
        from riskterm.tui.house import parse_house

        opts.update(parse_house(variant_class(args.variant or "classic"), args.house))
    seed = args.seed if args.seed is not None else random.randrange(1, 100_000)
    return Session.new(args.variant or "classic", players, seed, opts), seed


def run(args: argparse.Namespace) -> int:
    from riskterm.rules import variant_class

    if args.variant:
        variant_class(args.variant)  # UnknownVariantError: one sentence, exit 2 (cli.py)
    session = seed = None
    if args.names or args.variant or args.seed is not None:
        session, seed = build_session(args)
    from riskterm.tui.app import RiskApp

    RiskApp(session, SPEEDS[args.speed], seed or 0).run()
    return 0
