"""The rules as a phase module and a presenter see them (`Book`), and the two types its end-of-game hook
speaks in (`Outcome`, `Log`): a module of its own so that both the rules (base.py) and the presenter
(presenter.py) can name them without importing each other."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from riskterm.board import Board
from riskterm.engine.actions import Action
from riskterm.engine.events import Event
from riskterm.rules.headless import Headless

# What a step appends its events to: a list, or None on a headless.quiet() copy of a rulebook that sets quiet_steps.
Log = list[Event] | None


@dataclass(frozen=True)
class Outcome:
    """How a game ended: its winners (one seat, or none for a draw) and why, in the rulebook's own word
    ('world', 'opponent', 'crowns', 'turn_cap', ...)."""

    winners: tuple[int, ...]
    why: str

    @property
    def draw(self) -> bool:
        return not self.winners


class Book(Protocol):
    """The rules as a phase module sees them: the rulebook object, typed without importing its class."""

    @property
    def board(self) -> Board: ...

    @property
    def headless(self) -> Headless: ...  # its speed-ups: silent, roll_events, standing (rules/headless.py)

    @property
    def turn_cap(self) -> int: ...

    def t(self, tid: Any) -> int | None: ...

    def tname(self, i: int) -> str: ...

    def why_illegal(self, s: Any, a: Action) -> str | None: ...

    def legal_actions(self, s: Any) -> list[Action]: ...

    def check_end(self, s: Any) -> Outcome | None: ...

    def finish(self, s: Any, outcome: Outcome, events: Log) -> None: ...
