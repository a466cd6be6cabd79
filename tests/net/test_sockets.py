"""Host and clients over real websockets on 127.0.0.1, port 0: a seeded game whose save passes
check-save and replays locally to the same state; wrong-seat and stale actions refused; wrong codes refused
and rate-limited; reconnecting to the same seat mid-turn; a spectator; chat. Every wait is bounded."""

from __future__ import annotations

import asyncio
import random

import pytest
from net_helpers import Seat, easy_chooser, play, start_host, until

from riskterm.net.limits import Limits
from riskterm.record.load import load_game
from riskterm.session import Session

NAMES = ["Ann", "Bob", "Cid"]


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 60))


async def three(server, port):
    code = server.host.code
    return [await Seat(port, code, n).start() for n in NAMES]


def test_a_seeded_game_over_sockets_saves_and_replays(tmp_path) -> None:
    save = tmp_path / "game.json"

    async def go():
        server, port = await start_host("classic", NAMES, 21, save_to=save)
        seats = await three(server, port)
        watcher = await Seat(port, server.host.code, "Eve", watch=True).start()
        assert [s.client.seat for s in seats] == [0, 1, 2] and watcher.client.seat is None
        made = await play(server, seats, 80, random.Random(3))
        await until(lambda: watcher.version() == server.host.version)
        assert watcher.state["view"] == server.host.rules.view(server.host.session.state, None)
        for s in [*seats, watcher]:
            await s.stop()
        await server.stop()
        return made, server.host.session

    made, session = run(go())
    assert made == 80
    loaded = load_game(save)
    assert loaded.state == session.state
    local = Session.new("classic", session.players, 21, session.options)
    for a in session.actions:
        local.apply(a)
    assert local.state == session.state
    from riskterm.cli import main

    assert main(["check-save", str(save)]) == 0


def test_wrong_seat_stale_and_spectator_actions_are_refused() -> None:
    async def go():
        server, port = await start_host("classic", NAMES, 5)
        seats = await three(server, port)
        watcher = await Seat(port, server.host.code, "Eve", watch=True).start()
        await until(lambda: all(s.version() == 0 for s in seats))
        actor = seats[0].state["actor"]
        legal = str(server.host.rules.legal_actions(seats[actor].state["view"])[0])
        other = seats[(actor + 1) % 3]
        for who, version in ((other, 0), (seats[actor], 7), (watcher, 0)):
            n = len(who.msgs)
            await who.client.act(legal, version)
            await until(lambda who=who, n=n: len(who.msgs) > n)
            assert who.msgs[-1]["type"] == "refused", who.msgs[-1]
        assert server.host.version == 0
        await seats[actor].client.act(legal, 0)
        await until(lambda: server.host.version == 1)
        await seats[actor].client.act(legal, 0)  # the same action again: now stale
        await until(lambda: seats[actor].msgs[-1]["type"] == "refused")
        assert "moved on" in seats[actor].msgs[-1]["text"] and server.host.version == 1
        for s in [*seats, watcher]:
            await s.stop()
        await server.stop()

    run(go())


def test_wrong_codes_are_refused_and_rate_limited() -> None:
    async def go():
        server, port = await start_host("classic", NAMES, 5, limits=Limits(guesses_free_per_address=3))
        texts = []
        for _ in range(4):
            s = await Seat(port, "ABCDEF" if server.host.code != "ABCDEF" else "ABCDEG", "Ann").start()
            texts.append(s.msgs[-1]["text"])
            await s.stop()
        assert "not this game's" in texts[0]
        assert "Too many wrong join codes" in texts[-1]
        s = await Seat(port, server.host.code, "Ann").start()  # the right code is refused too while blocked
        assert s.msgs[-1]["type"] == "bye"
        await s.stop()
        await server.stop()

    run(go())


def test_a_dropped_player_rejoins_the_same_seat_mid_turn() -> None:
    async def go():
        server, port = await start_host("classic", NAMES, 8)
        seats = await three(server, port)
        await play(server, seats, 5, random.Random(1))
        actor = server.host.rules.actor(server.host.session.state)
        gone = seats[actor]
        token = gone.client.token
        await gone.stop()
        await until(lambda: not server.host.connected(actor))
        lobby = [m for m in seats[(actor + 1) % 3].msgs if m["type"] == "lobby"][-1]
        assert not lobby["seats"][actor]["connected"]
        back = await Seat(port, server.host.code, "Anyone", token=token).start()
        assert back.client.seat == actor
        await until(lambda: back.version() == server.host.version)
        welcome = next(m for m in back.msgs if m["type"] == "welcome")
        assert isinstance(welcome["recap"], list)
        seats[actor] = back
        assert await play(server, seats, 5, random.Random(2)) == 5
        for s in seats:
            await s.stop()
        await server.stop()

    run(go())


def test_chat_reaches_everyone_with_the_senders_name() -> None:
    async def go():
        server, port = await start_host("classic", NAMES, 8)
        seats = await three(server, port)
        watcher = await Seat(port, server.host.code, "Eve", watch=True).start()
        await seats[1].client.chat("  good   luck  ")
        for s in [*seats, watcher]:
            await until(lambda s=s: any(m["type"] == "chat" for m in s.msgs))
            chat = next(m for m in s.msgs if m["type"] == "chat")
            assert (chat["name"], chat["text"]) == ("Bob", "good luck")
        for s in [*seats, watcher]:
            await s.stop()
        await server.stop()

    run(go())


def test_computer_seats_move_on_the_host_and_everyone_sees_it() -> None:
    async def go():
        server, port = await start_host("classic", NAMES, 8, ai={1: "easy", 2: "easy"})
        ann = await Seat(port, server.host.code, "Ann").start()
        assert ann.client.seat == 0
        await play(server, [ann], 40, random.Random(4))
        await ann.stop()
        await server.stop()
        return server.host.session

    session = run(go())
    assert any(st.before["actor"] != 0 for st in session.steps)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["classic", "europe", "risiko", "modern"])
def test_a_whole_seeded_game_over_sockets(variant, tmp_path) -> None:
    """Three screens play a whole game like the easy computer player, each on its own view. The screens send
    as fast as they can, far above a person's keys: the host's rate limit (tested on its own) is lifted."""
    from riskterm.net.limits import Limits

    save = tmp_path / "game.json"
    fast = Limits(frames_per_second=100_000.0, frames_burst=100_000.0)

    async def go():
        server, port = await start_host(variant, NAMES, 2, save_to=save, limits=fast)
        seats = await three(server, port)
        made = await play(
            server, seats, 20000, random.Random(7), {i: easy_chooser(variant, i) for i in range(3)}
        )
        assert made > 100
        for s in seats:
            await s.stop()
        await server.stop()
        return server.host.session

    session = asyncio.run(asyncio.wait_for(go(), 600))
    assert session.rules.is_over(session.state)
    assert load_game(save).state == session.state
    from riskterm.cli import main

    assert main(["check-save", str(save)]) == 0
