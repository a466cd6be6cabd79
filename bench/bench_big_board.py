"""A big generated board on the screen: how much of it shows and how long a resize takes.

    python bench/bench_big_board.py [--seed 7] [--territories 250] [--runs 3]

The board is `riskterm new-map --seed 7 --territories 250`, played by four (classic, quick start). For each
terminal size: the map's cells against the room the map has (whole, or scrolling), the territories whose
name or count shows without scrolling, how many show a name and how many a name of 3+ letters; then the
time from resizing the terminal to the redrawn frame, best and median of --runs, alternating between sizes
(each size once before, so that the time is the resize, not the first lay-out of a size the cache holds).
The first resize to a size never seen is timed too (CPU time of this process: the machine's other load
left out): that is what a player dragging a window sees."""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("RISKTERM_DATA_DIR", tempfile.mkdtemp(prefix="riskterm-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SIZES = ((80, 24), (120, 40), (140, 45), (200, 60))


def board(seed: int, territories: int):
    from riskterm.board.generate import board_document, generate
    from riskterm.board.loader import board_from_text
    from riskterm.board.writer import board_yaml

    return board_from_text(board_yaml(board_document(generate(seed, territories, 6))), "generated")


async def measure(seed: int, territories: int, runs: int) -> None:
    from riskterm.rules import PlayerSetup
    from riskterm.session import Session
    from riskterm.tui.app import RiskApp
    from riskterm.tui.board import BoardView
    from riskterm.tui.layout import _lay_out

    b = board(seed, territories)
    s = Session.new(
        "classic", [PlayerSetup(n) for n in ("Ann", "Bob", "Cid", "Dee")], 1, {"quick_start": True}, b
    )
    app = RiskApp(s, speed=0.0)
    async with app.run_test(size=SIZES[0]) as pilot:
        for _ in range(8):
            if app.screen is getattr(app, "game", None):
                break
            await pilot.press("enter")
            await pilot.pause()
        view = app.screen.query_one(BoardView)
        frames: list[tuple[float, float]] = []  # (wall, CPU) when a finished update reached the driver
        shown_by = app._display

        def _display(screen, renderable):
            shown_by(screen, renderable)
            if renderable is not None:
                frames.append((time.perf_counter(), time.process_time()))

        app._display = _display  # type: ignore[method-assign]

        async def resize(size: tuple[int, int]) -> tuple[float, float]:
            """(wall, CPU) seconds from the resize to the last frame it brought."""
            t0, c0 = time.perf_counter(), time.process_time()
            frames.clear()
            await pilot.resize_terminal(*size)
            for _ in range(3):
                await pilot.pause(0.05)
            t1, c1 = frames[-1] if frames else (time.perf_counter(), time.process_time())
            return t1 - t0, c1 - c0

        first: dict[tuple[int, int], float] = {}
        for size in SIZES:  # each size's first lay-out
            _lay_out.cache_clear()
            first[size] = (await resize(size))[1]
        print(
            f"{len(b)} territories (seed {seed}); map at scale 1: {view.plan.art_width}x{view.plan.art_height}"
        )
        print(
            "size     map room  map cells  whole  shown    counts names  3+ letters  first resize (CPU)  "
            "resize again: wall best/median, CPU median"
        )
        for size in SIZES:
            times, cpu = [], []
            for _ in range(runs):
                other = SIZES[(SIZES.index(size) + 1) % len(SIZES)]
                await resize(other)
                wall, used = await resize(size)
                times.append(wall)
                cpu.append(used)
            plan, (rw, rh) = view.plan, view.size
            shown = {t for t, (x, y) in enumerate(plan.anchor) if x < rw and y < rh}
            named = [t for t in shown if plan.names[t]]
            long = [t for t in named if len(plan.names[t]) >= 3 or plan.names[t] == b.territories[t].name]
            counts = {
                t
                for row in plan.slots_on[:rh]
                for t, role, x, w in row
                if role == "army" and w >= 3 and x < rw
            }
            whole = plan.width <= rw and plan.height <= rh
            print(
                f"{size[0]}x{size[1]:<4} {rw}x{rh:<5} {plan.width}x{plan.height:<6} {'yes' if whole else 'no ':<5}"
                f"{len(shown):>4}/{len(b)} {len(counts):>5} {len(named):>5} {len(long):>7}      {first[size]:>6.2f} s           "
                f"{min(times):.2f} / {statistics.median(times):.2f} s, {statistics.median(cpu):.2f} s"
            )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--territories", type=int, default=250)
    p.add_argument("--runs", type=int, default=3)
    a = p.parse_args()
    asyncio.run(measure(a.seed, a.territories, a.runs))


if __name__ == "__main__":
    main()
