"""How a phase module declares an action kind: a check (why it is illegal, or None) and a do (the new state
and its events). Handlers are plain functions taking (rules, state, args); they never change the state
they are given (`mutating` hands them a draft)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from riskterm.engine.state import State
from riskterm.rules.base import Event, Rules
from riskterm.rules.risiko.state import draft

Args = tuple[Any, ...]
Check = Callable[[Rules, State, Args], "str | None"]
Do = Callable[[Rules, State, Args], "tuple[State, list[Event]]"]


class Handler(NamedTuple):
    check: Check
    do: Do


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


def after_placing(check: Check) -> Check:
    """Main-phase actions wait until the armies of the Reinforcement cards just played are placed."""

    def guarded(rules: Rules, s: State, args: Args) -> str | None:
        if s["phase"] == "main" and s["reserve"]:
            return f"Place your {s['reserve']} armies first."
        return check(rules, s, args)

    guarded.__name__ = check.__name__
    return guarded
