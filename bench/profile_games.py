"""Where the time of headless games goes: cProfile over games played as `riskterm simulate` plays them.

    python bench/profile_games.py --variant modern --levels easy --games 5            # top 30 by own time
    python bench/profile_games.py --variant classic --sort cumulative --top 40
    python bench/profile_games.py --variant europe --out /tmp/europe.prof            # for pstats / snakeviz

The games are riskterm.ai.simulate.Job's (4 seats where the rulebook allows, no step history), after one
warm-up game that is not profiled. Profiling slows every Python call by about a half, so read the shares, not
the seconds; the games/s figures come from bench/bench_games.py."""

from __future__ import annotations

import argparse
import cProfile
import pstats


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="classic")
    ap.add_argument("--levels", default="easy", help="one level for every seat, or comma-separated per seat")
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--sort", default="tottime", help="a pstats sort key: tottime, cumulative, ncalls")
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--out", help="also write the raw profile here")
    args = ap.parse_args()

    from riskterm.ai.simulate import Job
    from riskterm.rules import variant_class

    cls = variant_class(args.variant)
    levels = args.levels.split(",")
    if len(levels) == 1:
        levels *= max(cls.min_players, min(4, cls.max_players))
    job = Job(args.variant, levels)
    job(10**6 + args.seed)  # warm-up: imports, the board, first-use caches
    prof = cProfile.Profile()
    prof.enable()
    actions = sum(job(args.seed + i).actions for i in range(args.games))
    prof.disable()
    print(f"{args.variant} {','.join(levels)}: {args.games} games, {actions} actions")
    if args.out:
        prof.dump_stats(args.out)
    pstats.Stats(prof).sort_stats(args.sort).print_stats(args.top)


if __name__ == "__main__":
    main()
