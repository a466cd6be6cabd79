"""`riskterm learn` in the app: the lesson panel beside the board, reached from the command and from the
new-game screen, whose keys a new player reaches for (F1, ?, Enter on Start)."""

from __future__ import annotations

import asyncio

import pytest
from support.pilot import shown
from textual.widgets import Static

from riskterm.cli import main
from riskterm.tui.app import RiskApp
from riskterm.tui.dialogs import ChoiceScreen, HelpScreen
from riskterm.tui.lesson import LessonScreen
from riskterm.tui.newgame import NewGameScreen
from riskterm.tutor import finished_lessons


def test_learn_names_a_rulebook_without_lessons_in_one_sentence(capsys, monkeypatch) -> None:
    from riskterm.rules import variant_class

    monkeypatch.setattr(variant_class("europe").presenter_class, "lessons", None)
    assert main(["learn", "--variant", "europe"]) == 2
    err = capsys.readouterr().err
    assert "has no lessons yet" in err and err.count("\n") == 1


@pytest.mark.slow
def test_the_lesson_panel_follows_the_learner() -> None:
    async def run() -> None:
        app = RiskApp(lesson="classic", speed=0.0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, LessonScreen)
            panel = app.screen.query_one("#lesson-text", Static)
            assert "The board" in str(panel.render())
            await pilot.press("n", "enter", "4", "enter")
            await pilot.pause()
            assert app.tutor is not None and app.tutor.step is not None and app.tutor.step.title == "Attack"
            assert "All placed" in str(panel.render())

    asyncio.run(run())


@pytest.mark.slow
def test_new_game_screen_help_keys_start_focus_and_the_lesson() -> None:
    async def run() -> None:
        app = RiskApp(None)
        async with app.run_test(size=(140, 45)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen) and app.screen.focused.id == "start"
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            await shown(pilot, app)
            await pilot.press("escape", "f1")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            await shown(pilot, app)
            await pilot.press("escape", "f2")
            await pilot.pause()
            assert isinstance(app.screen, ChoiceScreen)  # the list of lessons, the chosen rulebook's first
            await shown(pilot, app)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, LessonScreen)

    asyncio.run(run())


@pytest.mark.slow
def test_learn_lists_every_lesson_and_remembers_a_finished_one(data_home) -> None:
    """`riskterm learn`: the list of every rulebook's lesson (classic first, highlighted); Enter starts it;
    going through every step ticks it in the list next time; Escape on the list leaves the app."""

    async def run() -> None:
        app = RiskApp(lesson_list=True, speed=0.0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ChoiceScreen)
            assert [row[1] for row in app.screen.options] == ["classic", "europe", "risiko", "modern"]
            await shown(pilot, app)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, LessonScreen) and app.tutor is not None
            for _ in app.tutor.course.steps:
                await pilot.press("n")
            await pilot.pause()
            assert app.tutor.finished
        assert finished_lessons() == {"classic"}
        again = RiskApp(lesson_list=True)
        async with again.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(again.screen, ChoiceScreen) and again.screen.options[0][0].startswith("✓")
            await shown(pilot, again)
            await pilot.press("escape")
            await pilot.pause()
        assert again.return_code is not None or not again.is_running

    asyncio.run(run())


def test_the_prompt_stays_in_sight_under_the_lesson_at_80x24() -> None:
    """At 80x24 the lesson panel keeps to the top of the side column (its text scrolls with PgDn) and the
    players table gives way, so what to do now and the current choice stay on the screen; at 140x45 the
    whole lesson shows with the players table."""

    async def run() -> None:
        app = RiskApp(lesson="classic", speed=0.0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n", "n")  # the attack step (its placing skipped), the lesson's longest text
            await pilot.pause()
            screen = app.screen
            lesson, prompt = screen.query_one("#lesson"), screen.query_one("#prompt")
            assert lesson.display and "Attack" in str(screen.query_one("#lesson-text", Static).render())
            assert "place" in str(prompt.render())
            visible = screen.query_one("#side").region
            for wid in ("#lesson", "#prompt", "#step"):
                assert visible.contains_region(screen.query_one(wid).region), wid
            assert lesson.max_scroll_y > 0 and "PgDn" in str(lesson.border_subtitle)
            await pilot.pause()  # (the step's last render done: a new step's text starts at its top)
            await pilot.press("pagedown")
            for _ in range(20):  # the scroll is taken after the key's refresh on a loaded machine
                if lesson.scroll_y > 0:
                    break
                await pilot.pause()
            assert lesson.scroll_y > 0
            await pilot.resize_terminal(140, 45)
            for _ in range(20):  # the panel's cap goes once the side column has its new height
                if lesson.max_scroll_y == 0:
                    break
                await pilot.pause()
            assert (
                lesson.max_scroll_y == 0
                and not lesson.border_subtitle
                and screen.query_one("#players").display
            )
            assert screen.query_one("#side").region.contains_region(screen.query_one("#prompt").region)

    asyncio.run(run())
