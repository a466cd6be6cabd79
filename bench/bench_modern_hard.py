"""Strength of modern hard against three normal with some of its knobs changed, to tune it.

    python bench/bench_modern_hard.py [--games 120] [--seed 20000] [--set JSON]

--set names ModernPlayer class attributes ('{"hard_hold": 0.5, "hard_material": true}'); '{}' is hard as it
is. Prints hard's wins with the 95% interval (the same games as bench_strength's hard-normal cell)."""

from __future__ import annotations

import argparse
import json
import time

from riskterm.ai.modern import ModernPlayer
from riskterm.ai.strength import measure


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=120)
    ap.add_argument("--seed", type=int, default=20_000)
    ap.add_argument("--set", default="{}")
    args = ap.parse_args()
    for k, v in json.loads(args.set).items():
        if not hasattr(ModernPlayer, k):
            raise SystemExit(f"ModernPlayer has no knob '{k}'.")
        setattr(ModernPlayer, k, v)
    start = time.perf_counter()
    r = measure("modern", "hard", "normal", args.games, seed=args.seed)
    lo, hi = r.interval()
    print(
        f"modern hard {args.set} seed {args.seed}: won {r.strong_wins}/{r.games} ({r.share:.0%}) "
        f"[95% {lo:.0%}-{hi:.0%}] ({time.perf_counter() - start:.0f} s)"
    )


if __name__ == "__main__":
    main()
