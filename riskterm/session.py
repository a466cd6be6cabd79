"""A game in progress as the app and the command line hold it: the rulebook, the current state, and the
history of (action, events) that a save file replays. Undo and redo walk this history; an action that rolled
dice, drew a card or revealed a secret is a barrier undo never crosses (the record issue refines this)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from riskterm.engine.actions import Action, parse_action
from riskterm.engine.state import State
from riskterm.rules import PlayerSetup, Rules, find_variant
from riskterm.rules.base import Event

# Event types after which undo must not go back: the player has seen something new.
BARRIER_EVENTS = frozenset({"battle", "card", "reshuffle", "reveal", "draw_card", "roll", "bid_reveal",
                            "orders_reveal", "hidden_reveal", "first_player", "turn"})


@dataclass
class Step:
    action: Action
    events: list[Event]
    before: State
    after: State
    barrier: bool


@dataclass
class Session:
    rules: Rules
    players: list[PlayerSetup]
    seed: int
    options: dict[str, Any]
    state: State
    start_events: list[Event]
    steps: list[Step] = field(default_factory=list)
    redo_stack: list[Step] = field(default_factory=list)

    @classmethod
    def new(cls, variant: str, players: list[PlayerSetup], seed: int, options: dict[str, Any] | None = None
            ) -> Session:
        rules = find_variant(variant)
        opts = dict(options or {})
        state, events = rules.new_game(players, seed, opts)
        return cls(rules, list(players), seed, opts, state, events)

    @property
    def initial_state(self) -> State:
        return self.steps[0].before if self.steps else self.state

    def apply(self, action: Action | str) -> list[Event]:
        """Apply an action for whoever must act; raises IllegalActionError and changes nothing if illegal."""
        a = parse_action(action) if isinstance(action, str) else action
        before = self.state
        after, events = self.rules.apply(before, a)
        barrier = any(e.get("type") in BARRIER_EVENTS for e in events)
        self.steps.append(Step(a, events, before, after, barrier))
        self.redo_stack.clear()
        self.state = after
        return events

    def can_undo(self) -> bool:
        """Only the acting player's own actions since the last barrier, never someone else's."""
        if not self.steps:
            return False
        last = self.steps[-1]
        actor_now = self.rules.actor(self.state)
        return not last.barrier and self.rules.actor(last.before) == actor_now

    def undo(self) -> bool:
        if not self.can_undo():
            return False
        step = self.steps.pop()
        self.redo_stack.append(step)
        self.state = step.before
        return True

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def redo(self) -> bool:
        if not self.redo_stack:
            return False
        step = self.redo_stack.pop()
        self.steps.append(step)
        self.state = step.after
        return True

    def all_events(self) -> list[Event]:
        out = list(self.start_events)
        for st in self.steps:
            out.extend(st.events)
        return out

    @property
    def actions(self) -> list[Action]:
        return [st.action for st in self.steps]
