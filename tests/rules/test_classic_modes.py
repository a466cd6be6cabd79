"""classic's modes of play (the `mode` house option): on the command line (`--mode`, `simulate --mode`), in
the options a game and its save keep, and what a game without it means (world domination, as before)."""

from __future__ import annotations

import pytest

from riskterm.commands.play import build_parser_for_tests, build_session
from riskterm.errors import RiskError
from riskterm.rules import variant_class
from riskterm.rules.classic.modes import mode_of
from riskterm.session import Session
from riskterm.setup_options import modes, parse_mode


def test_classic_declares_its_modes_and_others_have_none() -> None:
    """The rulebook says which modes it has (its `mode` house option, the default first); `--mode` is refused
    with one sentence for a rulebook with one game only, or a mode it does not offer."""
    assert modes(variant_class("classic"))[0] == "world"
    assert modes(variant_class("europe")) == ()
    with pytest.raises(RiskError, match="one mode of play only"):
        parse_mode(variant_class("europe"), "missions")
    with pytest.raises(RiskError, match="not a choice for mode"):
        parse_mode(variant_class("classic"), "everything")


def test_a_world_game_keeps_no_mode_and_reads_as_world() -> None:
    """A world-domination game's state is as before modes existed (no 'mode' in its options), so old saves
    and states without the key are world domination."""
    s = Session.new("classic", ["A", "B", "C"], 5, {"mode": "world"}).state
    assert "mode" not in s["options"] and mode_of(s) == "world"


def test_play_mode_is_the_mode_house_option() -> None:
    """`riskterm --mode NAME` is `--house mode=NAME`: a game the options describe starts at once."""
    args = build_parser_for_tests().parse_args(["--names", "A,B,C", "--mode", "world", "--seed", "1"])
    session, _ = build_session(args)
    assert session.options["mode"] == "world"


def test_simulate_takes_a_mode(capsys: pytest.CaptureFixture[str]) -> None:
    """`riskterm simulate --mode NAME` plays its games in that mode; a mode that cannot be played by the
    seats is refused before any game, with one sentence and exit code 2."""
    from riskterm.cli import main

    assert main(["simulate", "--mode", "world", "--players", "3", "--games", "1"]) == 0
    assert "mode=world" in capsys.readouterr().out
    assert main(["simulate", "--mode", "nowhere", "--games", "1"]) == 2
