"""Time and absence at an online table (policy.py): the turn timer, missed turns, and the seats the computer
plays for their person.

With a turn timer the seat to act has its allowance (turnclock.py); when it runs out the rulebook's default
ends its turn (Presenter.timeout_action), and after `missed_limit` such turns in a row the computer takes the seat.
A seat is given to the computer by its person (/away), or after a grace time while nobody is connected to it
(with a fill level); rejoining, or /back, hands it back. Each of these is a notice in every screen's log.

The table (host.py) stays the authority: this module keeps the clock and who is away, and asks the table
through `Table` to play, tell and keep. Time is the table's `now()`, so a test runs it on a fake clock."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from riskterm.engine.actions import Action
from riskterm.net.policy import HostPolicy
from riskterm.net.turnclock import TurnClock, show_duration
from riskterm.session import Session

OnTurn = Callable[[int, str, float | None], None]  # (seat, name, seconds it has): a person's seat is to act
WHY = {"away": "is away", "missed": "missed their turns", "absent": "is not connected"}


class Table(Protocol):
    """What time and absence need of the game's host."""

    session: Session
    started: bool
    policy: HostPolicy
    on_turn: OnTurn | None

    @property
    def rules(self) -> Any: ...
    def now(self) -> float: ...
    def names(self) -> list[str]: ...
    def connected(self, seat: int) -> bool: ...
    def is_computer(self, seat: int) -> bool: ...
    def over(self) -> bool: ...
    def choose(self, s: Any, seat: int, level: str) -> Action: ...
    def notice(self, text: str) -> None: ...
    def keep(self) -> None: ...
    def broadcast_lobby(self) -> None: ...
    def after_action(self) -> None: ...
    def push_all(self) -> None: ...


class Absence:
    def __init__(self, table: Table, seats: list[int]) -> None:
        """`seats`: the people's seats of a reopened game, nobody connected yet (they count as gone from now)."""
        self.table = table
        self.clock = TurnClock(table.policy.turn_time) if table.policy.turn_time else None
        self.away: dict[int, str] = {}  # seats the computer plays for their person, and why
        self.missed: dict[int, int] = {}  # turns in a row the timer ended, by seat
        self.gone_at: dict[int, float] = {}  # when the seat's last screen left
        self._to_act: int | None = None  # the person's seat last told it is to act
        self._missed_in: dict[int, Any] = {}  # the turn a seat last missed (one count a turn)
        now = table.now()
        for seat in seats:
            self.gone_at.setdefault(seat, now)

    # --- screens coming and going ----------------------------------------------------------------
    def left(self, seat: int) -> None:
        """The seat's last screen left."""
        self.gone_at[seat] = self.table.now()

    def rejoined(self, seat: int) -> bool:
        """A screen joined for the seat: it is no longer gone, and a seat given away is handed back (True)."""
        self.gone_at.pop(seat, None)
        back = self.away.pop(seat, None) is not None
        if back:
            self.table.notice(f"{self.table.names()[seat]} is back and plays their own seat again.")
        return back

    def acted(self, seat: int) -> bool:
        """The seat's person played: its missed turns start again from none. True when there were some."""
        return bool(self.missed.pop(seat, 0))

    # --- the clock -------------------------------------------------------------------------------
    def follow(self) -> None:
        """After every change: start the clock of the seat now to act (a person's), and tell on_turn."""
        t = self.table
        s = t.session.state
        actor = t.rules.actor(s)
        person = actor if actor is not None and t.started and not t.is_computer(actor) else None
        key = t.rules.presenter().turn_key(s)
        if any(k != key for k in self._missed_in.values()):
            self._missed_in = {}  # another turn came between: a seat's next timeout is another missed turn
        if self.clock is not None:
            self.clock.follow(person, key, t.now())
        if person != self._to_act:
            self._to_act = person
            if person is not None and t.on_turn is not None:
                t.on_turn(person, t.names()[person], self.time_left())

    def time_left(self) -> float | None:
        return None if self.clock is None else self.clock.left(self.table.now())

    def clock_fields(self) -> dict[str, Any]:
        """The turn timer as a state message carries it: whose time runs, seconds left, the limit."""
        running = None if self.clock is None else self.clock.running
        return {
            "clock": None
            if running is None
            else {"seat": running[0], "left": self.time_left(), "limit": self.table.policy.turn_time}
        }

    def next_wake(self) -> float | None:
        """When tick() has something to do next (host time), None when nothing is due."""
        t = self.table
        if t.over():
            return None
        times = []
        if self.clock is not None and self.clock.running is not None:
            times.append(self.clock.deadline)
        if t.policy.fill_level and t.started:
            times += [at + t.policy.grace for seat, at in self.gone_at.items() if seat not in self.away]
        return min(times) if times else None

    def tick(self) -> bool:
        """What time brings: a seat absent past the grace time goes to the computer, a seat out of time has its
        turn ended. True when something changed."""
        t = self.table
        now, changed = t.now(), False
        if t.policy.fill_level and t.started and not t.over():
            for gone, at in sorted(self.gone_at.items()):
                if gone not in self.away and not t.connected(gone) and now - at >= t.policy.grace:
                    self.give_away(gone, "absent")
                    changed = True
        seat = self.clock.expired(now) if self.clock is not None else None
        if seat is not None and not t.over() and t.rules.actor(t.session.state) == seat:
            self.time_out(seat)
            changed = True
        return changed

    def time_out(self, seat: int) -> None:
        """The seat's time ran out: the rulebook's default ends its turn (or its part of it)."""
        t, rules = self.table, self.table.rules
        s = t.session.state
        show = rules.presenter()
        key, name = show.turn_key(s), t.names()[seat]
        for _ in range(500):  # a rulebook's defaults always end the stretch; the bound keeps a host alive
            s = t.session.state
            if rules.actor(s) != seat or show.turn_key(s) != key:
                break
            action = show.timeout_action(s)
            if action is None or rules.why_illegal(s, action) is not None:
                action = t.choose(s, seat, "easy")
            t.session.apply(action)
        ended = show.turn_key(t.session.state) != key
        if self._missed_in.get(seat) != key:  # a defender out of time twice in one turn missed one turn
            self._missed_in[seat] = key
            self.missed[seat] = self.missed.get(seat, 0) + 1
        limit = t.policy.missed_limit
        tail = f" ({self.missed[seat]} of {limit} before the computer takes the seat)" if limit else ""
        t.notice(
            f"{name}'s time ran out ({show_duration(t.policy.turn_time or 0)}): "
            f"{'their turn was ended' if ended else 'the default was taken'}{tail}."
        )
        if self.clock is not None:
            self.clock.ran_out()
        if limit and self.missed[seat] >= limit:
            self.give_away(seat, "missed", push=False)
        t.after_action()
        t.keep()

    # --- seats given to the computer ---------------------------------------------------------------
    def give_away(self, seat: int, why: str, push: bool = True) -> None:
        """The computer plays the seat from now on, until its person is back."""
        t = self.table
        level = t.policy.fill_level if why == "absent" else t.policy.stand_in()
        self.away[seat] = why
        self.missed.pop(seat, None)
        name = t.names()[seat]
        t.notice(
            f"{name} {WHY[why]}: the computer ({level}) plays their seat until they "
            f"{'join again' if why == 'absent' else 'say /back or join again'}."
        )
        t.keep()
        t.broadcast_lobby()
        if push:
            self.follow()
            t.push_all()

    def hand_back(self, seat: int) -> None:
        t = self.table
        if self.away.pop(seat, None) is not None:
            t.notice(f"{t.names()[seat]} is back and plays their own seat again.")
            t.keep()
            t.broadcast_lobby()
            self.follow()
            t.push_all()

    def away_or_back(self, seat: int | None, away: bool) -> str | None:
        """A person gives their seat to the computer (/away) or takes it back (/back); the sentence refusing
        it, if it cannot be."""
        t = self.table
        if seat is None or t.rules.presenter().is_computer(t.session.state, seat):
            return "Only a person's own seat can be away."
        if away and seat not in self.away:
            self.give_away(seat, "away")
        elif not away and seat in self.away:
            self.hand_back(seat)
        else:
            return "You are away already." if away else "You play your seat."
        return None
