"""The events of one step as a seat may read them in a fogged game (engine/fog.py): what the seat sees is what
its views before and after the step show (the rulebook's view decides, open phases included); an event in
territories it sees in neither is hidden from it, and the keys only its player reads are dropped. The
rulebook's EVENTS table says which data keys name the territories (EventKind.places). Where fighting goes on out
of sight, the reader is told only that it does ("Bob attacks somewhere out of your sight": an UNSEEN event,
once for a run of such fighting by the same player)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from riskterm.engine.events import Counts, Event
from riskterm.engine.fog import OFF, Sight, fog_event, known, level_of
from riskterm.engine.state import State
from riskterm.rules.base import Rules

UNSEEN = "unseen"  # fighting out of the reader's sight: data turn, player (Presenter.describe words it)
# what the statistics count as fighting: an event of these kinds hidden by the fog is told as UNSEEN
FIGHTING = frozenset({Counts.ROLL, Counts.FIGHT_END, Counts.WON, Counts.REPELLED, Counts.CONQUEST})


def view_sight(v: State) -> Sight:
    """What a view shows: the territories whose owner, and those whose armies, are not unknown."""
    owners = tuple(known(o) for o in v["owner"])
    counts = tuple(known(a) for a in v["armies"])
    return Sight(owners, counts, (False,) * len(owners))


def named(value: object) -> list[str]:
    """The territory ids a place key holds: one id, or a list of ids or of [id, ...] pairs."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [
            x if isinstance(x, str) else x[0]
            for x in value
            if isinstance(x, str) or (isinstance(x, list) and x and isinstance(x[0], str))
        ]
    return []


def step_events(
    rules: Rules,
    before: State,
    after: State,
    events: Sequence[Event],
    seat: int | None,
    told: Sequence[Event] = (),
) -> list[Event]:
    """`events` (made by one step from `before` to `after`) as `seat` may learn of them under fog: as many
    events, those it may not learn of hidden (Event.seen_by is False for every seat), the first of a run of
    fighting out of sight told as UNSEEN. `told`: the events before these, as the seat read them."""
    if level_of(before) == OFF and level_of(after) == OFF:
        return list(events)
    sees = view_sight(rules.view(before, seat)) | view_sight(rules.view(after, seat))
    index, table, out = rules.board.index, rules.EVENTS, []
    last = next((e for e in reversed(told) if e.seen_by(seat)), None)
    for e in events:
        spec = table.get(e.kind)
        if spec is None or not (spec.places or spec.veiled):
            out.append(e)
            last = e if e.seen_by(seat) else last
            continue
        places = [index[x] for k in spec.places for x in named(e.data.get(k)) if x in index]
        f = fog_event(e, places, sees, seat, spec.owners_only, spec.veiled)
        who: dict[str, Any] = {k: e.data[k] for k in ("turn", "player") if k in e.data}
        if (
            f.hidden
            and not e.hidden
            and spec.counts in FIGHTING
            and "player" in who
            and not (last is not None and last.kind == UNSEEN and last.data == who)
        ):
            f = Event(UNSEEN, who, None, (), e.barrier)
        out.append(f)
        last = f if f.seen_by(seat) else last
    return out


def unseen_line(e: Event, names: Sequence[str]) -> str | None:
    """The log line of an UNSEEN event; None for any other."""
    if e.kind != UNSEEN:
        return None
    p = e.data.get("player")
    who = names[p] if isinstance(p, int) and 0 <= p < len(names) else "Someone"
    return f"{who} attacks somewhere out of your sight."
