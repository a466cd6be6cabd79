"""The lesson screen of `riskterm learn`: the game screen of the lesson game with the tutor's panel on top of
the side panels (the step, what to do and why, the feedback on the last one). `n` goes on past a step to read,
or skips one; everything else is the ordinary game."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from riskterm.session import Session
from riskterm.tui.game import GameScreen
from riskterm.tui.hotseat import HotSeat
from riskterm.tutor import Tutor

# Under the lesson panel the side column keeps ROOM_BELOW lines (and the players table's) for what to do now, the
# current choice and the odds: the panel is capped to the rest and its text scrolls (PgUp, PgDn or the wheel).
# Terminals shorter than SHORT_HEIGHT give the lesson the players table's room too while it shows.
SHORT_HEIGHT = 38
ROOM_BELOW = 12  # the prompt (2 lines), the current choice (up to 4) and the odds panel (6)
LESSON_MIN = 6  # a title and three lines of text, however short the terminal


class LessonPanel(VerticalScroll, can_focus=False):
    """The tutor's panel: its text scrolls where the panel is capped (a short terminal), and its lower border
    then says so."""

    def compose(self) -> ComposeResult:
        yield Static(id="lesson-text")

    def update(self, text: Text) -> None:
        self.query_one("#lesson-text", Static).update(text)

    def on_resize(self) -> None:
        self.call_after_refresh(self.mark_more)

    def mark_more(self) -> None:
        more = self.max_scroll_y > 0
        at_end = self.scroll_y >= self.max_scroll_y
        self.border_subtitle = Text("PgUp: back" if at_end else "PgDn: more", "dim") if more else ""


class LessonScreen(GameScreen):
    BINDINGS = [
        Binding("n", "lesson_next", "Next step"),  # after the rulebook's keys (keys.keyed)
        Binding("pagedown", "lesson_scroll(1)", "Lesson text down", show=False),
        Binding("pageup", "lesson_scroll(-1)", "Lesson text up", show=False),
    ]

    def __init__(
        self, session: Session, tutor: Tutor, speed: float = 0.5, ai_seed: int = 0, hs: HotSeat | None = None
    ) -> None:
        super().__init__(session, speed, ai_seed, hs)
        self.tutor = tutor
        self.remembered = False  # the finished lesson noted for the list
        self.lesson_key: object = None  # what the lesson panel shows: a new step starts at its top
        self.lesson_cap = 0  # the lesson panel's most lines (fit_lesson)
        self.help_rows = (
            ("n", "Next step", "the lesson: go on to the next step, or skip this one"),
            ("PgUp PgDn", "Lesson text", "scroll the lesson's text where it is longer than its panel"),
            *self.help_rows,
        )

    # A lesson game's seed is the course's: its dice commitment means nothing to a learner, and at widths
    # below 110 its notification was never drawn over again (it stayed on the board beside the panel).
    tells_commitment = False

    def side_top(self) -> ComposeResult:
        yield LessonPanel(id="lesson")

    def lesson_shows(self) -> bool:
        return self.tutor.step is not None or bool(self.tutor.feedback)

    def short(self) -> bool:
        return self.app.size.height < SHORT_HEIGHT

    def shows_players(self) -> bool:
        return not (self.short() and self.lesson_shows())

    def fit_lesson(self) -> None:
        """Cap the lesson panel to what the side column has left (once laid out: a resize, the players table
        shown or hidden or a line longer)."""
        if not self.is_attached:
            return
        players = self.query_one("#players")
        below = ROOM_BELOW + (players.outer_size.height if players.display else 0)
        cap = max(LESSON_MIN, self.query_one("#side").size.height - below)
        if cap != self.lesson_cap:
            self.lesson_cap = cap
            for box in self.query("#lesson").results(LessonPanel):
                box.styles.max_height = cap

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "lesson_next":
            return not self.tutor.finished
        if action == "lesson_scroll":
            return self.lesson_shows()
        return super().allows(action, parameters)

    def action_lesson_next(self) -> None:
        self.tutor.skip()
        self.render_all()

    def action_lesson_scroll(self, pages: int) -> None:
        for box in self.query("#lesson").results(LessonPanel):
            box.scroll_relative(y=pages * max(1, box.scrollable_content_region.height - 1), animate=False)
            self.call_after_refresh(box.mark_more)

    def render_all(self) -> None:
        self.tutor.follow(self.session)  # first: whether the lesson shows decides the players table's room
        super().render_all()
        self.render_lesson()
        self.call_after_refresh(self.fit_lesson)

    def render_lesson(self) -> None:
        if self.tutor.finished and not self.remembered:
            from riskterm.tutor import remember_finished

            self.remembered = True
            remember_finished(self.session.rules.name)
        panel = self.query("#lesson").results(LessonPanel)
        for box in panel:
            step = self.tutor.step
            box.display = self.lesson_shows()
            box.border_title = Text(f"Lesson: {self.tutor.progress()}" if step else "Lesson")
            parts: list[tuple[str, str] | str] = []
            if self.tutor.feedback:
                parts.append((self.tutor.feedback + "\n", "italic #90e090"))
            if step is None:
                parts.append("The lesson is over: play on, or Ctrl+Q to stop.")
            else:
                parts.append((step.title + "\n", "bold"))
                parts.append(step.text)
                parts.append(("\n\nn: next step" if step.to_read else "\n\nn: skip this step", "dim"))
            text = Text.assemble(*parts)
            if text.plain != self.lesson_key:
                self.lesson_key = text.plain
                box.update(text)
                box.scroll_home(animate=False)
                self.call_after_refresh(box.mark_more)
