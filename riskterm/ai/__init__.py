"""Computer players. The interface the app and `simulate` use:

    player = make_player(variant, level, seed)
    action = player.choose(rules, view, seat)   # view = rules.view(state, seat): no peeking

A player only ever returns one of rules.legal_actions(view) (or an action the rules accept for that view).
To bound a computer turn (time and actions), ask through `TurnGuard().choose(rules, state, seat, player)`
(riskterm.ai.guard), which falls back to ending the turn. Whole headless games: riskterm.ai.simulate.

Rulebooks with their own players: riskterm.ai.<variant> exposing a `Player` class taking (level, seed);
every other rulebook gets riskterm.ai.generic.GenericPlayer, which works from legal actions alone."""

from __future__ import annotations

import importlib
import random
from typing import Protocol

from riskterm.ai.guard import TurnGuard, fallback_action
from riskterm.engine.actions import Action
from riskterm.engine.state import State
from riskterm.errors import RiskError
from riskterm.rules.base import Rules

LEVELS = ("easy", "normal", "hard")
# variant -> module with a rulebook-specific `Player(level, seed)`
SPECIFIC = {"classic": "riskterm.ai.classic", "modern": "riskterm.ai.modern", "risiko": "riskterm.ai.risiko",
            "europe": "riskterm.ai.europe"}


class Player(Protocol):
    level: str

    def choose(self, rules: Rules, view: State, seat: int) -> Action: ...


class RandomPlayer:
    """Picks a random legal action (for tests and conformance playouts)."""

    level = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, rules: Rules, view: State, seat: int) -> Action:
        actions = rules.legal_actions(view)
        if not actions:
            raise RuntimeError("no legal action for the computer player")
        return self.rng.choice(actions)


def canonical_variant(variant: str) -> str:
    from riskterm.rules import ALIASES

    key = variant.lower()
    return ALIASES.get(key, key)


def make_player(variant: str, level: str = "easy", seed: int = 0) -> Player:
    """A computer player for the rulebook `variant` at `level` (easy, normal, hard)."""
    if level == "random":
        return RandomPlayer(seed)
    if level not in LEVELS:
        raise RiskError(f"There is no computer level '{level}'; choose one of {', '.join(LEVELS)}.")
    module = SPECIFIC.get(canonical_variant(variant))
    if module is not None:
        cls = importlib.import_module(module).Player
        if level == "hard":  # hard is the search over the rulebook's heuristic (riskterm.ai.core.search)
            from riskterm.ai.core.profiles import search_player

            searching = search_player(canonical_variant(variant), cls, seed)
            if searching is not None:
                return searching
        return cls(level, seed)  # type: ignore[no-any-return]
    from riskterm.ai.generic import GenericPlayer

    return GenericPlayer(level, seed)


__all__ = ["LEVELS", "Player", "RandomPlayer", "TurnGuard", "fallback_action", "make_player"]
