"""A notice that times out leaves the screen as it was under it: on screens narrower than 110 columns the
cells of a toast stayed drawn (over the seat's own panel, in a game; over the lesson's text) until a move
happened to redraw them, so the app repaints its screen once a notice is gone (seen in tmux at 80x24: the
dice commitment's notice over Ann's mission panel)."""

from __future__ import annotations

import asyncio

from textual.app import ComposeResult
from textual.widgets import Static

from riskterm.tui.plain import PlainNotify


class _Board(PlainNotify):
    repaints = 0

    def compose(self) -> ComposeResult:
        yield Static("board " * 200)

    def _repaint_after_toast(self) -> None:
        self.repaints += 1
        super()._repaint_after_toast()


def test_the_screen_is_repainted_once_a_notice_times_out() -> None:
    async def run() -> None:
        app = _Board()
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await pilot.pause()
            app.notify("Dice commitment: abcd", title="Dice", timeout=0.2)
            await pilot.pause(0.1)
            assert len(app.screen.query("Toast")) == 1 and app.repaints == 0
            await pilot.pause(0.8)
            assert len(app.screen.query("Toast")) == 0 and app.repaints == 1

    asyncio.run(run())
