"""riskterm validate-map FILE...: one summary line per valid board file, or every problem (exit 2). A board
must also be one some rulebook can start a game on (each rulebook says what it needs of a board)."""

from __future__ import annotations

import argparse
import sys

from riskterm.board import Board, load_board_file
from riskterm.errors import BoardError, MapError
from riskterm.setup_options import printable


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", nargs="+", metavar="FILE", help="board files (YAML) to check")


def playable_by(board: Board) -> tuple[list[str], list[str]]:
    """(titles of the rulebooks that can start a game on the board with their fewest players, and why each
    rulebook that plays on any board cannot)."""
    from riskterm.rules import available_variants, check_board, variant_class

    ok, why = [], []
    for name in available_variants():
        cls = variant_class(name)
        try:
            check_board(cls, board, cls.min_players)
        except BoardError as e:
            if cls.any_board:
                why.append(str(e).rstrip("."))
            continue
        ok.append(cls.title)
    return ok, why


def shipped_file(board: Board) -> bool:
    """The board is byte for byte a board file riskterm ships, which its own rulebook plays: validate-map then
    needs no rulebook imported (it is run on them often, and starts faster so)."""
    import hashlib

    from riskterm.board.find import shipped_ids
    from riskterm.paths import map_path

    if board.id not in shipped_ids():
        return False
    try:
        return hashlib.sha256(map_path(board.id).read_bytes()).hexdigest() == board.file_digests[0]
    except OSError:
        return False


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
        ok, why = ([board.name], []) if shipped_file(board) else playable_by(board)
        if not ok:
            status = 2
            reasons = f": {'; '.join(why)}" if why else ""
            print(printable(f"{f}: no rulebook can start a game on this board{reasons}."), file=sys.stderr)
            continue
        print(printable(f"{f}: ok - {board.summary()}"))
    return status
