"""A dialog listing the unfinished games to continue, for the new-game screen. It returns the loaded Session
(at the exact point the game stopped) or None; a save that cannot be used is reported in one sentence and
left as it is.

    app.push_screen(ResumeScreen(), callback=lambda s: s and app.start_game(s))
"""

from __future__ import annotations

import os
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from riskterm.errors import SaveError
from riskterm.record.autosave import SavedGame, list_unfinished
from riskterm.record.load import load_game
from riskterm.session import Session
from riskterm.tui.plain import shown_text
from riskterm.tui.screens import OneAnswer

CSS = """
ResumeScreen { align: center middle; }
#resume-box { width: 90%; max-width: 110; height: auto; max-height: 80%; background: $panel;
              border: thick $accent; padding: 0 1; }
#resume-list { height: auto; max-height: 20; }
"""


class ResumeScreen(OneAnswer, ModalScreen[Session | None]):
    DEFAULT_CSS = CSS
    BINDINGS = [Binding("escape", "cancel", "Back")]

    def __init__(self, folder: str | os.PathLike[str] | None = None) -> None:
        super().__init__()
        self.games: list[SavedGame] = list_unfinished(folder)

    def compose(self) -> ComposeResult:
        with Vertical(id="resume-box"):
            title = "Continue a game" if self.games else "There are no unfinished games to continue."
            yield Static(title, id="resume-title")
            yield OptionList(
                *[Option(Text(g.label()), id=str(i)) for i, g in enumerate(self.games)], id="resume-list"
            )
        yield Footer()

    def when_mounted(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.open(self.games[int(event.option.id or 0)].path)

    def open(self, path: Path) -> None:
        try:
            session = load_game(path)
        except SaveError as e:
            self.notify(shown_text(str(e)), severity="error", timeout=8)
            return
        self.dismiss(session)

    def action_cancel(self) -> None:
        self.dismiss(None)
