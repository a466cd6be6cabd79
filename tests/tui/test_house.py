"""House rules: Rules.house_options on the new-game screen and `play --house`."""

from __future__ import annotations

import asyncio

import pytest

from riskterm.commands.play import build_parser_for_tests, build_session
from riskterm.errors import RiskError
from riskterm.rules import variant_class
from riskterm.setup_options import parse_house
from riskterm.tui.app import RiskApp


def test_parse_house_values_as_written():
    assert parse_house(variant_class("modern"), ["defender_chooses=no"]) == {"defender_chooses": False}
    assert parse_house(variant_class("risiko"), ["defender=when needed"]) == {"defender": "when_needed"}
    with pytest.raises(RiskError):
        parse_house(variant_class("classic"), ["fortify=anywhere"])
    with pytest.raises(RiskError):
        parse_house(variant_class("europe"), ["fortify=connected"])


def test_play_house_goes_into_the_options():
    args = build_parser_for_tests().parse_args(
        ["--names", "A,B,C", "--house", "fortify=connected", "--seed", "1"]
    )
    session, _ = build_session(args)
    assert session.state["options"]["fortify"] == "connected"


def test_new_game_screen_offers_the_rulebook_house_rules():
    """Only the chosen rulebook's house rules are made (those of all four were more than half of the screen's
    widgets: 3-6 s to appear on a loaded machine); another's are made when it is chosen, and keep answers."""
    from textual.widgets import Select

    async def run():
        app = RiskApp(None)
        async with app.run_test(size=(120, 45)) as pilot:
            await pilot.pause()
            scr = app.screen
            assert not scr.query("#house-risiko Select") and scr.query("#house-classic Select")
            scr.query_one("#variant", Select).value = "risiko"
            # the rulebook's rows are mounted after the change: wait for the row's Select and its own label
            # (setting a value before the label is there raised NoMatches under load)
            for _ in range(100):
                await pilot.pause()
                found = scr.query("#house-risiko-0")
                if found and found.first(Select).query("#label"):
                    break
            sel = scr.query_one("#house-risiko-0", Select)
            sel.value = 1  # always (the default asks only when the choice matters)
            scr.query_one("#variant", Select).value = "classic"
            await pilot.pause()
            scr.query_one("#variant", Select).value = "risiko"
            await pilot.pause()
            assert scr.house() == {
                "defender": "always",
                "readings": "reviewed",
                "luck": 100,
                "luck_rounding": "straight",
            }
            scr.action_start()
            await pilot.pause()
            assert app.session.state["options"]["defender"] == "always"

    asyncio.run(run())
