"""The events of one step as a seat may read them in a fogged game (engine/fog.py): what the seat sees is what
its views before and after the step show (the rulebook's view decides, open phases included); an event in
territories it sees in neither is hidden from it, and the keys only its player reads are dropped. The
rulebook's EVENTS table says which data keys name the territories (EventKind.places)."""

from __future__ import annotations

from collections.abc import Sequence

from riskterm.engine.events import Event
from riskterm.engine.fog import OFF, Sight, fog_event, known, level_of
from riskterm.engine.state import State
from riskterm.rules.base import Rules


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
        return [x if isinstance(x, str) else x[0] for x in value if isinstance(x, str) or (
            isinstance(x, list) and x and isinstance(x[0], str))]
    return []


def step_events(rules: Rules, before: State, after: State, events: Sequence[Event], seat: int | None) -> list[Event]:
    """`events` (made by one step from `before` to `after`) as `seat` may learn of them under fog: as many
    events, those it may not learn of hidden (Event.seen_by is False for every seat)."""
    if level_of(before) == OFF and level_of(after) == OFF:
        return list(events)
    sees = view_sight(rules.view(before, seat)) | view_sight(rules.view(after, seat))
    index, table, out = rules.board.index, rules.EVENTS, []
    for e in events:
        spec = table.get(e.kind)
        if spec is None or not (spec.places or spec.veiled):
            out.append(e)
            continue
        places = [index[x] for k in spec.places for x in named(e.data.get(k)) if x in index]
        out.append(fog_event(e, places, sees, seat, spec.owners_only, spec.veiled))
    return out
