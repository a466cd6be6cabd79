"""What a computer player is, to the guard, the search and the app: `choose(rules, view, seat)` returns one of
rules.legal_actions(view) (or an action the rules accept for that view)."""

from __future__ import annotations

from typing import Protocol

from riskterm.engine.actions import Action
from riskterm.engine.state import State
from riskterm.rules.base import Rules


class Player(Protocol):
    level: str

    def choose(self, rules: Rules, view: State, seat: int) -> Action: ...
