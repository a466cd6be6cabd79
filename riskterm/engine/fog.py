"""Fog of war: what one seat may see of the map, after Warzone's fog levels.

- `off`: everything.
- `light`: who holds every territory; armies only on your own territories and their neighbours.
- `normal`: owners and armies only on your own territories and their neighbours.
- `dense`: only your own territories; a neighbour shows that it is there (it borders you) and nothing more.

A territory the player whose turn it is attacked this turn stays in that player's sight for the rest of the
turn (the rulebook keeps them in the state's `fog_seen`). A fogged view says whose sight it is (`viewer`) and hides what is out of sight with the marker
UNKNOWN in `owner` and `armies` (owner -1 stays "nobody"; armies are never negative), so code that reads a
view can tell "unknown" from any real value. The game's end lifts the fog. Rulebook-free: the rulebook says
which per-territory keys it holds and passes the board's adjacency."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from riskterm.engine.events import Event

OFF, LIGHT, NORMAL, DENSE = "off", "light", "normal", "dense"
LEVELS = (OFF, LIGHT, NORMAL, DENSE)
UNKNOWN = -2  # an owner or an army count the seat may not see
SEEN_KEY = "fog_seen"  # territories the player whose turn it is attacked this turn


# What each level means, for the rules screen of a fogged game.
MEANINGS = {
    LIGHT: "you see who holds every territory, but armies only on your own territories and their neighbours",
    NORMAL: "you see owners and armies only on your own territories and their neighbours",
    DENSE: "you see only your own territories; their neighbours show that they are there, nothing more",
}


def rules_note(s: Mapping[str, Any]) -> str:
    """The rules screen's paragraph on this game's fog ('' without fog or once the game is over)."""
    level = level_of(s)
    if level == OFF:
        return ""
    return (
        f"## Fog of war: {level}\n\nIn this game {MEANINGS[level]}. The rest of the map is fog (hatched "
        "░, counts '?'). A territory you attack stays in sight for the rest of your turn. The log tells "
        "you only what happens where you can see (fighting elsewhere as 'attacks somewhere out of your "
        "sight'); eliminations and card trades are public. The other "
        "players' armies and figures are hidden until the game ends, which lifts the fog; the replay "
        "shows everything.\n\n"
    )


def level_of(s: Mapping[str, Any]) -> str:
    """The game's fog level; 'off' for a game without fog and for a finished game (its end lifts the fog)."""
    level = s.get("options", {}).get("fog", OFF)
    if level == OFF or s.get("winner") is not None or s.get("draw"):
        return OFF
    return str(level)


def lifted(s: Mapping[str, Any]) -> dict[str, Any]:
    """The state without its fog (a replay shows everything)."""
    out = dict(s)
    if "fog" in s.get("options", {}):
        out["options"] = {k: v for k, v in s["options"].items() if k != "fog"}
    return out


def known(value: int) -> bool:
    """Whether an owner or an army count read from a view is known."""
    return value != UNKNOWN


@dataclass(frozen=True)
class Sight:
    """What one seat sees, per territory: its owner, its armies (a count seen implies its owner seen), and,
    under dense fog, that it borders the seat's land."""

    owners: tuple[bool, ...]
    counts: tuple[bool, ...]
    near: tuple[bool, ...]

    def sees_any(self, places: Iterable[int], counts: bool = True) -> bool:
        mask = self.counts if counts else self.owners
        return any(mask[t] for t in places)

    def __or__(self, other: Sight) -> Sight:
        def both(a: tuple[bool, ...], b: tuple[bool, ...]) -> tuple[bool, ...]:
            return tuple(x or y for x, y in zip(a, b, strict=True))

        return Sight(
            both(self.owners, other.owners), both(self.counts, other.counts), both(self.near, other.near)
        )


def sight(
    owner: Sequence[int], adj: Sequence[Iterable[int]], seat: int | None, level: str, seen: Iterable[int] = ()
) -> Sight:
    """What `seat` (None: a spectator, who holds nothing) sees of a map with these owners at this fog level;
    `seen`: the territories it attacked this turn."""
    n = len(owner)
    if level == OFF:
        every = (True,) * n
        return Sight(every, every, (False,) * n)
    mine = [seat is not None and o == seat for o in owner]
    for t in seen:
        mine[t] = True
    near = [False] * n
    for t, m in enumerate(mine):
        if m:
            for u in adj[t]:
                near[u] = True
    if level == DENSE:
        counts = tuple(mine)
        return Sight(counts, counts, tuple(x and not m for x, m in zip(near, mine, strict=True)))
    near_or_mine = tuple(m or x for m, x in zip(mine, near, strict=True))
    if level == NORMAL:
        return Sight(near_or_mine, near_or_mine, (False,) * n)
    # light: every owner seen, so land seen to be nobody's is seen to be empty too
    counts = tuple(c or o == -1 for c, o in zip(near_or_mine, owner, strict=True))
    return Sight((True,) * n, counts, (False,) * n)


def sight_of(s: Mapping[str, Any], adj: Sequence[Iterable[int]], seat: int | None) -> Sight:
    """sight() for a state: its fog level, and the territories attacked this turn when `seat` is playing it."""
    seen = s.get(SEEN_KEY, ()) if seat is not None and seat == s.get("current") else ()
    return sight(s["owner"], adj, seat, level_of(s), seen)


def fogged(
    v: dict[str, Any], adj: Sequence[Iterable[int]], seat: int | None, rows: Mapping[str, Any] = {}
) -> dict[str, Any]:
    """The view `v` (a copy the caller may change) with everything out of `seat`'s sight replaced by UNKNOWN:
    owners, armies, and each per-territory row named in `rows` (key -> what an unseen row becomes)."""
    level = level_of(v)
    if level == OFF:
        return v
    see = sight_of(v, adj, seat)
    v["owner"] = [o if k else UNKNOWN for o, k in zip(v["owner"], see.owners, strict=True)]
    v["armies"] = [a if k else UNKNOWN for a, k in zip(v["armies"], see.counts, strict=True)]
    for key, hidden in rows.items():
        v[key] = [r if k else hidden for r, k in zip(v[key], see.counts, strict=True)]
    v.pop(SEEN_KEY, None)
    v["viewer"] = seat  # whose sight this is (the panels show that seat's own figures alone)
    return v


def seen_territories(before: Mapping[str, Any], t: int) -> list[int]:
    """The state's `fog_seen` with territory t added (a new list: states are never changed in place)."""
    seen: list[int] = before[SEEN_KEY]
    return seen if t in seen else [*seen, t]


def fog_event(
    e: Event, places: Sequence[int], sees: Sight, reader: int | None, owners_only: bool, veiled: Sequence[str]
) -> Event:
    """Event `e` as `reader` may read it under fog (`sees`: the reader's sight before and after the step):
    hidden when it names territories (`places`) none of which the reader sees (`owners_only`: the event tells
    only who holds them), the `veiled` keys dropped for anyone but the player it is about. The acting player
    reads all of its own events."""
    if reader is not None and e.data.get("player") == reader:
        return e
    if places and not sees.sees_any(places, counts=not owners_only):
        return Event(e.kind, {}, None, (), e.barrier, True)
    if veiled and any(k in e.data for k in veiled):
        return Event(
            e.kind, {k: v for k, v in e.data.items() if k not in veiled}, e.to, e.secret, e.barrier, e.hidden
        )
    return e
