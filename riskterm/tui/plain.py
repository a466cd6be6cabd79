"""Text that comes from players or files (names, log lines, error sentences) is shown as written, never read as
Textual markup: a player called '[/]' would otherwise crash the screen, and '[red]x[/]' would paint itself. Nor
are its control characters written to the terminal: an escape sequence in a name would retitle the terminal or
break the layout (shown_text, shown_texts)."""

from __future__ import annotations

from typing import Any

from textual.notifications import SeverityLevel

from riskterm.tui.guard import CrashGuard


class PlainNotify(CrashGuard):
    """An app whose notifications never parse markup. Widget.notify passes markup=True explicitly, so the app
    side ignores it: none of riskterm's notices use markup, and most of them quote names or sentences."""

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)
        # a toast gone leaves its cells drawn on narrow screens until something redraws them: repaint once then
        wait = self.NOTIFICATION_TIMEOUT if timeout is None else timeout
        self.set_timer(wait + 0.2, self._repaint_after_toast)

    def _repaint_after_toast(self) -> None:
        self.screen.refresh(layout=True)


def shown_text(text: str) -> str:
    """Text from a file or the network as a screen may show it: control and format characters as \\x..
    escapes (line breaks kept)."""
    from riskterm.setup_options import printable, unsafe_char

    if unsafe_char(text) is None:
        return text
    return "\n".join(printable(line) for line in text.split("\n"))


def shown_texts(value: Any) -> Any:
    """shown_text over every text (and key) in a message from the network; anything else as it is."""
    if isinstance(value, str):
        return shown_text(value)
    if isinstance(value, list):
        return [shown_texts(v) for v in value]
    if isinstance(value, dict):
        return {shown_texts(k): shown_texts(v) for k, v in value.items()}
    return value
