"""The game screen's side panels, updated only when what they show changed: a Static's update costs a layout
and a redraw, and the screen redraws after every key."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import RenderableType
from rich.text import Text
from textual.dom import DOMNode
from textual.widgets import Static


class PanelCache:
    def __init__(self, screen: DOMNode) -> None:
        self.screen = screen
        self.shown: dict[str, object] = {}

    def clear(self) -> None:
        """Forget what is shown (a new size: every panel is drawn again)."""
        self.shown.clear()

    def put(self, wid: str, key: object, make: Callable[[], RenderableType], layout: bool = True) -> None:
        """Show `make()` in the panel `wid` unless it already shows what `key` stands for."""
        if self.shown.get(wid) == key:
            return
        self.shown[wid] = key
        self.screen.query_one(wid, Static).update(make(), layout=layout)

    def put_sized(self, wid: str, key: object, text: Text) -> None:
        """Like put, for a panel as tall as its text: padded to the most lines it has shown at this size, so
        that a new layout (which redraws the whole screen) comes only with a new most, not on every cursor move."""
        if self.shown.get(wid) == key:
            return
        w = self.screen.query_one(wid, Static)
        lines = len(text.wrap(self.screen.app.console, max(1, w.content_size.width or 40)))
        most = self.shown.get(wid + ":lines", 0)
        assert isinstance(most, int)
        if lines < most:
            text = text.copy()
            text.append("\n" * (most - lines))
        self.shown[wid + ":lines"] = max(most, lines)
        self.put(wid, key, lambda: text, layout=lines > most)

    def display(self, wid: str, on: bool) -> Static:
        """Show or hide the panel `wid` (only touching it when that changes)."""
        w = self.screen.query_one(wid, Static)
        if w.display != on:
            w.display = on
        return w
