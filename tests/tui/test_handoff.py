"""A hand-off before every change of person, always, when both are people, whether or not their
views differ now: for every secret input of every rulebook (bids, order cards, Hidden Armies, defender answers,
card choices, purchases), a game is brought to the action just before it, that action is made, and the next
person's input must wait behind a hand-off; then they make it by keys."""

from __future__ import annotations

import asyncio
import random

import pytest

from riskterm.engine.actions import Action
from riskterm.rules import PlayerSetup
from riskterm.session import Session
from riskterm.tui.app import RiskApp
from riskterm.tui.game import GameScreen
from riskterm.tui.screens import HandoffScreen

# (rulebook, quick start, the next person's input)
CASES = [
    ("classic", False, "claim"),  # claiming: views equal, a hand-off all the same
    ("classic", True, "trade"),  # a card choice
    ("europe", True, "bid"),  # secret bids
    ("europe", True, "orders"),  # King's Orders cards
    ("europe", True, "lose"),  # the defender chooses its losses
    ("europe", True, "reroll"),  # castle defence: the defender's re-roll
    ("risiko", True, "hide"),  # the first secret Hidden Armies choice (missed before)
    ("risiko", True, "defend"),  # the defender's answer
    ("risiko", False, "block"),  # answering a Spy
    ("modern", True, "buy"),  # purchases
    ("modern", True, "lose"),  # the defender chooses its losses
]


def before_change_to(variant: str, quick: bool, kind: str) -> tuple[Session, Action]:
    """A seeded game played at random up to an action after which another person must make a `kind` input."""
    opts = {"quick_start": quick} | (
        {"readings": "reviewed", "defender": "always"} if variant == "risiko" else {}
    )  # a new game's
    s = Session.new(variant, [PlayerSetup(n) for n in ("Ann", "Bob", "Cid")], 5, opts)
    r = random.Random(1)
    for _ in range(1500):
        a = r.choice(s.rules.legal_actions(s.state))
        after = s.rules.apply(s.state, a)[0]
        nxt = s.rules.actor(after)
        if nxt not in (None, s.rules.actor(s.state)) and kind in {
            x.kind for x in s.rules.legal_actions(after)
        }:
            return s, a
        s.apply(a)
    raise AssertionError(f"{variant}: no '{kind}' input by another person")


async def past_handoffs(pilot, app) -> None:
    for _ in range(4):
        if not isinstance(app.screen, HandoffScreen):
            return
        await pilot.press("enter")
        await pilot.pause()


@pytest.mark.parametrize(("variant", "quick", "kind"), CASES, ids=[f"{v}-{k}" for v, _, k in CASES])
def test_the_next_person_gets_a_hand_off_before_a_secret_input(variant, quick, kind):
    session, action = before_change_to(variant, quick, kind)
    rules = session.rules
    first = rules.actor(session.state)

    async def run():
        app = RiskApp(session, speed=0.0)
        async with app.run_test(size=(140, 45)) as pilot:
            await pilot.pause()
            await past_handoffs(pilot, app)
            assert isinstance(app.screen, GameScreen) and app.game.hs.viewer == first
            app.game.show(app.game.ctl.act(action))  # what the first person's keys would do
            await pilot.pause()
            nxt = rules.actor(session.state)
            assert nxt != first
            steps = len(session.steps)
            assert isinstance(app.screen, HandoffScreen), f"no hand-off before {kind}"
            assert app.screen.player_name == rules.names(session.state)[nxt]
            await pilot.press("enter")  # the first person's Enter only turns the hand-off page
            assert len(session.steps) == steps
            await past_handoffs(pilot, app)
            assert app.game.hs.viewer == nxt
            # the next person makes the input by keys: its key, then Enter until it is made
            spec = next(
                s
                for s in rules.presenter().action_specs
                if s.kind == kind and kind in app.game.picker.kinds()
            )
            if spec.key != "enter":
                await pilot.press(spec.key)
            for _ in range(8):
                if len(session.steps) > steps:
                    break
                await pilot.press("enter")
                await pilot.pause()
            assert len(session.steps) > steps and rules.actor(session.steps[steps].before) == nxt
            assert session.steps[steps].action.kind in {kind, "done"}  # buying may close with 'done'

    asyncio.run(run())
