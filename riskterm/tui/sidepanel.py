"""The game screen's side panels: each shows what its reactive `shows` says and is drawn again only when that
changes (a Static's update costs a layout and a redraw, and the screen redraws after every key)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rich.console import RenderableType
from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static


@dataclass(frozen=True)
class Shown:
    """What a panel shows: `key` stands for it (two are equal when their keys are), `make` draws it, only when
    the key is new. layout: the panel's height may have changed (a new step), so lay the screen out again."""

    key: object
    make: Callable[[], RenderableType] = field(compare=False)
    layout: bool = field(default=True, compare=False)


STALE = Shown(object(), Text)  # equal to nothing else: whatever a panel is given next is drawn (or hides it)


class Panel(Static):
    shows: reactive[Shown | None] = reactive(None, init=False, repaint=False)  # None: the panel is hidden

    def __init__(self, *, id: str) -> None:
        super().__init__(id=id)
        self.display = False  # nothing to show yet

    def watch_shows(self, shown: Shown | None) -> None:
        if self.display != (shown is not None):
            self.display = shown is not None
        if shown is not None:
            self.update(shown.make(), layout=shown.layout)


class SizedPanel(Panel):
    """A panel as tall as its text, padded to the most lines it has shown since the terminal's last resize, so
    that a new layout (which redraws the whole screen) comes only with a new most, not on every cursor move."""

    most = 0

    def forget_size(self) -> None:
        """A new terminal size: the next text shown is drawn (its height starts from it), even when unchanged.
        The text shown now stays until then (the screen draws its panels anew at once)."""
        self.most = 0
        self.set_reactive(SizedPanel.shows, STALE)

    def show_text(self, key: object, text: Text | None) -> None:
        """Show `text` (None: hide the panel); `key` stands for it."""
        self.shows = None if text is None else Shown(key, lambda: text)

    def watch_shows(self, shown: Shown | None) -> None:
        if shown is None:
            super().watch_shows(None)
            return
        text = shown.make()
        assert isinstance(text, Text)
        lines = len(text.wrap(self.app.console, max(1, self.content_size.width or 40)))
        if lines < self.most:
            text = text.copy()
            text.append("\n" * (self.most - lines))
        grew, self.most = lines > self.most, max(self.most, lines)
        super().watch_shows(Shown(shown.key, lambda: text, layout=grew))
