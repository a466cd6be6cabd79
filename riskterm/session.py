"""A game in progress as the app and the command line hold it: the rulebook, the current state, and the
history of (action, events) that a save file replays. Undo and redo walk this history. Undo never crosses a
barrier (the rules say which steps are: `Transition.barrier`, an action that rolled dice, drew a card or
revealed a secret): whatever a player has seen, they cannot take back. Nor does it go back where play passed
to another seat or turn (`Rules.hands_over`)."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Any

from riskterm.board import Board
from riskterm.engine.actions import Action, parse_action
from riskterm.engine.commitment import commitment, new_salt
from riskterm.engine.events import Event
from riskterm.engine.fog import OFF, level_of
from riskterm.engine.joint_seed import Contribution, joint_seed
from riskterm.engine.state import State
from riskterm.rules import PlayerSetup, Rules, find_variant
from riskterm.rules.fog_events import step_events


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
    # its events as each seat may read them in a fogged game (worked out once per seat: Session.events_for)
    fogged: dict[int | None, list[Event]] = field(default_factory=dict, compare=False, repr=False)


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
    # the secret salt of the game's commitment to its seed ('' for a game without one: computer-only games,
    # saves from before commitments)
    salt: str = ""
    # a hosted game whose seed everyone made (engine/joint_seed.py): the host's own seed, committed to with the
    # salt before anyone joined, and each person's seat's contribution; None for every other game
    host_seed: int | None = None
    contributions: list[Contribution] = field(default_factory=list)

    @classmethod
    def new(
        cls,
        variant: str,
        players: list[PlayerSetup],
        seed: int,
        options: dict[str, Any] | None = None,
        board: Board | None = None,
        salt: str | None = None,
    ) -> Session:
        """A new game of rulebook `variant` on `board` (None: the rulebook's own), committed to its seed
        with `salt` (None: a new random one); BoardError when the rulebook cannot be played on that board by
        these players."""
        rules = find_variant(variant, board, len(players))
        opts = dict(options or {})
        state, events = rules.new_game(players, seed, opts)
        return cls(rules, list(players), seed, opts, state, events, salt=new_salt() if salt is None else salt)

    @property
    def commitment(self) -> str:
        """The fingerprint of the seed and the salt every player is shown before the first roll ('' without
        a salt)."""
        if not self.salt:
            return ""
        return commitment(self.seed if self.host_seed is None else self.host_seed, self.salt)

    def seed_from(self, contributions: list[Contribution]) -> None:
        """Before the first move: the game starts again from the seed the host's committed secret (this
        session's seed and salt) and the seats' contributions make; its deal is the new seed's."""
        assert not self.steps and self.host_seed is None and self.salt
        self.host_seed, self.contributions = self.seed, list(contributions)
        self.seed = joint_seed(self.host_seed, self.salt, self.contributions)
        self.state, self.start_events = self.rules.new_game(self.players, self.seed, dict(self.options))

    @property
    def initial_state(self) -> State:
        return self.steps[0].before if self.steps else self.state

    def apply(self, action: Action | str) -> list[Event]:
        """Apply an action for whoever must act; raises IllegalActionError and changes nothing if illegal."""
        a = parse_action(action) if isinstance(action, str) else action
        before = self.state
        t = self.rules.apply(before, a)
        after, events = t
        self.steps.append(Step(a, events, before, after, t.barrier))
        self.redo_stack.clear()
        self.state = after
        return events

    def can_undo(self) -> bool:
        """Only the acting player's own actions of this turn since the last barrier, never someone else's."""
        if not self.steps:
            return False
        last = self.steps[-1]
        return not last.barrier and not self.rules.hands_over(last.before, self.state)

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

    def events_for(self, seat: int | None) -> list[Event]:
        """all_events() as `seat` (None: a spectator) may read them: in a fogged game still going, those in
        territories beyond its sight hidden (rules/fog_events.py); as many events either way, so a count of
        events read so far means the same in both lists. The end of the game lifts the fog."""
        if level_of(self.state) == OFF:
            return self.all_events()
        rules, first = self.rules, self.initial_state
        out = step_events(rules, first, first, self.start_events, seat)
        for st in self.steps:
            mine = st.fogged.get(seat)
            if mine is None:
                mine = st.fogged[seat] = step_events(rules, st.before, st.after, st.events, seat, out)
            out.extend(mine)
        return out

    @property
    def actions(self) -> list[Action]:
        return [st.action for st in self.steps]
