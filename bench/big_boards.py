"""Whether computer games end on big boards: four players of one level, classic rules, per board.

    python bench/big_boards.py [--games 40] [--levels easy,normal,hard] [--boards classic,gen100,gen250,aa]
                               [--board-seed 1] [--seed 0] [--jobs 2] [--aa PATH] [--markdown]

Boards: classic (the rulebook's own, 42 territories), gen100 and gen250 (`riskterm new-map --seed 1
--territories 100` / `250`, 6 regions), aa (Domination's 70-territory "Axis and Allies" map, read from a
checkout of Domination's source: --aa, default /work/dom/src/game/Risk/maps/aa.map; skipped when absent, it is
GPL and never part of the project). Prints, per board and level: games finished before the turn cap (1,500
player-turns) of those played, the median and longest game in player-turns, and the seconds of the slowest
and the 99th percentile decision (a decision is one choose() of one seat: wall-clock on a shared machine, so
an upper bound)."""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from riskterm.ai.core.guard import TurnGuard
from riskterm.ai.core.player import Player
from riskterm.ai.simulate import game_seed, play_counted
from riskterm.board import Board
from riskterm.engine.actions import Action
from riskterm.engine.state import State
from riskterm.rules.base import Rules

AA = Path("/work/dom/src/game/Risk/maps/aa.map")
BOARDS = ("classic", "gen100", "gen250", "aa")


@dataclass
class TimedGuard(TurnGuard):
    """The simulator's guard (no time limit), also keeping every decision's seconds."""

    seconds: list[float] = field(default_factory=list)

    def choose_checked(self, rules: Rules, state: State, seat: int, player: Player) -> tuple[Action, bool]:
        start = CLOCK()
        out = super().choose_checked(rules, state, seat, player)
        self.seconds.append(CLOCK() - start)
        return out


CLOCK = time.perf_counter  # --cpu: the process's CPU time (the machine's load does not count)


def open_board(name: str, board_seed: int, aa: Path) -> Board | None:
    """The board by its bench name (None: the rulebook's own)."""
    if name == "classic":
        return None
    if name == "aa":
        from riskterm.board.loader import load_board_file

        return load_board_file(aa)
    from riskterm.board.generate import board_document, generate
    from riskterm.board.loader import board_from_text
    from riskterm.board.writer import board_yaml

    size = int(name.removeprefix("gen"))
    return board_from_text(board_yaml(board_document(generate(board_seed, size))), name)


@dataclass
class Game:
    turns: int
    finished: bool
    seconds: float
    slowest: float
    p99: list[float]  # the game's decisions beyond its median, kept only as their top 1%


def play(task: tuple[Board | None, str, int]) -> Game:
    board, level, seed = task
    guard = TimedGuard(max_seconds=None)
    start = time.perf_counter()
    session, _ = play_counted("classic", [level] * 4, seed, None, guard, record=False, board=board)
    s = session.state
    secs = sorted(guard.seconds)
    top = secs[-max(1, len(secs) // 100) :]
    return Game(
        int(s["turn"]),
        session.rules.winner(s) is not None,
        time.perf_counter() - start,
        secs[-1] if secs else 0.0,
        top,
    )


def run(board: Board | None, level: str, games: int, seed: int, jobs: int) -> list[Game]:
    tasks = [(board, level, game_seed(seed, i)) for i in range(games)]
    if jobs > 1 and games > 1:
        import multiprocessing

        with multiprocessing.get_context().Pool(jobs) as pool:
            return pool.map(play, tasks, chunksize=1)
    return [play(t) for t in tasks]


def summary(name: str, level: str, results: list[Game], markdown: bool) -> str:
    turns = sorted(g.turns for g in results)
    done = sum(g.finished for g in results)
    med = statistics.median(turns) if turns else 0
    slowest = max((g.slowest for g in results), default=0.0)
    tops = sorted(x for g in results for x in g.p99)
    p99 = tops[0] if tops else 0.0  # the least of every game's top 1%: about the 99th percentile
    per_game = statistics.mean(g.seconds for g in results) if results else 0.0
    if markdown:
        return (
            f"| {name} | {level} | {done}/{len(results)} | {med:.0f} | {turns[-1] if turns else 0} | "
            f"{p99:.3f} | {slowest:.2f} | {per_game:.0f} |"
        )
    return (
        f"{name:8} {level:6}: finished {done:2}/{len(results)}  player-turns median {med:5.0f} longest "
        f"{turns[-1] if turns else 0:5}  decision p99 {p99:.3f} s, slowest {slowest:.2f} s  "
        f"({per_game:.0f} s a game)"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--levels", default="easy,normal,hard")
    ap.add_argument("--boards", default=",".join(BOARDS), help=f"comma-separated, of {', '.join(BOARDS)}")
    ap.add_argument("--board-seed", type=int, default=1, help="new-map seed of the generated boards")
    ap.add_argument("--seed", type=int, default=0, help="seed of the first game (game i: seed+i)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--aa", type=Path, default=AA, help="Domination's aa.map (skipped when absent)")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--cpu", action="store_true", help="time decisions in CPU seconds (load does not count)")
    args = ap.parse_args()
    if args.cpu:
        global CLOCK
        CLOCK = time.process_time
    if args.markdown:
        print(
            "| board | 4 players of | finished | median player-turns | longest | decision p99 (s) | "
            "slowest decision (s) | seconds a game |"
        )
        print("|---|---|---|---|---|---|---|---|")
    for name in args.boards.split(","):
        if name not in BOARDS:
            raise SystemExit(f"Unknown board '{name}': choose among {', '.join(BOARDS)}.")
        if name == "aa" and not args.aa.exists():
            print(f"aa: {args.aa} is not there (a checkout of Domination's source has it); skipped.")
            continue
        board = open_board(name, args.board_seed, args.aa)
        for level in args.levels.split(","):
            results: list[Any] = run(board, level, args.games, args.seed, args.jobs)
            print(summary(name, level, results, args.markdown), flush=True)


if __name__ == "__main__":
    main()
