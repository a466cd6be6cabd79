"""Hostile input at scale (fuzz_scale.py, mutations.py): saves of every rulebook (on their own boards and on one
riskterm does not ship) damaged and forged every way through check-save, stats and the save listing; boards
through validate-map and the loader; command lines through every command that reads a file or checks an
option. 0 crashes (riskterm's catch-all reached counts as one), 0 hangs, 0 input files changed.

The default suite runs a fixed sample in a few seconds; the full run with its counts:
    pytest -m slow tests/edges/test_fuzz_scale.py -s -n 0
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fuzz_edges import Tally
from fuzz_scale import CatchAllReached, fuzz_boards, fuzz_commands, fuzz_saves, run_cli

SAMPLE = {"saves": 120, "boards": 30, "commands": 120}
SCALE = {"saves": 20_000, "boards": 5_000, "commands": 5_000}


def report(tally: Tally) -> None:
    print("\n" + tally.line())
    assert not tally.crashes and not tally.hangs and not tally.changed, tally.line() + "\n" + tally.problems()
    assert tally.refused and tally.harmless, "a fuzz that refuses everything, or nothing, tests nothing"


def test_saves_sample(tmp_path: Path) -> None:
    report(fuzz_saves(SAMPLE["saves"], tmp_path, seed=1))


def test_boards_sample(tmp_path: Path) -> None:
    report(fuzz_boards(SAMPLE["boards"], tmp_path, seed=1))


def test_command_lines_sample(tmp_path: Path) -> None:
    report(fuzz_commands(SAMPLE["commands"], tmp_path, seed=1))


def test_reaching_the_catch_all_counts_as_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    """The last guard (riskterm: something went wrong ...) still answers, but the fuzz counts it a crash."""

    def broken(args: object) -> int:
        raise ValueError("a bug")

    monkeypatch.setattr("riskterm.commands.odds.run", broken)
    monkeypatch.setattr("riskterm.commands.odds.parse_plain", lambda argv: None)
    with pytest.raises(CatchAllReached, match="ValueError: a bug"):
        run_cli(["odds", "3", "2"])
    tally = Tally("self-test")
    tally.run("odds", lambda: bool(run_cli(["odds", "3", "2"])))
    assert len(tally.crashes) == 1


@pytest.mark.slow
def test_saves_at_scale(tmp_path: Path) -> None:
    report(fuzz_saves(SCALE["saves"], tmp_path, seed=2026))


@pytest.mark.slow
def test_boards_at_scale(tmp_path: Path) -> None:
    report(fuzz_boards(SCALE["boards"], tmp_path, seed=2026))


@pytest.mark.slow
def test_command_lines_at_scale(tmp_path: Path) -> None:
    report(fuzz_commands(SCALE["commands"], tmp_path, seed=2026))
