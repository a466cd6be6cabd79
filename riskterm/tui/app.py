"""The riskterm Textual app: one factory shared by the `play` command, the tests and the screenshot script."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.binding import Binding
from textual.timer import Timer

from riskterm.session import Session
from riskterm.tui.plain import PlainNotify
from riskterm.tui.screens import CoachAsked, OneAnswer, TooSmallScreen

if TYPE_CHECKING:
    from riskterm.tui.game import GameScreen
    from riskterm.tui.hotseat import HotSeat
    from riskterm.tutor import Tutor

MIN_SIZE = (80, 24)  # below it a board's continents fall off the screen


class RiskApp(PlainNotify):
    CSS_PATH = str(Path(__file__).with_name("riskterm.tcss"))  # also for subclasses elsewhere (tests)
    TITLE = "riskterm"
    BINDINGS = [Binding("ctrl+q", "ask_quit", "Quit", priority=True)]
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        session: Session | None = None,
        speed: float = 0.15,
        ai_seed: int = 0,
        lesson: str | None = None,
        lesson_list: bool = False,
    ) -> None:
        super().__init__()
        self.session = session
        self.lesson = lesson  # a rulebook whose lesson game opens at once (riskterm learn --variant)
        self.lesson_list = lesson_list  # the list of lessons opens at once (riskterm learn)
        self.speed, self.ai_seed = speed, ai_seed
        self.game: GameScreen | None = None
        self.save_failed: str | None = None  # why the last autosave call failed (None: it was handed over)
        self.exit_note = ""  # a sentence for the terminal after the app has closed
        self.lost = False  # the player quit knowing the game's last moves are not saved
        self.save_timer: Timer | None = None
        self.tutor: Tutor | None = None  # the lesson being followed (riskterm learn), if any

    def on_mount(self) -> None:
        if self.lesson is not None:
            self.start_lesson(self.lesson)
        elif self.lesson_list:
            self.show_lessons()
        elif self.session is not None:
            self.start_game(self.session, self.speed, self.ai_seed)
        else:
            from riskterm.tui.newgame import NewGameScreen

            self.push_screen(NewGameScreen())
        self.check_size()

    def on_key(self, event: events.Key) -> None:
        """A key bubbles up here to the bindings of the screen on top now, which may have come after it was
        typed (a dialog opened by an earlier key, Quit by Ctrl+Q): such a key goes nowhere."""
        screen = self.screen
        if isinstance(screen, OneAnswer) and screen.typed_before(event):
            event.prevent_default()  # (Textual then skips App's own key handler: the bindings)
            event.stop()

    async def action_ask_quit(self) -> None:
        """Quit at once outside a game; during one, ask first and say whether and where it is saved."""
        from riskterm.tui.screens import QuitScreen

        if isinstance(self.screen, QuitScreen):
            self.screen.action_answer(True)
            return
        playing = (
            self.session is not None
            and self.game is not None
            and not self.session.rules.is_over(self.session.state)
        )
        if not playing:
            self.exit()
            return
        from riskterm.record.autosave import save_path

        assert self.session is not None
        problem = self.save_problem(wait=True)
        self.push_screen(
            QuitScreen(str(save_path(self.session)), problem, self.session), callback=self._quit_answer
        )

    def _quit_answer(self, answer: bool | str | None) -> None:
        """True: quit; a path: quit, the game saved there; False: keep playing."""
        if not answer:
            return
        if isinstance(answer, str):
            self.exit_note = (
                f"riskterm: the game is saved in {answer}; 'riskterm resume {answer}' goes on with it."
            )
        elif self.save_problem() is not None:
            self.lost = True
        self.exit()

    def save_problem(self, wait: bool = False) -> str | None:
        """Why the game is not saved now (the last autosave failed), or None. wait: first let the writer finish."""
        if self.session is None:
            return None
        if self.save_failed is not None:
            return self.save_failed
        import sys

        if "riskterm.record.writer" not in sys.modules:  # nothing written yet
            return None
        from riskterm.record.autosave import save_path
        from riskterm.record.writer import WRITER

        if wait:
            try:
                WRITER.flush(timeout=10.0)
            except Exception:  # noqa: BLE001 - asked next, per file
                pass
        return WRITER.problem(save_path(self.session))

    def check_saves(self) -> None:
        """Keep the game screen's line about a failed autosave in step with the writer (it writes in the
        background: a failure shows up after the move that caused it)."""
        if self.game is not None and self.game.is_attached and self.game.ready:
            self.game.save_problem = self.save_problem()

    def save_at_crash(self) -> str:
        if self.session is None or self.game is None:
            return ""
        from riskterm.record.autosave import autosave, flush_autosaves
        from riskterm.record.writer import reason

        try:
            flush_autosaves(timeout=5.0)  # an older save still being written must not land after this one
        except Exception:  # noqa: BLE001 - the save below says how it went
            pass
        try:
            path = autosave(self.session)
        except Exception as e:  # noqa: BLE001 - the sentence says so
            return f" The game could not be saved ({reason(e)})."
        return f" The game is saved in {path}; 'riskterm resume' goes on with it."

    def after_run(self) -> int:
        """After the app closed: every autosave on disk, or one sentence saying what is lost; the exit status."""
        if self.exit_note:
            print(self.exit_note)
            return 0
        if self.session is None or self.game is None:
            return 0
        from riskterm.record.autosave import flush_autosaves
        from riskterm.record.writer import reason

        try:
            flush_autosaves(timeout=30.0)
        except Exception as e:  # noqa: BLE001 - one sentence, not a traceback
            self.save_failed = reason(e)
        problem = self.save_problem()
        if problem is None and not self.lost:
            return 0
        import sys

        print(
            f"riskterm: the game's last moves are not saved (autosave failed: {problem or 'see above'}).",
            file=sys.stderr,
        )
        return 1

    def start_game(self, session: Session, speed: float | None = None, ai_seed: int | None = None) -> None:
        """Open a game. When the first player must take the keyboard, the hand-off is the first frame and
        the board (a heavier screen and module) is built behind it while it is shown."""
        from riskterm.tui.colours import rgb, seat_colours
        from riskterm.tui.hotseat import HotSeat
        from riskterm.tui.screens import HandoffScreen

        self.session = session
        speed = self.speed if speed is None else speed
        hs = HotSeat(session, self.ai_seed if ai_seed is None else ai_seed)
        while len(self.screen_stack) > 1:
            self.pop_screen()
        seat = hs.needs_handoff()
        if seat is None:
            self._open_board(session, speed, hs)
            return
        colour = rgb(seat_colours(session.state["players"])[seat])[0]
        hs.commitment_shown = not session.steps
        hand = HandoffScreen(
            session.rules.names(session.state)[seat],
            colour,
            hs.take(seat),
            "" if session.steps else session.commitment,
        )
        # pushed from the app's own queue: a push made inside another screen's handler (the new-game screen's
        # Start, popped just above) would hand the hand-off's result to that screen, gone by then
        self.call_later(self.push_screen, hand, lambda _: self._open_board(session, speed, hs))
        self.call_after_refresh(lambda: __import__("riskterm.tui.game"))  # warm the import meanwhile

    def _open_board(self, session: Session, speed: float, hs: HotSeat) -> None:
        from riskterm.tui.game import make_game_screen

        if self.tutor is not None:
            from riskterm.tui.keys import keyed
            from riskterm.tui.lesson import LessonScreen

            self.game = keyed(LessonScreen, session.rules)(session, self.tutor, speed, hs.ai_seed, hs)
        else:
            self.game = make_game_screen(session, speed, hs.ai_seed, hs)
        self.push_screen(self.game)

    def show_lessons(self, highlight: str | None = None) -> None:
        """The list of every rulebook's lesson, those finished before ticked; Enter starts one. Escape goes
        back to the screen below, or leaves the app when the list is all it was opened for."""
        from riskterm.tui.dialogs import ChoiceScreen
        from riskterm.tutor import lesson_rows

        alone = len(self.screen_stack) <= 1
        rows = lesson_rows()
        start_at = next((i for i, row in enumerate(rows) if row[1] == highlight), 0)

        def chosen(variant: str | None) -> None:
            if variant is not None:
                self.start_lesson(variant)
            elif alone:
                self.exit()

        self.push_screen(
            ChoiceScreen(
                "Learn to play: choose a lesson",
                rows,
                False,
                "New to Risk? Start with classic Risk: it teaches the whole game. The "
                "others teach what each rulebook adds to it.",
                start_at,
            ),
            chosen,
        )

    def start_lesson(self, variant: str) -> None:
        """The rulebook's lesson game (`riskterm learn`), with the tutor's panel beside the board."""
        from riskterm.tutor import start

        lesson = start(variant)
        if lesson is None:
            self.notify("This rulebook has no lessons yet.", severity="warning")
            return
        session, self.tutor = lesson
        self.start_game(session, speed=0.5)

    def on_game_screen_moved(self, _: GameScreen.Moved) -> None:
        self.save_game()

    def on_game_screen_over(self, over: GameScreen.Over) -> None:
        self.show_game_over(over.session)

    def save_game(self) -> None:
        """After every change to the session (an action, undo, redo, a computer's move): autosave."""
        if self.session is not None:
            from riskterm.record.autosave import autosave
            from riskterm.record.writer import reason

            try:
                autosave(self.session, background=True)  # written by a writer thread: no wait here
                self.save_failed = None
            except Exception as e:  # noqa: BLE001 - a failed autosave must not end the game; the screen says so
                self.save_failed = reason(e)
            if self.save_timer is None:
                self.save_timer = self.set_interval(1.0, self.check_saves)
        if self.game is not None:
            self.game.save_problem = self.save_problem()

    def show_game_over(self, session: Session) -> None:
        from riskterm.tui.gameover import GameOverScreen

        def done(what: str | None) -> None:
            if what == "quit":
                self.exit()
            elif what == "new":
                from riskterm.tui.newgame import NewGameScreen

                self.game = self.tutor = None
                while len(self.screen_stack) > 1:
                    self.pop_screen()
                self.push_screen(NewGameScreen())

        self.push_screen(GameOverScreen(session), callback=done)

    def on_coach_asked(self, _: CoachAsked) -> None:
        """The coach's key in a dialog of the game screen: the game screen gives the advice."""
        if self.game is not None and self.game.is_attached:
            self.game.action_coach()

    def help_rows(self, rows: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
        return [*rows, ("ctrl+q", "Quit", "leave the game (you are asked first, and told where it is saved)")]

    def show_help(self, rows: list[tuple[str, str, str]], rules_text: str) -> None:
        import time

        from riskterm.tui.dialogs import HelpScreen, help_markdown

        started = time.perf_counter()
        screen = HelpScreen(help_markdown(self.help_rows(rows), rules_text))
        screen.opened_at = started
        self.push_screen(screen)

    def check_size(self) -> None:
        """The too-small line on top while the terminal is too small, once: a dialog opened over it (Ctrl+Q,
        F1) covers it, and a second one would be a second screen of the same id (a crash); it goes once the
        terminal is big enough and it is uncovered (TooSmallScreen.on_screen_resume asks again)."""
        w, h = self.size
        small = w < MIN_SIZE[0] or h < MIN_SIZE[1]
        top = self.screen
        shown = next((s for s in self.screen_stack if isinstance(s, TooSmallScreen)), None)
        if small and shown is None:
            self.push_screen(TooSmallScreen(MIN_SIZE))
        elif small and shown is not None:
            shown.show_size((w, h))
        elif not small and isinstance(top, TooSmallScreen):
            self.pop_screen()
