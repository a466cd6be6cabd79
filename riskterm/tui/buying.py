"""The purchase flows of the game screen: modern's purchase screen and europe's recruit and spend screen. Each
purchase is an ordinary action; the screen opens again while the same person still buys."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riskterm.engine.actions import Action

if TYPE_CHECKING:
    from riskterm.tui.game import GameScreen


def open_shop(screen: GameScreen, row: int = 0, status: str = "") -> None:
    """The purchase screen; "done" ends the buying with the step's own no-argument action."""
    from riskterm.tui.purchase import PurchaseScreen

    ctl = screen.ctl

    def closed(what: Any) -> None:
        if isinstance(what, tuple):
            _, action, at = what
            seat = screen.hs.viewer
            effect = ctl.act(action)
            status = ctl.status
            screen.show(effect)
            if screen.app.screen is screen and screen.hs.viewer == seat and ctl.shop_kind() is not None:
                ctl.status = ""
                open_shop(screen, at, status)
        elif what == "done":
            p = ctl.picker
            kind = ctl.shop_kind()
            done = next((k for k in p.kinds() if k != kind and not p.arg_kinds(k)), None)
            if done is not None:
                screen.show(ctl.act(Action(done)))

    screen.app.push_screen(PurchaseScreen(ctl, row, status), callback=closed)


def open_spend(screen: GameScreen, row: int = 0, status: str = "") -> None:
    """Europe's recruit and spend screen."""
    from riskterm.tui.spend import SpendScreen

    ctl = screen.ctl

    def closed(what: Any) -> None:
        if isinstance(what, tuple):
            _, action, at = what
            seat = screen.hs.viewer
            screen.show(ctl.act(action))
            status = ctl.status
            if screen.app.screen is screen and screen.hs.viewer == seat and ctl.spend_shop() is not None:
                ctl.status = ""
                open_spend(screen, at, status)

    screen.app.push_screen(SpendScreen(ctl, row, status), callback=closed)
