"""Replay: the timeline of positions per turn, and the replay app stepping through a saved game."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from record_helpers import drive, new_session

from riskterm.record import load_game, write_save
from riskterm.record.timeline import Timeline


def game(steps: int = 500):
    session = new_session("classic", 41)
    drive(session, random.Random(41), steps)
    return session


def test_timeline_positions_and_turns() -> None:
    session = game()
    tl = Timeline(session)
    assert len(tl) == len(session.steps) + 1 and tl.state(tl.end) is session.state
    assert tl.state(0) is session.initial_state
    turns = [m.turn for m in tl.turns]
    assert turns == sorted(turns) and turns[0] == 0 and turns[-1] == session.state["turn"]
    for m in tl.turns:
        assert all(tl.state(p)["turn"] == m.turn for p in range(m.first, m.last + 1))
        assert tl.find_turn(m.turn) == m.first
    # forward turn by turn reaches the end; back again reaches the start
    pos, seen = 0, [0]
    while pos != tl.end:
        pos = tl.next_turn(pos)
        seen.append(pos)
    assert seen[1:-1] == [m.first for m in tl.turns[1:]][: len(seen) - 2]
    while pos != 0:
        pos = tl.prev_turn(pos)
    assert tl.find_turn(10_000) is None
    k = tl.turn_index(tl.turns[3].first)
    evs = tl.turn_events(k)
    assert evs and all(e.data.get("turn") == tl.turns[3].turn for e in evs)


def test_replay_app_steps_through_a_save(tmp_path: Path) -> None:
    from riskterm.tui.charts import StatsScreen
    from riskterm.tui.replay import ReplayApp

    path = write_save(game(300), tmp_path / "g.json")
    session = load_game(path)

    async def drive_app() -> None:
        app = ReplayApp(session, "g.json")
        async with app.run_test(size=(150, 45)) as pilot:
            tl = app.timeline
            assert app.pos == 0
            await pilot.press("right", "right")
            assert app.pos == tl.turns[2].first
            await pilot.press("left")
            assert app.pos == tl.turns[1].first
            await pilot.press("full_stop", "full_stop")
            assert app.pos == tl.turns[1].first + 2
            await pilot.press("comma")
            assert app.pos == tl.turns[1].first + 1
            await pilot.press("end")
            assert app.pos == tl.end
            await pilot.press("g", *str(tl.turns[4].turn), "enter")
            assert app.pos == tl.turns[4].first
            await pilot.press("c")
            assert isinstance(app.screen, StatsScreen)
            await pilot.press("right", "escape")
            assert not isinstance(app.screen, StatsScreen)
            await pilot.press("q")

    asyncio.run(drive_app())


def test_log_screen_filters(tmp_path: Path) -> None:
    from textual.app import App

    from riskterm.tui.logview import LogScreen, kind_choices

    session = game(300)

    async def drive_app() -> None:
        app: App[None] = App()
        async with app.run_test(size=(120, 40)) as pilot:
            screen = LogScreen(session, 0)
            await app.push_screen(screen)
            assert len(screen.entries()) == len(session.all_events())
            await pilot.press("p", "p")
            assert screen.player == 1 and {e.player for e in screen.entries()} == {1}
            kinds = [kind for _, kind, _ in kind_choices(session, 0)[1:]]
            await pilot.press("k")  # a list of the kinds: the first row is every kind
            await pilot.pause()
            await pilot.press("down", "enter")
            await pilot.pause()
            assert screen.kind == kinds[0]
            await pilot.press("p", "p", "k")
            await pilot.pause()
            await pilot.press("down", "down", "down", "enter")
            await pilot.pause()
            assert screen.player is None and screen.kind == kinds[2]
            assert {e.kind for e in screen.entries()} == {kinds[2]}
            await pilot.press("s")
            assert screen.since
            await pilot.press("escape")
            assert not isinstance(app.screen, LogScreen)

    asyncio.run(drive_app())


def test_replay_app_opens_every_rulebook(variant: str) -> None:
    from riskterm.tui.replay import ReplayApp

    session = new_session(variant, 8)
    drive(session, random.Random(8), 200)

    async def drive_app() -> None:
        app = ReplayApp(session, variant)
        async with app.run_test(size=(140, 45)) as pilot:
            await pilot.press("right", "right", "full_stop", "end", "c", "escape", "home")
            assert app.pos == 0
            await pilot.press("q")

    asyncio.run(drive_app())


def test_replay_and_resume_commands_open_their_apps(tmp_path: Path, monkeypatch, capsys) -> None:
    from riskterm.cli import main
    from riskterm.tui.replay import ReplayApp

    opened: list[tuple[str, object]] = []
    monkeypatch.setattr(ReplayApp, "run", lambda self: opened.append(("replay", self.pos)))
    session = game(300)
    path = write_save(session, tmp_path / "g.json")
    tl = Timeline(session)
    assert main(["replay", str(path)]) == 0
    assert main(["replay", "--turn", str(tl.turns[3].turn), str(path)]) == 0
    assert opened == [("replay", 0), ("replay", tl.turns[3].first)]
    assert main(["replay", "--turn", "9999", str(path)]) == 2
    assert "no turn 9999" in capsys.readouterr().err
    assert main(["replay"]) == 2
    assert "no saved game to replay" in capsys.readouterr().err
    from riskterm.record import autosave

    autosave(session)
    assert main(["replay"]) == 0 and opened[-1] == ("replay", 0)

    tui = __import__("pytest").importorskip("riskterm.tui.app")
    monkeypatch.setattr(tui.RiskApp, "run", lambda self: opened.append(("resume", self.session)))
    assert main(["resume", str(path)]) == 0
    assert opened[-1][0] == "resume" and opened[-1][1].state == load_game(path).state  # type: ignore[union-attr]


def test_resume_dialog_lists_and_opens_unfinished_games(data_home: Path) -> None:
    from textual.app import App

    from riskterm.record import autosave
    from riskterm.record.saveformat import plain
    from riskterm.tui.resume import ResumeScreen

    first, second = game(50), game(80)
    second.game_id = first.game_id + "-2"
    autosave(first)
    autosave(second)
    broken = data_home / "saves" / "broken.json"
    broken.write_bytes(
        (data_home / "saves" / f"{first.game_id}.json").read_bytes().replace(b"claim", b"clam", 1)
    )
    got: list[object] = []

    async def drive_app() -> None:
        app: App[None] = App()
        async with app.run_test(size=(120, 40)) as pilot:
            screen = ResumeScreen()
            assert len(screen.games) == 3
            await app.push_screen(screen, callback=got.append)
            i = next(k for k, g in enumerate(screen.games) if g.path == broken)
            screen.open(screen.games[i].path)  # refused: stays open, says why
            await pilot.pause()
            assert app.screen is screen and not got
            j = next(k for k, g in enumerate(screen.games) if g.game_id == second.game_id)
            screen.query_one("OptionList").highlighted = j  # type: ignore[attr-defined]
            await pilot.press("enter")
            await pilot.pause()
            assert got and plain(got[0].state) == plain(second.state)  # type: ignore[attr-defined]

    asyncio.run(drive_app())
