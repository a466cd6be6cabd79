"""Start-up time of the headless commands, whole processes against a bare `python -c pass`.

    python bench/bench_startup.py                 # 30 runs each of this source tree (the bench's parent)
    python bench/bench_startup.py --runs 50 --importtime
    python bench/bench_startup.py --compare /tmp/before   # turn about with another tree (a git worktree)

Each command is started `--runs` times with bytecode cached (one warm-up run first), as an installed package
runs; the figures are the median wall time (the machine is shared: the minimum is shown too) and the median
CPU time (user + system) of the child, which a loaded machine disturbs less. The commands run
through the `riskterm` console script's code path (`from riskterm.cli import main`), not `python -m`, whose
runpy adds imports an installed command does not pay. `--importtime` adds the ten slowest imports of each
command from `python -X importtime` (cumulative microseconds).

Latest figures (2026-12-01, the 2-core machine shared with other jobs, so wall times swing; CPU is steadier):
`python bench/bench_startup.py --runs 30 --compare <git worktree of 45ff55a>`, CPU median (x python -c pass):

    command                               before (45ff55a)   after
    python -c pass                        13.2 ms            12.6 ms
    riskterm --help                       121 ms (9.2x)      38 ms (3.0x)
    riskterm odds 3 2                     140 ms (10.6x)     36 ms (2.9x)
    riskterm odds 100 100 --json          135 ms (10.2x)     39 ms (3.1x)
    riskterm validate-map classic.yaml    117 ms (8.9x)      90 ms (7.1x)
    riskterm check-save (60 actions)      143 ms (10.9x)     140 ms (11.2x)  (rules + board + replay: all used)

What is left in `odds 3 2`: `typing` (about 10 ms of CPU with the `re` and `enum` it loads), imported by
riskterm/engine/odds.py (NamedTuple) and engine/dice.py (TYPE_CHECKING); without it the same run measured
28 ms (2.1x)."""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ENTRY = "import sys; from riskterm.cli import main; sys.exit(main(sys.argv[1:]))"


def commands(save: str, board: str) -> dict[str, list[str]]:
    py = sys.executable
    return {
        "python -c pass": [py, "-c", "pass"],
        "riskterm --help": [py, "-c", ENTRY, "--help"],
        "riskterm odds 3 2": [py, "-c", ENTRY, "odds", "3", "2"],
        "riskterm odds 100 100 --json": [py, "-c", ENTRY, "odds", "100", "100", "--json"],
        "riskterm validate-map classic.yaml": [py, "-c", ENTRY, "validate-map", board],
        "riskterm check-save (60 actions)": [py, "-c", ENTRY, "check-save", save],
    }


def make_save(folder: str) -> str:
    code = (
        "import random, sys; from riskterm.rules import PlayerSetup; from riskterm.session import Session;"
        "from riskterm.record import write_save;"
        "s = Session.new('classic', [PlayerSetup(n) for n in ('Ann', 'Bob', 'Cid')], 5, {'quick_start': True});"
        "r = random.Random(5)\n"
        "for _ in range(60):\n"
        "    a = s.rules.legal_actions(s.state)\n"
        "    s.apply(r.choice(a))\n"
        "print(write_save(s, sys.argv[1]))"
    )
    path = os.path.join(folder, "bench.json")
    subprocess.run([sys.executable, "-c", code, path], check=True, capture_output=True)
    return path


def _one(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, capture_output=True, env=env, cwd=tempfile.gettempdir())
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def time_runs(cmd: list[str], runs: int, trees: list[str]) -> dict[str, tuple[list[float], list[float]]]:
    """Per source tree (PYTHONPATH): (wall seconds, CPU seconds: user + system of the child) per run. The trees
    take turns run by run, so a change in the machine's load hits them alike."""
    envs = {t: {**os.environ, "PYTHONPATH": t} for t in trees}
    for env in envs.values():
        subprocess.run(
            cmd, capture_output=True, env=env, cwd=tempfile.gettempdir()
        )  # warm-up: bytecode written
    out: dict[str, tuple[list[float], list[float]]] = {t: ([], []) for t in trees}
    for _ in range(runs):
        for t, env in envs.items():
            w, c = _one(cmd, env)
            out[t][0].append(w)
            out[t][1].append(c)
    return out


def slowest_imports(cmd: list[str], n: int = 10) -> list[tuple[int, str]]:
    r = subprocess.run(
        [cmd[0], "-X", "importtime", *cmd[1:]], capture_output=True, text=True, cwd=tempfile.gettempdir()
    )
    rows = []
    for line in r.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            _, cum, name = line.split("|")
            if cum.strip().isdigit():
                rows.append((int(cum), name.rstrip()))
    return sorted(rows, reverse=True)[:n]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--importtime", action="store_true")
    ap.add_argument(
        "--compare",
        metavar="DIR",
        help="another source tree (e.g. a git worktree of the commit "
        "before the change), measured turn about with this one",
    )
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    here = str(Path(__file__).resolve().parent.parent)
    trees = [here] + ([str(Path(args.compare).resolve())] if args.compare else [])
    board = str(Path(here) / "maps" / "classic.yaml")
    results: dict[str, dict[str, dict]] = {t: {} for t in trees}
    with tempfile.TemporaryDirectory() as d:
        os.environ["RISKTERM_DATA_DIR"] = d
        os.environ["PYTHONPATH"] = here
        save = make_save(d)
        for label, cmd in commands(save, board).items():
            for t, (wall, cpu) in time_runs(cmd, args.runs, trees).items():
                results[t][label] = {
                    "median_ms": statistics.median(wall) * 1000,
                    "min_ms": min(wall) * 1000,
                    "cpu_median_ms": statistics.median(cpu) * 1000,
                }
                if args.importtime and label != "python -c pass":
                    os.environ["PYTHONPATH"] = t
                    results[t][label]["imports"] = slowest_imports(cmd)
                    os.environ["PYTHONPATH"] = here
    if args.json:
        print(json.dumps(results, indent=1))
        return
    for t, res in results.items():
        base = res["python -c pass"]
        print(f"\n{t}  ({args.runs} runs each)")
        print(
            f"{'command':40} {'wall median':>11} {'wall min':>9} {'x pass':>7} {'cpu median':>11} {'x pass':>7}"
        )
        for label, r in res.items():
            print(
                f"{label:40} {r['median_ms']:>9.1f}ms {r['min_ms']:>7.1f}ms "
                f"{r['median_ms'] / base['median_ms']:>7.2f} {r['cpu_median_ms']:>9.1f}ms "
                f"{r['cpu_median_ms'] / base['cpu_median_ms']:>7.2f}"
            )
            for cum, name in r.get("imports", []):
                print(f"      {cum / 1000:8.1f} ms  {name}")


if __name__ == "__main__":
    main()
