"""Dialogs loaded when first used (they pull in heavier widgets): the choice list (card sets) and help."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from riskterm.tui.screens import SizeAware


class ChoiceScreen(SizeAware, ModalScreen[Any]):
    """Pick one of a list (card sets best first). When forced there is no way out but choosing."""

    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("enter", "pick", "Choose", show=True)]

    def __init__(self, title: str, options: list[tuple[str, Any, str]], forced: bool) -> None:
        """options: (label, value, detail shown while the option is highlighted)."""
        super().__init__()
        self.title_, self.options, self.forced = title, options, forced

    def compose(self) -> ComposeResult:
        with Vertical(id="choice-box", classes="dialog"):
            yield Static(Text(self.title_, style="bold"))
            yield OptionList(*[Option(label, id=str(i)) for i, (label, _, _) in enumerate(self.options)],
                             id="choices")
            yield Static("", id="choice-detail")
            hint = "You must choose one now." if self.forced else "Escape to cancel."
            yield Static(Text(f"Up/Down to move, Enter to choose. {hint}", style="dim"))

    def on_mount(self) -> None:
        ol = self.query_one(OptionList)
        ol.highlighted = 0
        ol.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
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


class HelpScreen(SizeAware, ModalScreen[None]):
    BINDINGS = [Binding("escape,q,f1,question_mark", "close", "Close help")]

    def __init__(self, markdown: str) -> None:
        super().__init__()
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box", classes="dialog"):
            yield Markdown(self.markdown)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-box").focus()

    def action_close(self) -> None:
        self.dismiss(None)


KEY_NAMES = {"question_mark": "?", "slash": "/", "plus": "+", "equals_sign": "=", "minus": "-", "escape": "Esc",
             "enter": "Enter", "space": "Space", "tab": "Tab", "shift+tab": "Shift+Tab", "f1": "F1"}


def help_markdown(bindings: list[tuple[str, str, str]], rules_text: str) -> str:
    """The key table (from the real bindings: key, label, what it does) followed by the rulebook summary."""
    rows = ["| Key | Action | What it does |", "| --- | --- | --- |"]
    for key, label, desc in bindings:
        shown = " / ".join(KEY_NAMES.get(k, k) for k in key.split("/"))
        rows.append(f"| `{shown}` | {label} | {desc} |")
    return "# Keys\n\n" + "\n".join(rows) + "\n\n" + (rules_text or "")
