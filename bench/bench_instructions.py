"""Machine instructions per headless game, counted by valgrind (callgrind): a speed figure the load of a shared
machine does not move, for telling a 5% change from noise.

    python bench/bench_instructions.py --variant modern --levels easy --games 2
    python bench/bench_instructions.py --variant classic --games 10 --compare /work/wt/base

Each tree runs twice under `valgrind --tool=callgrind` (about 50x slower than a plain run): once playing only the
warm-up game (imports, the board, first-use caches) and once playing the warm-up and `--games` games as
riskterm.ai.simulate.Job plays them (bench/bench_games.py's games, seeds from --seed); the difference, per game,
is what the games cost. Instructions are not time (a cache miss costs more than an add), but for an
interpreter running the same kind of code they follow it closely. Needs valgrind (apt-get install valgrind)."""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
CHILD = """
import sys
from riskterm.ai.simulate import Job
from riskterm.rules import variant_class
variant, level, games, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
cls = variant_class(variant)
job = Job(variant, [level] * max(cls.min_players, min(4, cls.max_players)))
job(10**6 + seed)
for i in range(games):
    job(seed + i)
"""


def count(tree: Path, variant: str, level: str, games: int, seed: int) -> int:
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(CHILD)
    try:
        out = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--callgrind-out-file=/dev/null",
                sys.executable,
                f.name,
                variant,
                level,
                str(games),
                str(seed),
            ],
            env=env,
            cwd=tree,
            capture_output=True,
            text=True,
        )
    finally:
        os.unlink(f.name)
    m = re.search(r"Collected : (\d+)", out.stderr)
    if out.returncode or m is None:
        raise SystemExit(f"{tree}: valgrind failed:\n{out.stderr[-2000:]}")
    return int(m.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="classic")
    ap.add_argument("--levels", default="easy", help="comma-separated")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--compare", type=Path, action="append", default=[], help="another checkout (a 'before')")
    args = ap.parse_args()
    trees = [*args.compare, HERE]
    for level in args.levels.split(","):
        per_game = {}
        for tree in trees:
            base = count(tree, args.variant, level, 0, args.seed)
            per_game[tree] = (count(tree, args.variant, level, args.games, args.seed) - base) / args.games
            print(
                f"{args.variant} {level} {tree}: {per_game[tree] / 1e6:8.1f} M instructions a game "
                f"({args.games} games from seed {args.seed})",
                flush=True,
            )
        for tree in args.compare:
            print(f"  -> this tree {per_game[tree] / per_game[HERE]:.2f}x as fast as {tree} by instructions")


if __name__ == "__main__":
    main()
