"""Text that comes from players or files (names, log lines, error sentences) is shown as written, never read as
Textual markup: a player called '[/]' would otherwise crash the screen, and '[red]x[/]' would paint itself."""

from __future__ import annotations

from textual.app import App
from textual.notifications import SeverityLevel


class PlainNotify(App[None]):
    """An app whose notifications never parse markup. Widget.notify passes markup=True explicitly, so the app
    side ignores it: none of riskterm's notices use markup, and most of them quote names or sentences."""

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)
