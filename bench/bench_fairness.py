"""Seat fairness of the computer players ( 'classic seats win within a few points of
their fair share in 400 normal games').

    python bench/bench_fairness.py [--variant classic] [--seats 3] [--games 400] [--seed 0] [--level normal]
                                   [--jobs 1]

Plays seeded games between players of one level and prints the wins by seat and by turn position (position 1
took the first turn), each with its 95% Wilson interval, and how often each seat went first. The seat index
must carry no bias (the first player is rolled); a gap by turn position is the game's own (or the players')
first-player advantage."""

from __future__ import annotations

import argparse
import time

from riskterm.ai.strength import fairness, wilson


def table(label: str, wins: tuple[int, ...], games: int) -> str:
    cells = []
    for i, w in enumerate(wins):
        lo, hi = wilson(w, games)
        cells.append(f"{label} {i + 1}: {w:4} ({w / games:5.1%}, 95% {lo:.1%}-{hi:.1%})")
    return "\n".join(cells)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="classic")
    ap.add_argument("--seats", type=int, default=3)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--level", default="normal")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    start = time.perf_counter()
    f = fairness(args.variant, args.level, args.seats, args.games, seed=args.seed, jobs=args.jobs)
    print(
        f"{f.variant}, {f.seats} {f.level} players, {f.games} games from seed {args.seed} "
        f"(fair share {1 / f.seats:.1%}), draws {f.draws}, {time.perf_counter() - start:.0f} s"
    )
    print("wins by seat:")
    print(table("  seat", f.by_seat, f.games))
    print(f"  worst gap from fair: {f.worst_gap(f.by_seat):.1%}")
    if f.by_position:
        print("wins by turn position (1 = took the first turn):")
        print(table("  position", f.by_position, f.games))
        print(f"  worst gap from fair: {f.worst_gap(f.by_position):.1%}")
        print("first turn by seat: " + " / ".join(str(n) for n in f.first))


if __name__ == "__main__":
    main()
