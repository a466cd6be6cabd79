"""Conventions of every riskterm command: --help, exit 2 with one sentence for bad input, no traceback."""

import subprocess
import sys

import pytest

from riskterm.commands import COMMANDS


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "riskterm", *args], capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_command_has_help(command):
    r = run(command, "--help")
    assert r.returncode == 0 and "usage:" in r.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["nonsense"],
        ["odds", "three", "2"],
        ["odds", "-1", "2"],
        ["validate-map", "/no/such/file.yaml"],
        ["--variant", "chess"],
    ],
)
def test_bad_input_is_one_sentence_and_exit_2(args):
    r = run(*args)
    assert r.returncode == 2, r
    assert "Traceback" not in r.stderr and r.stderr.strip() and len(r.stderr.strip().splitlines()) == 1


def test_version():
    r = run("--version")
    assert r.returncode == 0 and r.stdout.startswith("riskterm ")


def test_simulate_save_dir_writes_checkable_saves(tmp_path):
    """`riskterm simulate ... --save-dir DIR` writes each simulated game's save file there."""
    r = run(
        "simulate", "--players", "3", "--games", "2", "--ai", "easy", "--save-dir", str(tmp_path), "--json"
    )
    assert r.returncode == 0, r.stderr
    saves = sorted(tmp_path.glob("*.json"))
    assert len(saves) == 2
    ok = run("check-save", str(saves[0]))
    assert ok.returncode == 0 and ok.stdout.startswith("ok")


def test_stats_names_the_house_rules_a_game_played_by(tmp_path):
    """A game away from the default rules says so where its figures are read: `stats` names the mode and the
    card values it was played with (a game at the defaults prints no such line)."""
    r = run(
        "simulate",
        "--variant",
        "classic",
        "--mode",
        "missions",
        "--house",
        "cards=fixed",
        "--players",
        "3",
        "--games",
        "1",
        "--ai",
        "easy",
        "--save-dir",
        str(tmp_path),
        "--json",
    )
    assert r.returncode == 0, r.stderr
    out = run("stats", str(next(tmp_path.glob("*.json")))).stdout
    assert "House rules: Mode: missions, Card values: fixed." in out
