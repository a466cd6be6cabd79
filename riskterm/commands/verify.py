"""riskterm verify FILE: check a finished game's dice. Its save reveals the seed and the salt behind the
commitment every player was shown before the first roll; they must match it, and replaying the game from
that seed must give every recorded roll again (record/dice_record.py); a hosted game whose seed everyone
made also lists who made it. --commitment compares the save's commitment with the one a screen showed. Exit 0 when they all do, 2 with one
sentence saying where they do not. The file is only read."""

from __future__ import annotations

import argparse
import json
import sys

from riskterm.errors import SaveError
from riskterm.setup_options import printable


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="the save file of a finished game")
    p.add_argument(
        "--commitment",
        default=None,
        metavar="HEX",
        help="the commitment your screen showed when "
        "the game began (its first digits are enough, spaces allowed): the save's must be that one",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    from riskterm.engine.commitment import short
    from riskterm.record.dice_record import verify
    from riskterm.record.load import read_document

    try:
        verdict = verify(read_document(args.file), args.file)
        if args.commitment is not None:
            shown_matches(verdict.commitment, args.commitment, args.file)
    except SaveError as e:
        if args.json:
            print(json.dumps({"file": args.file, "ok": False, "problem": str(e)}))
        print(f"riskterm: {printable(str(e))}", file=sys.stderr)
        return 2
    if args.json:
        made = (
            {"contributions": [c.to_json() for c in verdict.contributions]}
            if verdict.contributions is not None
            else {}
        )
        print(
            json.dumps(
                {
                    "file": args.file,
                    "ok": True,
                    "rolls": verdict.rolls,
                    "moves": verdict.moves,
                    "commitment": verdict.commitment,
                    **made,
                }
            )
        )
    else:
        print(
            f"ok: every roll came from the committed seed ({verdict.rolls} rolls in {verdict.moves} moves; "
            f"commitment {short(verdict.commitment)} {verdict.commitment})."
        )
        if verdict.contributions is not None:
            print(printable(verdict.made_by()))
            for c in verdict.contributions:
                name = (
                    (verdict.names or [])[c.seat]
                    if c.seat < len(verdict.names or [])
                    else f"seat {c.seat + 1}"
                )
                print(
                    f"  {printable(name)}: commitment {short(c.commit) if c.commit else 'none sent'}, "
                    f"{'revealed ' + c.reveal if c.counted() and c.reveal else 'absent'}"
                )
    return 0


def shown_matches(commit: str, shown: str, file: str) -> None:
    """SaveError unless `shown` (what a screen showed, any part from the start) is the save's commitment."""
    from riskterm.engine.commitment import short

    digits = "".join(shown.split()).rstrip("…").rstrip(".").lower()
    if len(digits) < 8 or any(ch not in "0123456789abcdef" for ch in digits):
        raise SaveError("Give --commitment as the hex digits your screen showed (at least the first 8).")
    if not commit.startswith(digits):
        raise SaveError(
            f"{printable(file)}'s commitment ({short(commit)}) is not the one your screen showed "
            f"({digits[:16]}): the save was changed after the game began."
        )
