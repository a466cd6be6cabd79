"""The lesson game of `riskterm learn`: each step is checked against the moves really played."""

from __future__ import annotations

from riskterm.engine.actions import Action
from riskterm.session import Session
from riskterm.tutor import Tutor, course_of, lesson_session


def lesson() -> tuple[Session, Tutor]:
    course = course_of("classic")
    assert course is not None
    return lesson_session("classic", course), Tutor(course)


def first(s: Session, kind: str) -> Action:
    return next(a for a in s.rules.legal_actions(s.state) if a.kind == kind)


def test_the_lesson_game_starts_with_the_learner_placing() -> None:
    s, tutor = lesson()
    assert s.rules.actor(s.state) == tutor.course.seat and s.state["phase"] == "reinforce"
    assert [p["ai"] for p in s.state["players"]] == [None, "easy", "easy"]


def test_a_step_to_read_waits_for_the_learner_and_a_step_to_do_waits_for_the_move() -> None:
    s, tutor = lesson()
    assert tutor.step is not None and tutor.step.to_read and not tutor.follow(s)
    tutor.skip()  # 'n': read, go on
    assert tutor.step.title == "Place your armies" and tutor.feedback == ""
    s.apply(Action("place", (first(s, "place").args[0], 1)))
    assert not tutor.follow(s)  # three armies still to place: not done yet
    while s.state["phase"] == "reinforce":
        s.apply(Action("place", (first(s, "place").args[0], s.state["reserve"])))
    assert tutor.follow(s) and tutor.step.title == "Attack" and tutor.feedback.startswith("All placed")


def test_attack_conquer_stop_and_fortify_each_move_the_lesson_on() -> None:
    s, tutor = lesson()
    tutor.skip()
    while s.state["phase"] == "reinforce":
        s.apply(Action("place", ("central_america", s.state["reserve"])))
    tutor.follow(s)
    s.apply(Action("blitz", ("central_america", "western_united_states", 1)))
    while s.state["phase"] == "occupy":
        s.apply(first(s, "move"))
    tutor.follow(s)
    assert tutor.step is not None and tutor.step.title == "Stop attacking"  # attacked, conquered, moved in
    s.apply(Action("stop"))
    assert tutor.follow(s) and tutor.step.title == "Fortify"
    s.apply(Action("end"))
    assert tutor.follow(s) and tutor.step.title == "Cards"


def test_an_undone_move_is_looked_at_again() -> None:
    s, tutor = lesson()
    tutor.skip()
    s.apply(Action("place", ("central_america", 1)))
    tutor.follow(s)
    assert s.undo()
    tutor.follow(s)
    assert tutor.seen == 0 and tutor.step is not None and tutor.step.title == "Place your armies"


def test_skipping_says_so_and_the_lesson_ends() -> None:
    s, tutor = lesson()
    for _ in tutor.course.steps:
        tutor.skip()
    assert tutor.finished and tutor.step is None


def test_finished_lessons_are_remembered_and_a_broken_record_forgets_them(data_home) -> None:
    from riskterm.tutor import finished_lessons, lesson_rows, progress_path, remember_finished

    assert finished_lessons() == set() and not any(label.startswith("✓") for label, _, _ in lesson_rows())
    remember_finished("risiko")
    remember_finished("classic")
    assert finished_lessons() == {"classic", "risiko"}
    ticked = {v for label, v, _ in lesson_rows() if label.startswith("✓")}
    assert ticked == {"classic", "risiko"}
    progress_path().write_text("[not json")
    assert finished_lessons() == set()
