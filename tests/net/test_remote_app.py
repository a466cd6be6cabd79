"""Pilot tests of the remote client (RemoteApp: lobby, then the game screen behind the remote table) against
a host in the same test and event loop."""

from __future__ import annotations

import asyncio
import random
import re

import pytest
from net_helpers import Seat, start_host, until
from textual.widgets import Log

from riskterm.net.client import Client
from riskterm.net.policy import HostPolicy
from riskterm.tui.remote_app import LobbyScreen, RemoteApp, farewell


def test_the_remote_screen_plays_its_own_seat_and_follows_the_others() -> None:
    async def go():
        server, port = await start_host(
            "classic", ["Ann", "Bob", "Cid"], 6, ai={2: "easy"}, policy=HostPolicy(turn_time=600)
        )
        host = server.host
        app = RemoteApp("127.0.0.1", port, host.code, "Ann", keep_tokens=False)
        async with app.run_test(size=(140, 45)) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen) and app.table is not None, what="lobby")
            assert app.table.seat == 0 and not host.started
            bob = await Seat(port, host.code, "Bob").start()
            await until(lambda: app.game is not None and app.screen is app.game, what="the game screen")
            assert app.game.hs is app.table and app.table.needs_handoff() is None
            rng = random.Random(2)
            ann_moves = 0
            for _ in range(9):
                await until(lambda: not host.computer_to_move(), what="the computer seat")
                v = host.version
                await until(lambda v=v: app.table.version == v and bob.version() == v, what="both screens")
                actor = host.rules.actor(host.session.state)
                if actor == 0:  # Ann's screen: Enter confirms the highlighted choice
                    await pilot.press("enter")
                    await pilot.pause()
                    if host.version == v:  # a list opened (a choice step): take its first entry
                        await pilot.press("enter")
                    await until(lambda v=v: host.version > v, what="Ann's action at the host")
                    ann_moves += 1
                else:
                    await bob.client.act(str(rng.choice(host.rules.legal_actions(bob.state["view"]))), v)
                    await until(lambda v=v: host.version > v, what="Bob's action")
            assert ann_moves >= 2
            assert (
                app.table.view() == host.rules.view(host.session.state, 0) or app.table.version < host.version
            )
            await bob.client.chat("hello Ann")
            await until(
                lambda: any("hello Ann" in line for line in app.game.query_one(Log).lines), what="chat"
            )
            players = app.game.query_one("#players")
            app.show_clock()
            assert re.fullmatch(r" (You have|\w+ has) (10m00s|9m\d\ds) ", str(players.border_subtitle))
            await bob.client.chat("/away")  # the table's notice reaches every log; Bob's screen stops acting
            await until(
                lambda: any("[table] Bob is away" in line for line in app.game.query_one(Log).lines),
                what="the notice",
            )
            from riskterm.tui.gameover import summary

            assert summary(app.table.mirror)  # the game-over screen reads the mirror
            for key in ("ctrl+l", "ctrl+g"):  # the log and the charts open on a remote screen
                await pilot.press(key)
                await pilot.pause()
                assert app.screen is not app.game
                await pilot.press("escape")
                await pilot.pause()
            await bob.stop()
        assert app.after_run() == 0 and app.save_at_crash() == ""  # the host keeps the save, not this screen
        await server.stop()

    asyncio.run(asyncio.wait_for(go(), 90))


def test_a_wrong_code_ends_in_the_lobby_with_a_sentence() -> None:
    async def go():
        server, port = await start_host("classic", ["Ann", "Bob", "Cid"], 6)
        wrong = "ABCDEF" if server.host.code != "ABCDEF" else "ABCDEG"
        app = RemoteApp("127.0.0.1", port, wrong, "Ann", keep_tokens=False)
        async with app.run_test(size=(100, 30)):
            await until(lambda: bool(app.ended), what="the refusal")
            assert "not this game's" in app.ended
        await server.stop()

    asyncio.run(asyncio.wait_for(go(), 30))


def test_the_join_screen_asks_for_the_code_and_the_name() -> None:
    from riskterm.tui.remote_app import JoinScreen

    async def go():
        server, port = await start_host("classic", ["Ann", "Bob", "Cid"], 6)
        app = RemoteApp("127.0.0.1", port, "", keep_tokens=False, ask=True)
        async with app.run_test(size=(100, 30)) as pilot:
            assert isinstance(app.screen, JoinScreen)
            await pilot.press(*"OOPS", "enter")
            assert "not a join code" in str(app.screen.query_one("#join-status").render())
            app.screen.query_one("#code").value = server.host.code.lower()
            await pilot.press("enter", *"Bob", "enter")
            await until(lambda: app.table is not None, what="the welcome")
            assert app.table.seat == 1 and isinstance(app.screen, LobbyScreen)
        await server.stop()

    asyncio.run(asyncio.wait_for(go(), 30))


def test_leaving_says_so_rather_than_blaming_the_host() -> None:
    client = Client("127.0.0.1", 1, "ABCDEF", "Ann", keep_tokens=False)
    assert farewell(client, True) == "The host closed the game."
    client.leaving = True
    assert (
        farewell(client, True).startswith("You left the game")
        and farewell(client, False) == "You stopped watching."
    )
    client.closed_because = "Your seat was taken up from another screen."
    assert farewell(client, True) == client.closed_because


@pytest.mark.slow  # about a second: a whole app
def test_the_hosts_own_screen_shows_the_join_lines_asks_before_stopping_and_reopens_seats() -> None:
    """The host's Ctrl+Q ended the game for everyone without asking, and its waiting screen did not say what
    the others must type; its screen is also the one that may reopen a lost seat (/seat NAME)."""
    from riskterm.tui.remote_app import Hosting
    from riskterm.tui.screens import QuitScreen

    async def go():
        server, port = await start_host("classic", ["Ann", "Bob", "Cid"], 6)
        host = server.host
        line = f"riskterm join {host.code}@127.0.0.1:{port}"
        own = Hosting(host.admin_key, [line], "/saves/g.json", "riskterm host --resume /saves/g.json")
        app = RemoteApp("127.0.0.1", port, host.code, "Ann", keep_tokens=False, hosting=own)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(lambda: isinstance(app.screen, LobbyScreen) and app.table is not None, what="lobby")
            bob = await Seat(port, host.code, "Bob").start()
            await until(
                lambda: line in str(app.screen.query_one("#lobby-text").render()), what="the join line"
            )
            app._spawn(app.client.chat("/seat Bob"))
            await until(
                lambda: not host.connected(1) and bob.client.token not in host.tokens, what="reopened"
            )
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert isinstance(app.screen, QuitScreen)
            said = " ".join(str(w.render()) for w in app.screen.query("Static"))
            assert "Stop hosting" in said and "host --resume /saves/g.json" in said
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen) and host.connected(0)
            await pilot.press("ctrl+q", "y")
            await until(lambda: not host.connected(0), what="the host's screen gone")
        await server.stop()

    asyncio.run(asyncio.wait_for(go(), 30))


def test_the_hosts_waiting_screen_says_the_exact_join_line_for_each_address() -> None:
    from riskterm.commands.host import join_lines
    from riskterm.tui.remote_app import lobby_text

    lines = join_lines("K7WQ3M", "0.0.0.0", 8765, secure=False)
    assert lines[0] == "riskterm join K7WQ3M@127.0.0.1:8765" and all(x.endswith(":8765") for x in lines)
    assert join_lines("K7WQ3M", "::1", 9000, secure=True) == ["riskterm join K7WQ3M@wss://[::1]:9000"]
    seats = [{"seat": 0, "name": "Ann", "computer": False, "connected": True}]
    text = str(lobby_text({"seats": seats}, "K7WQ3M", 0, lines))
    assert all(line in text for line in lines) and "Ann" in text
