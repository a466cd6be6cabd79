"""classic's modes of play (the `mode` house option): World Domination (the default), Secret Mission Risk and
Capital Risk, each with the seats it is played by. A mode is options plus hooks inside this package: the game
keeps its mode in its options only when it is not world domination (a world game's state is as before)."""

from __future__ import annotations

from typing import Any

from riskterm.errors import IllegalActionError
from riskterm.rules.classic.state import ClassicState

WORLD, MISSIONS, CAPITALS = "world", "missions", "capitals"
MODES = (WORLD, MISSIONS, CAPITALS)
TITLES = {WORLD: "World Domination Risk", MISSIONS: "Secret Mission Risk", CAPITALS: "Capital Risk"}
# seats per mode where they differ from the rulebook's 2 to 6 ('This game is suitable for from 3 to 6 players')
SEATS = {MISSIONS: (3, 6)}


def mode_of(s: ClassicState) -> str:
    """The game's mode (a game whose options name none is world domination: every game before modes)."""
    return str(s["options"].get("mode", WORLD))


def check_mode(players: int, options: dict[str, Any]) -> str:
    """The mode a new game is played in, refused with one sentence when it cannot be played by these seats."""
    mode = options.get("mode", WORLD)
    if mode not in MODES:
        mode = WORLD
    lo, hi = SEATS.get(mode, (2, 6))
    if not lo <= players <= hi:
        raise IllegalActionError(f"{TITLES[mode]} is played by {lo} to {hi} players, not {players}.")
    return str(mode)
