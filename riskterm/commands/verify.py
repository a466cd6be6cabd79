"""riskterm verify FILE: check a finished game's dice. Its save reveals the seed and the salt behind the
commitment every player was shown before the first roll; they must match it, and replaying the game from
that seed must give every recorded roll again (record/dice_record.py). Exit 0 when they all do, 2 with one
sentence saying where they do not. The file is only read."""

from __future__ import annotations

import argparse
import json
import sys

from riskterm.errors import SaveError
from riskterm.setup_options import printable


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="the save file of a finished game")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    from riskterm.engine.commitment import short
    from riskterm.record.dice_record import verify
    from riskterm.record.load import read_document

    try:
        verdict = verify(read_document(args.file), args.file)
    except SaveError as e:
        if args.json:
            print(json.dumps({"file": args.file, "ok": False, "problem": str(e)}))
        print(f"riskterm: {printable(str(e))}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"file": args.file, "ok": True, "rolls": verdict.rolls, "moves": verdict.moves,
                          "commitment": verdict.commitment}))
    else:
        print(f"ok: every roll came from the committed seed ({verdict.rolls} rolls in {verdict.moves} moves; "
              f"commitment {short(verdict.commitment)} {verdict.commitment}).")
    return 0
