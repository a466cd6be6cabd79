"""SVG screenshots of the screens made for the rulebooks' own choices (python scripts/screenshots_screens.py):
europe's King's Orders chooser and recruit-and-spend screen, the blitz stop number, the quit question and help.
Every picture comes from the real app driven by key presses with fixed seeds (scripts/screenshots.py has the
others)."""

from __future__ import annotations

import asyncio
import os
import random
import tempfile
from pathlib import Path

os.environ.setdefault("RISKTERM_DATA_DIR", tempfile.mkdtemp(prefix="riskterm-"))

from riskterm.rules import PlayerSetup
from riskterm.session import Session
from riskterm.tui.app import RiskApp
from riskterm.tui.screens import HandoffScreen

OUT = Path(__file__).resolve().parent.parent / "screenshots"


def europe(until) -> Session:
    s = Session.new("europe", [PlayerSetup(n) for n in ("Ann", "Bob", "Cid")], 5, {"quick_start": True})
    r = random.Random(2)
    while not until(s):
        s.apply(r.choice(s.rules.legal_actions(s.state)))
    return s


async def shoot(name: str, session: Session, keys: list[str], size=(140, 45)) -> None:
    app = RiskApp(session, speed=0.0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for _ in range(4):
            if not isinstance(app.screen, HandoffScreen):
                break
            await pilot.press("enter")
            await pilot.pause()
        for k in keys:
            await pilot.press(k)
            await pilot.pause()
        await pilot.pause(0.3)
        app.save_screenshot(str(OUT / f"{name}.svg"))
    print("wrote", OUT / f"{name}.svg")


async def main() -> None:
    OUT.mkdir(exist_ok=True)
    await shoot("europe-orders", europe(lambda s: s.state["phase"] == "orders"), ["down", "enter"])
    spending = europe(
        lambda s: bool((sh := s.rules.presenter().spend(s.state)) and sh.places and sh.money >= 4)
    )
    await shoot("europe-spend", spending, ["r", "3", "down", "plus"])
    classic = Session.new(
        "classic", [PlayerSetup(n) for n in ("Ann", "Bob", "Cid")], 3, {"quick_start": True}
    )
    await shoot("blitz-stop", classic, ["enter", "enter", "b", "enter", "3"])
    classic = Session.new(
        "classic", [PlayerSetup(n) for n in ("Ann", "Bob", "Cid")], 3, {"quick_start": False}
    )
    await shoot("auto-setup", classic, [])
    quit_ = Session.new("classic", [PlayerSetup(n) for n in ("Ann", "Bob", "Cid")], 3, {"quick_start": True})
    await shoot("quit", quit_, ["ctrl+q"], size=(110, 34))


if __name__ == "__main__":
    asyncio.run(main())
