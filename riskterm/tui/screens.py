"""Light screens loaded at start: hand-off (with the recap) and too-small."""

from __future__ import annotations

from typing import Any, Protocol, cast

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

from riskterm.session import Session

HelpRows = list[tuple[str, str, str]]  # (key, label, what it does)


class Host(Protocol):
    """What riskterm's screens ask of the app that shows them (RiskApp, tui/app.py)."""

    def check_size(self) -> None: ...
    def on_session_changed(self) -> None: ...  # after every action, undo or redo: autosave, then redraw
    def start_game(self, session: Session, speed: float | None = None, ai_seed: int | None = None) -> None: ...
    def show_game_over(self, session: Session) -> None: ...
    def help_rows(self, rows: HelpRows) -> HelpRows: ...
    def show_help(self, rows: HelpRows, rules_text: str) -> None: ...


class SizeAware:
    """Every screen reports resizes to the app, which shows the too-small line when needed."""

    app: App[Any]  # (declared only) the Screen this is mixed into has it

    @property
    def risk_app(self) -> Host:
        return cast(Host, self.app)  # riskterm's screens are shown by RiskApp only

    def on_resize(self, event) -> None:
        self.risk_app.check_size()


COACH_KEY = Binding("h", "coach", "Coach", show=False)


class CoachAsked(Message):
    """The coach's key was pressed in a dialog; the app hands it to the game screen."""


class CoachKey:
    """The coach's key also in the dialogs a step opens (King's Orders, shop, spend, a list of choices): the
    advice comes from the game screen, for the person whose move it is: the app passes the message on."""

    app: App[Any]

    def action_coach(self) -> None:
        self.app.post_message(CoachAsked())


class HandoffScreen(SizeAware, Screen[None]):
    """Hides the board and everything private until the next person is at the keyboard; then, on the
    same screen, tells them what happened since their last turn."""

    BINDINGS = [Binding("enter", "go", "Continue")]

    def __init__(self, name: str, colour_bg: str, recap: list[str] | None = None) -> None:
        super().__init__()
        self.player_name, self.bg, self.recap = name, colour_bg, recap or []
        self.stage = 0

    def compose(self) -> ComposeResult:
        with Center(id="handoff-box"):
            yield Static(Text.assemble(("Pass the keyboard to ", ""), (f" {self.player_name} ", f"bold on {self.bg}"),
                                       (", then press Enter.", "")), id="handoff-text")
        with Vertical(id="recap-box", classes="dialog") as box:
            # on the border: a long recap on a small terminal scrolls, the way on must stay in sight
            box.border_subtitle = "Press Enter to play"
            yield Static(Text(f"{self.player_name}, since your last turn:", style="bold"))
            with VerticalScroll():
                yield Static(Text("\n".join(self.recap[-200:]) or "Nothing happened."), id="recap-lines")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#recap-box").display = False
        self.app.clear_notifications()  # the last person's notices (the coach's advice) are theirs alone

    def action_go(self) -> None:
        if self.stage == 0 and self.recap:
            self.stage = 1
            self.query_one("#handoff-box").display = False
            self.query_one("#recap-box").display = True
            return
        self.dismiss(None)


class TooSmallScreen(ModalScreen[None]):
    """One line asking for a bigger terminal; the app removes it when the terminal grows."""

    def __init__(self, need: tuple[int, int]) -> None:
        super().__init__(id="too-small")
        self.need = need

    def compose(self) -> ComposeResult:
        yield Static(f"Enlarge the terminal to {self.need[0]}x{self.need[1]} or more.", id="too-small-text")

    def on_resize(self, event) -> None:
        cast(Host, self.app).check_size()

    def on_screen_resume(self) -> None:  # uncovered again after the terminal grew: go away then
        self.call_after_refresh(cast(Host, self.app).check_size)


class QuitScreen(ModalScreen[bool]):
    """Ctrl+Q during a game: asks first, and says where the game is saved and how to go on with it."""

    DEFAULT_CSS = """
    QuitScreen { align: center middle; }
    #quit-box { width: auto; max-width: 90; }
    """
    BINDINGS = [Binding("y,enter,ctrl+q", "answer(True)", "Quit"), Binding("n,escape", "answer(False)", "Keep playing")]

    def __init__(self, saved_to: str) -> None:
        super().__init__()
        self.saved_to = saved_to

    def compose(self) -> ComposeResult:
        with Vertical(id="quit-box", classes="dialog"):
            yield Static(Text("Quit the game?", style="bold"))
            yield Static(f"The game is saved after every move ({self.saved_to}).\n"
                         "`riskterm resume` goes on with it later.")
            yield Static(Text("y / Enter: quit    n / Esc: keep playing", style="dim"))

    def action_answer(self, quit_: bool) -> None:
        self.dismiss(quit_)
