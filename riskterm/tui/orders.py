"""The chooser of two cards in order (Rules.order_choice: Risk: Europe's King's Orders): the hand as cards,
each with its name and what it does; pick the first card, then the second, see the pair, confirm it or go
back. The logic is OrderPick (choosers.py)."""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from riskterm.engine.actions import Action
from riskterm.rules.effects import OrderCard
from riskterm.tui.choosers import OrderPick
from riskterm.tui.controller import GameController
from riskterm.tui.screens import COACH_KEY, CoachKey, OneAnswer, SizeAware


def card_panel(card: OrderCard, title: str = "") -> Panel:
    body = Text(card.name, style="bold")
    if card.text:
        body.append("\n" + card.text, style="")
    return Panel(
        body,
        title=title or None,
        title_align="left",
        border_style="yellow" if title else "dim",
        padding=(0, 1),
    )


def card_line(card: OrderCard) -> Text:
    out = Text(card.name, style="bold")
    if card.text:
        out.append("\n" + card.text, style="dim")
    return out


class OrdersScreen(OneAnswer, CoachKey, SizeAware, ModalScreen[Action | None]):
    DEFAULT_CSS = """
    OrdersScreen { align: center middle; }
    #orders-box { max-width: 90; }
    #orders-hand { height: auto; max-height: 30; }
    """
    BINDINGS = [COACH_KEY, Binding("escape", "back", "Back"), Binding("enter", "pick", "Choose", show=True)]

    def __init__(self, ctl: GameController, forced: bool) -> None:
        super().__init__()
        self.pick = OrderPick.of(ctl)
        self.forced = forced
        self.who = ctl.rules.names(ctl.table.view())[ctl.table.shown_seat() or 0]

    def compose(self) -> ComposeResult:
        with Vertical(id="orders-box", classes="dialog"):
            yield Static(Text(self.pick.choice.title.format(who=self.who), style="bold"))
            yield Static(id="orders-chosen")
            yield Static(id="orders-step")
            yield OptionList(id="orders-hand")
            yield Static(id="orders-keys")

    def when_mounted(self) -> None:
        self.show()

    def show(self) -> None:
        p = self.pick
        stage = len(p.chosen)
        chosen = [card_panel(p.card(c), p.choice.slots[i]) for i, c in enumerate(p.chosen)]
        self.query_one("#orders-chosen", Static).update(Group(*chosen) if chosen else "")
        self.query_one("#orders-step", Static).update(
            Text(p.choice.steps[min(stage, 2)], style="bold italic")
        )
        hand = self.query_one("#orders-hand", OptionList)
        hand.clear_options()
        opts: list[Option | None] = []
        for c in p.choices():
            opts += [Option(card_line(c), id=c.id), None]  # None: a rule between two cards
        hand.add_options(opts[:-1])
        hand.display = stage < 2
        if stage < 2:
            hand.highlighted = 0
            hand.focus()
        else:
            self.set_focus(None)
        esc = "   Esc: back" if stage else "" if self.forced else "   Esc: close"
        out = (
            "Enter: confirm these two cards   Esc: choose again"
            if stage == 2
            else "Up/Down: card   Enter: choose it" + esc
        )
        self.query_one("#orders-keys", Static).update(Text(out, style="dim"))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_id and self.pick.pick(event.option_id):
            self.show()

    def action_pick(self) -> None:
        if len(self.pick.chosen) == 2:
            self.dismiss(self.pick.action())
            return
        hand = self.query_one("#orders-hand", OptionList)
        if hand.highlighted is not None:
            opt = hand.get_option_at_index(hand.highlighted)
            if opt.id and self.pick.pick(opt.id):
                self.show()

    def action_back(self) -> None:
        if self.pick.back():
            self.show()
        elif not self.forced:
            self.dismiss(None)
