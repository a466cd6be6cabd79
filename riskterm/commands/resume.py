"""riskterm resume [FILE]: reopen the latest unfinished game (or a given save file) in the app at the exact
point it stopped, hand-off screen first. `--list` prints the unfinished games instead."""

from __future__ import annotations

import argparse

from riskterm.errors import RiskError
from riskterm.setup_options import printable

SPEEDS = {"instant": 0.0, "fast": 0.15, "normal": 0.5, "slow": 1.2}


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "file", nargs="?", default=None, help="a save file (default: the latest unfinished autosave)"
    )
    p.add_argument("--list", action="store_true", help="list the unfinished games that can be resumed")
    p.add_argument("--speed", default="fast", choices=tuple(SPEEDS), help="computer players' speed")


def run(args: argparse.Namespace) -> int:
    from riskterm.record.autosave import latest_unfinished, list_unfinished, saves_dir
    from riskterm.record.load import load_game

    if args.list:
        games = list_unfinished()
        if not games:
            print(f"No unfinished games in {saves_dir()}.")
        for g in games:
            print(printable(f"{g.path}  {g.label()}"))
        return 0
    path = args.file
    if path is None:
        latest = latest_unfinished()
        if latest is None:
            raise RiskError(
                f"There is no unfinished game to resume in {saves_dir()}; start one with 'riskterm'."
            )
        path = latest.path
    session = load_game(path)  # SaveError: one sentence, exit 2
    if session.rules.is_over(session.state):
        raise RiskError(f"The game in {path} is already over; watch it with 'riskterm replay {path}'.")
    from riskterm.record.autosave import save_path
    from riskterm.record.lock import acquire, release

    target = save_path(session)  # where the resumed game autosaves: one process at a time
    acquire(target)
    from riskterm.tui.app import RiskApp
    from riskterm.tui.guard import run_guarded

    try:
        return run_guarded(RiskApp(session, SPEEDS[args.speed]))
    finally:
        release(target)
