"""riskterm simulate: whole games between computer players without a screen. Prints per-seat wins, draws,
mean and longest game length and games per second, or (--json) one object with a `games` list.
Never imports textual or rich; the progress bar is plain text on stderr, only when stderr is a terminal."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

from riskterm.ai import LEVELS
from riskterm.ai.simulate import GameResult, run_games
from riskterm.board import Board
from riskterm.commands.game_args import add_board, add_rules
from riskterm.errors import RiskError
from riskterm.setup_options import check_seeds, printable

MAX_GAMES = 1_000_000
SAVE_ROOM = 1024 * 1024  # free bytes --save-dir needs at the start: a few games' saves


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_board(p)
    p.add_argument("--players", type=int, default=4, help="number of seats (default 4)")
    p.add_argument("--games", type=int, default=10, help="number of games (default 10)")
    p.add_argument(
        "--seed", type=int, default=0, help="seed of the first game; game i uses seed+i (default 0)"
    )
    p.add_argument(
        "--ai",
        default="normal",
        metavar="LEVEL,LEVEL,...",
        help="computer level per seat (easy, normal, hard); one level for every seat (default normal)",
    )
    add_rules(p)
    p.add_argument("--json", action="store_true", help="print one JSON object with a 'games' list")
    p.add_argument("--jobs", type=int, default=1, help="games played in parallel (same results as 1)")
    p.add_argument(
        "--save-dir", metavar="DIR", help="write each game's save file (<variant>-seed<seed>.json) here"
    )


def parse_levels(text: str, players: int) -> list[str]:
    levels = [x.strip().lower() for x in text.split(",") if x.strip()]
    if not levels:
        raise RiskError(f"Give a computer level with --ai, one of {', '.join(LEVELS)}.")
    for lv in levels:
        if lv not in LEVELS:
            raise RiskError(f"There is no computer level '{lv}'; choose one of {', '.join(LEVELS)}.")
    if len(levels) == 1:
        return levels * players
    if len(levels) != players:
        raise RiskError(
            f"--ai lists {len(levels)} levels for {players} players; give one level or one per seat."
        )
    return levels


def check(args: argparse.Namespace) -> tuple[str, list[str], Board | None]:
    from riskterm.rules import DEFAULT_VARIANT, check_board, variant_class
    from riskterm.setup_options import check_options, parse_house, parse_mode

    cls = variant_class(
        args.variant or DEFAULT_VARIANT
    )  # raises UnknownVariantError (a RiskError) with a sentence
    if not cls.min_players <= args.players <= cls.max_players:
        raise RiskError(
            f"{cls.title} is played by {cls.min_players} to {cls.max_players} players, not {args.players}."
        )
    board = None
    if args.map is not None:
        from riskterm.board.find import open_board

        board = open_board(args.map)  # MapError: one sentence
        check_board(cls, board, args.players)
    if not 1 <= args.games <= MAX_GAMES:
        raise RiskError(f"--games must be between 1 and {MAX_GAMES}.")
    if args.jobs < 1:
        raise RiskError("--jobs must be 1 or more.")
    check_seeds(args.seed, args.games)
    args.options = parse_house(cls, args.house) if getattr(args, "house", None) else {}
    if getattr(args, "mode", None) is not None:
        args.options.update(parse_mode(cls, args.mode))
    if args.options:
        check_options(cls, args.options)
        levels = parse_levels(args.ai, args.players)
        # what the options refuse for these seats (a mode's player count), in one sentence before any game
        cls(board).new_game([f"Seat {i + 1}" for i in range(len(levels))], args.seed, args.options)
    if args.save_dir:
        from riskterm.record.atomic import probe_writable

        try:  # before the first game: a read-only or full folder would lose every game's save
            probe_writable(args.save_dir, SAVE_ROOM)
        except OSError as e:
            raise RiskError(
                f"riskterm cannot write the saves in {printable(args.save_dir)} ({e.strerror or e}); "
                f"give --save-dir a folder that can be written."
            ) from None
    return cls.name, parse_levels(args.ai, args.players), board


class Progress:
    def __init__(self, total: int):
        self.total = total
        self.on = sys.stderr.isatty()
        self.start = time.perf_counter()

    def __call__(self, i: int, _res: GameResult) -> None:
        if not self.on:
            return
        done = i + 1
        width = 30
        fill = width * done // self.total
        rate = done / max(time.perf_counter() - self.start, 1e-9)
        sys.stderr.write(f"\r[{'#' * fill}{'.' * (width - fill)}] {done}/{self.total} games, {rate:.1f}/s ")
        if done == self.total:
            sys.stderr.write("\r" + " " * (width + 40) + "\r")
        sys.stderr.flush()


def summary(results: list[GameResult], levels: list[str], seconds: float) -> dict[str, Any]:
    wins = [0] * len(levels)
    for r in results:
        if r.winner is not None and r.winner < len(wins):
            wins[r.winner] += 1
    turns = [r.turns for r in results]
    return {
        "wins": wins,
        "draws": sum(1 for r in results if r.winner is None),
        "mean_turns": sum(turns) / len(turns) if turns else 0.0,
        "longest_turns": max(turns, default=0),
        "seconds": seconds,
        "games_per_second": len(results) / seconds if seconds > 0 else 0.0,
        "fallbacks": sum(r.fallbacks for r in results),
    }


def run(args: argparse.Namespace) -> int:
    variant, levels, board = check(args)
    progress = Progress(args.games)
    jobs = min(args.jobs, os.cpu_count() or 1, args.games)
    start = time.perf_counter()
    after_game = None
    if args.save_dir:
        from riskterm.record.autosave import SaveInFolder

        after_game = SaveInFolder(args.save_dir)
    results = run_games(
        variant,
        levels,
        args.games,
        args.seed,
        jobs,
        options=getattr(args, "options", None),
        on_result=progress,
        after_game=after_game,
        board=board,
    )
    seconds = time.perf_counter() - start
    summ = summary(results, levels, seconds)
    if args.json:
        from riskterm.rules import variant_class

        board_id = board.id if board else variant_class(variant).board_id
        out = {
            "variant": variant,
            "board": board_id,
            "options": getattr(args, "options", {}),
            "players": args.players,
            "seed": args.seed,
            "levels": levels,
            "games": [r.to_json() for r in results],
            "summary": summ,
        }
        print(json.dumps(out))
        return 0
    where = f" on {board.name}" if board else ""
    where += "".join(f", {k}={v}" for k, v in getattr(args, "options", {}).items())
    print(
        f"{variant}{where}: {args.games} games of {args.players} players from seed {args.seed}, "
        f"{summ['games_per_second']:.1f} games/s ({seconds:.1f} s, {jobs} job{'s' if jobs > 1 else ''})"
    )
    print(f"{'seat':>4}  {'level':<6}  {'wins':>6}  {'share':>6}")
    for i, lv in enumerate(levels):
        share = summ["wins"][i] / args.games
        print(f"{i:>4}  {lv:<6}  {summ['wins'][i]:>6}  {share:>6.1%}")
    print(f"draws: {summ['draws']}")
    print(f"game length: mean {summ['mean_turns']:.1f} turns, longest {summ['longest_turns']} turns")
    if summ["fallbacks"]:
        print(f"turn guard stepped in {summ['fallbacks']} times")
    return 0
