"""Scripted dice, one way for every rulebook: put the faces a test wants into the state's random stream, and
the engine rolls exactly those next. No seed searches, no monkeypatching, no method overrides.

    from support import with_dice, dice_left

    s = with_dice(s, 6, 6, 5, 1, 1)              # the next five dice drawn, in the order the rulebook draws them
    s, ev = rules.apply(s, "attack alaska alberta 3")   # attacker 6 6 5, defender 1 1
    assert dice_left(s) == []                    # every scripted face was used

Order: the faces are taken one die at a time, in the order the rulebook asks for them: one roll's attacker
dice, then its defender dice, then the next roll (classic, RisiKo!); one die per call where a rulebook rolls
die by die (europe, roll-offs); in draw order, one per unit, where each die belongs to a unit (modern, through
Rng.faces). A roll of n dice sorts its n faces high to low, as a real roll does, so `with_dice(s, 1, 6, 3)`
and `with_dice(s, 6, 3, 1)` give the same 3-dice roll.

How: `Rng` (riskterm/engine/rng.py) reads a stream given as the list [stream, face, ...] and takes die(),
dice(n) and faces(n) from it until the faces are used up; then the stream is an int again and goes on as it
would have. Shuffles and choices (cards, set-ups) never use the faces. Rolling more dice than are scripted
raises ValueError, so a test that miscounts fails loudly. Works on the state before new_game's roll-off too:
`scripted_stream(seed_state(seed), ...)` gives a stream to start from.
"""

from __future__ import annotations

from typing import Any

from riskterm.engine.rng import Rng

State = dict[str, Any]


def scripted_stream(stream: int | list[int], *faces: int) -> list[int]:
    """The random stream `stream` (an int, or an already scripted list) with `faces` rolled first (after any
    faces already scripted)."""
    for f in faces:
        if not (isinstance(f, int) and 1 <= f <= 6):
            raise ValueError(f"A die shows 1 to 6, not {f!r}.")
    base = list(stream) if isinstance(stream, list) else [stream]
    return [*base, *faces]


def with_dice(state: State, *faces: int) -> State:
    """A copy of `state` whose next dice are exactly `faces` (appended after any already scripted)."""
    s = dict(state)
    s["rng"] = scripted_stream(state["rng"], *faces)
    return s


def dice_left(state: State) -> list[int]:
    """The scripted faces not rolled yet ([] once all are used: the stream is a plain int again)."""
    r = Rng(state["rng"])
    return list(r.script or [])
