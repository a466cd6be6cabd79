"""The app drives every rulebook that is built through the generic Rules interface: a few dozen key
presses per rulebook (Enter for the main action, else a key from the key bar) must move the game on
without errors."""

from __future__ import annotations

import asyncio

import pytest

from riskterm.rules import PlayerSetup, available_variants, variant_class
from riskterm.session import Session
from riskterm.tui.app import RiskApp
from riskterm.tui.game import GameScreen
from riskterm.tui.gameover import GameOverScreen
from riskterm.tui.keybar import KeyBar

NOT_MOVES = {
    "u",
    "ctrl+z",
    "ctrl+y",
    "ctrl+r",
    "v",
    "ctrl+v",
    "f1",
    "question_mark",
    "slash",
    "escape",
    "g",
    "tab",
    "shift+tab",
    "plus",
    "minus",
    "enter",
    "ctrl+q",
    "space",
    "ctrl+l",
    "ctrl+g",
    "R",
    "ctrl+e",
}


async def drive(variant: str, presses: int) -> Session:
    cls = variant_class(variant)
    n = min(max(cls.min_players, 3), cls.max_players)
    session = Session.new(
        variant, [PlayerSetup(x) for x in ("Ann", "Bob", "Cid")[:n]], 5, {"quick_start": True}
    )
    app = RiskApp(session, speed=0.0)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        idle = 0
        for i in range(presses):
            await pilot.pause(0)
            scr = app.screen
            if isinstance(scr, GameOverScreen):
                break
            before = len(session.steps)
            if not isinstance(scr, GameScreen):
                await pilot.press("enter")
                continue
            if app.game.check_action("confirm", ()) and idle < 3:
                await pilot.press("enter")
            else:
                keys = [k for k, *_ in scr.query_one(KeyBar).keys if k not in NOT_MOVES]
                assert keys, f"{variant}: nothing to press in {session.state.get('phase')}"
                await pilot.press(keys[i % len(keys)])
            idle = idle + 1 if len(session.steps) == before else 0
        assert app._exception is None
    return session


@pytest.mark.parametrize("variant", [v for v in ("classic", "europe", "risiko", "modern")])
def test_every_built_rulebook_plays_by_keys(variant):
    if variant not in available_variants():
        pytest.skip(f"the {variant} rulebook is not built")
    session = asyncio.run(drive(variant, 24))
    assert len(session.steps) >= 5
