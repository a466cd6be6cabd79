"""How long help (F1) takes to open: from the key press to the first frame with the help on it (HelpScreen
records it after its first refresh), wall and CPU, three openings per rulebook.

    PYTHONPATH=$PWD python bench/bench_help.py"""

from __future__ import annotations

import asyncio
import time

from riskterm.rules import PlayerSetup
from riskterm.session import Session
from riskterm.tui.app import RiskApp
from riskterm.tui.game import GameScreen


async def openings(variant: str) -> list[tuple[float, float]]:
    s = Session.new(variant, [PlayerSetup(n) for n in ("Ann", "Bob", "Cid")], 5, {"quick_start": True})
    app = RiskApp(s, speed=0.0)
    out = []
    async with app.run_test(size=(140, 45)) as pilot:
        while not isinstance(app.screen, GameScreen):
            await pilot.press("enter")
            await pilot.pause()
        await pilot.pause(1.0)  # a person looks at the board before asking for help
        for _ in range(3):
            cpu = time.process_time()
            await pilot.press("f1")
            for _ in range(1000):
                if getattr(app.screen, "shown_after", None) is not None:
                    break
                await asyncio.sleep(0.005)
            out.append((app.screen.shown_after, time.process_time() - cpu))  # type: ignore[attr-defined]
            await pilot.press("escape")
            await pilot.pause(0.2)
    return out


def main() -> None:
    for v in ("classic", "europe", "risiko", "modern"):
        runs = asyncio.run(openings(v))
        print(f"{v:8}", "  ".join(f"{w * 1000:5.0f} ms wall {c * 1000:4.0f} ms CPU" for w, c in runs))


if __name__ == "__main__":
    main()
