"""Computer seats: moves chosen off the UI thread at the players' speed; 'instant' runs moves in small
batches between frames so the board still updates (a mixin of GameScreen)."""

from __future__ import annotations

import asyncio
import time

from riskterm.ai.guard import TurnGuard
from riskterm.errors import IllegalActionError

BATCH_SECONDS = 0.03
THINK_SECONDS = 5.0  # thinking time a computer seat may spend in one turn before the guard ends it


class ThinkClock:
    """A clock that runs only while a computer player thinks: the pauses the speed setting adds between
    moves do not count against the turn's time."""

    def __init__(self) -> None:
        self.total = 0.0

    def __call__(self) -> float:
        return self.total

    def choose(self, guard: TurnGuard, rules, state, seat: int, player):
        start = time.perf_counter()
        try:
            return guard.choose(rules, state, seat, player)
        finally:
            self.total += time.perf_counter() - start


class ComputerMixin:
    _guard: TurnGuard | None = None
    _clock: ThinkClock | None = None

    def _choose(self, state, seat: int, player):
        """The computer seat's move through the turn guard: always legal, and a turn always ends."""
        if self._guard is None:
            self._clock = ThinkClock()
            self._guard = TurnGuard(max_seconds=THINK_SECONDS, clock=self._clock)
        return self._clock.choose(self._guard, self.rules, state, seat, player)

    async def _computers(self) -> None:
        try:
            while self.hs.computer_to_move():
                await asyncio.sleep(self.speed)
                deadline = time.perf_counter() + BATCH_SECONDS
                moved = False
                while self.hs.computer_to_move():
                    state = self.session.state
                    seat = self.hs.actor()
                    player = self.hs.player(seat)
                    if self.speed > 0:
                        action = await asyncio.to_thread(self._choose, state, seat, player)
                    else:
                        action = self._choose(state, seat, player)
                    if self.session.state is not state:
                        break
                    try:
                        self.session.apply(action)
                    except IllegalActionError as e:
                        self.notify(f"{self.rules.names(state)[seat]} (computer) tried '{action}': {e}",
                                    severity="error")
                        return
                    moved = True
                    if self.speed > 0 or time.perf_counter() > deadline:
                        break
                if moved:
                    self.hint, self.last = None, None
                    self.app.on_session_changed()
        finally:
            self.ai_busy = False
