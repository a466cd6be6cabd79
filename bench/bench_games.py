"""Headless games per rulebook and level, optionally side by side with another checkout.

    python bench/bench_games.py                              # this tree: every rulebook, easy/normal/hard
    python bench/bench_games.py --variant classic --levels easy,hard --games 20
    python bench/bench_games.py --compare /work/wt/base      # turn about with another tree (a git worktree)
    python bench/bench_games.py --compare A --compare B      # several 'befores' in the same run

Every figure is CPU time (time.process_time) of a child process that plays the games as `riskterm simulate`
does (riskterm.ai.simulate.Job: 4 seats where the rulebook allows, no step history kept), after one warm-up
game that is not counted (imports, board, first-use caches), so other jobs on the shared machine disturb it
little (still +-20% when the 2 cores are crowded). Games per second, actions per second, draws, and the
slowest single decision (one TurnGuard.choose/choose_checked call: the player's thinking, its view and its
check; the engine's apply is not in it). The slowest decision comes from a second child per tree that plays
the same games with every decision timed: the two clock reads per decision cost about a tenth of a fast game,
so the games/s figures come from children that time nothing but the whole run. With --compare the trees play
the same seeds in alternating order (A B C, C B A, ...) `--rounds` times each; the best round of each counts,
and the winners and action counts are compared: "same games" when both match (an engine-side comparison),
", same final states" when the timed child's sha1 of each final state matches too ("same games, fewer steps":
the same winners and final states in fewer steps, where a seat's standing answer was applied at once);
besides the best rounds' ratio, the median of the rounds' own ratios (steadier when the load changes during
the run) and each round's ratio; "DIFFERENT GAMES" when a player's decisions changed between the trees (then compare actions/s).
`random` is riskterm.ai.RandomPlayer (a random legal action, seeded): the engine alone, but classic random
games run to the turn cap (minutes each). Latest figures: docs/benchmarks.md."""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
VARIANTS = ("classic", "europe", "risiko", "modern")
LEVELS = ("easy", "normal", "hard")


def worker(variant: str, level: str, games: int, seed: int, timed: bool) -> dict[str, Any]:
    """Play the games in this process (the riskterm on sys.path) and measure them; `timed`: time every
    decision too (slowest), which slows the games."""
    import riskterm

    try:
        from riskterm.ai.core import guard as guard_mod
    except ImportError:  # a tree from before the guard moved into ai/core (--compare)
        from riskterm.ai import guard as guard_mod  # type: ignore[attr-defined,no-redef]
    from riskterm.ai.simulate import Job
    from riskterm.rules import variant_class

    cls = variant_class(variant)
    seats = max(cls.min_players, min(4, cls.max_players))
    slowest = [0.0, -1]
    # the guard's entry point the game loop calls (newer trees: choose_checked, which choose also calls)
    name = "choose_checked" if hasattr(guard_mod.TurnGuard, "choose_checked") else "choose"
    choose = getattr(guard_mod.TurnGuard, name)

    def timed_choose(self: Any, rules: Any, state: Any, seat: int, player: Any) -> Any:
        t0 = time.process_time()
        a = choose(self, rules, state, seat, player)
        dt = time.process_time() - t0
        if dt > slowest[0]:
            slowest[0], slowest[1] = dt, current[0]
        return a

    if timed:
        setattr(guard_mod.TurnGuard, name, timed_choose)
    current = [0]
    job = Job(variant, [level] * seats)
    job(10**6 + seed)  # warm-up, not counted: imports, the board, first-use caches (paid once per process)
    results = []
    cpu = time.process_time()
    for i in range(games):
        current[0] = seed + i
        r = job(seed + i)
        results.append([r.seed, r.winner, r.draw, r.actions])
    cpu = time.process_time() - cpu
    if timed:  # the same games once more, each final state's fingerprint (not timed: json + sha1 per game)
        from riskterm.ai.simulate import play_counted

        for row in results:
            current[0] = row[0]
            session, _ = play_counted(
                variant, [level] * seats, row[0], None, guard_mod.TurnGuard(max_seconds=None), record=False
            )
            row.append(hashlib.sha1(json.dumps(session.state, sort_keys=True).encode()).hexdigest()[:12])
    return {
        "tree": str(Path(riskterm.__file__).resolve().parent.parent),
        "cpu": cpu,
        "games": results,
        "slowest": slowest[0],
        "slowest_seed": slowest[1],
    }


def run_child(
    tree: Path, variant: str, level: str, games: int, seed: int, timed: bool = False
) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    cmd = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--worker",
        "--variant",
        variant,
        "--levels",
        level,
        "--games",
        str(games),
        "--seed",
        str(seed),
        *(["--timed"] if timed else []),
    ]
    out = subprocess.run(cmd, env=env, cwd=tree, capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(f"{tree}: {variant} {level} failed:\n{out.stderr[-2000:]}")
    res: dict[str, Any] = json.loads(out.stdout)
    if Path(res["tree"]) != tree.resolve():
        raise SystemExit(f"the child imported riskterm from {res['tree']}, not {tree}")
    return res


def figures(res: dict[str, Any]) -> tuple[float, float, float, int]:
    games = res["games"]
    actions = sum(g[3] for g in games)
    draws = sum(1 for g in games if g[2])
    return len(games) / res["cpu"], actions / res["cpu"], res["slowest"] * 1000, draws


def line(res: dict[str, Any]) -> str:
    gps, aps, slow, draws = figures(res)
    n = len(res["games"])
    return f"{gps:8.2f} games/s {aps:9.0f} actions/s slowest {slow:7.1f} ms draws {draws}/{n}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="all", help="a rulebook or 'all'")
    ap.add_argument("--levels", default=",".join(LEVELS), help="comma-separated: easy,normal,hard,random")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rounds", type=int, default=2, help="runs of each tree (the best counts)")
    ap.add_argument(
        "--compare",
        type=Path,
        action="append",
        default=[],
        help="another checkout to run side by side (a 'before'; may be given more than once)",
    )
    ap.add_argument(
        "--games-for",
        action="append",
        default=[],
        help="VARIANT:LEVEL=N overrides --games for one pair (slow ones), e.g. europe:hard=3",
    )
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--timed", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        print(json.dumps(worker(args.variant, args.levels, args.games, args.seed, args.timed)))
        return
    overrides = dict(x.split("=", 1) for x in args.games_for)
    variants = VARIANTS if args.variant == "all" else tuple(args.variant.split(","))
    trees = [*args.compare, HERE]
    print(
        f"CPU time per tree, best of {args.rounds} rounds, seeds from {args.seed}; trees: "
        + ", ".join(str(t) for t in trees),
        flush=True,
    )
    for variant in variants:
        for level in args.levels.split(","):
            games = int(overrides.get(f"{variant}:{level}", args.games))
            best: dict[Path, dict[str, Any]] = {}
            slowest: dict[Path, float] = {}
            prints: dict[Path, list[str]] = {}
            cpus: dict[Path, list[float]] = {tree: [] for tree in trees}  # per round, for the round ratios
            for r in range(args.rounds):
                for tree in trees if r % 2 == 0 else trees[::-1]:
                    res = run_child(tree, variant, level, games, args.seed)
                    cpus[tree].append(res["cpu"])
                    if tree not in best or res["cpu"] < best[tree]["cpu"]:
                        best[tree] = res
            for tree in trees:  # the same games once more, each decision timed
                res = run_child(tree, variant, level, games, args.seed, timed=True)
                if [g[:4] for g in res["games"]] != best[tree]["games"]:
                    raise SystemExit(f"{tree}: {variant} {level}: the timed run played other games")
                slowest[tree] = res["slowest"]
                prints[tree] = [g[4] for g in res["games"]]  # the final states' fingerprints, by seed
            for tree in trees:
                best[tree]["slowest"] = slowest[tree]
            after = best[HERE]
            print(f"{variant:8} {level:7} ({games} games)\n  this tree: {line(after)}", flush=True)
            for tree in args.compare:
                before = best[tree]
                same = [g[:3] for g in before["games"]] == [g[:3] for g in after["games"]]
                same_actions = [g[3] for g in before["games"]] == [g[3] for g in after["games"]]
                speed = figures(after)[0] / figures(before)[0]
                # each round's ratio (the two trees ran minutes apart at most, under the same load), median
                per_round = sorted(b / a for b, a in zip(cpus[tree], cpus[HERE], strict=True))
                median = (
                    per_round[len(per_round) // 2]
                    if len(per_round) % 2
                    else (per_round[len(per_round) // 2 - 1] + per_round[len(per_round) // 2]) / 2
                )
                # fewer steps with the same final states: a standing answer applied at once (Rules.answering)
                verdict = (
                    "same games"
                    if same and same_actions
                    else "same games, fewer steps"
                    if same and prints[tree] == prints[HERE]
                    else "same winners"
                    if same
                    else "DIFFERENT GAMES"
                )
                if same:
                    verdict += (
                        ", same final states"
                        if prints[tree] == prints[HERE]
                        else f", OTHER FINAL STATES (seeds {[g[0] for g, x, y in zip(before['games'], prints[tree], prints[HERE], strict=True) if x != y]})"
                    )
                rounds = " ".join(f"{r:.2f}" for r in per_round)
                print(
                    f"  {tree}: {line(before)}\n    -> this tree {speed:.2f}x as fast (best rounds; median of the"
                    f" round ratios {median:.2f}x; rounds, sorted: {rounds}), {verdict}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
