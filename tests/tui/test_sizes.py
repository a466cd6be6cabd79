"""Every terminal size we support: the prompt, the current player and the whole map show, and the map grows with
the space (one app per rulebook, resized through the sizes)."""

from __future__ import annotations

import asyncio
import html

import pytest

from riskterm.rules import PlayerSetup
from riskterm.session import Session
from riskterm.tui.app import RiskApp
from riskterm.tui.board import BoardView

SIZES = ((80, 24), (100, 30), (120, 40), (140, 45), (200, 60))
PLAYERS = {"classic": 6, "risiko": 6, "europe": 4, "modern": 5}


def _inside(widget, screen) -> bool:
    r = widget.region
    return r.height > 0 and r.width > 0 and screen.region.contains_region(r)


def _check_sizes(variant: str) -> dict[tuple[int, int], tuple[int, int]]:
    names = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")[: PLAYERS[variant]]
    session = Session.new(variant, [PlayerSetup(n) for n in names], 3, {"quick_start": True})
    maps = {}

    async def run() -> None:
        app = RiskApp(session, speed=0.0)
        async with app.run_test(size=SIZES[0]) as pilot:
            for _ in range(8):  # through the hand-off and its recap to the board
                if app.screen is getattr(app, "game", None):
                    break
                await pilot.press("enter")
                await pilot.pause(0)
            for size in SIZES:
                await pilot.resize_terminal(*size)
                # the resize reaches the widgets over a few frames; on a loaded machine that may take a while,
                # so wait for the board to be fitted to its new size (bounded) instead of a fixed frame count
                fitted = False
                for _ in range(500):
                    await pilot.pause()
                    board = app.game.query_one(BoardView)
                    side = app.game.query_one("#side").outer_size
                    if board.size.width + side.width == size[0] and board.fitted_for == (
                        board.size.width,
                        board.size.height,
                    ):
                        fitted = True
                        break
                    await asyncio.sleep(0.01)
                assert fitted, f"{variant} {size}: the board was never fitted to the new size"
                game = app.game
                assert app.screen is game, f"{variant} {size}: {app.screen}"
                board = game.query_one(BoardView)
                prompt = game.query_one("#prompt")
                players = game.query_one("#players")
                assert _inside(prompt, game) and _inside(players, game), f"{variant} {size}: a panel is cut"
                # what a player sees: the prompt's first words and '> Name' in the players panel
                shown = app.export_screenshot().replace("&#160;", " ")
                first_words = session.rules.presenter().prompt(game.hs.view())
                assert html.escape(" ".join(first_words.split()[:3])) in shown, f"{variant} {size}: no prompt"
                current = session.rules.names(session.state)[session.state["current"]]
                assert f"&gt; {current}" in shown, f"{variant} {size}: the current player is not shown"
                plan = board.plan
                # the whole map: the scaled art fits the board widget, nothing to scroll
                assert plan.width <= board.size.width and plan.height <= board.size.height, (
                    f"{variant} {size}: map {plan.width}x{plan.height} in {board.size}"
                )
                maps[size] = (plan.width, plan.height)

    asyncio.run(run())
    return maps


def test_every_size_shows_prompt_player_and_whole_map_classic():
    maps = _check_sizes("classic")
    # the map grows with the terminal
    assert maps[(200, 60)][0] > maps[(140, 45)][0] > maps[(80, 24)][0]
    assert maps[(200, 60)][1] > maps[(120, 40)][1] > maps[(80, 24)][1]


def test_every_size_shows_prompt_player_and_whole_map_risiko():
    _check_sizes("risiko")


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["europe", "modern"])
def test_every_size_shows_prompt_player_and_whole_map_others(variant):
    _check_sizes(variant)
