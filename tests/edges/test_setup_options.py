"""Every set-up option is checked by one validator (riskterm.setup_options) on the command
line, on the new-game screen and when loading a save; names with control characters are refused; anything
read from a file is escaped before it is printed."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from edges_helpers import edited

from riskterm.cli import main
from riskterm.errors import RiskError
from riskterm.rules import PlayerSetup, variant_class
from riskterm.setup_options import (
    LEVELS,
    check_name,
    check_setup,
    parse_ai,
    printable,
)

ESC = "\x1b]0;OWNED\x07\x1b[2J"


@pytest.mark.parametrize(
    "args, words",
    [
        (["--names", "Ann,Bob,Cid", "--ai", "Cid:godlike"], "no computer level 'godlike'"),
        (["--names", "Ann,Bob,Cid", "--ai", "9"], "seat 9, but the seats are 1 to 3"),
        (["--names", "Ann,Bob,Cid", "--ai", "Zed"], "'Zed', who is not a player"),
        (["--names", "Ann,Bob,Cid", "--turn-cap", "-5"], "turn cap must be a whole number of player-turns"),
        (["--names", "Ann,Bob,Cid", "--turn-cap", "0"], "from 1 to"),
        (["--variant", "europe", "--turn-cap", "0"], "whole number of rounds"),
        (["--names", f"Ann,{ESC},Cid"], "control character (U+001B)"),
        (["--names", "Ann,ann,Cid"], "Two players are called 'ann'"),
        (["--names", "A" * 40 + ",Bob"], "longer than 24 characters"),
        (["--names", "Ann,Bob", "--seed", "-4"], "seed must be a whole number"),
        (["--names", "Ann,Bob,Cid", "--house", "fortify=anywhere"], "not a choice for fortify"),
        (["--ai", "2:hard", "--turn-cap", "0"], "turn cap"),  # no --names: still checked, never dropped
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_play_refuses_bad_setups_before_any_screen(args, words, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", *args]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "\x1b" not in err and "\x07" not in err


def test_one_validator_for_every_entry_point() -> None:
    from riskterm.ai import LEVELS as AI_LEVELS

    assert LEVELS == AI_LEVELS
    cls = variant_class("classic")
    good = [PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue", "hard")]
    check_setup(cls, good, 7, {"quick_start": True, "turn_cap": 10, "fortify": "connected"})
    bad_ones = (
        ([PlayerSetup("Ann"), PlayerSetup("Bob", "", "godlike")], 1, {}),
        (good, 1, {"turn_cap": 0}),
        (good, 1, {"turn_cap": True}),
        (good, 2**64, {}),
        (good, "7", {}),
        (good, 1, {"fortify": "nowhere"}),
        ([PlayerSetup("[red]x[/]"), PlayerSetup("B\u202eob")], 1, {}),
    )
    for players, seed, opts in bad_ones:
        with pytest.raises(RiskError):
            check_setup(cls, players, seed, opts)
    check_name("[red]Ann[/]")  # markup is allowed in names (and shown literally), control characters are not
    assert parse_ai("2:HARD, Ann", ["Ann", "Bob"], "easy") == {1: "hard", 0: "easy"}


def test_turn_cap_units_per_rulebook() -> None:
    """The cap counts player-turns in classic and risiko, rounds in europe and modern."""
    units = {name: variant_class(name).turn_cap_unit for name in ("classic", "risiko", "europe", "modern")}
    assert units == {
        "classic": "player-turns",
        "risiko": "player-turns",
        "europe": "rounds",
        "modern": "rounds",
    }


def test_names_from_files_are_escaped_when_printed(
    good: Path, data_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A save whose header holds terminal escapes cannot be loaded, so it is left out of `resume --list`; the
    commands that read it refuse it without letting the escape reach the terminal."""
    saves = data_home / "saves"
    saves.mkdir(parents=True)
    bad = saves / "20260101-000000-abcdef.json"
    bad.write_bytes(edited(good.read_bytes(), lambda d: d["players"][0].__setitem__("name", ESC)))
    assert main(["resume", "--list"]) == 0
    out = capsys.readouterr().out
    assert "OWNED" not in out and "\x1b" not in out and "No unfinished games" in out
    for cmd in (["check-save"], ["stats"], ["check-save", "--json"]):
        assert main([cmd[0], str(bad), *cmd[1:]]) == 2
        out, err = capsys.readouterr()
        assert "\x1b" not in out + err and "control character" in out + err
    assert printable("a\nb\x00") == "a\\nb\\x00"


def test_new_game_screen_uses_the_same_validator() -> None:
    from textual.widgets import Input, Static

    from riskterm.tui.app import RiskApp
    from riskterm.tui.newgame import NewGameScreen

    async def run() -> None:
        app = RiskApp(None)
        async with app.run_test(size=(120, 45)) as pilot:
            await pilot.pause()
            scr = app.screen
            assert isinstance(scr, NewGameScreen)
            scr.query_one("#name1", Input).value = "B\x1b[2Jb"
            scr.action_start()
            await pilot.pause()
            assert app.session is None
            status = str(scr.query_one("#new-status", Static).render())
            assert "control character" in status
            scr.query_one("#name1", Input).value = "[/]"  # markup in a name: shown literally, never parsed
            scr.query_one("#name2", Input).value = "[/]"
            scr.action_start()
            await pilot.pause()
            assert "Two players are called '[/]'" in str(scr.query_one("#new-status", Static).render())

    asyncio.run(run())


def test_random_seeds_come_from_the_whole_range() -> None:
    """A seed drawn from 1-10,000 was found by trying every one
    against the first public deal (4.9 s), which rebuilds the deck and every roll. Unset seeds are drawn from
    the whole range by the operating system."""
    from riskterm.commands.play import build_parser_for_tests, build_session
    from riskterm.setup_options import SEED_MAX, secret_seed

    seeds = {secret_seed() for _ in range(50)}
    assert len(seeds) == 50 and max(seeds) > 2**40 and max(seeds) <= SEED_MAX
    _, seed = build_session(build_parser_for_tests().parse_args(["--names", "Ann,Bob,Cid"]))
    assert seed > 100_000  # fails once in 10**13 runs
