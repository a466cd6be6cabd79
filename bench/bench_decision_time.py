"""How long a computer level takes to decide, on any board: one seat of LEVEL against three normal, one game.

    python bench/bench_decision_time.py [--board classic|FILE.yaml|FILE.map] [--level hard] [--seed 5]
                                        [--steps 8000] [--variant classic]

Prints the seat's decisions, their median, 90th percentile and slowest in CPU seconds (time.process_time: a
busy machine stretches the wall clock, not this), and the player-turn the game reached."""

from __future__ import annotations

import argparse
import statistics
import time

from riskterm.ai import make_player
from riskterm.ai.simulate import house_defaults
from riskterm.board.loader import load_board_file
from riskterm.rules import PlayerSetup, find_variant


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--board", default="classic")
    ap.add_argument("--variant", default="classic")
    ap.add_argument("--level", default="hard")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--steps", type=int, default=8000)
    a = ap.parse_args()
    rules = find_variant(a.variant) if a.board == "classic" else find_variant(a.variant, load_board_file(a.board))
    s = rules.new_game([PlayerSetup(f"P{i}") for i in range(4)], a.seed, house_defaults(rules))[0]
    players = [make_player(a.variant, a.level, 1)] + [make_player(a.variant, "normal", i) for i in (2, 3, 4)]
    times: list[float] = []
    for _ in range(a.steps):
        if rules.is_over(s):
            break
        seat = rules.actor(s)
        t0 = time.process_time()
        action = players[seat].choose(rules, rules.view(s, seat), seat)
        if seat == 0:
            times.append(time.process_time() - t0)
        s = rules.apply(s, action).state
    times.sort()
    print(f"{a.board}: {a.level} made {len(times)} decisions by player-turn {s['turn']}: median "
          f"{statistics.median(times) * 1000:.2f} ms, 90th percentile {times[int(0.9 * len(times))] * 1000:.2f} ms, "
          f"slowest {times[-1]:.3f} s")


if __name__ == "__main__":
    main()
