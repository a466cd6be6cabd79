"""The map browser of the new-game screen (Ctrl+B): every board here (built in, imported, generated, the
user's own) with its title, author, notes and counts, a search by name, a preview drawn to the space it has,
a warning for a board the chosen rulebook refuses, and Enter picking the board for the game."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from riskterm.board.domination import map_author
from riskterm.board.find import BoardFile, board_files, board_info
from riskterm.paths import boards_dir, maps_dir
from riskterm.tui.app import RiskApp
from riskterm.tui.board import PreviewView
from riskterm.tui.map_browser import MapBrowserScreen
from riskterm.tui.newgame import NewGameScreen


def own_boards() -> dict[str, str]:
    """Three boards in the user's boards folder, made from the shipped classic board's file."""
    classic = (maps_dir() / "classic.yaml").read_text(encoding="utf-8")
    folder = boards_dir()
    folder.mkdir(parents=True, exist_ok=True)
    texts = {
        "mine": classic.replace("id: classic", "id: mine", 1).replace(
            "name: Classic world map", "name: My board\nauthor: Ann Example", 1
        ),
        "imp": classic.replace("id: classic", "id: imp", 1)
        .replace(
            "notes: |\n", "notes: |\n  Imported from the Domination map x.map by riskterm import-map.\n", 1
        )
        .replace("name: Classic world map", "name: Jokers", 1)
        .replace("    card: infantry", "    card: joker", 1),
        "broken": "format: 1\nid: broken\nname: Broken\nregions: []\nterritories: []\n",
    }
    for name, text in texts.items():
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    return {name: str(folder / f"{name}.yaml") for name in texts}


def test_each_board_says_where_it_comes_from_and_who_drew_it():
    paths = own_boards()
    infos = {f.name: board_info(f) for f in board_files()}
    assert infos["classic"].kind == "built in" and infos["classic"].territories == 42
    assert (infos["mine"].kind, infos["mine"].author, infos["mine"].title) == (
        "your own",
        "Ann Example",
        "My board",
    )
    assert infos["imp"].kind == "imported" and infos["imp"].notes.startswith("Imported from")
    assert infos["broken"].problem.startswith("Cannot be played") and infos["broken"].board is None
    assert board_info(BoardFile("gone", Path(paths["mine"] + ".gone"), False)).problem == "The file is gone."


def test_the_author_is_read_from_a_domination_map_header():
    assert (
        map_author(["Some Map", "Made by Ann Example", "        Bob Example", "Dimensions: 677 x 425"])
        == "Ann Example, Bob Example"
    )
    assert map_author(["A map for Risk", "by Cid Example (cid@example.org)"]) == "Cid Example"
    assert map_author(["Dee Example - dee@example.org", "A map"]) == "Dee Example"
    assert map_author(["map: x.map", "map made with the map maker"]) == ""


def test_a_preview_is_drawn_to_the_space_it_has_however_small():
    from riskterm.board import load_board
    from riskterm.tui.layout import PREVIEW_MIN, fitted

    board = load_board("classic")
    assert (fitted(board, 50, 12).width, fitted(board, 50, 12).height) == (50, 12)
    assert (fitted(board, 3, 2).width, fitted(board, 3, 2).height) == PREVIEW_MIN


@pytest.mark.slow  # a whole app driven by keys (several seconds)
def test_browse_search_preview_warn_and_pick():
    paths = own_boards()

    async def run():
        app = RiskApp(None)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            await pilot.press("ctrl+b")
            await pilot.pause()
            browser = app.screen
            assert isinstance(browser, MapBrowserScreen)
            assert len(browser.shown) == len(board_files()) >= 6
            for ch in "my b":
                await pilot.press(ch if ch != " " else "space")
            await pilot.pause(0.2)
            assert [browser.files[i].name for i in browser.shown] == ["mine"]
            about = str(browser.query_one("#mb-about").render())
            assert "42 territories in 6 regions" in about and "your own" in about
            assert "by Ann Example" in str(browser.query_one("#mb-title").render())
            view = browser.query_one(PreviewView)  # drawn to the space the screen leaves it
            box = browser.query_one("#mb-preview")
            assert (view.plan.width, view.plan.height) == (box.size.width, box.size.height)
            for _ in range(4):
                await pilot.press("backspace")
            await pilot.press("j", "o", "k")
            await pilot.pause(0.2)
            assert "cannot be played here" in str(browser.query_one("#mb-about").render())  # the joker card
            for _ in range(3):
                await pilot.press("backspace")
            await pilot.press("b", "r", "o", "k", "enter")
            await pilot.pause()
            assert app.screen is browser  # a board that cannot be played is not picked
            for _ in range(4):
                await pilot.press("backspace")
            await pilot.press("m", "y", "enter")
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            assert app.screen.query_one("#board-choice").value == paths["mine"]

    asyncio.run(run())
