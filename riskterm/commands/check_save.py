"""riskterm check-save FILE: replay a save file and report whether it is sound (exit 0) or what is wrong
with it in one sentence (exit 2). The file is only read."""

from __future__ import annotations

import argparse
import json
import sys
import time

from riskterm.errors import SaveError
from riskterm.setup_options import printable


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="the save file to check")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    from riskterm.record.load import load_game

    t0 = time.perf_counter()
    try:
        session = load_game(args.file)
    except SaveError as e:
        if args.json:  # the object on stdout for programs, the sentence on stderr as for every refusal
            print(json.dumps({"file": args.file, "ok": False, "problem": str(e)}))
        print(f"riskterm: {printable(str(e))}", file=sys.stderr)
        return 2
    from riskterm.rules import is_own_board

    rules, s = session.rules, session.state
    secs = time.perf_counter() - t0
    where_played = "" if is_own_board(type(rules), rules.board) else f" on {rules.board.name}"
    if args.json:
        print(
            json.dumps(
                {
                    "file": args.file,
                    "ok": True,
                    "variant": rules.name,
                    "board": rules.board.id,
                    "moves": len(session.steps),
                    "turn": s.get("turn"),
                    "over": rules.is_over(s),
                    "seconds": round(secs, 3),
                }
            )
        )
    else:
        where = "finished" if rules.is_over(s) else f"stopped at turn {s.get('turn')}"
        names = ", ".join(printable(p.name) for p in session.players)
        print(
            f"ok: {printable(args.file)}: {rules.title}{printable(where_played)}, {names}; "
            f"{len(session.steps)} actions replayed, {where} ({secs:.2f} s)."
        )
    return 0
