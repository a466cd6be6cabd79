"""Starting a game: the new-game screen with its defaults, the play command's arguments, mouse and search."""

from __future__ import annotations

import asyncio

from riskterm.cli import main
from riskterm.commands.play import build_parser_for_tests, build_session
from riskterm.tui.app import RiskApp
from riskterm.tui.board import BoardView
from riskterm.tui.game import GameScreen
from riskterm.tui.newgame import NewGameScreen


def test_unknown_rulebook_says_so_and_exits_2(capsys):
    assert main(["--variant", "nonsense"]) == 2
    err = capsys.readouterr().err
    assert "no rulebook called 'nonsense'" in err and err.count("\n") == 1


def test_play_arguments_build_the_session():
    args = build_parser_for_tests().parse_args(
        ["--names", "Ann,Bob,Cid", "--ai", "Cid:hard,2", "--seed", "9", "--quick", "--turn-cap", "12"]
    )
    session, seed = build_session(args)
    assert seed == 9 and session.state["options"]["turn_cap"] == 12
    assert [p.get("ai") for p in session.state["players"]] == [None, "easy", "hard"]


def test_new_game_screen_starts_with_good_defaults():
    async def run():
        app = RiskApp(None)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            await pilot.press("ctrl+s")
            await pilot.pause()
            s = app.session.state
            assert [p["name"] for p in s["players"]] == ["Ann", "Bob", "Cid"]
            assert s["variant"] == "classic"
            # no seed shown or typed: a secret one from the whole range, never on screen
            assert app.session.seed > 10_000  # fails once in 10**15 games

    asyncio.run(run())


def test_click_and_search_pick_territories(make_session):
    async def run():
        session = make_session(seed=4)
        app = RiskApp(session, speed=0.0)
        async with app.run_test(size=(140, 45)) as pilot:
            await pilot.pause()
            while not isinstance(app.screen, GameScreen):
                await pilot.press("enter")
            game = app.game
            board = app.screen.query_one(BoardView)
            want = session.rules.board.index[game.picker.candidates()[-1]]
            x, y = board.point_of(want)
            await pilot.click(BoardView, offset=(x - board.scroll_offset.x, y - board.scroll_offset.y))
            await pilot.pause()
            assert game.picker.args == [session.rules.board.tid(want)]
            await pilot.press("escape", "slash")
            first = game.picker.candidates()[0]
            name = session.rules.board.by_id[first].name
            await pilot.press(*["space" if c == " " else c for c in name[:5].lower()])
            await pilot.press("enter")
            await pilot.pause()
            assert game.picker.args == [first]
            assert board is app.screen.query_one(BoardView)

    asyncio.run(run())
