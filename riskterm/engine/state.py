"""Game states are JSON-plain dicts treated as immutable. A rule's apply() starts from `draft(state, keys)`,
which copies the top level and the listed containers one level deep, so the old state is never touched."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TypedDict, TypeVar, cast

State = dict[str, Any]


class CoreState(TypedDict):
    """The keys every rulebook's state has; each rulebook's state TypedDict extends it with its own (its
    players, options and everything else) and says there what its phases are."""

    variant: str  # the rulebook's name
    board: str  # the board's id
    seed: int  # the game's seed: a save replays from it; never in a player's view
    rng: int | list[int]  # the random stream's state (a list: a test's scripted dice; never in a view)
    owner: list[int]  # per territory index: the seat holding it, -1 for nobody
    armies: list[int]  # per territory index: its armies (all units in it)
    phase: str  # the rulebook's phase of play; "over" once the game has ended
    actor: int  # the seat that must act now
    current: int  # the seat whose turn it is
    first: int  # the seat that played first
    turn: int  # player-turns begun (the log's and the app's turn counter)
    winner: int | None  # written by Rules.finish only
    draw: bool  # written by Rules.finish only


T = TypeVar("T")
S = TypeVar("S", bound=Mapping[str, Any])  # a State or a rulebook's TypedDict of it


def present(value: T | None, missing: str) -> T:
    """A record a phase holds (the attack under way, a pending conquest), or TypeError(missing) when asked for
    outside that phase: as indexing None did, so a check or an int_range answers as for a malformed action."""
    if value is None:
        raise TypeError(missing)
    return value


def draft(state: S, *keys: str) -> S:
    s = cast(State, state).copy()
    for k in keys:
        v = s[k]
        if isinstance(v, (list, dict)):  # JSON-plain: a shallow copy of the same type
            s[k] = v.copy()
    return cast(S, s)


def touch(state: Mapping[str, Any], key: str) -> Any:
    """Copy one more container of a draft before mutating it (cheap; call once per key per apply)."""
    s = cast(State, state)
    v = s[key]
    s[key] = list(v) if isinstance(v, list) else dict(v)
    return s[key]


def touch_item(s: Mapping[str, Any], key: str, i: int | str) -> Any:
    """Copy s[key] and s[key][i] (e.g. one player's record or one hand) before mutating it."""
    outer = touch(s, key)
    inner = outer[i]
    outer[i] = list(inner) if isinstance(inner, list) else dict(inner)
    return outer[i]


def to_json(state: State) -> str:
    """The state as canonical JSON text (sorted keys): equal states give equal text."""
    return json.dumps(state, sort_keys=True, separators=(",", ":"))
