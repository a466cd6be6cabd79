"""riskterm import-map FILE.map [-o OUT.yaml [--force]]: a board in the Domination map format (the .map file, its
colour-index image and its cards file) or the Conquest map format (the .map file and its picture) written as a
riskterm board file, by default into the boards folder of
the user's data folder, so that `riskterm --map NAME` finds it. Any fault: one sentence, exit 2, nothing
written."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from riskterm.errors import MapError
from riskterm.setup_options import printable


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "file",
        metavar="FILE.map",
        help="the Domination or Conquest .map file (its picture and cards beside it)",
    )
    p.add_argument(
        "-o",
        "--output",
        metavar="OUT.yaml",
        help="where to write the board (default: NAME.yaml in riskterm's boards folder)",
    )
    p.add_argument("--force", action="store_true", help="replace the file -o names when it is there already")


def run(args: argparse.Namespace) -> int:
    from riskterm.board.community import import_map
    from riskterm.board.loader import board_from_text
    from riskterm.board.writer import board_yaml
    from riskterm.commands.output_file import output_problem
    from riskterm.commands.validate_map import playable_by
    from riskterm.paths import boards_dir
    from riskterm.record.atomic import atomic_write

    if args.output:
        problem = output_problem(Path(args.output), args.force)
        if problem:
            print(problem, file=sys.stderr)
            return 2
    try:
        got = import_map(args.file)
        out = Path(args.output) if args.output else boards_dir() / f"{got.doc['id']}.yaml"
        if args.output:
            got.doc["id"] = _stem_id(out, got.doc["id"])
        text = board_yaml(got.doc)
        board = board_from_text(text, printable(str(args.file)))  # its faults are the map's
    except MapError as e:
        print(printable(e.problems[0]), file=sys.stderr)
        return 2
    ok, why = playable_by(board)
    if not ok:
        reasons = f": {'; '.join(why)}" if why else ""
        print(
            printable(f"{args.file}: no rulebook can start a game on this board{reasons}."), file=sys.stderr
        )
        return 2
    replaced = out.exists()
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(out, text.encode("utf-8"))
    except OSError as e:
        print(printable(f"{out}: cannot be written ({e.strerror or e})."), file=sys.stderr)
        return 2
    for r in got.readings:
        print(printable(f"note: {r}"))
    print(printable(f"{'replaced' if replaced else 'wrote'} {out}: {board.summary()}"))
    if not args.output:
        print(printable(f"play it: riskterm --map {board.id}"))
    return 0


def _stem_id(out: Path, fallback: str) -> str:
    """The board's id is its file's stem (as the shipped boards have it), when that makes an id."""
    from riskterm.board.domination import snake_id

    return snake_id(out.stem, fallback) if out.suffix == ".yaml" else fallback
