"""The speed-ups for games nobody watches (`simulate`, a computer player's look-ahead), kept off the
rulebook's public face: a rulebook declares them once in its `headless` settings, and the computer players
and `simulate` use them through the functions here. None changes a game: the states are the same.

- quiet(rules): a copy whose steps leave out the per-roll battle events, or (`quiet_steps`) every event.
- answering(rules, given): a copy whose steps apply the standing answers the seats gave for the whole game.
- advance(rules, s, a): the state after a legal action, without a Transition.
- legal_groups(rules, s), several_actions(rules, s): the legal actions grouped, and whether there are two
  or more, for a computer player's search (each rulebook may answer faster than the plain list)."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from riskterm.engine.actions import Action, ActionGroup
from riskterm.engine.state import State
from riskterm.errors import IllegalActionError


@dataclass(frozen=True)
class Headless:
    """A rulebook's speed-ups: what it declares (quiet_steps, standing_answers, end_kinds, long_kinds) and
    what a copy made here sets (silent, roll_events, standing). The rulebook's steps read the latter."""

    # True: the rulebook's steps take a None events list on a quiet copy (they make no events at all).
    quiet_steps: bool = False
    # Answers a seat may give once for a whole game instead of at every step that asks (standing orders):
    # answer -> what it means. A headless game asks each computer player which it gives (answering()).
    standing_answers: Mapping[str, str] = field(default_factory=dict)
    # Action kinds that end a phase or the turn, best first: what a computer turn that runs too long falls
    # back to; and the kinds a fallback avoids while anything else is legal (they prolong the turn).
    end_kinds: tuple[str, ...] = ()
    long_kinds: frozenset[str] = frozenset()
    # Set on a copy only: no events at all (a quiet copy of a rulebook with quiet_steps), no per-roll battle
    # events, and the standing answers given (answer -> the seats that gave it).
    silent: bool = False
    roll_events: bool = True
    standing: Mapping[str, frozenset[int]] = field(default_factory=dict)


class Steps(Protocol):
    """What the functions here need of a rulebook (rules/base.py's Rules, named without importing it)."""

    headless: Headless

    def _step(self, s: State, a: Action) -> tuple[State, Any]: ...

    def _legal_groups(self, s: State) -> list[ActionGroup]: ...

    def _several_actions(self, s: State) -> bool: ...


R = TypeVar("R", bound=Steps)


def _with(rules: R, **changes: object) -> R:
    q = copy.copy(rules)
    q.headless = dataclasses.replace(rules.headless, **changes)  # type: ignore[arg-type]
    return q


def quiet(rules: R) -> R:
    """A copy of `rules` for games whose events nobody reads: it leaves out the per-roll battle events, or (a
    rulebook with quiet_steps) every event; the states it gives are the same, and a step may then say
    barrier False where it rolled dice. Set once, here: rules objects hold no mutable state."""
    return _with(rules, roll_events=False, silent=rules.headless.quiet_steps)


def answering(rules: R, given: Mapping[int, Iterable[str]]) -> R:
    """A copy of `rules` whose steps apply the standing answers each seat gave (`given`: seat -> its answers,
    each one of standing_answers); the others still ask."""
    sets = {seat: frozenset(answers) for seat, answers in given.items()}
    return _with(
        rules,
        standing={
            name: frozenset(seat for seat, answers in sets.items() if name in answers)
            for name in rules.headless.standing_answers
        },
    )


def advance(rules: Steps, s: State, a: Action) -> State:
    """The state after the legal action `a` (checked by the caller, or on the acting seat's view, which decides
    the same), for a loop that reads only the states: no Transition is built and no barrier is needed."""
    if s.get("winner") is not None or s.get("draw"):
        raise IllegalActionError("The game is over.")
    return rules._step(s, a)[0]


def legal_groups(rules: Steps, s: State) -> list[ActionGroup]:
    """legal_actions(s) as groups of one kind and leading arguments (engine.actions.ActionGroup), in the same
    order: flatten(legal_groups(s)) == legal_actions(s)."""
    return rules._legal_groups(s)


def several_actions(rules: Steps, s: State) -> bool:
    """True when s is known, without listing them, to offer two or more legal actions; False: not known."""
    return rules._several_actions(s)
