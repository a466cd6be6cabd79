"""Faster waits for Textual's pilot on a busy machine (installed by tests/tui/conftest.py and the key fuzz):
Textual's wait_for_idle sleeps in 20 ms steps until the whole process is idle, often up to its 1 s cap."""

from __future__ import annotations

import asyncio


async def turns(n: int = 4) -> None:
    """A few turns of the event loop."""
    for _ in range(n):
        await asyncio.sleep(0)


async def after_key(min_sleep: float = 0, max_sleep: float = 1) -> None:
    """In place of the wait after each key press: a few turns of the loop; the pilot then waits for the screen
    to process the messages the key caused."""
    await turns()


async def settle(min_sleep: float = 0, max_sleep: float = 1) -> None:
    """pilot.pause(): also lay out, paint and run what waits for a refresh (call_after_refresh), a few rounds."""
    from textual._context import active_app

    app = active_app.get()
    for _ in range(4):
        await turns()
        scr = app.screen
        if not (scr._callbacks or scr._layout_required or scr._repaint_required or scr._dirty_widgets):
            return
        scr._on_timer_update()


async def shown(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """Wait (bounded) until the screen on top is mounted and drawn: a key typed before a dialog is shown goes
    nowhere (screens.OneAnswer), as a player's would."""
    for _ in range(100):
        if app.screen.is_mounted and getattr(app.screen, "ready", True):
            break
        await pilot.pause(0)
    await pilot.pause()
