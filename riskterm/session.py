"""A game in progress as the app and the command line hold it: the rulebook, the current state, and the
history of (action, events) that a save file replays. Undo and redo walk this history; an action that rolled
dice, drew a card or revealed a secret is a barrier undo never crosses: whatever a player has seen, they cannot
take back. The rules say which steps are barriers (`Transition.barrier`, from their typed events); only for a
rulebook still emitting plain dict events is it guessed (`is_barrier`). Undo also never goes back into another
seat's actions or an earlier turn."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Any

from riskterm.board import Board
from riskterm.engine.actions import Action, parse_action
from riskterm.engine.events import barrier_of
from riskterm.engine.state import State
from riskterm.rules import PlayerSetup, Rules, find_variant
from riskterm.rules.base import AnyEvent as Event

# The fallback for plain dict events. Event types after which undo must not go back: the player has seen something new. A rulebook may name more
# in a class attribute `undo_barrier_events`; any event type containing "reveal", "roll", "dice", "battle" or
# "shuffle" or starting with "draw" counts too, and so does any action that used the random stream or took a
# card from a deck (any list in the state whose key contains "deck" got shorter).
BARRIER_EVENTS = frozenset({"battle", "card", "reshuffle", "reveal", "draw_card", "roll", "bid_reveal",
                            "orders_reveal", "hidden_reveal", "first_player", "turn", "dealt", "conquer",
                            "eliminate", "win", "draw_game", "new_round", "round"})
_BARRIER_MARKS = ("reveal", "roll", "dice", "battle", "shuffle")


def is_barrier(rules: Rules, before: State, after: State, events: list[Event]) -> bool:
    """The guess for rulebooks whose events are still plain dicts (typed events say it themselves, through
    Transition.barrier): whether undo must stop at this step: dice rolled or anything random drawn (the random
    stream moved), a card drawn (the deck shrank), a secret revealed, a new turn, or the game over. Typed events
    answer for themselves here too."""
    typed = barrier_of(events)
    if typed is not None:
        return typed
    if before.get("rng") != after.get("rng"):
        return True
    for key, deck_after in after.items():
        if "deck" in key and isinstance(deck_after, list):
            deck_before = before.get(key)
            if deck_before is not deck_after and isinstance(deck_before, list) and len(deck_after) < len(deck_before):
                return True
    if before.get("turn") != after.get("turn") or before.get("current") != after.get("current"):
        return True
    if rules.is_over(after):
        return True
    extra = getattr(rules, "undo_barrier_events", ())
    for e in events:
        kind = str(e.get("type", ""))
        if kind in BARRIER_EVENTS or kind in extra or kind.startswith("draw") \
                or any(m in kind for m in _BARRIER_MARKS):
            return True
    return False


def new_game_id() -> str:
    """A short id naming a game's autosave: creation time plus random bits, sortable by time."""
    return time.strftime("%Y%m%d-%H%M%S", time.gmtime()) + "-" + os.urandom(3).hex()


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
    game_id: str = field(default_factory=new_game_id)

    @classmethod
    def new(cls, variant: str, players: list[PlayerSetup], seed: int, options: dict[str, Any] | None = None,
            board: Board | None = None) -> Session:
        """A new game of rulebook `variant` on `board` (None: the rulebook's own); BoardError when the
        rulebook cannot be played on that board by these players."""
        rules = find_variant(variant, board, len(players))
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
        t = self.rules.apply(before, a)
        after, events = t
        barrier = getattr(t, "barrier", None)
        if barrier is None:
            barrier = is_barrier(self.rules, before, after, events)
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
        if last.barrier or actor_now is None or self.rules.actor(last.before) != actor_now:
            return False
        return last.before.get("turn") == self.state.get("turn")

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
