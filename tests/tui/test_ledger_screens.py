"""The ledger in the app: the new-game screen remembers people and their colours and opens the Ledger screen;
the Ledger screen shows the standings per rulebook and the game just played with each player's rating change."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "ledger"))

from ledger_helpers import entry  # noqa: E402
from textual.widgets import Input, Select  # noqa: E402

from riskterm.ledger.store import Ledger, Profile  # noqa: E402
from riskterm.tui.app import RiskApp  # noqa: E402
from riskterm.tui.ledger import LedgerScreen  # noqa: E402
from riskterm.tui.newgame import NewGameScreen, seat_defaults  # noqa: E402


def shown(screen: LedgerScreen) -> str:
    from io import StringIO

    from rich.console import Console

    console = Console(width=100, record=True, file=StringIO())
    assert screen.view is not None
    console.print(screen.render_view(screen.view))
    return console.export_text()


def test_seats_start_with_the_people_remembered_in_their_colours() -> None:
    people = [
        Profile("person", "Zoe", "cyan", ""),
        Profile("person", "Bob", "cyan", ""),
        Profile("person", "Max", "", ""),
    ]
    names, colours = seat_defaults(people)
    assert names == ["Zoe", "Bob", "Max", "Ann", "Cid", "Dee"]
    assert colours == ["cyan", "red", "blue", "green", "yellow", "magenta"]  # Bob's cyan is Zoe's already
    assert seat_defaults([]) == (
        ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"],
        ["red", "blue", "green", "yellow", "magenta", "cyan"],
    )


@pytest.mark.slow
def test_new_game_screen_remembers_people_and_opens_the_ledger() -> None:
    led = Ledger()
    led.add_games(
        [
            entry(
                "g1",
                [("Ann", None, 1), ("Bob", "easy", 2), ("Cid", "hard", 3)],
                ended_at="2026-12-01T10:00:00Z",
            ),
            entry(
                "g2",
                [("Dee", None, 1), ("Bob", "easy", 2)],
                ended_at="2026-12-02T10:00:00Z",
                variant="europe",
            ),
        ]
    )
    led.remember([("Dee", "magenta"), ("Ann", "cyan")])

    async def run() -> None:
        app = RiskApp(None)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, NewGameScreen)
            assert [screen.query_one(f"#name{i}", Input).value for i in range(3)] == ["Dee", "Ann", "Bob"]
            assert screen.query_one("#colour0", Select).value == "magenta"
            assert screen.query_one("#colour1", Select).value == "cyan"
            name = screen.query_one("#name2", Input)
            name.value = "dee"  # a remembered name typed in: its colour follows, unless another seat shows it
            await pilot.pause()
            assert screen.query_one("#colour2", Select).value != "magenta"
            screen.query_one("#colour0", Select).value = "red"
            name.value = "Dee"
            await pilot.pause()
            assert screen.query_one("#colour2", Select).value == "magenta"
            await pilot.press("ctrl+l")
            for _ in range(100):
                await pilot.pause(0.01)
                if isinstance(app.screen, LedgerScreen) and app.screen.view is not None:
                    break
            body = shown(app.screen)
            assert "Standings (1 game)" in body  # the new-game screen's rulebook: classic
            await pilot.press("shift+tab")  # modern, risiko, europe, ... from the rulebook back round
            while app.screen.scope != "europe":
                await pilot.press("shift+tab")
            body = shown(app.screen)
            assert "Standings (1 game)" in body and "Dee" in body and "Cid" not in body
            await pilot.press("escape")
            assert isinstance(app.screen, NewGameScreen)

    asyncio.run(run())


def test_the_ledger_screen_shows_the_game_just_played() -> None:
    from riskterm.tui.ledger import rating_changes, read_ledger

    Ledger().add_games(
        [
            entry("old", [("Ann", None, 2), ("Bob", "easy", 1)], ended_at="2026-12-01T10:00:00Z"),
            entry("now", [("Ann", None, 1), ("Bob", "easy", 2)], ended_at="2026-12-02T10:00:00Z"),
        ]
    )
    screen = LedgerScreen("now", "classic")
    screen.view = view = read_ledger("now")
    table = screen.this_game(view, view.games[-1])
    rows = [[str(c) for c in col._cells] for col in table.columns]
    assert rows[0] == ["Ann", "Bob (easy)"] and rows[1] == ["1", "2"]
    assert rows[3][0].startswith("+") and rows[3][1].startswith("-")
    line = rating_changes(view, "now")
    assert line is not None and line.plain == "Ann 1.9 (+3.7), Bob (easy) 1.1 (-2.3)"
    text = shown(screen)
    assert "This game" in text and "Standings (2 games)" in text and "Recent games" in text


def test_a_joined_screens_game_over_has_no_ledger_line_and_does_not_fail() -> None:
    """A joined screen shows the game over from the host's messages (a Mirror, no game id): the host's ledger
    records the game, the screen only opens this machine's ledger."""
    from ledger_helpers import capped_game
    from textual.widgets import Static

    from riskterm.net.remote import Mirror
    from riskterm.tui.gameover import GameOverScreen

    session = capped_game()
    mirror = Mirror(session.rules, session.state, list(session.all_events()))

    from textual.app import App

    class Bare(App[None]):  # the game-over screen alone, without the new-game screen underneath
        CSS_PATH = RiskApp.CSS_PATH

        def on_mount(self) -> None:
            self.push_screen(GameOverScreen(mirror))  # type: ignore[arg-type]

        def check_size(self) -> None:  # what a screen asks its app on a resize
            pass

    async def run() -> None:
        app = Bare()
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            over = app.screen
            assert isinstance(over, GameOverScreen)
            assert over.ledger_read and not over.query_one("#over-ledger", Static).display
            await pilot.press("l")
            await pilot.pause()
            assert isinstance(app.screen, LedgerScreen) and app.screen.game_id is None

    asyncio.run(run())
