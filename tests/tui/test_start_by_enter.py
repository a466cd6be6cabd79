"""The new-game screen's Start, pressed with Enter, leads through the hand-off to the board (the hand-off was
once pushed from the new-game screen's own handler, which is gone when the hand-off ends: the board never came
and the screen stayed blank)."""

from __future__ import annotations

import asyncio

from riskterm.tui.app import RiskApp


def test_enter_on_start_reaches_the_board_after_the_hand_off():
    async def go() -> list[str]:
        app = RiskApp()
        async with app.run_test(size=(140, 45)) as pilot:
            await pilot.pause(0.5)
            for _ in range(3):  # Start, the hand-off, the recap
                await pilot.press("enter")
                await pilot.pause(0.3)
            return [type(s).__name__ for s in app.screen_stack]

    assert asyncio.run(go())[-1] == "GameScreen"
