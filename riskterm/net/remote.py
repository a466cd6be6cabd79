"""The remote table: the game screen's Table (tui/controller.py) for a screen joined to a host. It holds
only what the host sent this seat: the view, the events redacted for it and its log lines. Actions go to the
host with the version they were chosen on; until the answer comes the seat has nothing to choose (a second
key press cannot send a second action), and a refusal comes back as the screen's status line. No hand-offs:
the viewer is its own seat. No Textual here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from riskterm.engine.actions import Action
from riskterm.engine.events import Event
from riskterm.engine.state import State
from riskterm.errors import IllegalActionError
from riskterm.rules import find_variant
from riskterm.rules.base import Rules


@dataclass
class Mirror:
    """What the game screen reads of a session (`rules`, `state`, `all_events()`, `events_for(seat)`), from the
    host's messages."""

    rules: Rules
    state: State
    events: list[Event] = field(default_factory=list)
    steps: list[Any] = field(default_factory=list)  # the host keeps the history; a screen has none to undo
    start_events: list[Event] = field(default_factory=list)  # (all events are in `events`)

    @property
    def initial_state(self) -> State:  # no history here: the charts start from now
        return self.state

    def all_events(self) -> list[Event]:
        return self.events

    def events_for(self, seat: int | None) -> list[Event]:
        """The events as this screen's seat may read them: the host sent only those."""
        return self.events


@dataclass
class RemoteTable:
    rules: Rules
    seat: int | None
    send: Callable[[str, int], None]  # (action text, version) to the host; never blocks
    mirror: Mirror | None = None
    version: int = -1
    msg: dict[str, Any] = field(default_factory=dict)
    pending: bool = False
    status: str = ""
    recap: list[str] = field(default_factory=list)
    my_turn_from: int = 0  # events index where this seat's last action ended: "since your last turn"

    @classmethod
    def for_variant(
        cls, variant: str, seat: int | None, send: Callable[[str, int], None], board_text: str | None = None
    ) -> RemoteTable:
        """The table of the host's rulebook, on the board the host sent (its file's text; None: the
        rulebook's own). MapError or BoardError with one sentence when it is no board this rulebook plays."""
        board = None
        if board_text:
            from riskterm.board.loader import board_from_text

            board = board_from_text(board_text, "the host's board")
        return cls(find_variant(variant, board), seat, send)

    def take_state(self, msg: dict[str, Any]) -> bool:
        """A state message from the host; True when it became this seat's turn with it."""
        was_mine = self.my_turn()
        events = [Event.from_wire(e) for e in msg.get("events", [])]
        if self.mirror is None:
            self.mirror = Mirror(self.rules, msg["view"], events)
        elif msg.get("full"):  # joined again, or after an undo: the same mirror (the game screen reads it)
            self.mirror.state, self.mirror.events = msg["view"], events
        else:
            self.mirror.state = msg["view"]
            self.mirror.events.extend(events)
        self.msg, self.version, self.pending = msg, int(msg["version"]), False
        mine = self.my_turn()
        if was_mine and not mine:  # the seat's turn (or its part of a round) ended here
            self.my_turn_from = len(self.mirror.events)
        return mine and not was_mine

    def refused(self, text: str) -> None:
        self.pending, self.status = False, text

    def my_turn(self) -> bool:
        """This seat is to act and its person plays it (not the computer while they are away)."""
        return (
            self.seat is not None
            and bool(self.msg)
            and self.msg.get("actor") == self.seat
            and not self.msg.get("away")
        )

    def since_my_turn(self) -> list[str]:
        """Log lines since this seat's last action (the host's welcome recap until it has acted here)."""
        assert self.mirror is not None
        names = self.rules.names(self.mirror.state)
        show = self.rules.presenter()
        lines = [show.describe(e, names, self.seat) for e in self.mirror.events[self.my_turn_from :]]
        return lines if self.my_turn_from else (self.recap or lines)

    # --- the Table protocol ------------------------------------------------------------------------
    def actor(self) -> int | None:
        """This seat while it must act and no action of its is on the way; else None (nothing to choose)."""
        return self.seat if self.my_turn() and not self.pending and not self.is_over() else None

    def computer_to_move(self) -> bool:
        return False  # computer seats move on the host

    def shown_seat(self) -> int | None:
        return self.seat

    def view(self) -> State:
        assert self.mirror is not None
        return self.mirror.state

    def needs_handoff(self) -> int | None:
        return None

    def take(self, seat: int) -> list[str]:
        return self.since_my_turn()

    def apply(self, action: Action) -> list[Event]:
        if self.actor() is None:
            raise IllegalActionError(
                "Wait: the host has not answered yet." if self.pending else "It is not your turn."
            )
        self.pending, self.status = True, ""
        self.send(str(action), self.version)
        return []

    def mark_seen(self) -> None:
        pass

    def is_over(self) -> bool:
        return bool(self.msg.get("over"))

    # no undo and no auto set-up from afar: the host's game is shared, and the host plays no seat for a person
    def can_undo(self) -> bool:
        return False

    def can_redo(self) -> bool:
        return False

    def undo(self) -> bool:
        return False

    def redo(self) -> bool:
        return False

    def can_auto_setup(self) -> bool:
        return False

    def start_auto_setup(self) -> None:
        pass
