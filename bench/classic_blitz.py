"""Classic blitz with a stop number, measured on the engine: how often a blitz from 10 against 30
with stop 4 ends below 4, how often 5 against 2 with stop 4 wins, and what the odds panel says for it.

    PYTHONPATH=. python bench/classic_blitz.py [--seeds 3000]

Before the fix (45ff55a): 31.9% below the stop, 36.8% won, panel 10.6%.
After: 0.0% below the stop, 10.4% won (3,000 seeds), panel 10.6% (exactly 825/7776)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))

from helpers import position  # noqa: E402

from riskterm.engine.actions import act  # noqa: E402
from riskterm.rules.classic import ClassicRules  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=3000)
    n = ap.parse_args().seeds
    r = ClassicRules()
    i, j = r.board.index["alaska"], r.board.index["alberta"]
    below = wins = 0
    for seed in range(n):
        s = position(r, {"alaska": 0, "alberta": 1}, {"alaska": 10, "alberta": 30}, rng=seed * 7919 + 1)
        below += r.apply(s, "blitz alaska alberta 4")[0]["armies"][i] < 4
        s = position(r, {"alaska": 0, "alberta": 1}, {"alaska": 5, "alberta": 2}, rng=seed * 7919 + 1)
        wins += r.apply(s, "blitz alaska alberta 4")[0]["owner"][j] == 0
    odds = r.presenter().attack_odds(s, act("blitz", "alaska", "alberta", 4))
    panel = f"{odds[0]:.1%}" if odds else "none"
    print(
        f"10 v 30 blitz stop 4 ends below 4: {below / n:.1%}; 5 v 2 stop 4 wins {wins / n:.1%} of {n} seeds; "
        f"odds panel says {panel}"
    )


if __name__ == "__main__":
    main()
