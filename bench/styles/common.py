"""Style players that work in any rulebook, from its legal actions alone."""

from __future__ import annotations

import random

from riskterm.engine.actions import Action
from riskterm.engine.state import State
from riskterm.rules.base import Rules


class RandomLegal:
    """Random but legal: a random kind of the legal actions, then a random action of that kind (so the
    hundreds of ways to place armies do not drown ending the turn)."""

    level = "random-legal"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, rules: Rules, view: State, seat: int) -> Action:
        actions = rules.legal_actions(view)
        kinds = sorted({a.kind for a in actions})
        kind = self.rng.choice(kinds)
        return self.rng.choice([a for a in actions if a.kind == kind])
