"""The new-game screen offers a board for a rulebook that plays on any board: the shipped boards and the
user's own (the boards folder), the rulebook's own first chosen, with a line saying what the chosen board is;
europe and RisiKo show no choice."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from support.boards import write_board
from textual.widgets import Select, Static

from riskterm.tui.app import RiskApp
from riskterm.tui.newgame import NewGameScreen


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    d = tmp_path / "data"
    monkeypatch.setenv("RISKTERM_DATA_DIR", str(d))
    write_board(d / "boards" / "lakes.yaml")
    (d / "boards" / "broken.yaml").write_text("id: [", encoding="utf-8")
    return d


def test_the_board_choice_follows_the_rulebook_and_starts_the_game_on_it() -> None:
    async def run() -> None:
        app = RiskApp(None)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, NewGameScreen)
            row, box = screen.query_one("#board-row"), screen.query_one("#board-choice", Select)
            path_of = {f.name: str(f.path) for f in screen.boards}
            assert list(path_of) == ["classic", "europe", "risiko", "broken", "lakes"]

            async def choose(variant: str) -> None:
                screen.query_one("#variant", Select).value = variant
                await pilot.pause()

            about = screen.query_one("#board-about", Static)
            await choose("classic")
            assert row.display and box.value == path_of["classic"]
            assert "42 territories in 6 regions" in str(about.render())  # what the chosen board is
            box.value = path_of["lakes"]
            await pilot.pause()
            assert "The Lakes: 12 territories in 3 regions (Row 1 +2" in str(about.render())
            box.value = path_of["classic"]
            assert row.region.height <= 4  # one line of the form, whatever the game screen's CSS
            await choose("europe")
            assert not row.display and not about.display
            await choose("modern")  # modern's own board is the classic world
            assert row.display and box.value == path_of["classic"]
            box.value = path_of["broken"]
            await pilot.pause()
            assert "Cannot be played" in str(about.render())
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.session is None
            assert "is not valid YAML" in str(screen.query_one("#new-status", Static).render())
            box.value = path_of["lakes"]
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.session is not None and app.session.rules.name == "modern"
            assert app.session.rules.board.id == "lakes"

    asyncio.run(run())
