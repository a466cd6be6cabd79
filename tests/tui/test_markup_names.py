"""Names are shown as written, never read as markup: a player called '[/]' used to crash the
hand-off recap, and '[red]x[/]' painted itself red in titles, notices and lists."""

from __future__ import annotations

import asyncio

from textual.widgets import Static

from riskterm.tui.app import RiskApp
from riskterm.tui.screens import HandoffScreen


def test_markup_in_names_shows_literally_through_hand_offs_and_notices(make_session) -> None:
    session = make_session(names=("[/]", "[red]x[/]", "Cid"))

    async def run() -> None:
        app = RiskApp(session, speed=0)
        async with app.run_test(size=(140, 45)) as pilot:
            await pilot.pause()
            seen: set[int] = set()
            recaps = []
            for _ in range(16):  # three hand-offs, each with a recap quoting the names
                if isinstance(app.screen, HandoffScreen):
                    seen.add(session.state["current"])
                    recaps.append(str(app.screen.query_one("#recap-lines", Static).render()))
                on_board = not isinstance(app.screen, HandoffScreen)
                await pilot.press("e" if on_board and session.state["phase"] != "reinforce" else "enter")
                await pilot.pause()
            assert seen == {0, 1, 2} and any("[red]x[/]" in r for r in recaps)
            app.notify("[/] tried '[red]x[/]'")  # markup=True as widgets pass it: still plain
            await pilot.pause()

    asyncio.run(run())
