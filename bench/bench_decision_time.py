"""How long a computer level takes to decide, on any board: seats of LEVEL against normal ones, one game.

    python bench/bench_decision_time.py [--board classic|FILE.yaml|FILE.map] [--level hard] [--seed 5]
                                        [--steps 8000] [--variant classic] [--seats 1] [--slowest 0]

--seats N: the first N seats play LEVEL (4: four hard players), the others normal. Prints the level's
decisions, their median, 90th and 99th percentile and slowest in CPU seconds (time.process_time: a busy machine
stretches the wall clock, not this), and the player-turn the game reached. --slowest K lists the K slowest
decisions: phase, territories, armies on the board, the biggest stack, the actions played out in the search
and the fights solved beyond the odds table (attack_odds cache misses)."""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import riskterm.ai.core.search as search_module
import riskterm.engine.odds as odds_module
from riskterm.ai import make_player
from riskterm.ai.simulate import house_defaults
from riskterm.board.loader import load_board_file
from riskterm.rules import PlayerSetup, find_variant

STEPS = [0]  # actions played out by every search (counted through search.advance)


def _counting_advance() -> None:
    plain = search_module.advance

    def advance(*args: Any) -> Any:
        STEPS[0] += 1
        return plain(*args)

    search_module.advance = advance  # type: ignore[assignment]


def percentile(times: list[float], p: float) -> float:
    return times[min(len(times) - 1, int(p * len(times)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--board", default="classic")
    ap.add_argument("--variant", default="classic")
    ap.add_argument("--level", default="hard")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--steps", type=int, default=8000)
    ap.add_argument("--seats", type=int, default=1, help="seats of LEVEL (the first N; the others normal)")
    ap.add_argument("--slowest", type=int, default=0, help="list the K slowest decisions")
    a = ap.parse_args()
    _counting_advance()
    rules = (
        find_variant(a.variant) if a.board == "classic" else find_variant(a.variant, load_board_file(a.board))
    )
    s = rules.new_game([PlayerSetup(f"P{i}") for i in range(4)], a.seed, house_defaults(rules))[0]
    players = [make_player(a.variant, a.level if i < a.seats else "normal", i + 1) for i in range(4)]
    rows: list[tuple[float, str, int, int, int, int, int]] = []
    for _ in range(a.steps):
        if rules.is_over(s):
            break
        seat = rules.actor(s)
        view = rules.view(s, seat)
        steps0, misses0 = STEPS[0], odds_module.attack_odds.cache_info().misses
        t0 = time.process_time()
        action = players[seat].choose(rules, view, seat)
        if seat < a.seats:
            armies = s.get("armies") or []
            rows.append(
                (
                    time.process_time() - t0,
                    str(s.get("phase")),
                    len(armies),
                    sum(armies),
                    max(armies, default=0),
                    STEPS[0] - steps0,
                    odds_module.attack_odds.cache_info().misses - misses0,
                )
            )
        s = rules.apply(s, action).state
    times = sorted(r[0] for r in rows)
    print(
        f"{a.board}: {a.seats} x {a.level} made {len(times)} decisions by player-turn {s['turn']}: median "
        f"{statistics.median(times) * 1000:.2f} ms, 90th percentile {percentile(times, 0.9) * 1000:.2f} ms, "
        f"99th percentile {percentile(times, 0.99):.3f} s, slowest {times[-1]:.3f} s "
        f"(searched decisions: {sum(1 for r in rows if r[5])}, over 0.5 s: {sum(1 for t in times if t > 0.5)})"
    )
    if a.slowest:
        print("cpu s    phase      terr  armies  stack  played  beyond")
        for r in sorted(rows, reverse=True)[: a.slowest]:
            print(f"{r[0]:6.3f}  {r[1]:<10} {r[2]:5} {r[3]:7} {r[4]:6} {r[5]:7} {r[6]:7}")


if __name__ == "__main__":
    main()
