"""Pilot tests: a short classic game played to the end by key presses, hand-offs, undo, computer seats."""

from __future__ import annotations

import asyncio
import random
from contextlib import asynccontextmanager

from support.pilot import shown

from riskterm.engine.actions import Action
from riskterm.tui.app import RiskApp
from riskterm.tui.dialogs import ChoiceScreen
from riskterm.tui.game import GameScreen
from riskterm.tui.gameover import GameOverScreen
from riskterm.tui.screens import HandoffScreen


async def drive(pilot, app: RiskApp, limit: int = 600) -> list[str]:
    """Press keys the way a person would until the game is over; returns the phases seen."""
    s = app.session
    seen = []
    attacks: dict[int, int] = {}
    for _ in range(limit):
        await pilot.pause(0)
        scr = app.screen
        if isinstance(scr, GameOverScreen):
            return seen
        if isinstance(scr, (HandoffScreen, ChoiceScreen)):
            await pilot.press("enter")
            continue
        phase = s.state["phase"]
        seen.append(phase)
        turn = s.state["turn"]
        if phase == "attack":
            attacks[turn] = attacks.get(turn, 0) + 1
        if phase == "attack" and (attacks[turn] > 6 or not app.game.check_action("confirm", ())):
            await pilot.press("e")
        elif phase in ("attack", "reinforce", "occupy", "setup", "claim"):
            await pilot.press("enter")
        elif phase == "fortify":
            await pilot.press("e")
    raise AssertionError(f"game not over after {limit} presses: {s.state['phase']}")


def test_short_game_to_the_end_by_keys(make_session):
    asyncio.run(_test_short_game_to_the_end_by_keys(make_session))


async def _test_short_game_to_the_end_by_keys(new_session):
    session = new_session(seed=3, turn_cap=3)
    app = RiskApp(session, speed=0.0)
    async with app.run_test(size=(140, 45)) as pilot:
        phases = await drive(pilot, app)
        assert session.rules.is_over(session.state)
        assert {"reinforce", "attack"} <= set(phases)
        assert any(st.action.kind == "attack" for st in session.steps)
        assert isinstance(app.screen, GameOverScreen)


def test_handoff_when_person_changes_and_recap_is_private(make_session):
    asyncio.run(_test_handoff_when_person_changes_and_recap_is_private(make_session))


async def _test_handoff_when_person_changes_and_recap_is_private(new_session):
    session = new_session(seed=5)
    app = RiskApp(session, speed=0.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        first = session.rules.actor(session.state)
        await pilot.press("enter")
        assert isinstance(app.screen, HandoffScreen) and app.screen.stage == 1  # what happened since
        await pilot.press("enter")
        assert isinstance(app.screen, GameScreen)
        # place everything, then end the turn: the next person gets a hand-off
        await pilot.press("enter", "enter")
        assert session.state["phase"] == "attack"
        await pilot.press("e", "e")  # (the first asks before skipping the fortify)
        await pilot.pause()
        assert session.rules.actor(session.state) != first
        assert isinstance(app.screen, HandoffScreen)


def test_undo_place_then_redo(make_session):
    asyncio.run(_test_undo_place_then_redo(make_session))


async def _test_undo_place_then_redo(new_session):
    session = new_session(seed=7)
    app = RiskApp(session, speed=0.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter", "enter")
        await pilot.pause()
        game = app.game
        assert not game.check_action("undo", ())
        reserve = session.state["reserve"]
        await pilot.press("enter", "minus", "enter")  # place all but one
        await pilot.pause()
        assert session.state["reserve"] == 1
        assert game.check_action("undo", ())
        await pilot.press("u")
        assert session.state["reserve"] == reserve
        await pilot.press("ctrl+y")
        assert session.state["reserve"] == 1


def test_computer_seats_play_and_the_game_ends(make_session):
    asyncio.run(_test_computer_seats_play_and_the_game_ends(make_session))


async def _test_computer_seats_play_and_the_game_ends(new_session):
    session = new_session(("Ann", "Bot", "Cpu"), seed=11, ai=(1, 2), turn_cap=6)
    app = RiskApp(session, speed=0.0)
    async with app.run_test(size=(100, 30)) as pilot:
        await drive(pilot, app)
        assert session.rules.is_over(session.state)
        kinds = {st.action.kind for st in session.steps if st.before["current"] != 0}
        assert "end" in kinds or "fortify" in kinds


def test_no_secrets_on_screen_while_a_computer_plays_between_two_people(make_session):
    async def run():
        session = make_session(("Ann", "Bot", "Cid"), seed=3, ai=(1,))
        app = RiskApp(session, speed=0.3)
        async with app.run_test(size=(140, 45)) as pilot:
            for _ in range(40):
                await pilot.pause(0.02)
                if isinstance(app.screen, GameScreen) and app.game.hs.computer_to_move():
                    assert app.game.hs.shown_seat() is None
                    assert not app.screen.query_one("#private").display
                    return
                if isinstance(app.screen, HandoffScreen):
                    await pilot.press("enter")
                elif isinstance(app.screen, GameScreen) and session.state["phase"] == "reinforce":
                    await pilot.press("enter", "enter")
                elif isinstance(app.screen, GameScreen):
                    await pilot.press("e")
            raise AssertionError("the computer never got to move")

    asyncio.run(run())


def test_auto_place_the_rest_of_the_set_up():
    """'auto-place the rest' in set-ups: each person presses A once; the app makes the rest of
    their set-up with ordinary legal actions (so the save is a plain action list), hand-offs between the
    others as before."""
    from riskterm.rules import PlayerSetup
    from riskterm.session import Session

    async def run(variant: str) -> int:
        session = Session.new(
            variant, [PlayerSetup(n) for n in ("Ann", "Bob", "Cid")], 5, {"quick_start": False}
        )
        r = random.Random(3)
        while (
            session.state["phase"] not in session.rules.presenter().auto_setup_phases
        ):  # modern: purchases first (the shop has its own test)
            session.apply(
                r.choice(
                    [a for a in session.rules.legal_actions(session.state) if a.kind == "buy"]
                    or session.rules.legal_actions(session.state)
                )
            )
        app = RiskApp(session, speed=0.0)
        async with app.run_test(size=(140, 45)) as pilot:
            presses = await _set_up_by_keys(app, pilot, session, 200)
            assert session.state.get("phase") not in session.rules.presenter().auto_setup_phases, (
                session.state.get("phase")
            )
            assert app.game.hs.auto_setup == {0, 1, 2}
        for st in session.steps:  # every step an ordinary action that replays
            assert session.rules.why_illegal(st.before, st.action) is None
        return presses

    for variant in ("classic", "risiko", "modern"):
        assert asyncio.run(run(variant)) <= 12, variant


def test_coach_key_advises_from_the_person_s_view(make_session):
    """'a key (h) that shows what the hard player would do now in the current step and why'."""
    asyncio.run(_test_coach_key(make_session))


async def _set_up_by_keys(app, pilot, session, most: int) -> int:
    """A person's set-up as one plays it: A ("auto-place the rest") where offered, else Enter; the keys."""

    presses = 0
    for _ in range(most):
        await pilot.pause(0)
        if session.state.get("phase") not in session.rules.presenter().auto_setup_phases:
            break
        if isinstance(app.screen, GameScreen) and app.game.check_action("auto_setup", ()):
            await pilot.press("A")
        else:
            await pilot.press("enter")
        presses += 1
        await app.workers.wait_for_complete()
    return presses


async def _past_the_first_hand_off(app, pilot) -> None:
    for _ in range(5):
        await pilot.pause(0)
        if isinstance(app.screen, (HandoffScreen, ChoiceScreen)):
            await pilot.press("enter")
    assert isinstance(app.screen, GameScreen)


async def _test_coach_key(new_session):
    session = new_session(seed=3, turn_cap=3)
    app = RiskApp(session, speed=0.0)
    async with app.run_test(size=(140, 45)) as pilot:
        await _past_the_first_hand_off(app, pilot)
        before = session.state
        await pilot.press("h")
        await pilot.pause(0)
        action, reason = app.screen.last_advice
        assert session.state is before  # advice only: nothing played
        assert reason.endswith(".") and session.rules.why_illegal(session.state, action) is None
        await pilot.press("h")  # asked again: one advice on the screen, not a growing stack of them
        await pilot.pause(0)
        assert sum(n.title == "Coach" for n in app._notifications) == 1


def test_the_coach_s_advice_goes_before_the_next_person_sits_down(make_session):
    """The coach advises 'computed on the player's own view only'; its notice must not stay on
    the screen for the next person at a hand-off."""
    asyncio.run(_test_advice_cleared(make_session))


async def _test_advice_cleared(new_session):
    session = new_session(seed=3, turn_cap=3)
    app = RiskApp(session, speed=0.0)
    async with app.run_test(size=(140, 45)) as pilot:
        await _past_the_first_hand_off(app, pilot)
        await pilot.press("h")
        await pilot.pause(0)
        assert any(n.title == "Coach" for n in app._notifications)
        seat = session.rules.actor(session.state)
        for _ in range(40):  # play on until the next person's hand-off
            if isinstance(app.screen, HandoffScreen):
                break
            await pilot.press("e" if app.game.check_action("key", ("e",)) else "enter")
            await pilot.pause(0)
        assert isinstance(app.screen, HandoffScreen) and session.rules.actor(session.state) != seat
        assert not any(n.title == "Coach" for n in app._notifications)


def test_auto_placed_risiko_set_up_guards_the_fortress():
    """A person who lets
    the app place the rest of a RisiKo set-up gets the normal player's choices, not easy's, which leave the
    fortress on 1 army for a hard computer seat to take (and that person's game to end) in the first round."""
    from riskterm.rules import PlayerSetup
    from riskterm.session import Session

    async def run() -> Session:
        session = Session.new(
            "risiko",
            [PlayerSetup("Ann"), PlayerSetup("Bob"), PlayerSetup("Cid", "", "hard")],
            1,
            {"quick_start": False},
        )
        app = RiskApp(session, speed=0.0)
        async with app.run_test(size=(140, 45)) as pilot:
            await _set_up_by_keys(app, pilot, session, 60)
        return session

    session = asyncio.run(run())
    s = session.state
    assert s["phase"] not in session.rules.presenter().auto_setup_phases
    assert all(s["armies"][s["fortress"][seat]] > 5 for seat in (0, 1)), [
        s["armies"][f] for f in s["fortress"]
    ]


def _modern_where_the_coach_sends_a_set_of_its_own():
    """A modern game at a person's attack step where the coach's set of units ('2R' of more) is none of the
    representative sets the rulebook lists (all, one type alone, one unit)."""
    from riskterm.ai import make_player
    from riskterm.ai.coach import coach
    from riskterm.ai.simulate import house_defaults
    from riskterm.rules import PlayerSetup, find_variant
    from riskterm.session import Session

    rules = find_variant("modern")
    session = Session.new("modern", [PlayerSetup(n) for n in ("Ann", "Bob", "Cid")], 0, house_defaults(rules))
    players = [make_player("modern", "normal", i) for i in range(3)]
    for _ in range(400):
        s = session.state
        seat = rules.actor(s)
        view = rules.view(s, seat)
        if s["phase"] == "attack":
            advice, _ = coach(rules, view, seat)
            if advice.kind in ("attack", "move") and advice not in rules.legal_actions(view):
                return session, advice
        session.apply(players[seat].choose(rules, view, seat))
    raise AssertionError("no advice beyond the listed sets of units")


@asynccontextmanager
async def _modern_units_list(size: tuple[int, int]):
    """A modern game where the coach sends a set of units of its own, opened as a person would: past the
    hand-off, the advised action's key, its two territories found by name, then Enter: the list of the units
    to send. Yields (app, pilot, session, advice)."""
    session, advice = _modern_where_the_coach_sends_a_set_of_its_own()
    app = RiskApp(session, speed=0.0)
    names = session.rules.board
    async with app.run_test(size=size) as pilot:
        await _past_the_first_hand_off(app, pilot)
        spec = next(sp for sp in session.rules.presenter().action_specs if sp.kind == advice.kind)
        await pilot.press(spec.key)
        for arg in (
            advice.args[1::-1] if spec.source_first else advice.args[:2]
        ):  # in the order they are asked
            await pilot.pause(0)
            if app.game.ctl.picker.shown()[-1:] != [arg]:
                await pilot.press(
                    "slash", *("space" if c == " " else c for c in names.tname(arg).lower()), "enter"
                )
        await pilot.press("enter")
        await pilot.pause(0)
        assert isinstance(app.screen, ChoiceScreen)
        await shown(pilot, app)
        yield app, pilot, session, advice


def test_the_coach_s_set_of_units_can_be_chosen():
    """The coach 'shows what the hard player would do now'; in modern its set of units ('send 2
    Rocket Launchers') must be a choice in the units list, marked as the coach's pick, not only the listed
    sets (all, one type alone, a single unit)."""
    asyncio.run(_test_coach_s_units())


async def _test_coach_s_units():
    async with _modern_units_list((140, 45)) as (app, pilot, session, advice):
        assert advice not in [v for _, v, _ in app.screen.options]
        await pilot.press("h")  # asked in the list: the list opens again with the coach's set first
        await pilot.pause(0)
        await pilot.pause(0)
        assert app.game.last_advice[0] == advice
        assert isinstance(app.screen, ChoiceScreen), app.screen
        label, value, _ = app.screen.options[0]
        assert value == advice and label.endswith("coach's pick"), app.screen.options
        before = len(session.steps)
        await shown(pilot, app)  # the list opened again: a key typed before it is shown goes nowhere
        await pilot.press("enter")
        await pilot.pause(0)
        assert len(session.steps) == before + 1 and session.steps[-1].action == advice


def test_any_set_of_units_by_a_count_of_each_type():
    """Modern: the units list holds a sample of the sets (all, one type alone, one unit); 'Choose how many of
    each unit...' lets a person send any other, as the rules allow ('attack ... 2R1H')."""
    asyncio.run(_test_counts())


async def _test_counts():
    from riskterm.tui.dialogs import CountScreen

    async with _modern_units_list((120, 40)) as (app, pilot, session, advice):
        assert app.screen.options[-1][0] == "Choose how many of each unit..."
        await pilot.press("end", "enter")
        await pilot.pause(0)
        assert isinstance(app.screen, CountScreen)
        letter, _, most = app.screen.types[0]
        await shown(pilot, app)
        await pilot.press("2" if most >= 2 else "1", "enter")
        await pilot.pause(0)
        assert session.steps[-1].action == Action(advice.kind, (*advice.args[:2], f"{min(2, most)}{letter}"))


def test_a_computer_move_arriving_while_the_app_closes_is_no_crash(make_session):
    """Bad input never crashes: CI once saw the computer's worker redraw a game screen whose panels were already
    removed at shutdown (NoMatches '#players'); the move is kept (autosaved) and the redraw skipped."""

    async def run():
        session = make_session(("Ann", "Bot", "Cid"), seed=3, ai=(1,))
        app = RiskApp(session, speed=0.0)
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(5):
                if isinstance(app.screen, GameScreen):
                    break
                await pilot.press("enter")
                await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            await screen.query_one("#players").remove()
            screen.computer_moved()  # no NoMatches

    asyncio.run(run())
