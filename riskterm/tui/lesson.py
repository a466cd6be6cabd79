"""The lesson screen of `riskterm learn`: the game screen of the lesson game with the tutor's panel on top of
the side panels (the step, what to do and why, the feedback on the last one). `n` goes on past a step to read,
or skips one; everything else is the ordinary game."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from riskterm.session import Session
from riskterm.tui.game import GameScreen
from riskterm.tui.hotseat import HotSeat
from riskterm.tutor import Tutor


class LessonScreen(GameScreen):
    BINDINGS = [Binding("n", "lesson_next", "Next step")]  # after the rulebook's keys (keys.keyed)

    def __init__(
        self, session: Session, tutor: Tutor, speed: float = 0.5, ai_seed: int = 0, hs: HotSeat | None = None
    ) -> None:
        super().__init__(session, speed, ai_seed, hs)
        self.tutor = tutor
        self.remembered = False  # the finished lesson noted for the list
        self.help_rows = (
            ("n", "Next step", "the lesson: go on to the next step, or skip this one"),
            *self.help_rows,
        )

    # A lesson game's seed is the course's: its dice commitment means nothing to a learner, and at widths
    # below 110 its notification was never drawn over again (it stayed on the board beside the panel).
    tells_commitment = False

    def side_top(self) -> ComposeResult:
        yield Static(id="lesson")

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "lesson_next":
            return not self.tutor.finished
        return super().allows(action, parameters)

    def action_lesson_next(self) -> None:
        self.tutor.skip()
        self.render_all()

    def render_all(self) -> None:
        super().render_all()
        self.tutor.follow(self.session)
        self.render_lesson()

    def render_lesson(self) -> None:
        if self.tutor.finished and not self.remembered:
            from riskterm.tutor import remember_finished

            self.remembered = True
            remember_finished(self.session.rules.name)
        panel = self.query("#lesson").results(Static)
        for box in panel:
            step = self.tutor.step
            box.display = step is not None or bool(self.tutor.feedback)
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
            box.update(Text.assemble(*parts))
