"""`riskterm play`: open the new-game screen, or start a game straight away with --names."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from riskterm.session import Session

SPEEDS = {"instant": 0.0, "fast": 0.15, "normal": 0.5, "slow": 1.2}


def add_arguments(p: argparse.ArgumentParser) -> None:
    from riskterm.commands.game_args import add_board, add_rules
    from riskterm.setup_options import LEVELS, TURN_CAP_MAX

    add_board(p)
    p.add_argument(
        "--names", default=None, help="comma-separated player names, e.g. Ann,Bob,Cid: starts at once"
    )
    p.add_argument(
        "--ai",
        default="",
        help="computer seats: names or 1-based seat numbers, with an optional "
        "level, e.g. 'Cid' or '2:hard,3'",
    )
    p.add_argument("--level", default="easy", choices=LEVELS, help="default computer level")
    p.add_argument("--colours", default="", help="comma-separated colours per seat (red, blue, green, ...)")
    p.add_argument("--seed", type=int, default=None, help="random seed (default: a random one)")
    p.add_argument("--quick", action="store_true", help="quick start: deal territories and spread armies")
    p.add_argument(
        "--turn-cap",
        type=int,
        default=None,
        help=f"end the game as a draw after this many turns, 1 to {TURN_CAP_MAX}; what a turn is "
        "depends on the rulebook: a player-turn, or a round (every seat's turn once)",
    )
    add_rules(p)
    p.add_argument("--speed", default="fast", choices=tuple(SPEEDS), help="computer players' speed")


def build_parser_for_tests() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="riskterm play")
    add_arguments(p)
    return p


def build_session(args: argparse.Namespace) -> tuple[Session, int]:
    """The game the arguments describe, every option checked first (RiskError: one sentence, exit 2)."""
    from riskterm.rules import DEFAULT_VARIANT, PlayerSetup, variant_class
    from riskterm.session import Session
    from riskterm.setup_options import (
        check_seed,
        check_setup,
        check_turn_cap,
        parse_ai,
        parse_house,
        parse_mode,
        secret_seed,
        split_colours,
        split_names,
    )

    cls = variant_class(args.variant or DEFAULT_VARIANT)
    board = None
    if args.map is not None:
        from riskterm.board.find import open_board

        board = open_board(args.map)  # MapError: one sentence
    names = split_names(args.names or "Ann,Bob,Cid")
    colours = split_colours(args.colours, len(names)) if args.colours else []
    ai = parse_ai(args.ai, names, args.level)
    players = [PlayerSetup(n, colours[i] if i < len(colours) else "", ai.get(i)) for i, n in enumerate(names)]
    # every house rule written, defaults included, as the new-game screen does (new_game would fill them in
    # too): a save then says which rules it was played by
    opts: dict[str, Any] = {key: default for key, _, _, default in cls.house_options}
    opts["quick_start"] = bool(args.quick)
    if args.turn_cap is not None:
        opts["turn_cap"] = check_turn_cap(args.turn_cap, cls.turn_cap_unit)
    if getattr(args, "house", None):
        opts.update(parse_house(cls, args.house))
    if getattr(args, "mode", None) is not None:
        opts.update(parse_mode(cls, args.mode))
    seed = check_seed(args.seed) if args.seed is not None else secret_seed()
    check_setup(cls, players, seed, opts)
    return Session.new(cls.name, players, seed, opts, board), seed


def starts_at_once(args: argparse.Namespace) -> bool:
    """Any option describing the game starts it without the new-game screen (so none is silently dropped)."""
    return bool(
        args.names
        or args.variant
        or args.seed is not None
        or args.ai
        or args.colours
        or args.quick
        or args.turn_cap is not None
        or args.house
        or args.map is not None
        or getattr(args, "mode", None) is not None
    )


def run(args: argparse.Namespace) -> int:
    session = seed = None
    if starts_at_once(args):
        session, seed = build_session(args)
    from riskterm.tui.app import RiskApp
    from riskterm.tui.guard import run_guarded

    return run_guarded(RiskApp(session, SPEEDS[args.speed], seed or 0))
