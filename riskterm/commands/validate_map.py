"""riskterm validate-map FILE...: one summary line per valid board file, or every problem (exit 2)."""

from __future__ import annotations

import argparse
import sys

from riskterm.board import load_board_file
from riskterm.errors import MapError
from riskterm.setup_options import printable


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", nargs="+", metavar="FILE", help="board files (YAML) to check")


def run(args: argparse.Namespace) -> int:
    status = 0
    for f in args.files:
        try:
            board = load_board_file(f)
        except MapError as e:
            status = 2
            for problem in e.problems:
                print(printable(problem), file=sys.stderr)
            continue
        print(printable(f"{f}: ok - {board.summary()}"))
    return status
