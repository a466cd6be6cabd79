"""A rulebook's lessons (its presenter's `lessons`) for a new player: a small game on the real board with a fixed seed, and the steps a
tutor walks through it, each explained and checked before the next (riskterm/tutor.py runs them; the app's
lesson screen shows them beside the board). Plain data: no Textual here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from riskterm.engine.actions import Action
from riskterm.engine.state import State


@dataclass(frozen=True)
class LessonStep:
    """One thing to learn. It is done by one of the learner's actions (`done_by`: the action and the state
    after it), or when the game reaches a position (`done_when`, after anyone's move); a step with neither is
    read, and the learner goes on when ready. `praise` is the sentence of feedback once it is done."""

    title: str
    text: str
    done_by: Callable[[Action, State], bool] | None = None
    done_when: Callable[[State], bool] | None = None
    praise: str = ""

    @property
    def to_read(self) -> bool:
        return self.done_by is None and self.done_when is None


@dataclass(frozen=True)
class Course:
    """The lesson game: the learner sits at seat 0; the other seats are computer players of `levels`. With
    `prepared`, the lesson starts at a prepared position: easy computer players make every seat's moves (the
    learner's too) until `prepared(state)` holds, so a lesson about a rulebook's own idea starts where that
    idea comes up rather than after a long set-up. `about` says in a few words what it teaches (the list)."""

    title: str
    names: tuple[str, ...]
    levels: tuple[str | None, ...]
    seed: int
    steps: tuple[LessonStep, ...]
    options: dict[str, Any] = field(default_factory=dict)
    seat: int = 0
    about: str = ""
    prepared: Callable[[State], bool] | None = None


PLAY_ON = LessonStep(
    "Play on",
    "Play this game on against Ada and Bo, or press Ctrl+Q to stop (the game is saved: 'riskterm resume' goes "
    "on with it). F1 shows every key and the whole rulebook; h asks the coach what to do now; "
    "'riskterm learn' lists every lesson.\n\nPress n to close the lesson.",
)
"""The last step of a rulebook's short lesson: the lesson game goes on as an ordinary game."""
