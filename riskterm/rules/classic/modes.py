"""classic's modes of play (the `mode` house option), one line each: a mode is a class of hooks (mode.py) in
its own module. The game keeps its mode in its options only when it is not world domination (a world game's
state is as before modes existed)."""

from __future__ import annotations

from typing import Any

from riskterm.errors import IllegalActionError
from riskterm.rules.classic.assassin import Assassin
from riskterm.rules.classic.capital_risk import CapitalRisk
from riskterm.rules.classic.missions import SecretMission
from riskterm.rules.classic.mode import Mode
from riskterm.rules.classic.state import ClassicState

REGISTRY: tuple[Mode, ...] = (
    Mode(),  # World Domination Risk, the default
    SecretMission(),
    CapitalRisk(),
    Assassin(),
)
BY_KEY = {m.key: m for m in REGISTRY}
WORLD, MISSIONS, CAPITALS = "world", "missions", "capitals"
MODES = tuple(BY_KEY)  # the `mode` option's choices, the default first


def mode_of(s: ClassicState) -> str:
    """The game's mode (a game whose options name none is world domination: every game before modes)."""
    return str(s["options"].get("mode", WORLD))


def hooks(s: ClassicState) -> Mode:
    """The game's mode, whose hooks the game asks."""
    return BY_KEY.get(s["options"].get("mode", WORLD)) or REGISTRY[0]


def check_mode(players: int, options: dict[str, Any]) -> Mode:
    """The mode a new game is played in (world domination for a mode not offered), refused with one sentence
    when it cannot be played by these seats."""
    key = options.get("mode", WORLD)
    mode = BY_KEY.get(key) if isinstance(key, str) else None
    mode = mode or REGISTRY[0]
    lo, hi = mode.seats
    if not lo <= players <= hi:
        raise IllegalActionError(f"{mode.title} is played by {lo} to {hi} players, not {players}.")
    return mode
