"""A finished or saved game laid out for replay: the position at the start of every turn and after every
action, with the events in between. Pure data; the replay app (riskterm.tui.replay) shows it."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from riskterm.engine.events import Event
from riskterm.engine.state import State
from riskterm.session import Session


@dataclass(frozen=True)
class TurnMark:
    turn: int
    player: int | None  # whose turn (the state's 'current')
    first: int  # position of the turn's first state (0 = before the first action)
    last: int  # position of the turn's last state


class Timeline:
    """Positions 0..len(steps): position i is the state after i actions (0 = the game as dealt)."""

    def __init__(self, session: Session):
        self.session = session
        self.rules = session.rules
        self.states: list[State] = [session.initial_state] + [st.after for st in session.steps]
        self.turns: list[TurnMark] = []
        start = 0
        for i in range(1, len(self.states) + 1):
            if i == len(self.states) or self.states[i].get("turn") != self.states[start].get("turn"):
                s = self.states[start]
                self.turns.append(TurnMark(int(s.get("turn", 0) or 0), s.get("current"), start, i - 1))
                start = i
        self._firsts = [m.first for m in self.turns]

    def __len__(self) -> int:
        return len(self.states)

    @property
    def end(self) -> int:
        return len(self.states) - 1

    def state(self, pos: int) -> State:
        return self.states[max(0, min(pos, self.end))]

    def events_before(self, pos: int) -> list[Event]:
        """The events of the action that led to position `pos` (the dealing for position 0)."""
        if pos <= 0:
            return list(self.session.start_events)
        return list(self.session.steps[pos - 1].events)

    def turn_index(self, pos: int) -> int:
        """Which TurnMark position `pos` belongs to."""
        return max(0, bisect_right(self._firsts, pos) - 1)

    def turn_events(self, k: int) -> list[Event]:
        """Every event of the k-th turn (in order), the events leading into its first position included."""
        m = self.turns[k]
        out = [e for e in self.events_before(m.first) if e.data.get("turn", m.turn) == m.turn]
        for pos in range(m.first + 1, m.last + 1):
            out.extend(self.events_before(pos))
        return out

    def next_turn(self, pos: int) -> int:
        k = self.turn_index(pos)
        return self.turns[k + 1].first if k + 1 < len(self.turns) else self.end

    def prev_turn(self, pos: int) -> int:
        k = self.turn_index(pos)
        if pos != self.turns[k].first:
            return self.turns[k].first
        return self.turns[k - 1].first if k > 0 else 0

    def find_turn(self, turn: int) -> int | None:
        """The first position of the turn numbered `turn`, None if the game has no such turn."""
        for m in self.turns:
            if m.turn == turn:
                return m.first
        return None

    @property
    def last_turn(self) -> int:
        return self.turns[-1].turn if self.turns else 0
