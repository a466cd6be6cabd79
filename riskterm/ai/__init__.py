"""Computer players. The interface the app and `simulate` use:

    player = make_player(variant, level, seed)
    action = player.choose(rules, view, seat)   # view = rules.view(state, seat): no peeking

A player only ever returns one of rules.legal_actions(view) (or an action the rules accept for that view).
This module starts with a random legal-move player; the computer-players work replaces it with real levels.
"""

from __future__ import annotations

import random
from typing import Protocol

from riskterm.engine.actions import Action
from riskterm.engine.state import State
from riskterm.rules.base import Rules

LEVELS = ("easy", "normal", "hard")


class Player(Protocol):
    level: str

    def choose(self, rules: Rules, view: State, seat: int) -> Action: ...


class RandomPlayer:
    """Picks a random legal action, preferring to end the attack once in a while so games move on."""

    level = "easy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, rules: Rules, view: State, seat: int) -> Action:
        actions = rules.legal_actions(view)
        if not actions:
            raise RuntimeError("no legal action for the computer player")
        return self.rng.choice(actions)


def make_player(variant: str, level: str = "easy", seed: int = 0) -> Player:
    return RandomPlayer(seed)
