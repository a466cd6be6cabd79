"""Every dialog and screen takes one answer once (screens.OneAnswer): a burst of keys, keys that arrive before
the screen is mounted, a click and a key at once. Textual's dismiss pops whatever screen is on top, so before
the guard a second Enter in a list closed the game screen under it, or raised ScreenStackError; an Enter before
the hand-off was mounted raised NoMatches. One short app run opens every kind of dialog in turn."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from typing import Any

from textual import events
from textual.screen import Screen
from textual.widgets import OptionList

from riskterm.record.autosave import write_save
from riskterm.rules import PlayerSetup
from riskterm.session import Session
from riskterm.setup_options import unsafe_char
from riskterm.tui.app import RiskApp
from riskterm.tui.controller import GameController
from riskterm.tui.hotseat import HotSeat

CHARS = {"enter": "\r", "escape": "\x1b", "space": " ", "plus": "+", "down": None, "up": None, "f1": None}


class Bench(RiskApp):
    """The app with a plain screen at the bottom: each dialog is pushed over it alone."""

    def on_mount(self, event: events.Mount) -> None:  # type: ignore[override]
        event.prevent_default()  # no new-game screen


def drawn(app: RiskApp) -> str:
    """Every character the screen puts on the terminal now."""
    return "".join(seg.text for strip in app.screen._compositor.render_strips() for seg in strip)


def send(app: RiskApp, keys: list[str]) -> None:
    """Keys as one read from the terminal brings them: all queued before any is handled."""
    for k in keys:
        app._driver.send_message(events.Key(k, CHARS.get(k, k)))


def new(variant: str, seed: int = 5) -> Session:
    return Session.new(variant, [PlayerSetup(n) for n in ("Ann", "Bob", "Cid")], seed, {"quick_start": True})


def controller(s: Session) -> GameController:
    hs = HotSeat(s)
    hs.take(s.rules.actor(s.state))
    ctl = GameController(hs)
    ctl.refresh()
    return ctl


def walk_to(variant: str, seed: int, found: Callable[[Session], bool]) -> Session:
    s, r = new(variant, seed), random.Random(2)
    for _ in range(300):
        if found(s):
            return s
        s.apply(r.choice(s.rules.legal_actions(s.state)))
    raise AssertionError(f"{variant}: no such step")


def dialogs(tmp_path) -> list[tuple[str, Callable[[], Screen[Any]], list[str]]]:
    """(what, the screen, the burst of keys that answers it several times over)."""
    from riskterm.tui.charts import StatsScreen
    from riskterm.tui.dialogs import ChoiceScreen, CountScreen, HelpScreen
    from riskterm.tui.gameover import GameOverScreen
    from riskterm.tui.logview import LogScreen
    from riskterm.tui.orders import OrdersScreen
    from riskterm.tui.purchase import PurchaseScreen
    from riskterm.tui.remote_app import ChatScreen, JoinScreen
    from riskterm.tui.resume import ResumeScreen
    from riskterm.tui.screens import HandoffScreen, QuitScreen
    from riskterm.tui.spend import SpendScreen

    classic = new("classic")
    good = write_save(classic, tmp_path / "saves" / "one.json")
    evil = json.dumps("Ann\x1b]2;PWNED\x07\u202e")  # listing skips this header: no escape on the screen
    (tmp_path / "saves" / "crafted.json").write_text(good.read_text().replace('"Ann"', evil, 1))
    modern_setup = Session.new(
        "modern", [PlayerSetup(n) for n in ("Ann", "Bob", "Cid")], 1, {"quick_start": False}
    )
    orders = walk_to("europe", 5, lambda s: s.state["phase"] == "orders")
    spending = walk_to(
        "europe",
        5,
        lambda s: bool((sh := s.rules.presenter().spend(s.state)) and sh.places and sh.money >= 4),
    )
    assert modern_setup.rules.presenter().shop(modern_setup.state) is not None
    enter6 = ["enter"] * 6
    return [
        ("forced list", lambda: ChoiceScreen("Trade", [("a", 1, ""), ("b", 2, "")], True), enter6),
        (
            "list",
            lambda: ChoiceScreen("Do", [("a", 1, ""), ("b", 2, "")], False),
            ["enter", "escape", "enter"],
        ),
        ("counts", lambda: CountScreen("Move", [("R", "Rifle", 3)]), ["plus", "enter"] * 3),
        ("help", lambda: HelpScreen("# Keys"), ["escape", "f1", "escape"]),
        ("quit", lambda: QuitScreen("here"), ["enter", "y", "escape"]),
        ("hand-off", lambda: HandoffScreen("Ann", "red", ["Bob attacked."]), enter6),
        ("continue", lambda: ResumeScreen(tmp_path / "saves"), enter6),
        ("game over", lambda: GameOverScreen(classic), ["q", "n", "q"]),
        ("log", lambda: LogScreen(classic, 0), ["escape", "q", "l"]),
        ("charts", lambda: StatsScreen(classic), ["escape"] * 3),
        ("chat", lambda: ChatScreen(), ["h", "i", "enter", "enter", "escape"]),
        ("join", lambda: JoinScreen("ABCDEF"), enter6),
        ("shop", lambda: PurchaseScreen(controller(modern_setup)), ["escape", "enter", "escape"]),
        ("spend", lambda: SpendScreen(controller(spending)), ["escape", "enter", "escape"]),
        ("orders", lambda: OrdersScreen(controller(orders), forced=False), enter6 + ["escape"]),
    ]


def test_every_dialog_takes_one_answer_from_a_burst_of_keys(tmp_path):
    async def run():
        app = Bench(None)
        async with app.run_test(size=(80, 24)) as pilot:
            bottom = app.screen
            for what, make, keys in dialogs(tmp_path):
                answers: list[Any] = []
                dialog = make()
                app.push_screen(dialog, callback=answers.append)
                if what == "continue":  # the list of saves: only the good one, and nothing unprintable drawn
                    await pilot.pause()
                    assert len(app.screen.games) == 1 and unsafe_char(drawn(app)) is None, app.screen
                send(app, keys)  # before the screen is mounted (mostly): ignored, never NoMatches
                await pilot.pause()
                for _ in range(50):  # keys typed before it is shown go nowhere: wait for it
                    if getattr(dialog, "ready", True):
                        break
                    await pilot.pause()
                send(app, keys)  # all at once: the first answer only
                waits = what in ("log", "charts", "chat", "join")  # ones that wait for Escape or a name
                for _ in range(1 if waits else 20):
                    await pilot.pause()
                    if answers and app._message_queue.empty():
                        break
                if waits:
                    send(app, ["escape"])
                    await pilot.pause()
                assert len(answers) == 1, (what, answers)
                assert app.screen is bottom and app.screen_stack == [bottom], what
                for _ in range(
                    50
                ):  # every key handled before the next dialog opens (a loaded machine is slow)
                    if app._message_queue.empty():
                        break
                    await pilot.pause()

    asyncio.run(run())


def test_a_click_and_a_key_at_once_answer_a_list_once():
    from riskterm.tui.dialogs import ChoiceScreen

    async def run():
        app = Bench(None)
        async with app.run_test(size=(80, 24)) as pilot:
            bottom = app.screen
            answers: list[Any] = []
            screen = ChoiceScreen("Trade", [("a", 1, ""), ("b", 2, "")], True)
            app.push_screen(screen, callback=answers.append)
            await pilot.pause()
            options = screen.query_one(OptionList)
            options.post_message(
                OptionList.OptionSelected(options, options.get_option_at_index(1), 1)
            )  # a click
            await pilot.press("enter")  # and a key, before the click is handled
            await pilot.pause()
            assert answers == [2] and app.screen_stack == [bottom]

    asyncio.run(run())


def test_a_dialog_answered_before_its_mount_comes_closes_quietly(tmp_path):
    """A dialog closed in the same moment it opens, or popped by a dismissal meant for the screen under it (the
    coach's key reopening a list at once, on a slow machine): its widgets go with it, so its own start must
    not run when its mount comes after. Before, the list's start looked for its options and the app stopped
    with NoMatches."""

    async def run():
        app = Bench(None)
        async with app.run_test(size=(80, 24)) as pilot:
            bottom = app.screen
            for what, make, _ in dialogs(tmp_path):
                answers: list[Any] = []
                screen = make()
                app.push_screen(screen, callback=answers.append)
                if what == "list":  # popped by the dismissal of the one under it (the coach reopening a list)
                    app.pop_screen()
                else:
                    screen.dismiss(None)  # before the screen's mount has been handled
                for _ in range(5):
                    await pilot.pause()
                assert app.screen_stack == [bottom], what

    asyncio.run(run())


def test_bursts_around_ctrl_q_neither_crash_nor_quit_unasked():
    """Keys typed fast around Ctrl+Q: a screen-opening key and Ctrl+Q in one burst stopped the app with
    NoMatches in that screen's start (it mounted while the app closed), and an Enter or Esc typed just before
    Ctrl+Q answered the Quit dialog (a key queued for the game screen meets the bindings of the screen on top).
    Each burst here ends at the Quit dialog, asked and unanswered; 'n' goes back to the game."""
    from riskterm.tui.screens import QuitScreen

    bursts = [
        ["enter", "ctrl+q"],
        ["escape", "ctrl+q"],
        ["f1", "enter", "ctrl+q"],
        ["enter", "ctrl+l", "ctrl+q"],
        ["ctrl+g", "escape", "ctrl+q"],
        ["question_mark", "ctrl+q"],
        ["space", "enter", "ctrl+q"],
    ]

    async def run():
        app = RiskApp(new("classic"), speed=0.0)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(6):
                if app.screen is app.game:
                    break
                await pilot.press("enter")
            for burst in bursts:
                send(app, burst)
                for _ in range(20):
                    await pilot.pause()
                    if isinstance(app.screen, QuitScreen) and app._message_queue.empty():
                        break
                assert app.is_running and isinstance(app.screen, QuitScreen), (burst, app.screen_stack)
                await pilot.press("n")
                while app.screen is not app.game:
                    app.pop_screen()
                    await pilot.pause()

    asyncio.run(run())


def test_a_start_that_finds_its_widgets_missing_waits_for_them():
    """On a loaded machine a screen's mount can come before the widgets inside its containers are mounted (seen:
    the units list's options missing at its start, NoMatches): the start is tried again after a refresh, and
    keys wait until it has run."""
    from textual.css.query import NoMatches

    from riskterm.tui.dialogs import ChoiceScreen

    class Late(ChoiceScreen):
        tries = 0

        def when_mounted(self) -> None:
            self.tries += 1
            if self.tries < 3:
                assert not self.ready
                raise NoMatches("not yet")
            super().when_mounted()

    async def run():
        app = Bench(None)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = Late("Trade", [("a", 1, ""), ("b", 2, "")], True)
            app.push_screen(screen)
            for _ in range(10):
                await pilot.pause()
            assert screen.tries == 3 and screen.ready

    asyncio.run(run())
