"""Computer players. The interface the app and `simulate` use:

    player = make_player(variant, level, seed)
    action = player.choose(rules, view, seat)   # view = rules.view(state, seat): no peeking

A player only ever returns one of rules.legal_actions(view) (or an action the rules accept for that view).
To bound a computer turn (time and actions), ask through `TurnGuard().choose(rules, state, seat, player)`
(riskterm.ai.core.guard), which falls back to ending the turn. Whole headless games: riskterm.ai.simulate.

This is the one registry of the rulebooks' packages: riskterm.ai.<name> offers (its OFFER, a core.offer.Offer)
its heuristic player, which plays easy and normal, the search profile that makes its hard level (or none: the
heuristic plays hard too) and the coach's sentences for its own steps. A rulebook with no package gets
riskterm.ai.core.generic.GenericPlayer, which works from legal actions alone."""

from __future__ import annotations

import importlib
import random

from riskterm.ai.core.generic import GenericPlayer
from riskterm.ai.core.guard import TurnGuard, fallback_action
from riskterm.ai.core.offer import Offer
from riskterm.ai.core.player import Player
from riskterm.ai.core.search import SearchPlayer
from riskterm.engine.actions import Action
from riskterm.engine.state import State
from riskterm.errors import RiskError
from riskterm.rules import ALIASES
from riskterm.rules.base import Rules

LEVELS = ("easy", "normal", "hard")
# rulebook -> its computer players' package (imported when first asked for)
PACKAGES = {
    "classic": "riskterm.ai.classic",
    "europe": "riskterm.ai.europe",
    "risiko": "riskterm.ai.risiko",
    "modern": "riskterm.ai.modern",
}


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


def offer(variant: str) -> Offer | None:
    """What the package of the rulebook `variant` (a name or alias) offers, or None if it has none."""
    key = variant.lower()
    module = PACKAGES.get(ALIASES.get(key, key))
    if module is None:
        return None
    book: Offer = importlib.import_module(module).OFFER
    return book


def make_player(variant: str, level: str = "easy", seed: int = 0) -> Player:
    """A computer player for the rulebook `variant` at `level` (easy, normal, hard): the package's heuristic,
    and at hard the search over it where the package has a profile."""
    if level == "random":
        return RandomPlayer(seed)
    if level not in LEVELS:
        raise RiskError(f"There is no computer level '{level}'; choose one of {', '.join(LEVELS)}.")
    book = offer(variant)
    if book is None:
        return GenericPlayer(level, seed)
    if level == "hard" and book.profile is not None:
        return SearchPlayer(book.player("hard", seed), book.playouts or book.player, book.profile, seed)
    return book.player(level, seed)


__all__ = [
    "LEVELS",
    "PACKAGES",
    "Player",
    "RandomPlayer",
    "TurnGuard",
    "fallback_action",
    "make_player",
    "offer",
]
