"""Benchmark of the computer players.

    python bench/bench_ai.py [--games 100] [--variant classic] [--seed 0]

Prints complete `easy` 4-seat games per second (as `simulate` plays them, and keeping every step as
a saved game needs), and `hard` turns per second with the mean and slowest hard turn (the time a player waits for
the computer, its own thinking plus the engine applying its actions)."""

from __future__ import annotations

import argparse
import statistics
import time

from riskterm.ai import make_player
from riskterm.ai.core.guard import TurnGuard
from riskterm.ai.simulate import Job, house_defaults, play_game, player_seed
from riskterm.rules import available_variants, find_variant, variant_class


def seats_for(variant: str) -> int:
    cls = variant_class(variant)
    return max(cls.min_players, min(4, cls.max_players))


def easy_games(variant: str, games: int, seed: int, record: bool) -> tuple[float, float, float]:
    """(games per second of wall time, games per second of CPU time, mean turns)."""
    n = seats_for(variant)
    turns = 0
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        if not record:
            turns += Job(variant, ["easy"] * n)(seed + i).turns  # as `simulate` plays them
        else:
            s = play_game(variant, ["easy"] * n, seed + i, record=True)  # keeping every step (saving)
            turns += int(s.state.get("turn") or 0)
    dt, dc = time.perf_counter() - start, time.process_time() - cpu
    return games / dt, games / dc, turns / games


def hard_turns(variant: str, games: int, seed: int) -> tuple[float, float, float, int, float]:
    """(turns per second, mean seconds per turn, slowest turn in seconds, turns timed, median seconds) over
    games of hards (with the rulebook's house defaults, as people play them).
    A turn is every action one seat takes while the turn counter stands, its answers in others' turns apart."""
    rules = find_variant(variant)
    n = seats_for(variant)
    times: list[float] = []
    for g in range(games):
        sd = seed + g
        s, _ = rules.new_game([f"H{i}" for i in range(n)], sd, house_defaults(rules))
        players = [make_player(variant, "hard", player_seed(sd, i)) for i in range(n)]
        guard = TurnGuard()
        spent: dict[tuple[object, object], float] = {}  # (seat, turn) -> that seat's time in that turn
        while not rules.is_over(s):
            seat = rules.actor(s)
            k = (seat, s.get("turn"), s.get("round"))
            t0 = time.perf_counter()
            s = rules.apply(s, guard.choose(rules, s, seat, players[seat])).state
            spent[k] = spent.get(k, 0.0) + time.perf_counter() - t0
        # a seat's whole turn (its answers as a defender count in the attacker's turn, as it waits on them)
        times += [t for (_, turn, _), t in spent.items() if turn]  # skip the setup (turn 0)
    total = sum(times)
    return len(times) / total, total / len(times), max(times), len(times), statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--hard-games", type=int, default=10)
    ap.add_argument("--variant", default="classic", help="a rulebook, or 'all' for every one that has landed")
    ap.add_argument("--hard-only", action="store_true", help="only time the hard turns")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    variants = available_variants() if args.variant == "all" else [args.variant]
    for variant in variants:
        bench(variant, args.games, args.hard_games, args.seed, args.hard_only)


def bench(variant: str, games: int, hard_games: int, seed: int, hard_only: bool = False) -> None:
    n = seats_for(variant)
    if hard_only:
        hard_line(variant, hard_games, seed)
        return
    gps, cps, mean = easy_games(variant, games, seed, False)
    print(
        f"{variant}: easy {n}-seat games: {gps:.1f} games/s wall, {cps:.1f} games/s CPU, as simulate "
        f"plays them (mean {mean:.0f} turns)"
    )
    gps2, cps2, _ = easy_games(variant, games, seed, True)
    print(
        f"{variant}: easy {n}-seat games keeping every step (as when saving): {gps2:.1f} games/s wall, "
        f"{cps2:.1f} CPU"
    )
    hard_line(variant, hard_games, seed)


def hard_line(variant: str, hard_games: int, seed: int) -> None:
    tps, avg, worst, count, med = hard_turns(variant, hard_games, seed)
    print(
        f"{variant}: hard turns: {tps:.0f} turns/s, median {med * 1000:.1f} ms, mean {avg * 1000:.1f} ms, "
        f"slowest {worst * 1000:.0f} ms ({count} turns)",
        flush=True,
    )


if __name__ == "__main__":
    main()
