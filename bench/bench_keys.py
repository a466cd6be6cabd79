"""Wall and CPU time per key press in a Pilot test, with Textual's own wait after each key (wait_for_idle: it
sleeps in 20 ms steps until the process looks idle, up to 1 s, twice per key) and with the tests' wait
(tests/tui/conftest.py: a few loop turns, then the pilot waits for the screen's messages).

    PYTHONPATH=$PWD python bench/bench_keys.py"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import textual.app
import textual.pilot

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "tui"))

from conftest import _after_key, _settle, new_session  # noqa: E402

from riskterm.tui.app import RiskApp  # noqa: E402
from riskterm.tui.game import GameScreen  # noqa: E402

PRESSES = 30


async def per_key() -> tuple[float, float]:
    app = RiskApp(new_session(seed=3), speed=0.0)
    async with app.run_test(size=(140, 45)) as pilot:
        while not isinstance(app.screen, GameScreen):
            await pilot.press("enter")
            await pilot.pause()
        await pilot.press("enter", "enter")  # place: now in the attack phase, Tab moves the highlight
        await pilot.pause()
        wall, cpu = time.perf_counter(), time.process_time()
        for _ in range(PRESSES):
            await pilot.press("tab")
        return (time.perf_counter() - wall) / PRESSES, (time.process_time() - cpu) / PRESSES


def main() -> None:
    wait_app, wait_pilot = textual.app.wait_for_idle, textual.pilot.wait_for_idle
    for name in ("textual's wait_for_idle", "tests' wait"):
        w, c = asyncio.run(per_key())
        print(f"{name:24} {w * 1000:6.1f} ms wall, {c * 1000:6.1f} ms CPU per key press")
        textual.app.wait_for_idle, textual.pilot.wait_for_idle = _after_key, _settle  # type: ignore[assignment]
    textual.app.wait_for_idle, textual.pilot.wait_for_idle = wait_app, wait_pilot


if __name__ == "__main__":
    main()
