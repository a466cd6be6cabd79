"""Strength and game length of the computer players (4).

    python bench/bench_strength.py [--games 80] [--variant all] [--seed 10000] [--jobs 1] [--markdown]
                                   [--mode NAME]   (a rulebook's mode of play, e.g. classic's missions)
                                   [--cards fixed] [--seats 5] [--fog normal]

For every rulebook, 4-seat games with one seat of the stronger level (rotated through the seats, one seat
per game) against three of the weaker: hard vs normal and normal vs easy. Prints the stronger level's share
of wins with its 95% Wilson interval (fair share: 25%; the goal is 50%), draws, and the length of the games
in player-turns (min / quartiles / max, and how many were decided in the first round). --markdown prints the
docs/benchmarks.md table."""

from __future__ import annotations

import argparse
import statistics
import time

from riskterm.ai.strength import Strength, measure
from riskterm.rules import available_variants

CELLS = (("hard", "normal"), ("normal", "easy"), ("normal", "normal"))  # the last: 4 normal, for length


def length_text(r: Strength) -> str:
    t = sorted(r.turns)
    if not t:
        return "-"
    q = statistics.quantiles(t, n=4) if len(t) > 1 else [t[0]] * 3
    return f"{t[0]} / {q[0]:.0f} / {q[1]:.0f} / {q[2]:.0f} / {t[-1]}"


def seats_text(r: Strength) -> str:
    return f"{r.seats} {r.strong}" if r.strong == r.weak else f"{r.strong} vs {r.seats - 1} {r.weak}"


def row(r: Strength, seconds: float, markdown: bool) -> str:
    lo, hi = r.interval()
    if markdown:
        return (
            f"| {r.variant} | {seats_text(r)} | {r.strong_wins}/{r.games} ({r.share:.0%}) | "
            f"{lo:.0%}-{hi:.0%} | {r.draws} | {length_text(r)} | {r.first_round} |"
        )
    return (
        f"{r.variant:8} {seats_text(r):16}: {r.strong_wins:3}/{r.games} = {r.share:4.0%} "
        f"[95% {lo:.0%}-{hi:.0%}]  draws {r.draws:2}  turns min/q1/median/q3/max {length_text(r)}  "
        f"first-round wins {r.first_round}  ({seconds:.0f} s)"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=80)
    ap.add_argument("--variant", default="all")
    ap.add_argument("--cell", choices=[f"{a}-{b}" for a, b in CELLS], help="only this pairing")
    ap.add_argument("--seed", type=int, default=10_000)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--mode", default=None, help="a mode of play of the rulebook (--variant names one)")
    ap.add_argument("--cards", default=None, help="classic's card option (progressive, fixed, none)")
    ap.add_argument("--seats", type=int, default=4, help="seats per game (one of the stronger level)")
    ap.add_argument(
        "--fog", default=None, help="fog of war (light, normal, dense): every seat plays from its sight"
    )
    args = ap.parse_args()
    options = {"mode": args.mode} if args.mode else {}
    if args.cards:
        options["cards"] = args.cards
    if args.fog:
        options["fog"] = args.fog
    variants = available_variants() if args.variant == "all" else [args.variant]
    if args.markdown:
        print(
            "| rulebook | seats | stronger won | 95% interval | draws | turns min/q1/median/q3/max | "
            "decided in round 1 |"
        )
        print("|---|---|---|---|---|---|---|")
    for variant in variants:
        for strong, weak in CELLS:
            if args.cell and args.cell != f"{strong}-{weak}":
                continue
            start = time.perf_counter()
            r = measure(
                variant,
                strong,
                weak,
                args.games,
                seed=args.seed,
                jobs=args.jobs,
                options=options,
                seats=args.seats,
            )
            if args.mode or args.fog:
                r.variant = (
                    f"{variant} ({', '.join(x for x in (args.mode, args.fog and 'fog=' + args.fog) if x)})"
                )
            print(row(r, time.perf_counter() - start, args.markdown), flush=True)


if __name__ == "__main__":
    main()
