"""riskterm odds A D: exact chance that A attacking armies (not counting the one that stays behind) take a
territory held by D armies, the attacker always rolling min(3, A) dice and the defender min(2, D)."""

from __future__ import annotations

from types import SimpleNamespace

from riskterm.engine.odds import attack_odds
from riskterm.errors import RiskError

TYPE_CHECKING = False  # argparse is imported only when a command line needs it (see parse_plain)
if TYPE_CHECKING:
    import argparse

LIMIT = 2000


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("attackers", type=int, help="armies that may attack (not the one that must stay behind)")
    p.add_argument("defenders", type=int, help="armies defending the territory")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def parse_plain(argv: list[str]) -> SimpleNamespace | None:
    """`A D` or `A D --json` with A and D plain decimal numbers, read without argparse (it and the regular
    expressions it loads are most of the command's start-up); anything else (None) goes to argparse."""
    flags = [x for x in argv if x.startswith("-")]
    nums = [x for x in argv if not x.startswith("-")]
    if len(nums) != 2 or flags not in ([], ["--json"]) or not all(x.isdecimal() and x.isascii() for x in nums):
        return None
    return SimpleNamespace(command="odds", attackers=int(nums[0]), defenders=int(nums[1]), json=bool(flags))


def run(args: argparse.Namespace | SimpleNamespace) -> int:
    a, d = args.attackers, args.defenders
    if a < 1 or d < 1:
        raise RiskError("Both army counts must be 1 or more.")
    if a > LIMIT or d > LIMIT:
        raise RiskError(f"Army counts above {LIMIT} are not supported.")
    win, al, dl = attack_odds(a, d)
    if args.json:
        import json

        print(json.dumps({"attackers": a, "defenders": d, "attacker_wins": win,
                          "expected_attacker_left": al, "expected_defender_left": dl}))
    else:
        print(f"{a} attacking vs {d} defending: the attacker takes the territory {win:.2%} of the time.")
        print(f"Expected armies left: attacker {al:.2f}, defender {dl:.2f}.")
    return 0
