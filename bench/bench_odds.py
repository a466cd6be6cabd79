"""Benchmark: exact attack odds, one query at a time (engine/odds.attack_odds) against the old way (a whole
OddsTable with sides doubled from 100 until the query fits, which is what engine/battle.attack_odds built
before), time and peak memory per query, same process, same numbers checked.

Run:  PYTHONPATH=$PWD python bench/bench_odds.py            (old way up to 400 a side)
      PYTHONPATH=$PWD python bench/bench_odds.py --old-big  (also the old 2048 x 2048 table: ~30 s, >1 GB)
Whole command:  /usr/bin/time -f "%e s %M KB" riskterm odds 2000 2000
"""

from __future__ import annotations

import argparse
import time
import tracemalloc

from riskterm.engine.odds import OddsTable, attack_odds

QUERIES = [(3, 2), (10, 10), (80, 80), (150, 20), (150, 150), (400, 400), (1000, 10), (2000, 2000)]


def measure(fn):  # -> (result, seconds, peak bytes): best time of 3, memory from one traced run
    best = float("inf")
    for _ in range(3):
        attack_odds.cache_clear()
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
    attack_odds.cache_clear()
    tracemalloc.start()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return out, best, peak


def old_way(a: int, d: int) -> tuple[float, float, float]:
    size = 100
    while a > size or d > size:
        size *= 2
    t = OddsTable(size, size)
    return t.win[a][d], t.att_left[a][d], t.def_left[a][d]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--old-big", action="store_true", help="also time the old way above 400 a side")
    args = ap.parse_args()
    print(f"{'query':>11} | {'new ms':>8} {'new peak':>9} | {'old ms':>8} {'old peak':>9} | max diff")
    for a, d in QUERIES:
        new, t_new, m_new = measure(lambda a=a, d=d: attack_odds(a, d))
        if max(a, d) <= 400 or args.old_big:
            old, t_old, m_old = measure(lambda a=a, d=d: old_way(a, d))
            diff = max(abs(x - y) for x, y in zip(new, old, strict=True))
            olds = f"{t_old * 1000:8.1f} {m_old / 1e6:7.1f}MB | {diff:.1e}"
        else:
            olds = f"{'-':>8} {'-':>9} | (use --old-big)"
        print(f"{a:>5}x{d:<5} | {t_new * 1000:8.2f} {m_new / 1e6:7.2f}MB | {olds}")
    for caps in ((3, 3), (2, 2)):  # RisiKo!: three defence dice; a fortress: two a side
        _, t, m = measure(lambda caps=caps: attack_odds(2000, 2000, *caps))
        print(f"2000x2000 dice {caps[0]}v{caps[1]}: {t * 1000:.1f} ms, peak {m / 1e6:.2f} MB")
    _, t, m = measure(lambda: attack_odds(2000, 2000, stop=500))
    print(f"2000x2000 blitz stop 500: {t * 1000:.1f} ms, peak {m / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
