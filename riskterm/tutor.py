"""The tutor: follows a rulebook's lesson game (rules/lessons.py) step by step, checking each step against
the moves actually played, so the app only shows what it says. No Textual here.

    session, tutor = start(variant)  # (or lesson_session(variant, course) and Tutor(course))
    tutor.follow(session)      # after every change to the session: True when the step moved on
    tutor.step, tutor.feedback # what to show
    tutor.skip()               # the learner goes on without doing the step
    lesson_rows()              # every rulebook's lesson for the list, those finished before ticked"""

from __future__ import annotations

import json
from pathlib import Path

from riskterm.rules import PlayerSetup, available_variants, variant_class
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


def progress_path() -> Path:
    from riskterm.paths import data_dir

    return data_dir() / "lessons.json"


def finished_lessons() -> set[str]:
    """The rulebooks whose lesson this user has finished (remembered in the data folder; nothing if unreadable)."""
    from riskterm.safe_io import ReadRefused, read_capped

    try:
        done = json.loads(read_capped(progress_path(), 4096)).get("finished", [])
    except (OSError, ReadRefused, ValueError, AttributeError):
        return set()
    return {v for v in done if isinstance(v, str)} if isinstance(done, list) else set()


def remember_finished(variant: str) -> None:
    """Note a finished lesson for the list; a folder that cannot be written only loses the tick."""
    from riskterm.record.atomic import atomic_write

    done = finished_lessons() | {variant}
    try:
        progress_path().parent.mkdir(parents=True, exist_ok=True)
        atomic_write(progress_path(), json.dumps({"finished": sorted(done)}).encode(), sync=False)
    except OSError:
        pass


def lesson_rows() -> list[tuple[str, str, str]]:
    """(label, rulebook, what it teaches) for every rulebook with a lesson, classic's first: a tick on those
    finished before."""
    done = finished_lessons()
    rows = []
    for v in available_variants():
        course = course_of(v)
        if course is not None:
            mark = "✓" if v in done else " "
            rows.append(
                (
                    f"{mark} {course.title}",
                    v,
                    f"{course.about}; {len(course.steps)} steps{' (finished before)' if v in done else ''}",
                )
            )
    return rows


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
        for played in session.steps[self.seen :]:
            step = self.step
            if step is None:
                break
            if (
                step.done_by is not None
                and rules.actor(played.before) == self.course.seat
                and step.done_by(played.action, played.after)
            ):
                self._done(step.praise)
        self.seen = len(session.steps)
        step = self.step
        while step is not None and step.done_when is not None and step.done_when(session.state):
            self._done(step.praise)
            step = self.step
        return self.index != before
