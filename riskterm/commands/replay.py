"""riskterm replay FILE: step through a saved or finished game turn by turn in the app (right/left: next or
previous turn, '.'/',': one action, g: go to a turn, c: charts, q: quit), with the board as it was."""

from __future__ import annotations

import argparse
from pathlib import Path


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "file",
        nargs="?",
        default=None,
        help="the save file to replay (default: the most recently saved game, finished or not)",
    )
    p.add_argument("--turn", type=int, default=None, help="open at the start of this turn")


def run(args: argparse.Namespace) -> int:
    from riskterm.errors import RiskError
    from riskterm.record.load import load_game

    path = args.file
    if path is None:
        from riskterm.record.autosave import list_saves, saves_dir

        games = list_saves()
        if not games:
            raise RiskError(f"There is no saved game to replay in {saves_dir()}; give a save file.")
        path = games[0].path
    session = load_game(path)
    from riskterm.tui.replay import ReplayApp

    app = ReplayApp(session, Path(path).name)
    if args.turn is not None:
        pos = app.timeline.find_turn(args.turn)
        if pos is None:
            raise RiskError(
                f"The game has no turn {args.turn}; its turns run from 0 to {app.timeline.last_turn}."
            )
        app.pos = pos
    from riskterm.tui.guard import run_guarded

    return run_guarded(app)
