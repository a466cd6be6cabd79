"""The tutor: follows a rulebook's lesson game (rules/lessons.py) step by step, checking each step against
the moves actually played, so the app only shows what it says. No Textual here.

    session, tutor = start(variant)  # (or lesson_session(variant, course) and Tutor(course))
    tutor.follow(session)      # after every change to the session: True when the step moved on
    tutor.step, tutor.feedback # what to show
    tutor.skip()               # the learner goes on without doing the step"""

from __future__ import annotations

from riskterm.rules import PlayerSetup, variant_class
from riskterm.rules.base import Rules
from riskterm.rules.lessons import Course, LessonStep
from riskterm.session import Session


def course_of(variant: str) -> Course | None:
    return variant_class(variant).presenter_class.lessons


def lesson_session(variant: str, course: Course) -> Session:
    """The lesson game at its start: a new game, played on to the course's prepared position if it has one."""
    players = [PlayerSetup(name, "", level) for name, level in zip(course.names, course.levels, strict=True)]
    session = Session.new(variant, players, course.seed, dict(course.options))
    if course.prepared is not None:
        from riskterm.ai import make_player

        rules = session.rules
        computers = [make_player(variant, "easy", course.seed * 31 + q) for q in range(len(players))]
        for _ in range(PREPARING_MOVES):
            if course.prepared(session.state):
                break
            q = rules.actor(session.state)
            if q is None or rules.is_over(session.state):
                raise ValueError(f"{course.title}: the game never reaches the lesson's position")
            session.apply(computers[q].choose(rules, rules.view(session.state, q), q))
        else:
            raise ValueError(f"{course.title}: the game never reaches the lesson's position")
    return session


def start(variant: str) -> tuple[Session, Tutor] | None:
    """The rulebook's lesson game and its tutor (None: the rulebook has no lessons)."""
    course = course_of(variant)
    if course is None:
        return None
    session = lesson_session(variant, course)
    return session, Tutor(course, seen=len(session.steps))


PREPARING_MOVES = 2000  # a prepared position further than this is a mistake in the course


class Tutor:
    def __init__(self, course: Course, seen: int = 0) -> None:
        self.course = course
        self.index = 0
        self.feedback = ""  # the sentence about the step just done (or skipped)
        self.seen = seen  # session steps already looked at (the prepared position's are not the learner's)

    @property
    def step(self) -> LessonStep | None:
        return self.course.steps[self.index] if self.index < len(self.course.steps) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.course.steps)

    def progress(self) -> str:
        return f"Step {min(self.index + 1, len(self.course.steps))} of {len(self.course.steps)}"

    def skip(self) -> None:
        step = self.step
        if step is not None:
            self._done("" if step.to_read else f"Skipped: {step.title.lower()}.")

    def _done(self, praise: str) -> None:
        self.index += 1
        self.feedback = praise

    def follow(self, session: Session) -> bool:
        """Look at the moves played since last time (an undo takes moves back: they are looked at again when
        played again); True when the lesson moved on."""
        rules: Rules = session.rules
        before = self.index
        self.seen = min(self.seen, len(session.steps))
        for played in session.steps[self.seen:]:
            step = self.step
            if step is None:
                break
            if (step.done_by is not None and rules.actor(played.before) == self.course.seat
                    and step.done_by(played.action, played.after)):
                self._done(step.praise)
        self.seen = len(session.steps)
        step = self.step
        while step is not None and step.done_when is not None and step.done_when(session.state):
            self._done(step.praise)
            step = self.step
        return self.index != before
