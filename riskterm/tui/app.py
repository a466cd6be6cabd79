"""The riskterm Textual app: one factory shared by the `play` command, the tests and the screenshot script."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding

from riskterm.session import Session
from riskterm.tui.plain import PlainNotify
from riskterm.tui.screens import CoachAsked, TooSmallScreen

if TYPE_CHECKING:
    from riskterm.tui.game import GameScreen
    from riskterm.tui.hotseat import HotSeat

MIN_SIZE = (50, 16)


class RiskApp(PlainNotify):
    CSS_PATH = "riskterm.tcss"
    TITLE = "riskterm"
    BINDINGS = [Binding("ctrl+q", "ask_quit", "Quit", priority=True)]
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, session: Session | None = None, speed: float = 0.15, ai_seed: int = 0) -> None:
        super().__init__()
        self.session = session
        self.speed, self.ai_seed = speed, ai_seed
        self.game: GameScreen | None = None

    def on_mount(self) -> None:
        if self.session is not None:
            self.start_game(self.session, self.speed, self.ai_seed)
        else:
            from riskterm.tui.newgame import NewGameScreen

            self.push_screen(NewGameScreen())
        self.check_size()

    async def action_ask_quit(self) -> None:
        """Quit at once outside a game; during one, ask first and say that it is saved."""
        from riskterm.tui.screens import QuitScreen

        if isinstance(self.screen, QuitScreen):
            self.screen.dismiss(True)
            return
        playing = self.session is not None and self.game is not None and not self.session.rules.is_over(
            self.session.state)
        if not playing:
            self.exit()
            return
        from riskterm.record.autosave import save_path

        assert self.session is not None
        self.push_screen(QuitScreen(str(save_path(self.session))), callback=lambda yes: self.exit() if yes else None)

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
        hand = HandoffScreen(session.rules.names(session.state)[seat], colour, hs.take(seat))
        self.push_screen(hand, callback=lambda _: self._open_board(session, speed, hs))
        self.call_after_refresh(lambda: __import__("riskterm.tui.game"))  # warm the import meanwhile

    def _open_board(self, session: Session, speed: float, hs: HotSeat) -> None:
        from riskterm.tui.game import make_game_screen

        self.game = make_game_screen(session, speed, hs.ai_seed, hs)
        self.push_screen(self.game)

    def on_session_changed(self) -> None:
        """Called after every change to the session (an action, undo, redo): autosave, then redraw."""
        if self.session is not None:
            from riskterm.record.autosave import autosave

            try:
                autosave(self.session, background=True)  # written by a writer thread: no wait here
            except Exception as e:  # noqa: BLE001 - a failed autosave must not end the game
                self.notify(f"Autosave failed: {e}", severity="warning")
        if self.game is not None:
            self.game.sync()

    def show_game_over(self, session: Session) -> None:
        from riskterm.tui.gameover import GameOverScreen

        def done(what: str | None) -> None:
            if what == "quit":
                self.exit()
            elif what == "new":
                from riskterm.tui.newgame import NewGameScreen

                self.game = None
                while len(self.screen_stack) > 1:
                    self.pop_screen()
                self.push_screen(NewGameScreen())

        self.push_screen(GameOverScreen(session), callback=done)

    def on_coach_asked(self, _: CoachAsked) -> None:
        """The coach's key in a dialog of the game screen: the game screen gives the advice."""
        if self.game is not None and self.game.is_attached:
            self.game.action_coach()

    def help_rows(self, rows: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
        return [*rows, ("ctrl+q", "Quit", "leave the game (it is saved; you are asked first)")]

    def show_help(self, rows: list[tuple[str, str, str]], rules_text: str) -> None:
        import time

        from riskterm.tui.dialogs import HelpScreen, help_markdown

        started = time.perf_counter()
        screen = HelpScreen(help_markdown(self.help_rows(rows), rules_text))
        screen.opened_at = started
        self.push_screen(screen)

    def check_size(self) -> None:
        w, h = self.size
        small = w < MIN_SIZE[0] or h < MIN_SIZE[1]
        top = self.screen
        if small and not isinstance(top, TooSmallScreen):
            self.push_screen(TooSmallScreen(MIN_SIZE))
        elif not small and isinstance(top, TooSmallScreen):
            self.pop_screen()
