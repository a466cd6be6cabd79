"""When things fail inside the app: an error ends it with the crash log, the game saved, one sentence and a
non-zero exit status; a failing autosave is said on the game screen for as long as it fails, and Quit offers
another folder or says plainly that the game is lost (never "The game is saved after every move")."""

from __future__ import annotations

import asyncio
import errno

from support.pilot import shown

import riskterm.record.writer as writer
from riskterm.record.autosave import save_path
from riskterm.record.load import load_game
from riskterm.tui.app import RiskApp
from riskterm.tui.game import GameScreen
from riskterm.tui.guard import run_guarded
from riskterm.tui.screens import QuitScreen


class Crashing(RiskApp):
    """A game that breaks as soon as it is open (as a bug in a handler would)."""

    def on_mount(self, event) -> None:
        event.prevent_default()
        self.game = True  # a game is open: there is something to save
        raise ZeroDivisionError("a bug")

    def run(self, **kw):  # the terminal of a test: none
        return super().run(headless=True, size=(80, 24))


def test_an_error_inside_the_app_writes_the_log_saves_the_game_and_exits_1(make_session, data_home, capsys):
    session = make_session(seed=4)
    session.apply(session.rules.legal_actions(session.state)[0])
    assert run_guarded(Crashing(session)) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert err.startswith("riskterm: something went wrong inside riskterm (ZeroDivisionError: a bug)")
    assert f"details are in {data_home / 'crash.log'}" in err and "The game is saved in" in err
    assert "ZeroDivisionError: a bug" in (data_home / "crash.log").read_text()
    assert len(load_game(save_path(session)).steps) == 1  # the save passes the loader's checks


def refuse_writes(monkeypatch) -> None:
    def refuse(path, data, sync=True, mode=0o600):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(writer, "atomic_write", refuse)


def test_quit_says_where_the_game_is_saved_or_that_autosave_fails_and_offers_another_folder(
    make_session, tmp_path, monkeypatch
):
    async def run():
        app = RiskApp(make_session(seed=4), speed=0.0)
        async with app.run_test(size=(120, 40)) as pilot:
            while not isinstance(app.screen, GameScreen) or not app.screen.ready:
                await pilot.press("enter") if not isinstance(app.screen, GameScreen) else await pilot.pause()
            game = app.screen
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert isinstance(app.screen, QuitScreen)
            assert "saved after every move" in " ".join(str(s.render()) for s in app.screen.query("Static"))
            await shown(pilot, app)
            await pilot.press("n")  # keep playing
            await pilot.pause()
            assert app.screen is game and app.is_running

            refuse_writes(monkeypatch)  # from here the disk is full
            app.save_game()  # as after a move: the save is handed to the writer, which fails
            await asyncio.sleep(0.05)
            app.check_saves()
            line = game.query_one("#save-problem")
            assert (
                line.display
                and "NOT being saved" in str(line.render())
                and "No space left" in str(line.render())
            )
            assert app.save_timer is not None  # it checks again every second
            app.check_saves()
            assert line.display
            await pilot.press("ctrl+q")
            await pilot.pause()
            quit_ = app.screen
            assert isinstance(quit_, QuitScreen)
            said = " ".join(str(s.render()) for s in quit_.query("Static"))
            assert "NOT saved" in said and "saved after every move" not in said and "lose the game" in said
            (tmp_path / "a-file").write_text("")
            box = quit_.query_one("#quit-folder")
            box.value = str(tmp_path / "a-file")  # not a folder: said, and the dialog stays
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is quit_ and "Not saved there" in str(quit_.query_one("#quit-status").render())
            box.value = str(tmp_path / "elsewhere")
            await pilot.press("enter")
            await pilot.pause()
        return app

    try:
        app = asyncio.run(run())
    finally:
        try:
            writer.WRITER.flush(5.0)
        except OSError:
            pass
    saved = tmp_path / "elsewhere" / save_path(app.session).name
    assert load_game(saved).game_id == app.session.game_id
    assert str(saved) in app.exit_note and app.after_run() == 0


def test_quitting_while_autosave_fails_says_the_game_is_lost_and_exits_1(make_session, capsys):
    app = RiskApp(make_session(seed=4))
    app.game = True  # as after a game was open
    app.save_failed = "No space left on device"
    app._quit_answer(True)
    assert app.lost and app.after_run() == 1
    assert "not saved (autosave failed: No space left on device)" in capsys.readouterr().err
