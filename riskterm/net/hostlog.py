"""The host's log: one line for each connection it refuses, closes or drops, and why. A flood of refusals
does not become a flood of lines: at most one line per kind and address every `quiet` seconds, the ones held
back counted in the next."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class HostLog:
    write: Callable[[str], None] | None = None
    quiet: float = 10.0
    lines: deque[str] = field(
        default_factory=lambda: deque(maxlen=500)
    )  # the latest, for tests and the bench
    _last: dict[str, tuple[float, int]] = field(
        default_factory=dict
    )  # key -> (when written, held back since)

    def note(self, text: str) -> None:
        """A line always written: the table's notices (a timeout, a seat given away or handed back)."""
        line = time.strftime("%H:%M:%S ") + text
        self.lines.append(line)
        if self.write is not None:
            self.write(line)

    def say(self, key: str, text: str) -> None:
        now = time.monotonic()
        at, held = self._last.get(key, (-1e9, 0))
        if now - at < self.quiet:
            self._last[key] = (at, held + 1)
            return
        if held:
            text += f" ({held} more like it before)"
        if len(self._last) > 10000:
            self._last = {k: v for k, v in self._last.items() if now - v[0] < self.quiet}
        self._last[key] = (now, 0)
        line = time.strftime("%H:%M:%S ") + text
        self.lines.append(line)
        if self.write is not None:
            self.write(line)
