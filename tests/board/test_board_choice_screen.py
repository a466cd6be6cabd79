"""The new-game screen offers a board for a rulebook that plays on any board: the shipped boards and the
user's own (the boards folder), the rulebook's own first chosen; europe and RisiKo show no choice."""

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


def start(variant: str, board: str | None) -> tuple[object, str, bool]:
    """(the board id of the game started, the status line, whether the board row showed)."""
    async def run() -> tuple[object, str, bool]:
        app = RiskApp(None)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, NewGameScreen)
            screen.query_one("#variant", Select).value = variant
            await pilot.pause()
            row = screen.query_one("#board-row")
            shown = bool(row.display)
            assert not shown or row.region.height <= 4  # one line of the form, whatever the game screen's CSS
            if board is not None:
                box = screen.query_one("#board-choice", Select)
                box.value = next(str(f.path) for f in screen.boards if f.name == board)
            await pilot.pause()
            await pilot.press("ctrl+s")
            await pilot.pause()
            if app.session is not None:
                return app.session.rules.board.id, "", shown
            return None, str(screen.query_one("#new-status", Static).render()), shown

    return asyncio.run(run())


def test_classic_starts_on_its_own_board_by_default() -> None:
    assert start("classic", None)[::2] == ("classic", True)


def test_modern_starts_on_a_board_of_the_users() -> None:
    assert start("modern", "lakes")[0] == "lakes"


def test_a_broken_board_file_is_one_sentence_on_the_screen() -> None:
    got, status, _ = start("classic", "broken")
    assert got is None and "is not valid YAML" in status


def test_europe_shows_no_board_choice() -> None:
    got, _, shown = start("europe", None)
    assert got == "europe" and not shown
