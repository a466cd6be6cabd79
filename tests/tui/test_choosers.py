"""The rulebooks' own choosers: europe's King's Orders (top card, then bottom card, then the pair)."""

from __future__ import annotations

import asyncio

from riskterm.rules import PlayerSetup
from riskterm.session import Session
from riskterm.tui.app import RiskApp
from riskterm.tui.controller import GameController, OrderPick
from riskterm.tui.hotseat import HotSeat
from riskterm.tui.orders import OrdersScreen


def europe_at_orders() -> Session:
    s = Session.new("europe", [PlayerSetup(n) for n in ("Ann", "Bob", "Cid")], 5, {"quick_start": True})
    for _ in range(40):
        if s.state["phase"] == "orders":
            return s
        s.apply(s.rules.legal_actions(s.state)[0])
    raise AssertionError("no King's Orders")


def test_order_pick_top_then_bottom_then_back_without_a_screen():
    s = europe_at_orders()
    hs = HotSeat(s)
    hs.take(s.rules.actor(s.state))
    ctl = GameController(hs)
    ctl.refresh()
    pick = OrderPick.of(ctl)
    hand = s.state["hands"][s.rules.actor(s.state)]
    assert [c["id"] for c in pick.choices()] == hand
    assert all(c["name"] and c["text"] for c in pick.cards)  # each card's name once and what it does
    top, bottom = hand[2], hand[0]
    assert pick.pick(top) and top not in [c["id"] for c in pick.choices()]
    assert pick.pick(bottom) and pick.choices() == []
    assert str(pick.action()) == f"orders {top} {bottom}"
    assert pick.back() and pick.chosen == [top] and pick.action() is None


def test_orders_chooser_by_keys():
    async def run():
        s = europe_at_orders()
        seat = s.rules.actor(s.state)
        hand = list(s.state["hands"][seat])
        app = RiskApp(s, speed=0.0)
        async with app.run_test(size=(140, 45)) as pilot:
            for _ in range(6):
                if isinstance(app.screen, OrdersScreen):
                    break
                await pilot.press("enter")
                await pilot.pause()
            assert isinstance(app.screen, OrdersScreen)
            await pilot.press("down", "enter")  # top: the second card
            await pilot.press("enter")  # bottom: the first card left
            await pilot.press("escape")  # back to choosing the bottom card
            assert app.screen.pick.chosen == [hand[1]]
            await pilot.press("down", "enter", "enter")  # bottom: the second card left; then confirm the pair
            await pilot.pause()
        assert str(s.steps[-1].action) == f"orders {hand[1]} {hand[2]}"

    asyncio.run(run())
