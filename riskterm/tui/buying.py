"""The purchase flows of the game screen: modern's purchase screen and europe's recruit and spend screen. Each
purchase is an ordinary action; the screen opens again while the same person still buys."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.screen import Screen

from riskterm.engine.actions import Action

if TYPE_CHECKING:
    from riskterm.tui.game import GameScreen


def _buy_loop(screen: GameScreen, dialog: Screen[Any], still_buying: Callable[[], bool],
              again: Callable[[int, str], None], done: Callable[[], None] | None = None) -> None:
    """Open `dialog`; a purchase it returns (_, action, row) is applied, then `again(row, status)` opens the
    dialog anew while the same person is still buying; "done" calls `done`."""
    ctl = screen.ctl

    def closed(what: Any) -> None:
        if isinstance(what, tuple):
            _, action, at = what
            seat = screen.hs.viewer
            effect = ctl.act(action)
            status = ctl.status
            screen.show(effect)
            if screen.app.screen is screen and screen.hs.viewer == seat and still_buying():
                ctl.status = ""
                again(at, status)
        elif what == "done" and done is not None:
            done()

    screen.app.push_screen(dialog, callback=closed)


def open_shop(screen: GameScreen, row: int = 0, status: str = "") -> None:
    """Modern's purchase screen; "done" ends the buying with the step's own no-argument action."""
    from riskterm.tui.purchase import PurchaseScreen

    ctl = screen.ctl

    def done() -> None:
        p = ctl.picker
        kind = ctl.shop_kind()
        end = next((k for k in p.kinds() if k != kind and not p.arg_kinds(k)), None)
        if end is not None:
            screen.show(ctl.act(Action(end)))

    _buy_loop(screen, PurchaseScreen(ctl, row, status), lambda: ctl.shop_kind() is not None,
              lambda at, st: open_shop(screen, at, st), done)


def open_spend(screen: GameScreen, row: int = 0, status: str = "") -> None:
    """Europe's recruit and spend screen."""
    from riskterm.tui.spend import SpendScreen

    ctl = screen.ctl
    _buy_loop(screen, SpendScreen(ctl, row, status), lambda: ctl.spend_shop() is not None,
              lambda at, st: open_spend(screen, at, st))
