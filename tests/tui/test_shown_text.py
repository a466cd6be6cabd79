"""Text from a file or the network never reaches the terminal as an escape sequence: a player named
'Ann\\x1b]2;PWNED\\x07' once retitled the terminal from the new-game screen's list of games to continue. Each
screen that lists saves, boards, names or chat is checked: drawn, every character on it (drawn())."""

from __future__ import annotations

import asyncio
import json

from textual import events

from riskterm.record.autosave import SavedGame
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


def test_a_save_header_and_a_board_file_name_are_listed_escaped(tmp_path):
    """The Continue list (its pilot run is in test_one_answer.py, with a crafted save beside a good one: listing
    skips a header with control characters) and the new-game screen's list of the user's boards."""
    from riskterm.board.find import BoardFile
    from riskterm.tui.newgame import board_label

    assert unsafe_char(SavedGame(tmp_path, "g", "classic", (EVIL,), 1, 1, "", False).label()) is None
    label = board_label(BoardFile(EVIL, tmp_path / f"{EVIL}.yaml", False), EVIL).plain
    assert unsafe_char(label) is None and label.startswith("Ann\\x1b]2;PWNED")


def test_names_chat_and_sentences_from_a_host_are_shown_escaped():
    from riskterm.tui.remote_app import LobbyScreen, RemoteApp

    msg = shown_texts(
        {
            "type": "lobby",
            "seats": [{"seat": 0, "name": EVIL, "computer": False, "connected": True}],
            EVIL: [EVIL, 3],
        }
    )
    assert unsafe_char(json.dumps(msg, ensure_ascii=False)) is None and msg["seats"][0]["name"].startswith(
        "Ann\\x1b"
    )
    assert "\n" in shown_texts("two\nlines")  # line breaks stay

    class Offline(RemoteApp):
        def open_lobby(self) -> None:
            self.lobby = LobbyScreen()
            self.push_screen(self.lobby)

    async def run():
        app = Offline("127.0.0.1", 1, "ABCDEF")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.on_host_message(
                {"type": "lobby", "seats": [{"seat": 0, "name": EVIL, "computer": False, "connected": True}]}
            )
            app.on_host_message({"type": "chat", "name": EVIL, "text": f"hi {EVIL}"})
            await pilot.pause()
            text = drawn(app) + "".join(n.message for n in app._notifications)
            assert "Ann\\x1b]2;PWNED" in text and unsafe_char(text) is None

    asyncio.run(run())
