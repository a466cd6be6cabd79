"""The purchase flows of the game screen: the purchase screen (Rules.shop) and the spend screen (Rules.spend).
Each purchase is an ordinary action; the screen opens again while the same person still buys."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from textual.app import App
from textual.screen import Screen

from riskterm.engine.actions import Action
from riskterm.tui.choosers import FINISHED, Bought
from riskterm.tui.controller import Effect, GameController
from riskterm.tui.hotseat import HotSeat
from riskterm.tui.purchase import PurchaseScreen
from riskterm.tui.spend import SpendScreen


class Buyer(Protocol):
    """The game screen as the purchase flows see it."""

    ctl: GameController
    hs: HotSeat

    @property
    def app(self) -> App[Any]: ...
    @property
    def is_active(self) -> bool: ...  # on top of the screen stack
    def show(self, effect: Effect) -> None: ...


def _buy_loop(
    screen: Buyer,
    dialog: Screen[Any],
    still_buying: Callable[[], bool],
    again: Callable[[int, str], None],
    done: Callable[[], None] | None = None,
) -> None:
    """Open `dialog`; a purchase it returns (Bought) is applied, then `again(row, status)` opens the dialog
    anew while the same person is still buying; FINISHED calls `done`."""
    ctl = screen.ctl

    def closed(what: Any) -> None:
        if isinstance(what, Bought):
            seat = screen.hs.viewer
            effect = ctl.act(what.action)
            status = ctl.status
            screen.show(effect)
            if screen.is_active and screen.hs.viewer == seat and still_buying():
                ctl.status = ""
                again(what.row, status)
        elif what == FINISHED and done is not None:
            done()

    screen.app.push_screen(dialog, callback=closed)


def open_shop(screen: Buyer, row: int = 0, status: str = "") -> None:
    """The purchase screen; FINISHED ends the buying with the step's own no-argument action."""
    ctl = screen.ctl

    def done() -> None:
        p = ctl.picker
        kind = ctl.shop_kind()
        end = next((k for k in p.kinds() if k != kind and not p.arg_kinds(k)), None)
        if end is not None:
            screen.show(ctl.act(Action(end)))

    _buy_loop(
        screen,
        PurchaseScreen(ctl, row, status),
        lambda: ctl.shop_kind() is not None,
        lambda at, st: open_shop(screen, at, st),
        done,
    )


def open_spend(screen: Buyer, row: int = 0, status: str = "") -> None:
    """The spend screen."""
    ctl = screen.ctl
    _buy_loop(
        screen,
        SpendScreen(ctl, row, status),
        lambda: ctl.spend() is not None,
        lambda at, st: open_spend(screen, at, st),
    )
