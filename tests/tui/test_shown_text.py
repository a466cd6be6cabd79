"""Text from a file or the network never reaches the terminal as an escape sequence: a player named
'Ann\\x1b]2;PWNED\\x07' once retitled the terminal from the new-game screen's list of games to continue. Each
screen that lists saves, boards, names or chat is drawn here and every character on it checked."""

from __future__ import annotations

import asyncio
import json

from textual import events

from riskterm.record.autosave import SavedGame, write_save
from riskterm.rules import PlayerSetup
from riskterm.session import Session
from riskterm.setup_options import unsafe_char
from riskterm.tui.app import RiskApp
from riskterm.tui.plain import shown_texts

EVIL = "Ann\x1b]2;PWNED\x07\u202e"


class Bench(RiskApp):
    def on_mount(self, event: events.Mount) -> None:  # type: ignore[override]
        event.prevent_default()


def drawn(app: RiskApp) -> str:
    """Every character the screen puts on the terminal now."""
    return "".join(seg.text for strip in app.screen._compositor.render_strips() for seg in strip)


def test_lists_of_saves_and_boards_show_no_escape_sequences(tmp_path, data_home):
    from riskterm.tui.newgame import NewGameScreen
    from riskterm.tui.resume import ResumeScreen

    s = Session.new("classic", [PlayerSetup(n) for n in ("Ann", "Bob", "Cid")], 3, {"quick_start": True})
    saves = data_home / "saves"
    good = write_save(s, saves / f"{s.game_id}.json")
    doc = good.read_text()
    (saves / "crafted.json").write_text(doc.replace('"Ann"', json.dumps(EVIL), 1))
    (data_home / "boards").mkdir(parents=True)
    (data_home / "boards" / f"{EVIL}.yaml").write_text("not a board")
    assert unsafe_char(SavedGame(good, "g", "classic", (EVIL,), 1, 1, "", False).label()) is None

    async def run():
        app = Bench(None)
        async with app.run_test(size=(120, 40)) as pilot:
            for screen in (ResumeScreen(), NewGameScreen()):
                app.push_screen(screen)
                await pilot.pause()
                text = drawn(app)
                assert unsafe_char(text) is None, screen
                if isinstance(screen, ResumeScreen):
                    assert "Ann, Bob, Cid" in text  # the good save is listed
                    assert len(screen.games) == 1  # the crafted header is not
                else:
                    assert "(your boards)" in str(screen.query_one("#board-choice")._options)

    asyncio.run(run())


def test_names_chat_and_sentences_from_a_host_are_shown_escaped():
    from riskterm.tui.remote_app import LobbyScreen, RemoteApp

    msg = shown_texts({"type": "lobby", "seats": [{"seat": 0, "name": EVIL, "computer": False, "connected": True}],
                       EVIL: [EVIL, 3]})
    assert unsafe_char(json.dumps(msg, ensure_ascii=False)) is None and msg["seats"][0]["name"].startswith("Ann\\x1b")
    assert "\n" in shown_texts("two\nlines")  # line breaks stay

    class Offline(RemoteApp):
        def open_lobby(self) -> None:
            self.lobby = LobbyScreen()
            self.push_screen(self.lobby)

    async def run():
        app = Offline("127.0.0.1", 1, "ABCDEF")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.on_host_message({"type": "lobby", "seats": [{"seat": 0, "name": EVIL, "computer": False,
                                                             "connected": True}]})
            app.on_host_message({"type": "chat", "name": EVIL, "text": f"hi {EVIL}"})
            await pilot.pause()
            text = drawn(app) + "".join(n.message for n in app._notifications)
            assert "Ann\\x1b]2;PWNED" in text and unsafe_char(text) is None

    asyncio.run(run())
