"""Benchmark: the whole exact-odds table for A, D <= 100 (target under 100 ms). Run: python bench/bench_odds.py"""

import time

from riskterm.engine.battle import OddsTable, roll_outcomes

roll_outcomes.cache_clear()
best = float("inf")
for _ in range(5):
    t0 = time.perf_counter()
    OddsTable(100, 100)
    best = min(best, time.perf_counter() - t0)
    roll_outcomes.cache_clear()
print(f"odds table 100x100 (incl. single-roll enumeration): best of 5 = {best * 1000:.1f} ms")
