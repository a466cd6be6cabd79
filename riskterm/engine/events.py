"""Typed game events: what happened in one step, for the log, the dice display, statistics and undo.

A rulebook declares its event kinds once, in a table in its own `events.py`:

    EVENTS = {"battle": EventKind(barrier=True), "card": EventKind(barrier=True, secret=("card",)),
              "place": EventKind()}

and makes events with `make_event(EVENTS, "card", to=seat, turn=3, player=seat, card="alaska")`. An event
says whether it is secret and to whom (`to`, `secret`: keys of `data` only seat `to` may read) and whether undo
may cross it (`barrier`: dice rolled, card drawn, secret revealed, new turn, game over).

Old readers still treat events as dicts (`e["type"]`, `e.get("player")`, `"private" in e`); `Event` answers
them while rulebooks and readers move over. New code reads `e.kind` and `e.data`, and `as_event` turns a plain
dict event (from a rulebook not yet converted) into an `Event`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

# Keys a plain dict event uses for what an Event holds in its own fields.
_TYPE, _PRIVATE = "type", "private"


@dataclass(frozen=True, slots=True)
class EventKind:
    """How every event of one kind behaves: whether undo may cross it, and which data keys are secret."""

    barrier: bool = False
    secret: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. `data` is JSON-plain; `to` is None for a public event, else the one seat that
    may read the keys named in `secret`."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    to: int | None = None
    secret: tuple[str, ...] = ()
    barrier: bool = False

    def redacted(self, seat: int | None) -> Event:
        """The event as `seat` may read it: the secret keys removed unless seat is `to` (None: a spectator)."""
        if not self.secret or (seat is not None and seat == self.to):
            return self
        data = {k: v for k, v in self.data.items() if k not in self.secret}
        return Event(self.kind, data, self.to, (), self.barrier)

    def to_dict(self) -> dict[str, Any]:
        """The old dict shape: {'type': kind, **data}, plus 'private': to when the event is addressed."""
        out: dict[str, Any] = {_TYPE: self.kind, **self.data}
        if self.to is not None:
            out[_PRIVATE] = self.to
        return out

    # --- dict-style reading, for readers not yet converted to e.kind / e.data ---------------------
    def __getitem__(self, key: str) -> Any:
        if key == _TYPE:
            return self.kind
        if key == _PRIVATE and self.to is not None:
            return self.to
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key: object) -> bool:
        return key == _TYPE or (key == _PRIVATE and self.to is not None) or key in self.data

    def keys(self) -> list[str]:
        return list(self.to_dict())

    def items(self) -> list[tuple[str, Any]]:
        return list(self.to_dict().items())

    def __iter__(self) -> Iterator[str]:
        return iter(self.to_dict())


AnyEvent = Event | Mapping[str, Any]  # what readers accept while rulebooks still emit plain dicts


def make_event(table: Mapping[str, EventKind], kind: str, to: int | None = None, **data: Any) -> Event:
    """An event of a kind declared in the rulebook's `table`, with its barrier and secret keys from there."""
    try:
        spec = table[kind]
    except KeyError:
        raise ValueError(f"Event kind '{kind}' is not declared in the rulebook's EVENTS table.") from None
    return Event(kind, data, to, spec.secret, spec.barrier)


def as_event(e: AnyEvent) -> Event:
    """`e` itself when typed; a plain dict event ({'type': ..., 'private': seat, ...}) as an Event (not a
    barrier: a dict says nothing about undo, so the session still guesses for those)."""
    if isinstance(e, Event):
        return e
    data = {k: v for k, v in e.items() if k not in (_TYPE, _PRIVATE)}
    to = e.get(_PRIVATE)
    return Event(str(e.get(_TYPE, "")), data, to if isinstance(to, int) else None)


def barrier_of(events: list[Any]) -> bool | None:
    """Whether undo must stop after these events; None when it cannot be told (no events, or a plain dict
    among them)."""
    if not events or not all(isinstance(e, Event) for e in events):
        return None
    return any(e.barrier for e in events)
