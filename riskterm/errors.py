"""One error hierarchy. Every message is a sentence a player can read."""

from __future__ import annotations


class RiskError(Exception):
    """Base of every error riskterm raises on purpose."""


class IllegalActionError(RiskError, ValueError):
    """An action the rules do not allow now; the state is left untouched."""


class MapError(RiskError):
    """A board file with problems; `problems` lists every one, each naming the file and the key."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        super().__init__(
            problems[0] if len(problems) == 1 else f"{len(problems)} problems:\n" + "\n".join(problems)
        )


class BoardError(RiskError):
    """A valid board a rulebook cannot be played on (another rulebook's own board, too few territories)."""


class SaveError(RiskError):
    """A save file that cannot be used (damaged, truncated, tampered, newer format, changed board)."""


class UnknownVariantError(RiskError):
    """A rulebook name we do not know or have not built yet."""
