"""Strength measurement: seeded games between two levels, the stronger level's seats rotated round the table
so no seat order favours it. Used by the slow strength test, bench/bench_ai.py and the report."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from riskterm.ai.simulate import GameResult, Job, game_seed


@dataclass
class Strength:
    variant: str
    strong: str
    weak: str
    strong_seats: int
    seats: int
    games: int
    strong_wins: int
    weak_wins: int
    draws: int
    mean_turns: float
    turns: tuple[int, ...] = ()  # every game's length in player-turns, in seed order
    first_round: int = 0  # games decided within the first round (turns <= seats)

    @property
    def share(self) -> float:
        """Share of all games won by a seat of the stronger level (draws count as not won)."""
        return self.strong_wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval of the stronger level's share."""
        return wilson(self.strong_wins, self.games)

    def line(self) -> str:
        return (
            f"{self.variant}: {self.strong_seats} {self.strong} vs {self.seats - self.strong_seats} {self.weak}: "
            f"{self.strong} won {self.strong_wins}/{self.games} ({self.share:.0%}), {self.weak} "
            f"{self.weak_wins}, draws {self.draws}, mean {self.mean_turns:.0f} turns"
        )


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a share wins/n (good for small n and shares near 0 or 1)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


def seat_levels(strong: str, weak: str, strong_seats: int, seats: int, index: int) -> list[str]:
    """Game `index`: the strong seats spread evenly, rotated by one seat per game."""
    step = seats / strong_seats
    chosen = {(round(k * step) + index) % seats for k in range(strong_seats)}
    return [strong if i in chosen else weak for i in range(seats)]


def _play(args: tuple[str, list[str], int, dict[str, Any]]) -> GameResult:
    variant, levels, seed, options = args
    return Job(variant, levels, options)(seed)


def measure(
    variant: str,
    strong: str,
    weak: str,
    games: int,
    seed: int = 0,
    seats: int = 4,
    strong_seats: int = 1,
    jobs: int = 1,
    options: dict[str, Any] | None = None,
) -> Strength:
    """`options`: the games' options beyond the house rules' defaults (a mode of play: {'mode': NAME})."""
    tasks = [
        (variant, seat_levels(strong, weak, strong_seats, seats, i), game_seed(seed, i), dict(options or {}))
        for i in range(games)
    ]
    if jobs > 1 and games > 1:
        import multiprocessing

        with multiprocessing.get_context().Pool(jobs) as pool:
            results = pool.map(_play, tasks, chunksize=4)
    else:
        results = [_play(t) for t in tasks]
    sw = ww = dr = 0
    for i, ((_, levels, _, _), r) in enumerate(zip(tasks, results, strict=True)):
        if r.winner is None:
            dr += 1
        elif levels[r.winner] == strong and (strong != weak or r.winner == i % seats):  # same level: one seat
            sw += 1
        else:
            ww += 1
    mean = sum(r.turns for r in results) / len(results) if results else 0.0
    turns = tuple(r.turns for r in results)
    early = sum(1 for r in results if r.winner is not None and r.turns <= seats)
    return Strength(variant, strong, weak, strong_seats, seats, games, sw, ww, dr, mean, turns, early)


@dataclass
class Fairness:
    """Wins of games between computer players of one level, by seat and by turn position (0 = took the first
    turn; turn order runs round the seats from the first player)."""

    variant: str
    level: str
    seats: int
    games: int
    by_seat: tuple[int, ...]
    by_position: tuple[int, ...]  # empty when the rulebook records no first player
    first: tuple[int, ...]  # how often each seat took the first turn
    draws: int

    def worst_gap(self, wins: tuple[int, ...]) -> float:
        """The largest distance of a share from the fair share 1/seats."""
        return max((abs(w / self.games - 1 / self.seats) for w in wins), default=0.0)


def fairness(variant: str, level: str, seats: int, games: int, seed: int = 0, jobs: int = 1) -> Fairness:
    from riskterm.ai.simulate import run_games

    results = run_games(variant, [level] * seats, games, seed=seed, jobs=jobs)
    by_seat, by_pos, first = [0] * seats, [0] * seats, [0] * seats
    known = all(r.first is not None for r in results)
    for r in results:
        if r.first is not None:
            first[r.first] += 1
        if r.winner is None:
            continue
        by_seat[r.winner] += 1
        if r.first is not None:
            by_pos[(r.winner - r.first) % seats] += 1
    draws = sum(1 for r in results if r.winner is None)
    return Fairness(
        variant, level, seats, games, tuple(by_seat), tuple(by_pos) if known else (), tuple(first), draws
    )
