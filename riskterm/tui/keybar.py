"""A footer that shows only the keys that do something now (check_action), redrawn as one text instead of
recomposing a widget per key as Textual's Footer does (that costs a frame on every step)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.reactive import reactive
from textual.widgets import Static

# When the keys need more than the bar's two lines (80x24), these go first, so Help, Coach and Quit stay in sight.
DROP_FIRST = ("record('charts')", "record('log')", "speed", "regions", "search")


def _lines(widths: list[int], width: int) -> int:
    """Lines the keys take when none is split across two."""
    lines, used = 1, 0
    for need in widths:
        if used + need > width:
            lines, used = lines + 1, 0
        used += need
    return lines


class KeyBar(Static):
    DEFAULT_CSS = "KeyBar { dock: bottom; height: auto; max-height: 2; background: $panel; color: $text; }"
    keys: reactive[tuple[tuple[str, str, str], ...]] = reactive(
        (), init=False, repaint=False
    )  # (key, shown, label)

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.spans: list[tuple[int, int, str]] = []  # (start, end, key) for clicks

    def update_keys(self) -> None:
        """Read the screen's active bindings (their check_action already applied): the bar is drawn again when
        they change (the reactive `keys`)."""
        label_for = getattr(self.screen, "label_for", None)
        seen: set[tuple[str, str]] = set()
        shown: list[tuple[str, tuple[str, str, str]]] = []  # (action, key)
        for key, ab in self.screen.active_bindings.items():
            b = ab.binding
            if not b.show or not ab.enabled or (b.action, b.description) in seen:
                continue
            seen.add((b.action, b.description))
            shown.append(
                (b.action, (key, self.app.get_key_display(b), label_for(b) if label_for else b.description))
            )
        width = max(10, self.app.size.width)
        for action in DROP_FIRST:
            if _lines([len(d) + len(lb) + 4 for _, (_, d, lb) in shown], width) <= 2:
                break
            shown = [x for x in shown if x[0] != action]
        self.keys = tuple(k for _, k in shown)

    def forget_width(self) -> None:
        """A new terminal width: the next keys are drawn again, even when unchanged (their lines may differ)."""
        self.set_reactive(KeyBar.keys, ())

    def watch_keys(self, keys: tuple[tuple[str, str, str], ...]) -> None:
        width = max(10, self.app.size.width)
        text = Text()
        self.spans = []
        for key, disp, label in keys:
            need = len(disp) + len(label) + 4
            if (text.cell_len % width) + need > width:  # start a new line instead of splitting a key
                text.append(" " * (width - text.cell_len % width))
            start = text.cell_len
            text.append(f" {disp} ", style="bold reverse")
            text.append(f" {label} ")
            self.spans.append((start, text.cell_len, key))
        self.update(text)

    def on_click(self, event: events.Click) -> None:
        width = max(10, self.app.size.width)
        for start, end, key in self.spans:
            if start <= event.x + event.y * width < end:
                self.app.simulate_key(key)
                return
