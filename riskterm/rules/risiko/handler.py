"""How a phase module writes an action kind's `do`: a function changing a draft of the state and appending
events, wrapped by `mutating` into the (rules, state, args) -> (state, events) of the base Handler; the
state it was given is never changed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riskterm.engine.state import State
from riskterm.rules.base import Do, Event, Handler, Rules
from riskterm.rules.risiko.state import draft

Args = tuple[Any, ...]
__all__ = ["Args", "Handler", "mutating"]


def mutating(fn: Callable[[Rules, State, Args, list[Event]], None]) -> Do:
    """Turn `fn(rules, draft, args, events)` (which changes the draft and appends events) into a Do."""

    def do(rules: Rules, s: State, args: Args) -> tuple[State, list[Event]]:
        d = draft(s)
        ev: list[Event] = []
        fn(rules, d, args, ev)
        return d, ev

    do.__name__ = fn.__name__
    do.__doc__ = fn.__doc__
    return do

