"""Helpers for driving the app with key presses."""

from __future__ import annotations

import pytest

from riskterm.rules import PlayerSetup
from riskterm.session import Session


def new_session(names=("Ann", "Bob", "Cid"), seed=3, ai=(), **opts) -> Session:
    players = [PlayerSetup(n, "", "easy" if i in ai else None) for i, n in enumerate(names)]
    opts.setdefault("quick_start", True)
    return Session.new("classic", players, seed, opts)


@pytest.fixture
def make_session():
    return new_session


async def _turns(n: int = 4) -> None:
    import asyncio

    for _ in range(n):
        await asyncio.sleep(0)


async def _after_key(min_sleep: float = 0, max_sleep: float = 1) -> None:
    """Instead of Textual's wait_for_idle after each key press, which sleeps in 20 ms steps until the whole
    process is idle (on this busy 2-core machine often up to its 1 s cap, twice per key): a few turns of the
    loop; the pilot then waits for the screen to process the messages the key caused."""
    await _turns()


async def _settle(min_sleep: float = 0, max_sleep: float = 1) -> None:
    """pilot.pause(): also lay out, paint and run what waits for a refresh (call_after_refresh), a few rounds."""
    from textual._context import active_app

    app = active_app.get()
    for _ in range(4):
        await _turns()
        scr = app.screen
        if not (scr._callbacks or scr._layout_required or scr._repaint_required or scr._dirty_widgets):
            return
        scr._on_timer_update()


@pytest.fixture(autouse=True)
def quick_keys(request, monkeypatch):
    if "snap_compare" in request.fixturenames:  # a snapshot is taken of a settled screen: Textual's own wait
        return
    import textual.app
    import textual.pilot

    monkeypatch.setattr(textual.app, "wait_for_idle", _after_key)
    monkeypatch.setattr(textual.pilot, "wait_for_idle", _settle)
