"""riskterm odds A D: exact chance that A attacking armies (not counting the one that stays behind) take a
territory held by D armies, the attacker always rolling min(3, A) dice and the defender min(2, D)."""

from __future__ import annotations

import argparse

from riskterm.engine.odds import attack_odds
from riskterm.errors import RiskError

LIMIT = 2000


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("attackers", type=int, help="armies that may attack (not the one that must stay behind)")
    p.add_argument("defenders", type=int, help="armies defending the territory")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
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
