"""Footer keys per phase, the hand-off hiding private cards, forced card trades, tiny terminals, help."""

from __future__ import annotations

import asyncio

from riskterm.tui.app import RiskApp
from riskterm.tui.dialogs import ChoiceScreen, HelpScreen
from riskterm.tui.game import GameScreen
from riskterm.tui.keybar import KeyBar
from riskterm.tui.screens import HandoffScreen, TooSmallScreen


def shown_keys(app: RiskApp) -> set[str]:
    return {key for key, *_ in app.screen.query_one(KeyBar).keys}


def with_hand(session, cards: list[str]) -> None:
    """Give the player to move these cards (a test-only shortcut into the state)."""
    s = dict(session.state)
    p = s["current"]
    hands = [list(h) for h in s["hands"]]
    hands[p] = list(cards)
    s["hands"] = hands
    session.state = s


async def past_handoff(pilot, app) -> None:
    await pilot.pause()
    while not isinstance(app.screen, GameScreen):
        await pilot.press("enter")
        await pilot.pause()


def test_footer_shows_only_keys_that_do_something(make_session):
    async def run():
        session = make_session(seed=4)
        app = RiskApp(session, speed=0.0)
        async with app.run_test(size=(140, 45)) as pilot:
            await past_handoff(pilot, app)
            keys = shown_keys(app)
            assert session.state["phase"] == "reinforce"
            assert {"enter", "tab"} <= keys
            assert not {"a", "b", "s", "f", "e", "u", "plus", "minus"} & keys
            await pilot.press("enter")  # a territory: now a number
            keys = shown_keys(app)
            assert {"plus", "minus", "escape"} <= keys and "tab" not in keys
            await pilot.press("enter")
            await pilot.pause()
            assert session.state["phase"] == "attack"
            keys = shown_keys(app)
            assert {"a", "b", "s", "e", "u"} <= keys and "f" not in keys and "plus" not in keys
            await pilot.press("s")
            await pilot.pause()
            keys = shown_keys(app)
            assert {"f", "e"} <= keys and not {"a", "b", "s"} & keys

    asyncio.run(run())


def test_handoff_hides_the_next_players_cards(make_session):
    async def run():
        session = make_session(seed=4)
        with_hand(session, ["kamchatka", "peru", "wild1"])
        app = RiskApp(session, speed=0.0)
        async with app.run_test(size=(140, 45)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, HandoffScreen)
            svg = app.export_screenshot()
            assert "Kamchatka" not in svg and "Wild" not in svg and "Infantry" not in svg
            await past_handoff(pilot, app)
            svg = app.export_screenshot()
            assert "Wild" in svg  # now the owner sees it in the private panel

    asyncio.run(run())


def test_forced_trade_cannot_be_skipped_and_best_set_is_first(make_session):
    async def run():
        session = make_session(seed=4)
        p = session.state["current"]
        mine = [session.rules.board.tid(t) for t, o in enumerate(session.state["owner"]) if o == p]
        theirs = [session.rules.board.tid(t) for t, o in enumerate(session.state["owner"]) if o != p]
        with_hand(session, [theirs[0], theirs[1], "wild1", "wild2", mine[0]])
        app = RiskApp(session, speed=0.0)
        async with app.run_test(size=(140, 45)) as pilot:
            await pilot.pause()
            for _ in range(2):  # hand-off, recap
                await pilot.press("enter")
                await pilot.pause()
            assert isinstance(app.screen, ChoiceScreen) and app.screen.forced
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, ChoiceScreen)
            best = app.screen.options[0][1]
            assert mine[0] in best.args  # the set with a card of a territory held gives 2 more armies
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            assert session.steps[-1].action == best
            assert len(session.state["hands"][p]) == 2

    asyncio.run(run())


def test_tiny_terminal_asks_to_enlarge_and_recovers(make_session):
    async def run():
        app = RiskApp(make_session(seed=4), speed=0.0)
        async with app.run_test(size=(100, 30)) as pilot:
            await past_handoff(pilot, app)
            await pilot.resize_terminal(30, 10)
            await pilot.pause(0.05)  # the app takes a resize after a 1/120 s timer
            assert isinstance(app.screen, TooSmallScreen)
            await pilot.resize_terminal(80, 24)
            await pilot.pause(0.05)
            assert isinstance(app.screen, GameScreen)
            await pilot.press("enter")  # still playable
            assert app.game.picker.args
            for size in ((200, 60), (60, 18), (49, 15), (81, 25), (140, 45), (20, 5), (120, 40)):
                await pilot.resize_terminal(*size)
                await pilot.pause(0.05)
                await pilot.pause()
                assert isinstance(app.screen, TooSmallScreen) == (size[0] < 80 or size[1] < 24)

    asyncio.run(run())


def test_a_dialog_over_the_too_small_line_and_another_resize_crash_nothing(make_session):
    """The key fuzz's crash: with the too-small line up, Ctrl+Q opened the quit dialog over it, and the next
    resize (still too small) put up a second too-small screen of the same id. Now the one line stays (under the
    dialog) and goes once the terminal is big enough and the dialog closed."""
    from riskterm.tui.screens import QuitScreen

    async def run():
        app = RiskApp(make_session(seed=4), speed=0.0)
        async with app.run_test(size=(120, 40)) as pilot:
            await past_handoff(pilot, app)
            await pilot.resize_terminal(40, 12)
            await pilot.pause(0.05)
            assert isinstance(app.screen, TooSmallScreen)
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert isinstance(app.screen, QuitScreen)
            for size in ((41, 12), (30, 10), (120, 40)):
                await pilot.resize_terminal(*size)
                await pilot.pause(0.05)
            assert sum(isinstance(s, TooSmallScreen) for s in app.screen_stack) <= 1
            await pilot.press("n")  # keep playing
            await pilot.pause(0.05)
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)

    asyncio.run(run())


def test_help_lists_the_real_bindings_and_the_rules(make_session):
    async def run():
        app = RiskApp(make_session(seed=4), speed=0.0)
        async with app.run_test(size=(120, 40)) as pilot:
            await past_handoff(pilot, app)
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            md = app.screen.markdown
            for key in ("`a`", "`b`", "`s`", "`f`", "`e`", "`Enter`", "`u`", "`F1 / ?`"):
                assert key in md
            assert "World Domination Risk" in md
            await pilot.press("escape")
            assert isinstance(app.screen, GameScreen)

    asyncio.run(run())


def test_blitz_with_a_stop_number(make_session):
    async def run():
        session = make_session(seed=3)
        app = RiskApp(session, speed=0.0)
        async with app.run_test(size=(140, 45)) as pilot:
            await past_handoff(pilot, app)
            await pilot.press("enter", "enter")  # all reinforcements on one territory
            await pilot.pause()
            game = app.game
            await pilot.press("b")
            if game.picker.step_kind() == "territory" and not game.picker.args:
                await pilot.press("enter")
            await pilot.press("enter")  # the target
            assert game.picker.step_kind() == "int" and game.picker.int_value == 1
            src = session.rules.board.index[game.picker.args[0]]
            await pilot.press("3")
            target = session.rules.board.tname(session.rules.board.index[game.picker.args[1]])
            step = str(app.screen.query_one("#step").render())
            assert f"Keep attacking until {target} falls or you are down to 3 armies." in step
            odds = str(app.screen.query_one("#odds").render())
            assert f"to take {target}" in odds
            await pilot.press("enter")
            await pilot.pause()
            last = session.steps[-1].action
            assert last.kind == "blitz" and last.args[2] == 3
            assert session.state["armies"][src] >= 3 or session.state["phase"] != "attack"

    asyncio.run(run())


def test_record_screens_open_and_close(make_session):
    async def run():
        app = RiskApp(make_session(seed=4), speed=0.0)
        async with app.run_test(size=(120, 40)) as pilot:
            await past_handoff(pilot, app)
            for key in ("ctrl+l", "ctrl+g"):
                await pilot.press(key)
                await pilot.pause()
                assert not isinstance(app.screen, GameScreen)
                await pilot.press("escape")
                await pilot.pause()
                assert isinstance(app.screen, GameScreen)

    asyncio.run(run())


def test_question_mark_opens_help_too(make_session):
    async def run():
        app = RiskApp(make_session(seed=4), speed=0.0)
        async with app.run_test(size=(120, 40)) as pilot:
            await past_handoff(pilot, app)
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)

    asyncio.run(run())


def test_help_opens_fast(make_session):
    """Help is drawn once off the UI thread after the game opens; F1 then shows the lines already made (no
    Markdown rendered on the key). Timings are the benchmark's business (bench/bench_help.py), not a test's."""
    from riskterm.tui import dialogs

    async def run():
        app = RiskApp(make_session(seed=4), speed=0.0)
        async with app.run_test(size=(120, 40)) as pilot:
            await past_handoff(pilot, app)
            await app.workers.wait_for_complete()
            await pilot.pause(0.4)
            await app.workers.wait_for_complete()
            drawn = dict(dialogs._HELP_LINES)
            assert drawn  # made in the background before any key
            await pilot.press("f1")
            for _ in range(400):
                if getattr(app.screen, "shown_after", None) is not None:
                    break
                await asyncio.sleep(0.005)
            assert isinstance(app.screen, HelpScreen) and app.screen.shown_after is not None
            assert dialogs._HELP_LINES.keys() == drawn.keys()  # opening drew nothing new

    asyncio.run(run())


def test_replay_footer_shows_only_replay_keys(make_session):
    from riskterm.tui.replay import ReplayApp

    session = make_session(seed=4)
    for _ in range(5):
        session.apply(session.rules.legal_actions(session.state)[0])

    async def run():
        app = ReplayApp(session, "g.json")
        async with app.run_test(size=(150, 45)) as pilot:
            await pilot.pause()
            shown = {ab.binding.action for ab in app.screen.active_bindings.values() if ab.binding.show}
            assert "command_palette" not in shown
            assert shown <= {"turn(1)", "turn(-1)", "step(1)", "step(-1)", "jump", "charts", "quit_or_close"}

    asyncio.run(run())


def test_a_long_recap_keeps_the_way_on_in_sight_at_80x24(make_session):
    """A new player at an 80x24 terminal must see how to go on after a long 'since your last turn': the box
    and its 'Press Enter to play' stay inside the screen, and the recap's own scroll fits inside the box."""

    async def run():
        app = RiskApp(make_session(seed=4), speed=0.0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = HandoffScreen("Bob", "#884400", [f"line {i}" for i in range(60)])
            app.push_screen(screen)
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            box = screen.query_one("#recap-box")
            scroll = box.query_one("VerticalScroll")
            assert box.border_subtitle == "Press Enter to play"
            assert box.region.bottom <= 24 - 1  # above the footer
            assert scroll.region.bottom <= box.region.bottom - 1  # inside the box's border

    asyncio.run(run())


def test_chart_counts_get_round_whole_ticks():
    """Screens review: the game-over charts' y axis read '98.0, 81.7, 65.3' for armies; counts now get whole
    ticks at a round step, at most six."""
    from riskterm.tui.charts import round_ticks

    assert round_ticks([0, 42]) == [0, 10, 20, 30, 40]
    assert round_ticks([12, 98]) == [0, 20, 40, 60, 80]
    assert round_ticks([3, 7]) == [3, 4, 5, 6, 7]
    assert round_ticks([]) == []
