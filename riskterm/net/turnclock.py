"""The turn timer of an online game: each seat has `limit` seconds for its part in each turn (Presenter.turn_key).
A seat that answers in another's turn (a defender) runs its own allowance; the turn's owner's clock waits
meanwhile and goes on where it stopped. Pure: the host gives it the time, so a test gives it a fake one."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Key = tuple[int, Any]  # (seat, the rulebook's turn key)


@dataclass
class TurnClock:
    limit: float  # seconds
    running: Key | None = None
    deadline: float = 0.0
    paused: dict[Key, float] = field(default_factory=dict)  # seconds left of the turn's other allowances

    def follow(self, seat: int | None, turn: Any, now: float) -> bool:
        """The game is at `turn` with `seat` to act (None: nobody whose time runs: a computer, the game over).
        True when a new allowance started (or one went on) for someone."""
        key = None if seat is None else (seat, turn)
        if key == self.running:
            return False
        if self.running is not None:
            self.paused[self.running] = max(0.0, self.deadline - now)
        self.paused = {k: v for k, v in self.paused.items() if k[1] == turn}  # a new turn: all start afresh
        self.running = key
        if key is not None:
            self.deadline = now + self.paused.pop(key, self.limit)
        return key is not None

    def left(self, now: float) -> float | None:
        """Seconds left for the seat to act (None: no clock runs)."""
        return None if self.running is None else max(0.0, self.deadline - now)

    def expired(self, now: float) -> int | None:
        """The seat whose time ran out, if any."""
        return self.running[0] if self.running is not None and now >= self.deadline else None

    def ran_out(self) -> None:
        """The running allowance was used up and the host acted for its seat: a later stretch of the same seat
        in this turn (a defender's next answer) has a whole one again."""
        self.running = None


def parse_duration(text: str, zero: bool = False) -> float:
    """'90s', '5m', '24h', '1h30m', '2d' or a number of seconds, up to 30 days (0 too when `zero`);
    ValueError with one sentence otherwise."""
    t = text.strip().lower().replace(" ", "")
    units = {"d": 86400.0, "h": 3600.0, "m": 60.0, "s": 1.0}
    total, number = 0.0, ""
    try:
        for ch in t:
            if ch.isdigit() or ch == ".":
                number += ch
            elif ch in units and number:
                total, number = total + float(number) * units[ch], ""
            else:
                raise ValueError
        total += float(number) if number else 0.0
    except ValueError:
        raise ValueError(f"'{text}' is not a time: say 90s, 5m, 24h or 1h30m.") from None
    if not t or not (0 <= total if zero else 0 < total) or total > 30 * 86400:
        raise ValueError(
            f"'{text}' is not a time from {0 if zero else 1} second{'s' if zero else ''} to 30 days."
        )
    return total


def show_duration(seconds: float) -> str:
    """A time left as people read it: 59s, 4m05s, 23h59m, 2d03h."""
    s = int(seconds + 0.999)
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    if s < 86400:
        return f"{s // 3600}h{s % 3600 // 60:02d}m"
    return f"{s // 86400}d{s % 86400 // 3600:02d}h"
