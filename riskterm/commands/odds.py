"""riskterm odds A D: exact chance that A attacking armies (not counting the one that stays behind) take a
territory held by D armies, the attacker always rolling min(3, A) dice and the defender min(2, D). With
--balanced, beside it the chance of the same fight as a balanced blitz draws it (engine/balanced.py); with
--luck N, every roll at N percent luck (engine/luck.py)."""

from __future__ import annotations

from types import SimpleNamespace

from riskterm.engine.luck import TRUE_LUCK
from riskterm.engine.odds import attack_odds
from riskterm.errors import RiskError

TYPE_CHECKING = False  # argparse is imported only when a command line needs it (see parse_plain)
if TYPE_CHECKING:
    import argparse

LIMIT = 2000


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("attackers", type=int, help="armies that may attack (not the one that must stay behind)")
    p.add_argument("defenders", type=int, help="armies defending the territory")
    p.add_argument(
        "--balanced",
        action="store_true",
        help="also show the fight as a balanced blitz draws it (the house rule blitz=balanced)",
    )
    p.add_argument(
        "--luck",
        type=int,
        default=TRUE_LUCK,
        metavar="N",
        help="every roll at N%% luck, 0-100 (the house rule luck=N; 100, the default: true dice)",
    )
    p.add_argument(
        "--weighted",
        action="store_true",
        help="with --luck: round the blended losses by weighted random instead of straight",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")


def parse_plain(argv: list[str]) -> SimpleNamespace | None:
    """`A D` or `A D --json` with A and D plain decimal numbers, read without argparse (it and the regular
    expressions it loads are most of the command's start-up); anything else (None) goes to argparse."""
    flags = [x for x in argv if x.startswith("-")]
    nums = [x for x in argv if not x.startswith("-")]
    if (
        len(nums) != 2
        or flags not in ([], ["--json"])
        or not all(x.isdecimal() and x.isascii() for x in nums)
    ):
        return None
    return SimpleNamespace(
        command="odds",
        attackers=int(nums[0]),
        defenders=int(nums[1]),
        json=bool(flags),
        balanced=False,
        luck=TRUE_LUCK,
        weighted=False,
    )


def run(args: argparse.Namespace | SimpleNamespace) -> int:
    a, d = args.attackers, args.defenders
    luck, weighted, balanced = args.luck, args.weighted, args.balanced
    if a < 1 or d < 1:
        raise RiskError("Both army counts must be 1 or more.")
    if a > LIMIT or d > LIMIT:
        raise RiskError(f"Army counts above {LIMIT} are not supported.")
    if not 0 <= luck <= TRUE_LUCK:
        raise RiskError(f"The luck must be a whole number from 0 to {TRUE_LUCK} (percent).")
    if weighted and luck == TRUE_LUCK:
        raise RiskError("--weighted rounds what --luck blends: give --luck below 100 with it.")
    win, al, dl = attack_odds(a, d, 3, 2, 0, luck, weighted)
    both = None
    if balanced:
        from riskterm.engine.balanced import LIMIT as BALANCED_LIMIT
        from riskterm.engine.balanced import balanced_odds

        if a > BALANCED_LIMIT or d > BALANCED_LIMIT:
            raise RiskError(f"Balanced odds are worked out for at most {BALANCED_LIMIT} armies a side.")
        both = balanced_odds(a, d, 3, 2, 0, luck, weighted)
    dice = "true dice" if luck == TRUE_LUCK else f"luck {luck}%" + (", weighted" if weighted else "")
    if args.json:
        import json

        out = {
            "attackers": a,
            "defenders": d,
            "attacker_wins": win,
            "expected_attacker_left": al,
            "expected_defender_left": dl,
        }
        if luck != TRUE_LUCK:
            out |= {"luck": luck, "weighted": weighted}
        if both is not None:
            out["balanced"] = {
                "attacker_wins": both.win,
                "expected_attacker_left": both.att_left,
                "expected_defender_left": both.def_left,
            }
        print(json.dumps(out))
    elif both is None:
        where = "" if luck == TRUE_LUCK else f" ({dice})"
        print(
            f"{a} attacking vs {d} defending{where}: the attacker takes the territory {win:.2%} of the time."
        )
        print(f"Expected armies left: attacker {al:.2f}, defender {dl:.2f}.")
    else:
        print(f"{a} attacking vs {d} defending, rolled out and as a balanced blitz:")
        print(f"{'':24}{dice:>14}{'balanced':>12}")
        print(f"{'attacker takes it':24}{win:>14.2%}{both.win:>12.2%}")
        print(f"{'attacker armies left':24}{al:>14.2f}{both.att_left:>12.2f}")
        print(f"{'defender armies left':24}{dl:>14.2f}{both.def_left:>12.2f}")
    return 0
