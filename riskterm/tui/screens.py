"""Light screens loaded at start: hand-off (with the recap) and too-small."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, cast

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.containers import Center, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

from riskterm.engine.commitment import short
from riskterm.session import Session

if TYPE_CHECKING:
    from textual.widgets import Input

HelpRows = list[tuple[str, str, str]]  # (key, label, what it does)


class Host(Protocol):
    """What riskterm's screens ask of the app that shows them (RiskApp, tui/app.py)."""

    def check_size(self) -> None: ...
    def start_game(
        self, session: Session, speed: float | None = None, ai_seed: int | None = None
    ) -> None: ...
    def start_lesson(self, variant: str) -> None: ...  # the rulebook's lesson game (riskterm learn)
    def show_lessons(self, highlight: str | None = None) -> None: ...  # the list of every rulebook's lesson
    def show_game_over(self, session: Session) -> None: ...
    def help_rows(self, rows: HelpRows) -> HelpRows: ...
    def show_help(self, rows: HelpRows, rules_text: str) -> None: ...


class SizeAware:
    """Every screen reports resizes to the app, which shows the too-small line when needed."""

    app: App[Any]  # (declared only) the Screen this is mixed into has it

    @property
    def risk_app(self) -> Host:
        return cast(Host, self.app)  # riskterm's screens are shown by RiskApp only

    def on_resize(self, event: events.Resize) -> None:
        check = getattr(self.app, "check_size", None)  # (a plain App in a test has none)
        if check is not None:
            check()


START_TRIES = 50  # refreshes a screen's start waits for its widgets (OneAnswer._start)


class OneAnswer:
    """A screen that takes one answer, once, and no key before its widgets are there. Textual's dismiss pops
    whatever screen is on top, so a second Enter, or a click and a key at once, would dismiss the screen under a
    dialog too (the game screen, or the last one: ScreenStackError); and a key that reaches a screen before it
    is mounted finds none of its widgets, nor does a mount that comes after an answer (a dialog closed at once).
    Put first among a screen's bases, with the screen's own start in `when_mounted`; a screen with rules of its
    own for its keys says them in `allows`."""

    app: App[Any]
    answered = False  # dismissed: anything after that is ignored
    ready = False  # started (when_mounted ran): keys before that were typed for the screen before it
    shown_at = float("inf")  # when it started (Textual's clock): a key typed earlier was not meant for it

    @property
    def as_screen(self) -> Screen[Any]:
        return cast("Screen[Any]", self)  # Screen is always a later base

    def on_mount(self) -> None:
        self._start(0)

    def _start(self, tries: int) -> None:
        # an answer that came first, or a pop meant for the screen under it, took the screen off the stack
        # before its mount, or the app is closing: its widgets are gone
        if self.answered or self.as_screen not in self.app.screen_stack or self.app.return_code is not None:
            return
        try:
            self.when_mounted()
        except NoMatches:
            # on a loaded machine the widgets inside a container can be mounted a moment after the screen
            if tries < START_TRIES:
                self.as_screen.call_after_refresh(self._start, tries + 1)
                return
            raise
        self.ready, self.shown_at = True, Message().time  # (a message is stamped with Textual's clock)
        self.as_screen.refresh_bindings()

    def typed_before(self, key: events.Key) -> bool:
        """A key typed before this screen was shown (queued for the screen under it, and resolved against this
        one's bindings only because it came on top meanwhile: an Enter just before Ctrl+Q answered Quit)."""
        return key.time < self.shown_at

    def when_mounted(self) -> None:
        """The screen's own start, once its widgets are there (instead of on_mount)."""

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.allows(action, parameters) if self.ready and not self.answered else False

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if self.answered or self.app.screen is not self.as_screen:
            return AwaitComplete()
        self.answered = True
        return cast("Screen[Any]", super()).dismiss(result)  # Screen is always a later base


COACH_KEY = Binding("h", "coach", "Coach", show=False)


class CoachAsked(Message):
    """The coach's key was pressed in a dialog; the app hands it to the game screen."""


class CoachKey:
    """The coach's key also in the dialogs a step opens (King's Orders, shop, spend, a list of choices): the
    advice comes from the game screen, for the person whose move it is: the app passes the message on."""

    app: App[Any]

    def action_coach(self) -> None:
        self.app.post_message(CoachAsked())


class HandoffScreen(OneAnswer, SizeAware, Screen[None]):
    """Hides the board and everything private until the next person is at the keyboard; then, on the
    same screen, tells them what happened since their last turn."""

    BINDINGS = [Binding("enter", "go", "Continue")]

    def __init__(
        self, name: str, colour_bg: str, recap: list[str] | None = None, commitment: str = ""
    ) -> None:
        super().__init__()
        self.player_name, self.bg, self.recap = name, colour_bg, recap or []
        self.commitment = commitment  # the game's commitment to its dice, shown at the first hand-off
        self.stage = 0

    def compose(self) -> ComposeResult:
        with Center(id="handoff-box"):
            text = Text.assemble(
                ("Pass the keyboard to ", ""),
                (f" {self.player_name} ", f"bold on {self.bg}"),
                (", then press Enter.", ""),
            )
            if self.commitment:
                text.append(f"\n\nDice commitment: {short(self.commitment)}\n", style="")
                text.append(
                    "the finished game's save reveals its seed: riskterm verify checks every roll",
                    style="dim",
                )
            yield Static(text, id="handoff-text")
        with Vertical(id="recap-box", classes="dialog") as box:
            # on the border: a long recap on a small terminal scrolls, the way on must stay in sight
            box.border_subtitle = "Press Enter to play"
            yield Static(Text(f"{self.player_name}, since your last turn:", style="bold"))
            with VerticalScroll():
                yield Static(Text("\n".join(self.recap[-200:]) or "Nothing happened."), id="recap-lines")
        yield Footer()

    def when_mounted(self) -> None:
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
        yield Static(self.words((self.app.size.width, self.app.size.height)), id="too-small-text")

    def words(self, have: tuple[int, int]) -> str:
        return (
            f"This terminal is {have[0]}x{have[1]}: riskterm needs {self.need[0]}x{self.need[1]} or more to "
            "show the whole board. Enlarge the window (or make the font smaller); the game waits here."
        )

    def show_size(self, have: tuple[int, int]) -> None:
        for line in self.query("#too-small-text").results(Static):  # none yet before the screen is composed
            line.update(self.words(have))

    def on_resize(self, event: events.Resize) -> None:
        cast(Host, self.app).check_size()

    def on_screen_resume(self) -> None:  # uncovered again after the terminal grew: go away then
        self.call_after_refresh(cast(Host, self.app).check_size)


class QuitScreen(OneAnswer, ModalScreen[bool | str]):
    """Ctrl+Q during a game: asks first, and says where the game is saved and how to go on with it. When the
    autosave has failed it says so, offers to save the game in another folder, or says plainly that quitting
    loses it. The answer: True (quit), False (keep playing) or the path the game was saved to (quit)."""

    DEFAULT_CSS = """
    QuitScreen { align: center middle; }
    #quit-box { width: auto; max-width: 90; }
    #quit-folder { width: 80; max-width: 100%; }
    """
    BINDINGS = [
        Binding("y,enter,ctrl+q", "answer(True)", "Quit"),
        Binding("n,escape", "answer(False)", "Keep playing"),
    ]

    def __init__(
        self, saved_to: str, problem: str | None = None, session: Session | None = None, hosting: str = ""
    ) -> None:
        """hosting: the command that brings a hosted game back (the host's own screen asks to stop hosting)."""
        super().__init__()
        self.saved_to, self.problem, self.session, self.hosting = saved_to, problem, session, hosting

    def compose(self) -> ComposeResult:
        from textual.widgets import Input

        with Vertical(id="quit-box", classes="dialog"):
            yield Static(Text("Stop hosting the game?" if self.hosting else "Quit the game?", style="bold"))
            if self.hosting:
                yield Static(
                    Text(
                        f"Every joined screen is disconnected. The game is saved after every move "
                        f"({self.saved_to}); go on later with the same code and seats:\n{self.hosting}"
                    )
                )
                yield Static(Text("y / Enter: stop hosting    n / Esc: keep playing", style="dim"))
                return
            if self.problem is None:
                yield Static(
                    Text(
                        f"The game is saved after every move ({self.saved_to}).\n"
                        "`riskterm resume` goes on with it later."
                    )
                )
                yield Static(Text("y / Enter: quit    n / Esc: keep playing", style="dim"))
                return
            yield Static(Text(f"Autosave failed ({self.problem}): the game is NOT saved.", style="bold red"))
            yield Static(
                Text(
                    "Type a folder to save it in and press Enter, or press Ctrl+Q to quit and lose "
                    "the game.  Esc: keep playing"
                )
            )
            yield Input(placeholder="a folder, e.g. ~/riskterm-games", id="quit-folder")
            yield Static("", id="quit-status")

    def when_mounted(self) -> None:
        if self.problem is not None:
            self.query_one("#quit-folder").focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Save the game in the folder typed; quit when that worked, else say why not."""
        import os

        from riskterm.record.autosave import save_path, write_save
        from riskterm.record.writer import reason

        folder = event.value.strip()
        if not folder or self.session is None:
            return
        try:
            path = write_save(self.session, save_path(self.session, os.path.expanduser(folder)))
        except Exception as e:  # noqa: BLE001 - any failure is said, and the player may try another folder
            self.query_one("#quit-status", Static).update(
                Text(f"Not saved there ({reason(e)}).", style="red")
            )
            return
        self.dismiss(str(path))

    def action_answer(self, quit_: bool) -> None:
        self.dismiss(quit_)
