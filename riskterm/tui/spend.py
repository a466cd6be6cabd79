"""The spend screen (Rules.spend), like the purchase screen: each unit with its name, cost, what the army
reserve has left and how many to recruit where; then each thing bought singly; the money left. The logic is
SpendPick (choosers.py); every purchase is an ordinary action the game screen applies."""

from __future__ import annotations

from rich.console import JustifyMethod
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from riskterm.engine.actions import Action
from riskterm.tui.choosers import Bought, SpendPick
from riskterm.tui.controller import GameController
from riskterm.tui.screens import COACH_KEY, CoachKey, OneAnswer, SizeAware


class SpendScreen(OneAnswer, CoachKey, SizeAware, ModalScreen[Bought | None]):
    """Up/Down: row; +/- or digits: how many; Left/Right: where; Enter: buy; Esc: close."""

    DEFAULT_CSS = """
    SpendScreen { align: center middle; }
    #spend-box { max-width: 96; }
    """
    BINDINGS = [
        COACH_KEY,
        Binding("up", "move(-1)", "Up"),
        Binding("down", "move(1)", "Down"),
        Binding("plus,equals_sign", "count(1)", "+1"),
        Binding("minus", "count(-1)", "-1"),
        Binding("right", "place(1)", "Next place"),
        Binding("left", "place(-1)", "Prev place"),
        Binding("enter", "purchase", "Buy"),
        Binding("escape", "close", "Close"),
    ]

    def __init__(self, ctl: GameController, row: int = 0, status: str = "") -> None:
        super().__init__()
        self.ctl = ctl
        self.pick = SpendPick.of(ctl, row)
        self.status = status
        self.typed = ""

    def compose(self) -> ComposeResult:
        with Vertical(id="spend-box", classes="dialog"):
            yield Static(id="spend-table")
            yield Static(id="spend-status")
            yield Static(
                Text(
                    "Up/Down: row   +/- or digits: how many   Left/Right: where   Enter: buy   "
                    "Esc: close (e ends the turn)",
                    style="dim",
                )
            )

    def when_mounted(self) -> None:
        self.show()

    def show(self) -> None:
        p, shop = self.pick, self.pick.shop
        where = p.where()
        t = Table(
            box=None,
            expand=True,
            padding=(0, 1),
            title_style="bold",
            title=f"Spend: {p.left()} of {shop.money} {shop.currency} left",
        )
        columns: tuple[tuple[str, JustifyMethod], ...] = (
            ("", "left"),
            ("Buy", "left"),
            ("Cost", "right"),
            ("In reserve", "right"),
            ("How many", "right"),
            ("Where", "left"),
        )
        for col, just in columns:
            t.add_column(col, justify=just)
        for i, u in enumerate(p.units):
            here = p.row == i
            t.add_row(
                "▶" if here else "",
                Text(u.name, style="bold reverse" if here else ""),
                str(u.cost),
                str(u.left),
                f"[{p.counts[i]}]" if here else str(p.counts[i] or ""),
                p.names.get(where or "", "-") if i == 0 else "",
                style="" if p.most(i) or p.counts[i] else "dim",
            )
        for row, buy in enumerate(shop.purchases, len(p.units)):
            here = p.row == row
            at = "" if buy.places is None else p.names.get(p.purchase_where(row) or "", "nowhere now")
            t.add_row(
                "▶" if here else "",
                Text(buy.name, style="bold reverse" if here else ""),
                str(buy.cost),
                str(buy.left),
                "1",
                at,
                style="" if buy.why is None else "dim",
            )
        self.query_one("#spend-table", Static).update(t)
        status = self.status or self.describe(p.action())
        note = shop.note
        self.query_one("#spend-status", Static).update(
            Text.assemble((note + "\n" if note else "", "dim"), (status, "italic"))
        )
        self.status = ""

    def describe(self, what: Action | str) -> str:
        if isinstance(what, str):
            return what
        p = self.pick
        buy, money = p.purchase(), p.shop.currency
        if buy is None:
            parts = [
                f"{n} {u.name.lower() if n == 1 else u.plural}"
                for n, u in zip(p.counts, p.units, strict=True)
                if n
            ]
            return (
                f"Enter recruits {', '.join(parts)} in {p.names[str(what.args[0])]} for {p.spent()} {money}."
            )
        where = f" in {p.names[str(what.args[0])]}" if what.args else ""
        return f"Enter {buy.what}{where} for {buy.cost} {money}."

    def action_move(self, delta: int) -> None:
        self.pick.move(delta)
        self.typed = ""
        self.show()

    def action_count(self, delta: int) -> None:
        self.pick.count(delta)
        self.typed = ""
        self.show()

    def action_place(self, delta: int) -> None:
        self.pick.next_place(delta)
        self.show()

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isdigit():
            self.typed = (self.typed + event.character)[-3:]
            self.pick.set_count(int(self.typed))
            self.show()
            event.stop()

    def action_purchase(self) -> None:
        what = self.pick.action()
        if isinstance(what, str):
            self.status = what
            self.show()
            return
        self.dismiss(Bought(what, self.pick.row))

    def action_close(self) -> None:
        self.dismiss(None)
