"""Dialogs loaded when first used (they pull in heavier widgets): the choice list (card sets) and help."""

from __future__ import annotations

import io
import time
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from riskterm.tui.screens import COACH_KEY, CoachKey, OneAnswer, SizeAware


class ChoiceScreen(OneAnswer, CoachKey, SizeAware, ModalScreen[Any]):
    """Pick one of a list (card sets best first). When forced there is no way out but choosing."""

    BINDINGS = [
        COACH_KEY,
        Binding("escape", "cancel", "Cancel"),
        Binding("enter", "pick", "Choose", show=True),
    ]
    step_list = False  # a list of the decision's next arguments (the coach's advice may be added to it)

    def __init__(
        self,
        title: str,
        options: list[tuple[str, Any, str]],
        forced: bool,
        context: str = "",
        start_at: int = 0,
    ) -> None:
        """options: (label, value, detail shown while the option is highlighted); context: what the choice is
        about (a forced one can come in another player's turn: which battle, the roll, the hits); start_at:
        the option highlighted first."""
        super().__init__()
        self.title_, self.options, self.forced, self.context = title, options, forced, context
        self.start_at = start_at

    def compose(self) -> ComposeResult:
        with Vertical(id="choice-box", classes="dialog"):
            yield Static(Text(self.title_, style="bold"))
            if self.context:
                yield Static(Text(self.context), id="choice-context")
            yield OptionList(
                *[Option(label, id=str(i)) for i, (label, _, _) in enumerate(self.options)], id="choices"
            )
            yield Static("", id="choice-detail")
            hint = "You must choose one now." if self.forced else "Escape to cancel."
            yield Static(Text(f"Up/Down to move, Enter to choose. {hint}", style="dim"))

    def when_mounted(self) -> None:
        ol = self.query_one(OptionList)
        ol.highlighted = self.start_at
        ol.focus()

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cancel":
            return not self.forced
        return True

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        detail = self.options[int(event.option_id or 0)][2]
        self.query_one("#choice-detail", Static).update(Text(detail, style="italic"))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.options[int(event.option_id or 0)][1])

    def action_pick(self) -> None:
        ol = self.query_one(OptionList)
        if ol.highlighted is not None:
            self.dismiss(self.options[ol.highlighted][1])

    def action_cancel(self) -> None:
        if not self.forced:
            self.dismiss(None)


class CountScreen(OneAnswer, CoachKey, SizeAware, ModalScreen[Any]):
    """How many of each type of unit go (riskterm.tui.unitcounts): Up/Down picks a type, +/- or a digit sets its
    count, Enter sends them; the answer is the set of units ('2R1H'), None when cancelled."""

    BINDINGS = [
        COACH_KEY,
        Binding("escape", "cancel", "Cancel"),
        Binding("enter", "send", "Send", show=True),
        Binding("up", "row(-1)", show=False),
        Binding("down", "row(1)", show=False),
        Binding("plus,equals_sign,right", "count(1)", show=False),
        Binding("minus,left", "count(-1)", show=False),
    ]

    def __init__(self, title: str, types: list[tuple[str, str, int]]) -> None:
        super().__init__()
        self.title_, self.types = title, types
        self.counts = [0] * len(types)
        self.row = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="choice-box", classes="dialog"):
            yield Static(Text(self.title_, style="bold"))
            yield Static(self.body(), id="counts")
            yield Static(
                Text(
                    "Up/Down: a type of unit. +/- or a digit: how many. Enter sends them, Escape cancels.",
                    style="dim",
                )
            )

    def body(self) -> Text:
        out = Text()
        for i, ((_, name, most), n) in enumerate(zip(self.types, self.counts, strict=True)):
            line = f"{'>' if i == self.row else ' '} {name:<20} {n:>2} of {most}\n"
            out.append(line, style="reverse" if i == self.row else "")
        sent = [
            f"{n} {name}{'s' * (n != 1)}"
            for (_, name, _), n in zip(self.types, self.counts, strict=True)
            if n
        ]
        out.append("Send: " + (", ".join(sent) or "nothing yet"), style="bold")
        return out

    def _show(self) -> None:
        self.query_one("#counts", Static).update(self.body())

    def action_row(self, delta: int) -> None:
        self.row = (self.row + delta) % len(self.types)
        self._show()

    def action_count(self, delta: int) -> None:
        most = self.types[self.row][2]
        self.counts[self.row] = max(0, min(most, self.counts[self.row] + delta))
        self._show()

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isdigit():
            self.counts[self.row] = min(self.types[self.row][2], int(event.character))
            self._show()
            event.stop()

    def action_send(self) -> None:
        from riskterm.tui.unitcounts import mix_text

        mix = mix_text([(letter, n) for (letter, _, _), n in zip(self.types, self.counts, strict=True)])
        if mix:
            self.dismiss(mix)

    def action_cancel(self) -> None:
        self.dismiss(None)


_HELP_LINES: dict[tuple[str, int], list[Strip]] = {}


def help_lines(markdown: str, width: int) -> list[Strip]:
    """The help text drawn by rich's Markdown at `width`, once per text and width (the game screen draws it
    in the background after it opens, so F1 only shows lines already made)."""
    key = (markdown, width)
    if key not in _HELP_LINES:
        from rich.console import Console
        from rich.markdown import Markdown as RichMarkdown

        console = Console(width=width, file=io.StringIO(), color_system="truecolor", force_terminal=True)
        lines = console.render_lines(RichMarkdown(markdown), console.options.update(width=width), pad=True)
        _HELP_LINES[key] = [Strip(line, width) for line in lines]
    return _HELP_LINES[key]


HELP_WIDTH = 104  # the help box's inner width (max-width 110, border and padding)


def help_width(app_width: int) -> int:
    return max(20, min(HELP_WIDTH, int(app_width * 0.9) - 6))


class HelpText(ScrollView, can_focus=True):
    """Cached lines in a Line-API view: no widget per paragraph (Textual's Markdown widget took 2-5 s to open
    a rulebook's text on this machine), no re-render while scrolling."""

    BINDINGS = [
        Binding("down,j", "scroll_down", show=False),
        Binding("up,k", "scroll_up", show=False),
        Binding("pagedown,space", "page_down", show=False),
        Binding("pageup", "page_up", show=False),
        Binding("home", "scroll_home", show=False),
        Binding("end", "scroll_end", show=False),
    ]

    def __init__(self, markdown: str, width: int, **kw: Any) -> None:
        super().__init__(**kw)
        self.lines = help_lines(markdown, width)
        self.virtual_size = Size(width, len(self.lines))

    def render_line(self, y: int) -> Strip:
        i = y + int(self.scroll_offset.y)
        return self.lines[i] if 0 <= i < len(self.lines) else Strip.blank(self.size.width)


class HelpScreen(OneAnswer, SizeAware, ModalScreen[None]):
    BINDINGS = [Binding("escape,q,f1,question_mark", "close", "Close help")]
    opened_at = 0.0  # perf_counter when the help key was pressed
    shown_after: float | None = None  # seconds from the key to the first frame with the help on it

    def __init__(self, markdown: str) -> None:
        super().__init__()
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        width = help_width(self.app.size.width)
        with Vertical(id="help-box", classes="dialog"):
            yield HelpText(self.markdown, width, id="help-text")
            yield Static(Text("Up/Down/PgUp/PgDn scroll   Esc closes", style="dim"))

    def when_mounted(self) -> None:
        self.query_one("#help-text").focus()
        if self.opened_at:
            self.call_after_refresh(self._shown)

    def _shown(self) -> None:
        self.shown_after = time.perf_counter() - self.opened_at

    def action_close(self) -> None:
        self.dismiss(None)


KEY_NAMES = {
    "question_mark": "?",
    "slash": "/",
    "plus": "+",
    "equals_sign": "=",
    "minus": "-",
    "escape": "Esc",
    "enter": "Enter",
    "space": "Space",
    "tab": "Tab",
    "shift+tab": "Shift+Tab",
    "f1": "F1",
}


def help_markdown(bindings: list[tuple[str, str, str]], rules_text: str) -> str:
    """The key table (from the real bindings: key, label, what it does) followed by the rulebook summary."""
    rows = ["| Key | Action | What it does |", "| --- | --- | --- |"]
    for key, label, desc in bindings:
        shown = " / ".join(KEY_NAMES.get(k, k) for k in key.split("/"))
        rows.append(f"| `{shown}` | {label} | {desc} |")
    return "# Keys\n\n" + "\n".join(rows) + "\n\n" + (rules_text or "")
