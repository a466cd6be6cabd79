"""Fog of war at one keyboard (the issue: 'the map draws hidden owners and counts as fog'; 'does anything of
another seat leak across a hand-off?'): the board shows exactly the person's fogged view, the players panel
shows the others' cards only, and after the hand-off the next person's board is the next person's sight."""

from __future__ import annotations

import asyncio
import random

from rich.console import Console

from riskterm.engine.actions import Action
from riskterm.engine.fog import UNKNOWN
from riskterm.rules import PlayerSetup
from riskterm.session import Session
from riskterm.tui import panels
from riskterm.tui.app import RiskApp
from riskterm.tui.board import BoardView
from riskterm.tui.game import GameScreen
from riskterm.tui.screens import HandoffScreen


def fogged_session() -> Session:
    s = Session.new(
        "classic", [PlayerSetup(n) for n in ("Ann", "Bob", "Cid")], 4, {"quick_start": True, "fog": "normal"}
    )
    r = random.Random(2)
    while not (s.state["turn"] >= 2 and s.state["phase"] == "attack"):
        s.apply(r.choice(s.rules.legal_actions(s.rules.view(s.state, s.rules.actor(s.state)))))
    return s


async def past_handoffs(pilot, app) -> None:
    for _ in range(4):
        if isinstance(app.screen, GameScreen):
            return
        await pilot.press("enter")
        await pilot.pause()


def board_matches_sight(app: RiskApp, seat: int) -> None:
    rules, state = app.game.rules, app.game.session.state
    view = rules.view(state, seat)
    looks = app.game.query_one(BoardView).looks
    assert [look.owner for look in looks] == view["owner"]
    assert all(look.label == "?" for look, a in zip(looks, view["armies"], strict=True) if a == UNKNOWN)
    assert UNKNOWN in view["owner"]  # something lies in the fog


def test_the_board_and_the_panels_show_only_the_persons_sight_across_a_hand_off():
    session = fogged_session()
    first = session.rules.actor(session.state)

    async def run():
        app = RiskApp(session, speed=0.0)
        async with app.run_test(size=(140, 45)) as pilot:
            await pilot.pause()
            await past_handoffs(pilot, app)
            assert app.game.hs.viewer == first
            board_matches_sight(app, first)
            console = Console(width=60, record=True)
            console.print(
                panels.players_table(
                    app.game.rules, app.game.hs.view(), ["red", "blue", "green"], ["A", "B", "C"], False
                )
            )
            others = [line for line in console.export_text().splitlines() if "?" in line]
            assert len(others) == 2  # the two other seats' figures, the person's own in full
            app.game.show(app.game.ctl.act(Action("end")))
            await pilot.pause()
            assert isinstance(app.screen, HandoffScreen)
            await past_handoffs(pilot, app)
            nxt = session.rules.actor(session.state)
            assert nxt != first and app.game.hs.viewer == nxt
            board_matches_sight(app, nxt)

    asyncio.run(run())
