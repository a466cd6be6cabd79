"""The purchase screen (Rules.shop): money left, each item's cost and worth, and how many to buy. Every
purchase is an ordinary action that the game screen applies (so it is checked, logged and undoable)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from riskterm.engine.actions import Action
from riskterm.rules.effects import Shop
from riskterm.tui.choosers import FINISHED, Bought
from riskterm.tui.controller import GameController
from riskterm.tui.screens import COACH_KEY, CoachKey, OneAnswer, SizeAware


class PurchaseScreen(OneAnswer, CoachKey, SizeAware, ModalScreen[Bought | str | None]):
    """Up/Down picks an item, +/- or digits the count, Enter buys, d finishes buying, Esc closes."""

    BINDINGS = [
        COACH_KEY,
        Binding("up", "move(-1)", "Up"),
        Binding("down", "move(1)", "Down"),
        Binding("plus,equals_sign,right", "count(1)", "+1"),
        Binding("minus,left", "count(-1)", "-1"),
        Binding("enter", "purchase", "Buy"),
        Binding("d", "finish", "Done buying"),
        Binding("escape", "close", "Close"),
    ]

    def __init__(self, ctl: GameController, row: int = 0, status: str = "") -> None:
        super().__init__()
        self.ctl = ctl
        self.row = row
        self.count = 1
        self.typed = ""
        self.status = status

    def compose(self) -> ComposeResult:
        with Vertical(id="shop-box", classes="dialog"):
            yield Static(id="shop-table")
            yield Static(id="shop-status")
            yield Static(
                Text(
                    "Up/Down: item  +/- or digits: how many  Enter: buy  d: done buying  Esc: close",
                    style="dim",
                )
            )

    def when_mounted(self) -> None:
        self.show(self.status)

    # --- what the rulebook offers now ------------------------------------------------------------
    def shop(self) -> Shop | None:
        return self.ctl.shop()

    def most(self, cost: int, money: int) -> int:
        return max(0, money // cost) if cost > 0 else 0

    def show(self, status: str = "") -> None:
        shop = self.shop()
        if shop is None:
            self.dismiss(None)
            return
        items, money = shop.items, shop.money
        self.row = max(0, min(len(items) - 1, self.row))
        most = self.most(items[self.row].cost, money) if items else 0
        self.count = max(1, min(self.count, most)) if most else 0
        t = Table(box=None, expand=True, padding=(0, 1), title=f"Buying: {money} left", title_style="bold")
        t.add_column("")
        t.add_column("Item")
        t.add_column("Cost", justify="right")
        t.add_column("Worth")
        t.add_column("Max", justify="right")
        for i, item in enumerate(items):
            here, cost = i == self.row, item.cost
            t.add_row(
                f"[{self.count}]" if here else "",
                Text(item.name, style="bold reverse" if here else ""),
                str(cost),
                item.worth,
                str(self.most(cost, money)),
                style="" if self.most(cost, money) else "dim",
            )
        self.query_one("#shop-table", Static).update(t)
        if not status and items and self.count:
            item = items[self.row]
            status = f"Enter buys {self.count} {item.name} for {self.count * item.cost}."
        note = shop.note
        self.query_one("#shop-status", Static).update(
            Text.assemble((note + "\n" if note else ""), (status, "italic"))
        )

    # --- keys --------------------------------------------------------------------------------------
    def action_move(self, delta: int) -> None:
        self.row += delta
        self.typed = ""
        self.show()

    def action_count(self, delta: int) -> None:
        self.count += delta
        self.typed = ""
        self.show()

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isdigit():
            self.typed = (self.typed + event.character)[-3:]
            self.count = int(self.typed)
            self.show()
            event.stop()

    def action_purchase(self) -> None:
        shop = self.shop()
        if shop is None or not shop.items or self.count < 1:
            return
        item = shop.items[self.row].id
        # the game screen applies it (a purchase may pass the keyboard on) and opens this screen again
        self.dismiss(Bought(Action(shop.kind, (item, self.count)), self.row))

    def action_finish(self) -> None:
        self.dismiss(FINISHED)

    def action_close(self) -> None:
        self.dismiss(None)
