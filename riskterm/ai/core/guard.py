"""The bound on a computer turn, shared by the app and `simulate`: a computer player never hangs a game.

`TurnGuard.choose(rules, state, seat, player)` asks the player for an action on the seat's view and returns
it when it is legal; once the seat has spent `max_actions` actions or `max_seconds` seconds in the same turn,
or when the player fails or offers an illegal action, it falls back to ending the turn (or, when the phase
cannot be ended, to the quickest legal action)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from riskterm.ai.core.belief import Memory, believed
from riskterm.ai.core.board_info import playing
from riskterm.ai.core.player import Player
from riskterm.engine.actions import Action
from riskterm.engine.fog import OFF, level_of
from riskterm.engine.state import State
from riskterm.rules.base import Rules


def is_legal(rules: Rules, view: State, a: Action) -> bool:
    """rules.why_illegal(view, a) is None, treating a rulebook that raises as saying no."""
    try:
        return rules.why_illegal(view, a) is None
    except Exception:
        return False


def fallback_action(rules: Rules, view: State) -> Action:
    """End the turn if possible, else make the quickest progress: the legal action moving the most at once."""
    actions = rules.legal_actions(view)
    if not actions:
        raise RuntimeError("no legal action for the computer player")

    def size(a: Action) -> int:
        return sum(x for x in a.args if isinstance(x, int))

    ends = [a for kind in rules.headless.end_kinds for a in actions if a.kind == kind]
    calm = sorted((a for a in actions if a.kind not in rules.headless.long_kinds), key=size, reverse=True)
    for a in [*ends, *calm, *actions]:
        if is_legal(rules, view, a):
            return a
    return actions[0]


def belief(rules: Rules, view: State, seat: int, player: object, memory: Memory | None = None) -> State:
    """What `player` plays on in a fogged game: its estimate of the unseen (ai/core/belief.py) from what the
    seat sees now and, with a `memory`, saw before; the rows of its own rulebook filled by its `fog_rows` (a
    search player asks its heuristic's)."""
    rows = getattr(getattr(player, "base", player), "fog_rows", None)
    return believed(view, rules.board.adj, seat, rows, memory)


@dataclass
class TurnGuard:
    """Counts each seat's actions and time within one turn; `fallbacks` counts how often it stepped in."""

    max_actions: int = 400
    max_seconds: float | None = 2.0
    clock: Callable[[], float] = field(default=time.perf_counter, repr=False)
    strict: bool = False  # tests: re-raise a player's exception instead of falling back
    fallbacks: int = 0
    memories: dict[int, Memory] = field(default_factory=dict, repr=False)  # per seat, in a fogged game
    _key: tuple[int, object] | None = None
    _count: int = 0
    _start: float = 0.0

    def choose(self, rules: Rules, state: State, seat: int, player: Player) -> Action:
        """A legal action for `seat` (the actor) in `state` (the full state: the player only sees the view)."""
        return self.choose_checked(rules, state, seat, player)[0]

    def choose_checked(self, rules: Rules, state: State, seat: int, player: Player) -> tuple[Action, bool]:
        """choose(), also saying whether the action has been checked legal on the seat's view (by the guard
        or by a `verified` player: one whose `verified` attribute, read right after its choose(), says it
        checked that very action): then the caller may hand it to headless.advance, which does not check
        again. A fallback says False (its last resort is not checked)."""
        # a player of ours that reads nothing its view hides (`view_free`, tested) is spared the view's copy
        strict, limit = self.strict, self.max_seconds
        fog = level_of(state) != OFF
        view = (
            state
            if not strict and not fog and getattr(player, "view_free", False)
            else rules.view(state, seat)
        )
        key = (seat, state.get("turn"))  # the seat's turn: counts and time start again with each
        now = self.clock() if limit is not None else 0.0  # only a time limit reads the clock
        if key != self._key:
            self._key, self._count, self._start = key, 0, now
        self._count += 1
        if self._count > self.max_actions or (limit is not None and now - self._start > limit):
            self.fallbacks += 1
            return fallback_action(rules, view), False
        try:
            with playing(rules.dice_rules(view)):  # the chances it weighs are those of this game's dice
                seen = (
                    belief(rules, view, seat, player, self.memories.setdefault(seat, Memory()))
                    if fog
                    else view
                )
                a = player.choose(rules, seen, seat)
        except Exception:  # a broken player must not break the game
            if strict:
                raise
            a = None
        trusted = not strict and not fog and getattr(player, "verified", False)
        if a is None or (not trusted and not is_legal(rules, view, a)):
            if strict:
                raise AssertionError(f"{type(player).__name__} chose an illegal action: {a}")
            self.fallbacks += 1
            return fallback_action(rules, view), False
        return a, True
