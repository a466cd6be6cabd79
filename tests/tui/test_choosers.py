"""The rulebooks' own choosers: europe's King's Orders (top card, then bottom card, then the pair)."""

from __future__ import annotations

import asyncio

from support.pilot import shown

from riskterm.rules import PlayerSetup
from riskterm.session import Session
from riskterm.tui.app import RiskApp
from riskterm.tui.choosers import OrderPick
from riskterm.tui.controller import GameController
from riskterm.tui.hotseat import HotSeat
from riskterm.tui.orders import OrdersScreen


def europe_at_orders() -> Session:
    s = Session.new("europe", [PlayerSetup(n) for n in ("Ann", "Bob", "Cid")], 5, {"quick_start": True})
    for _ in range(40):
        if s.state["phase"] == "orders":
            return s
        s.apply(s.rules.legal_actions(s.state)[0])
    raise AssertionError("no King's Orders")


async def press_until(app: RiskApp, pilot, dialog: type, open_keys: tuple[str, ...] = ()) -> None:
    """Press Enter through the hand-off (and `open_keys` once past it) until `dialog` is the screen."""
    for _ in range(6):
        if isinstance(app.screen, dialog):
            break
        await pilot.press("enter")
        await pilot.pause()
        if not hasattr(app.screen, "player_name") and open_keys:
            await pilot.press(*open_keys)
            await pilot.pause()
    assert isinstance(app.screen, dialog)


def test_order_pick_top_then_bottom_then_back_without_a_screen():
    s = europe_at_orders()
    hs = HotSeat(s)
    hs.take(s.rules.actor(s.state))
    ctl = GameController(hs)
    ctl.refresh()
    pick = OrderPick.of(ctl)
    hand = s.state["hands"][s.rules.actor(s.state)]
    assert [c.id for c in pick.choices()] == hand
    assert all(c.name and c.text for c in pick.cards)  # each card's name once and what it does
    top, bottom = hand[2], hand[0]
    assert pick.pick(top) and top not in [c.id for c in pick.choices()]
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
            await press_until(app, pilot, OrdersScreen)
            await pilot.press("down", "enter")  # top: the second card
            await pilot.press("enter")  # bottom: the first card left
            await pilot.press("escape")  # back to choosing the bottom card
            assert app.screen.pick.chosen == [hand[1]]
            await pilot.press("down", "enter", "enter")  # bottom: the second card left; then confirm the pair
            await pilot.pause()
        assert str(s.steps[-1].action) == f"orders {hand[1]} {hand[2]}"

    asyncio.run(run())


def test_numbers_come_from_the_rules_int_range_asked_once():
    """The picker asks the rules' int_range once instead of probing why_illegal for every number."""
    from riskterm.engine.actions import Action
    from riskterm.tui.picker import Picker

    class Words:
        action_specs = ()

    class Rules:
        presenter_class = Words
        asked: list = []

        def int_range(self, s, kind, args):
            self.asked.append((kind, args))
            return (1, 40)

        def why_illegal(self, s, a):
            raise AssertionError("probed")

    rules = Rules()
    p = Picker(rules, [Action("blitz", ("a", "b", 1))], state={"armies": [50]})  # type: ignore[arg-type]
    p.set_kind("blitz", ["a", "b"])
    assert p.candidates() == list(range(1, 41)) and p.int_range() == (1, 40)
    assert rules.asked == [("blitz", ("a", "b"))]


def europe_spending() -> Session:
    import random

    s = Session.new("europe", [PlayerSetup(n) for n in ("Ann", "Bob", "Cid")], 5, {"quick_start": True})
    r = random.Random(2)
    for _ in range(200):
        shop = s.rules.presenter().spend(s.state)
        if shop and shop.places and shop.money >= 4:
            return s
        s.apply(r.choice(s.rules.legal_actions(s.state)))
    raise AssertionError("nobody spends")


def test_spend_pick_counts_what_the_coins_allow_without_a_screen():
    from riskterm.tui.choosers import SpendPick

    s = europe_spending()
    hs = HotSeat(s)
    hs.take(s.rules.actor(s.state))
    ctl = GameController(hs)
    ctl.refresh()
    pick = SpendPick.of(ctl)
    money = pick.shop.money
    pick.move(1)  # archers, 2 coins each
    pick.count(99)
    assert pick.counts[1] == min(pick.units[1].left, money // 2) and pick.left() == money - 2 * pick.counts[1]
    pick.move(-1)
    pick.set_count(999)  # footmen fill the rest
    assert pick.left() == max(0, money - 2 * pick.counts[1] - pick.units[0].left) or pick.left() >= 0
    a = pick.action()
    assert a.kind == "recruit" and s.rules.why_illegal(s.state, a) is None
    pick.move(5)
    assert pick.row == 5 and (isinstance(pick.action(), str) or pick.action().kind == "crown")


def test_spend_screen_by_keys_recruits_several_unit_types_at_once():
    from riskterm.tui.spend import SpendScreen

    async def run():
        s = europe_spending()
        app = RiskApp(s, speed=0.0)
        async with app.run_test(size=(140, 45)) as pilot:
            for _ in range(4):
                await pilot.press("enter")
                await pilot.pause()
                if not hasattr(app.screen, "player_name"):
                    break
            steps = len(s.steps)
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, SpendScreen)
            await shown(pilot, app)
            await pilot.press("2", "down", "plus", "enter")  # two footmen, one archer, in one recruit
            await pilot.pause()
            assert str(s.steps[steps].action).startswith("recruit saxony 2 1 0 0")
            assert (
                isinstance(app.screen, SpendScreen) or s.rules.presenter().spend(s.state) is None
            )  # spend on, or done

    asyncio.run(run())


def test_the_coach_key_works_in_the_orders_and_spend_dialogs():
    """The coach 'shows what the hard player would do now in the current step', also when the step
    is a dialog (europe's King's Orders, its spending): h there gives the advice, and plays nothing."""
    from riskterm.tui.spend import SpendScreen

    async def run(s, dialog, open_keys):
        app = RiskApp(s, speed=0.0)
        async with app.run_test(size=(140, 45)) as pilot:
            await press_until(app, pilot, dialog, open_keys)
            before = s.state
            await pilot.press("h")
            await pilot.pause()
            action, reason = app.game.last_advice
            assert s.state is before and isinstance(app.screen, dialog)
            assert reason and s.rules.why_illegal(s.state, action) is None

    asyncio.run(run(europe_at_orders(), OrdersScreen, ()))
    asyncio.run(run(europe_spending(), SpendScreen, ("r",)))
