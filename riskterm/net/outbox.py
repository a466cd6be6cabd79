"""What the host has to send one client, bounded. `put` never blocks (the game goes on for everyone); a
client that lets `queue_frames` frames or `queue_bytes` wait unread, or does not take one frame within
`send_seconds`, is given up on: `on_stuck` drops it (the host keeps its seat and token for a rejoin). So is
one whose frame cannot be sent at all: whatever goes wrong in a sender ends that one connection, with a line
in the host's log, never the others'."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable

from aiohttp import web

from riskterm.net.limits import Limits


class Outbox:
    def __init__(
        self,
        ws: web.WebSocketResponse,
        transport: asyncio.Transport | None,
        limits: Limits,
        on_stuck: Callable[[str], None],
    ) -> None:
        self.ws, self.transport, self.limits, self.on_stuck = ws, transport, limits, on_stuck
        self.frames: deque[str] = deque()
        self.bytes = 0
        self.closing = False  # nothing more is taken; the sender ends once the queue is out
        self.stuck = False
        self._wake = asyncio.Event()

    def put(self, frame: str) -> None:
        if self.closing or self.stuck:
            return
        if self.frames and (
            len(self.frames) >= self.limits.queue_frames or self.bytes + len(frame) > self.limits.queue_bytes
        ):
            self._give_up(f"{len(self.frames)} messages ({self.bytes // 1024} KiB) waited unread")
            return
        self.frames.append(frame)
        self.bytes += len(frame)
        if '"type":"bye"' in frame[:30]:  # a bye is the last thing a client is sent
            self.closing = True
        self._wake.set()

    def close_after(self, frame: str | None = None) -> None:
        """Send `frame` (a bye) after what is queued, then close the socket."""
        if frame is not None:
            self.put(frame)
        self.closing = True
        self._wake.set()

    def _give_up(self, why: str) -> None:
        self.stuck, self.closing = True, True
        self.frames.clear()
        self.bytes = 0
        self._wake.set()
        self.on_stuck(why)

    async def run(self) -> None:
        """Send until closed; the socket is closed at the end (aborted when the client is stuck)."""
        ws = self.ws
        try:
            while not self.stuck:
                if not self.frames:
                    if self.closing:
                        break
                    self._wake.clear()
                    await self._wake.wait()
                    continue
                frame = self.frames.popleft()
                self.bytes -= len(frame)
                try:
                    async with asyncio.timeout(self.limits.send_seconds):
                        await ws.send_str(frame)
                except TimeoutError:
                    self._give_up(f"one message waited {self.limits.send_seconds:g} seconds to be taken")
                except (ConnectionError, RuntimeError):
                    break
                except Exception as e:  # noqa: BLE001 - a frame that cannot be sent ends this connection only
                    self._give_up(f"a message could not be sent ({type(e).__name__})")
            if not self.stuck and not ws.closed:
                async with asyncio.timeout(self.limits.shutdown_seconds):
                    await ws.close()
        except (TimeoutError, ConnectionError, RuntimeError):
            self.stuck = True
        finally:
            if (self.stuck or not ws.closed) and self.transport is not None:
                self.transport.abort()
