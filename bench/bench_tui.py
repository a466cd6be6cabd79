"""Benchmark of the riskterm app beside bare Textual doing the same, in one run.

    python bench/bench_tui.py [--runs N] [--presses N]

1. Start-up to the first frame, in a fresh interpreter each time (wall clock from launching the process to
   the first frame the compositor produces): a bare Textual app showing one Static, riskterm's first screen
   for three people (the hand-off), and riskterm's board (one person against two computer seats at slow speed,
   so the first frame is the board itself).
2. A key press that moves the selection to the redrawn frame: a bare Line-API ScrollView of 100x40 cached
   styled rows moving a cursor on Tab, and riskterm's board cycling the highlighted territory with Tab
   (reinforce: board and step line; attack target: board, step line and odds panel).

Frames are taken where Textual hands a finished update to the driver (App._display), including turning it
into terminal text; the headless driver then discards it. The machine's load shows in the figures: compare
the ratios, which are measured side by side."""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time

# games played here autosave into a throwaway folder, not the user's saves
os.environ.setdefault("RISKTERM_DATA_DIR", tempfile.mkdtemp(prefix="riskterm-"))

CHILD = r"""
import sys, time
kind = sys.argv[1]
from textual.app import App
from textual._compositor import CompositorUpdate

def hook(app):
    orig = app._display
    def _display(screen, renderable):
        if renderable is not None:
            if isinstance(renderable, CompositorUpdate):
                renderable.render_segments(app.console)
            print(f"{time.time():.6f}", flush=True)
            app.exit()
            app._display = orig
        return orig(screen, renderable)
    app._display = _display
    return app

if kind == "bare":
    from textual.widgets import Static
    class Bare(App):
        def compose(self):
            yield Static("hello")
    app = Bare()
else:
    from riskterm.rules import PlayerSetup
    from riskterm.session import Session
    from riskterm.tui.app import RiskApp
    ai = (1, 2) if kind == "board" else ()
    players = [PlayerSetup(n, "", "easy" if i in ai else None) for i, n in enumerate(["Ann", "Bob", "Cid"])]
    session = Session.new("classic", players, 3, {"quick_start": True})
    app = RiskApp(session, speed=1.2)
hook(app).run(headless=True, size=(140, 45))
"""


def startup(kind: str, runs: int) -> float:
    # Measure as an installed package runs: with compiled bytecode cached (pip writes it at install time), so
    # PYTHONDONTWRITEBYTECODE is dropped for the children and one warm-up run compiles what is missing.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([sys.executable, "-c", CHILD, kind], capture_output=True, text=True, check=True, env=env)
    out = []
    for _ in range(runs):
        t0 = time.time()
        res = subprocess.run(
            [sys.executable, "-c", CHILD, kind], capture_output=True, text=True, check=True, env=env
        )
        first = float(res.stdout.split()[0])
        out.append(first - t0)
    return statistics.median(out)


def bare_lines_app(block: int = 1):
    """A bare Line-API ScrollView of 100x40 cached rows; Tab moves a cursor `block` rows tall one step down."""
    from rich.segment import Segment
    from rich.style import Style
    from textual.app import App
    from textual.geometry import Size
    from textual.scroll_view import ScrollView
    from textual.strip import Strip

    class Grid(ScrollView, can_focus=True):
        BINDINGS = [("tab", "move", "Move")]

        def __init__(self):
            super().__init__()
            self.cursor = 0
            self.cache: dict[int, Strip] = {}
            self.virtual_size = Size(100, 40)

        def row(self, y: int) -> Strip:
            if y not in self.cache:
                segs = []
                for x in range(0, 100, 5):
                    on = self.cursor <= y < self.cursor + block and x == 50
                    bg = "#ffe030" if on else ("#b03030", "#3058c0", "#2e8b3e")[(x // 5 + y) % 3]
                    segs.append(Segment("AAAAA" if not on else "#####", Style(bgcolor=bg, color="#ffffff")))
                self.cache[y] = Strip(segs, 100)
            return self.cache[y]

        def render_line(self, y: int) -> Strip:
            sx, sy = self.scroll_offset
            if y + sy >= 40:
                return Strip.blank(self.size.width)
            return self.row(y + sy).crop_extend(sx, sx + self.size.width, None)

        def action_move(self) -> None:
            old = self.cursor
            self.cursor = (self.cursor + block) % 40
            for y in {*range(old, old + block), *range(self.cursor, self.cursor + block)}:
                self.cache.pop(y % 40, None)
                self.refresh_line(y % 40)

    class Bare(App):
        def compose(self):
            yield Grid()

        def on_mount(self):
            self.query_one(Grid).focus()

    return Bare()


async def presses(app, setup, presses: int) -> float:
    from textual import events
    from textual._compositor import CompositorUpdate

    stamps: list[float] = []
    async with app.run_test(size=(140, 45)) as pilot:
        await setup(pilot)
        orig = app._display

        def _display(screen, renderable):
            if renderable is not None:
                if isinstance(renderable, CompositorUpdate):
                    renderable.render_segments(app.console)
                stamps.append(time.perf_counter())
            return orig(screen, renderable)

        app._display = _display
        times = []
        for _ in range(presses):
            await pilot.pause()
            stamps.clear()
            t0 = time.perf_counter()
            app._driver.send_message(events.Key("tab", "\t"))
            while not stamps:
                await asyncio.sleep(0)
            times.append(stamps[0] - t0)
        app._display = orig
    return statistics.median(times)


async def keypress_figures(n: int) -> dict[str, float]:
    from riskterm.rules import PlayerSetup
    from riskterm.session import Session
    from riskterm.tui.app import RiskApp
    from riskterm.tui.game import GameScreen

    def game():
        players = [PlayerSetup(x) for x in ("Ann", "Bob", "Cid")]
        return RiskApp(Session.new("classic", players, 3, {"quick_start": True}), speed=0.0)

    async def noop(pilot):
        await pilot.pause()

    def reach(keys):
        async def setup(pilot):
            await pilot.pause()
            while not isinstance(pilot.app.screen, GameScreen):
                await pilot.press("enter")
            await pilot.press(*keys)
            await pilot.pause()

        return setup

    return {
        "bare Line-API cursor": await presses(bare_lines_app(), noop, n),
        "bare Line-API, 6-row cursor (12 rows)": await presses(bare_lines_app(6), noop, n),
        "riskterm board, reinforce": await presses(game(), reach([]), n),
        "riskterm board, attack target + odds": await presses(game(), reach(["enter", "enter", "enter"]), n),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="start-ups per app (median taken)")
    ap.add_argument("--presses", type=int, default=40, help="key presses per app (median taken)")
    args = ap.parse_args()
    print("Start-up to first frame (median of", args.runs, "runs)")
    bare = startup("bare", args.runs)
    hand = startup("handoff", args.runs)
    board = startup("board", args.runs)
    print(f"  bare Textual app        {bare * 1000:7.0f} ms")
    print(f"  riskterm hand-off       {hand * 1000:7.0f} ms   ratio {hand / bare:.2f}")
    print(f"  riskterm board          {board * 1000:7.0f} ms   ratio {board / bare:.2f}")
    figs = asyncio.run(keypress_figures(args.presses))
    base = figs["bare Line-API cursor"]
    print("Key press (Tab) to the redrawn frame (median of", args.presses, "presses)")
    for name, v in figs.items():
        ratio = f"   ratio {v / base:.2f}" if v is not base else ""
        print(
            f"  {name:38} {v * 1000:6.1f} ms{ratio}   ({'under' if v < 1 / 60 else 'over'} one 60 Hz frame)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
