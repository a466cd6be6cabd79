"""Computer seats: moves chosen off the UI thread at the players' speed; 'instant' runs moves in small
batches between frames so the board still updates (a mixin of GameScreen)."""

from __future__ import annotations

import asyncio
import time

from riskterm.errors import IllegalActionError

BATCH_SECONDS = 0.03


class ComputerMixin:
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
                    view = self.rules.view(state, seat)
                    if self.speed > 0:
                        action = await asyncio.to_thread(player.choose, self.rules, view, seat)
                    else:
                        action = player.choose(self.rules, view, seat)
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
