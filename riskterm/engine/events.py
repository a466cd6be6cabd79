"""Typed game events: what happened in one step, for the log, the dice display, statistics and undo.

A rulebook declares its event kinds once, in a table in its own `events.py`:

    EVENTS = {"battle": EventKind(barrier=True), "card": EventKind(barrier=True, secret=("card",)),
              "place": EventKind()}

and makes events with `make_event(EVENTS, "card", to=seat, turn=3, player=seat, card="alaska")`. An event
says whether it is secret and to whom (`to`, `secret`: keys of `data` only seat `to` may read; `hidden`: only
seat `to` learns that it happened at all) and whether undo may cross it (`barrier`: dice rolled, card drawn, secret revealed, new turn, game over).

Readers use `e.kind`, `e.data` and `e.to`. Events become dicts only on the network (`to_wire`, `from_wire`);
save files hold actions, not events.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum, auto
from typing import Any, TypedDict

# The keys of an event on the wire for what an Event holds in its own fields (the rest is its data).
_TYPE, _PRIVATE = "type", "private"


class Counts(Enum):
    """What the game's statistics (record/stats.py) count an event as, and the data keys they read."""

    CONQUEST = auto()  # player took a territory
    CARD_SET = auto()  # player traded a set of cards in
    KNOCKOUT = auto()  # defender is out of the game, knocked out by player (when named; else the acting seat)
    ROLL = (
        auto()
    )  # one roll of both sides' dice: player, defender, att and dfn (the dice), att_loss, def_loss
    WON = auto()  # a whole fight the attacker (player) won against defender
    REPELLED = auto()  # a whole fight defender won against the attacker (player)
    FIGHT_END = (
        auto()
    )  # a whole fight's end: attacker, defender, result ('attacker', 'defender', or neither won)


@dataclass(frozen=True, slots=True)
class EventKind:
    """How every event of one kind behaves: whether undo may cross it, which data keys are secret, whether
    it is hidden (no one but its seat `to` reads that it happened: no log line, no event on the wire), and
    what the statistics count it as (`bonus`, for a ROLL: the data keys that, when true, add one to the
    attacker's and to the defender's highest die). `data`: the TypedDict its data has (None: not declared
    yet), which a reader may cast the data to and a test checks every such event against. Under fog of war
    (engine/fog.py): `places`, the data keys naming the territories it happens in (a reader who sees none of
    them does not learn of it; `owners_only`: it tells only who holds them, so seeing their owners is
    enough), and `veiled`, the keys only the player it is about reads (the reinforcements a turn brings)."""

    barrier: bool = False
    secret: tuple[str, ...] = ()
    counts: Counts | None = None
    bonus: tuple[str, str] | None = None
    hidden: bool = False
    data: type | None = None
    places: tuple[str, ...] = ()
    owners_only: bool = False
    veiled: tuple[str, ...] = ()


class Turned(TypedDict):
    """What nearly every event's data holds: the turn (0 in the set-up) and the seat it concerns; the base of
    the rulebooks' event data types."""

    turn: int
    player: int


def with_data(data: Mapping[str, type], table: dict[str, EventKind]) -> dict[str, EventKind]:
    """An event table with each kind's data type (EventKind.data) from `data`."""
    return {kind: replace(spec, data=data.get(kind)) for kind, spec in table.items()}


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. `data` is JSON-plain; `to` is None for a public event, else the one seat that
    may read the keys named in `secret`."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    to: int | None = None
    secret: tuple[str, ...] = ()
    barrier: bool = False
    hidden: bool = False

    def seen_by(self, seat: int | None) -> bool:
        """Whether `seat` (None: a spectator) learns of the event at all: a hidden one only its seat `to`."""
        return not self.hidden or (seat is not None and seat == self.to)

    def redacted(self, seat: int | None) -> Event:
        """The event as `seat` may read it: the secret keys removed unless seat is `to` (None: a spectator)."""
        if not self.secret or (seat is not None and seat == self.to):
            return self
        data = {k: v for k, v in self.data.items() if k not in self.secret}
        return Event(self.kind, data, self.to, (), self.barrier, self.hidden)

    def to_wire(self) -> dict[str, Any]:
        """The event as the network sends it: {'type': kind, **data}, plus 'private': to when addressed.
        Send it redacted: the secret keys go as they are."""
        out: dict[str, Any] = {_TYPE: self.kind, **self.data}
        if self.to is not None:
            out[_PRIVATE] = self.to
        return out

    @classmethod
    def from_wire(cls, d: Mapping[str, Any]) -> Event:
        """An event as a remote screen receives it (to_wire's shape). Which steps are barriers stays with the
        host, which keeps the history; a screen reads events only to show them."""
        data = {k: v for k, v in d.items() if k not in (_TYPE, _PRIVATE)}
        to = d.get(_PRIVATE)
        return cls(str(d.get(_TYPE, "")), data, to if isinstance(to, int) else None)


def make_event(table: Mapping[str, EventKind], kind: str, to: int | None = None, **data: Any) -> Event:
    """An event of a kind declared in the rulebook's `table`, with its barrier and secret keys from there."""
    try:
        spec = table[kind]
    except KeyError:
        raise ValueError(f"Event kind '{kind}' is not declared in the rulebook's EVENTS table.") from None
    return Event(kind, data, to, spec.secret, spec.barrier, spec.hidden)


def seen_by(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events `seat` learns of (None: a spectator), the hidden ones of other seats left out."""
    return [e for e in events if e.seen_by(seat)]
