"""What the host of an online game allows for time and absence: the turn timer, the missed turns after which
the computer takes a seat, and the computer standing in for a disconnected seat after a grace time."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from riskterm.errors import RiskError

LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class HostPolicy:
    turn_time: float | None = None  # seconds a seat has for its part of each turn (None: no timer)
    missed_limit: int = 3  # turns in a row ended by the timer before the computer takes the seat (0: never)
    fill_level: str | None = None  # the computer level that plays a seat nobody is connected to (None: none)
    grace: float = 60.0  # seconds a seat may be disconnected before that computer plays it

    def stand_in(self) -> str:
        """The computer level that plays a seat given away (by /away, or after missed turns)."""
        return self.fill_level or "easy"

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> HostPolicy:
        """The policy kept with a hosted game; RiskError when it is not one."""
        if not isinstance(data, dict) or set(data) - {f.name for f in fields(cls)}:
            raise RiskError("The host's settings kept with the game are not readable.")
        p = cls(**data)
        p.check()
        return p

    def check(self) -> None:
        num = (int, float)
        if not (
            self.turn_time is None or (isinstance(self.turn_time, num) and 0 < self.turn_time <= 30 * 86400)
        ):
            raise RiskError("The turn time must be from 1 second to 30 days.")
        if not (isinstance(self.missed_limit, int) and 0 <= self.missed_limit <= 100):
            raise RiskError(
                "The missed turns before the computer takes a seat must be a number from 0 to 100."
            )
        if self.fill_level is not None and self.fill_level not in LEVELS:
            raise RiskError(f"'{self.fill_level}' is not a computer level: {', '.join(LEVELS)}.")
        if not (isinstance(self.grace, num) and 0 <= self.grace <= 30 * 86400):
            raise RiskError("The grace time must be from 0 seconds to 30 days.")
