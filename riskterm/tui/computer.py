"""Computer seats: moves chosen off the UI thread at the players' speed; 'instant' runs moves in small
batches between frames so the board still updates. No Textual here."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from riskterm.ai.core.guard import TurnGuard
from riskterm.ai.core.player import Player
from riskterm.engine.actions import Action
from riskterm.engine.state import State
from riskterm.errors import IllegalActionError
from riskterm.rules.base import Rules
from riskterm.tui.hotseat import HotSeat

BATCH_SECONDS = 0.03
THINK_SECONDS = 5.0  # thinking time a computer seat may spend in one turn before the guard ends it


class ThinkClock:
    """A clock that runs only while a computer player thinks: the pauses the speed setting adds between
    moves do not count against the turn's time."""

    def __init__(self) -> None:
        self.total = 0.0

    def __call__(self) -> float:
        return self.total

    def choose(self, guard: TurnGuard, rules: Rules, state: State, seat: int, player: Player) -> Action:
        start = time.perf_counter()
        try:
            return guard.choose(rules, state, seat, player)
        finally:
            self.total += time.perf_counter() - start


class ComputerRunner:
    """Plays the computer seats of a table, one move at a time; `moved` is called after each batch."""

    def __init__(self, table: HotSeat) -> None:
        self.table = table
        self.clock = ThinkClock()
        self.guard = TurnGuard(max_seconds=THINK_SECONDS, clock=self.clock)
        self.busy = False

    def choose(self, state: State, seat: int, player: Player) -> Action:
        """The computer seat's move through the turn guard: always legal, and a turn always ends."""
        return self.clock.choose(self.guard, self.table.rules, state, seat, player)

    async def run(
        self, speed: Callable[[], float], moved: Callable[[], None], failed: Callable[[str], None]
    ) -> None:
        t = self.table
        self.busy = True
        try:
            while t.computer_to_move():
                await asyncio.sleep(speed())
                deadline = time.perf_counter() + BATCH_SECONDS
                done = False
                while t.computer_to_move():
                    state = t.session.state
                    seat = t.actor()
                    assert seat is not None
                    player = t.player(seat)
                    if speed() > 0:
                        action = await asyncio.to_thread(self.choose, state, seat, player)
                    else:
                        action = self.choose(state, seat, player)
                    if t.session.state is not state:
                        break
                    try:
                        t.apply(action)
                    except IllegalActionError as e:
                        failed(f"{t.rules.names(state)[seat]} (computer) tried '{action}': {e}")
                        return
                    done = True
                    if speed() > 0 or time.perf_counter() > deadline:
                        break
                if done:
                    moved()
        finally:
            self.busy = False
