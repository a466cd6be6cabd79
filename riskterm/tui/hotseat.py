"""The local table: one session played at one keyboard (hot seat). Who is at the keyboard, what they have
already seen, and the computer players (no Textual here)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from riskterm.engine.actions import Action
from riskterm.engine.state import State
from riskterm.rules.base import Event, Rules
from riskterm.session import Session

if TYPE_CHECKING:  # the computer players' package is imported when a seat first plays
    from riskterm.ai.core.player import Player

# The player that makes a person's set-up for them: easy leaves a RisiKo fortress on 1 army, which a hard
# computer takes in the first round, ending that person's game.
AUTO_SETUP_LEVEL = "normal"


@dataclass
class HotSeat:
    session: Session
    ai_seed: int = 0
    viewer: int | None = None  # the human seat whose view the screen shows
    seen: dict[int, int] = field(default_factory=dict)  # seat -> number of events it has seen
    players: dict[int, Player] = field(default_factory=dict)
    auto_setup: set[int] = field(default_factory=set)  # people who let the app make the rest of their set-up
    resumed: bool = False  # the session already had moves when this sitting began (a resumed game)
    commitment_shown: bool = False  # the first hand-off showed the game's commitment to its dice

    def __post_init__(self) -> None:
        self.resumed = bool(self.session.steps)

    @property
    def rules(self) -> Rules:
        return self.session.rules

    def humans(self) -> list[int]:
        s = self.session.state
        return [i for i, p in enumerate(s["players"]) if not p.get("ai") and not p.get("neutral")]

    def actor(self) -> int | None:
        return self.rules.actor(self.session.state)

    def computer_to_move(self) -> bool:
        """A computer seat acts now, or a person who asked the app to make the rest of their set-up."""
        a = self.actor()
        return a is not None and (
            self.rules.presenter().is_computer(self.session.state, a) or self.auto_now()
        )

    def in_setup(self) -> bool:
        """A set-up phase whose choices the app may make for a person (Rules.auto_setup_phases)."""
        return self.session.state.get("phase") in self.rules.presenter().auto_setup_phases

    def auto_now(self) -> bool:
        """The actor is a person whose set-up the app makes (ordinary legal actions, so saves stay plain)."""
        return self.actor() in self.auto_setup and self.in_setup()

    def needs_handoff(self) -> int | None:
        """The person who must now take the keyboard, or None when the right person already has it. Every
        change from one person to another gets a hand-off, whether or not their views differ right now
        (claiming, a first secret choice): the next person's Enter must never act for the last one."""
        a = self.actor()
        if a is None or self.computer_to_move() or a == self.viewer:
            return None
        if len(self.humans()) <= 1:  # one person among computers: nobody to hide anything from
            self.take(a)
            return None
        return a

    def take(self, seat: int) -> list[str]:
        """`seat` now has the keyboard: returns the log lines of what happened since it last saw the game."""
        self.viewer = seat
        events = self.session.events_for(seat)
        first = seat not in self.seen
        start = min(self.seen.get(seat, 0), len(events))
        self.seen[seat] = len(events)
        if first and events and self.resumed:  # not seen in this resumed sitting: since its last turn
            from riskterm.record.log import since_last_turn_lines

            return since_last_turn_lines(self.session, seat)
        from riskterm.record.log import recap_lines

        return recap_lines(self.rules, events[start:], self.rules.names(self.session.state), seat)

    def mark_seen(self) -> None:
        if self.viewer is not None:
            self.seen[self.viewer] = len(self.session.all_events())

    # --- the Table protocol (tui/controller.py): the local table is this session at one keyboard ----
    def apply(self, action: Action) -> list[Event]:
        return self.session.apply(action)

    def is_over(self) -> bool:
        return self.rules.is_over(self.session.state)

    def can_undo(self) -> bool:
        return self.session.can_undo()

    def can_redo(self) -> bool:
        return self.session.can_redo()

    def undo(self) -> bool:
        return self.session.undo()

    def redo(self) -> bool:
        return self.session.redo()

    def can_auto_setup(self) -> bool:
        return self.in_setup() and self.actor() is not None and not self.computer_to_move()

    def start_auto_setup(self) -> None:
        a = self.actor()
        if a is not None:
            self.auto_setup.add(a)

    def shown_seat(self) -> int | None:
        """Whose secrets the screen may show: the person at the keyboard, but nobody's while a computer
        plays between two people (the next person may already be looking)."""
        if self.computer_to_move() and len(self.humans()) > 1:
            return None
        return self.viewer

    def view(self) -> State:
        return self.rules.view(self.session.state, self.shown_seat())

    def player(self, seat: int) -> Player:
        if seat not in self.players:
            from riskterm.ai import make_player

            s = self.session.state
            level = s["players"][seat].get("ai") or AUTO_SETUP_LEVEL
            self.players[seat] = make_player(s["variant"], level, self.ai_seed * 1000 + seat)
        return self.players[seat]
