"""Property-based fuzz over saves, boards and command lines (see fuzz_edges.py). Small in the default
suite (a few seconds); `-m slow` runs the large one. Each test prints its tally (pytest -s shows it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import textual.app
from edges_helpers import good_bytes
from fuzz_edges import (
    VALUES,
    Tally,
    board_bytes,
    board_doc,
    command_lines,
    mutate,
    paths,
    save_bytes,
    special_files,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riskterm.board import load_board_file
from riskterm.cli import main
from riskterm.errors import MapError, SaveError
from riskterm.record import load_game

SMALL = {"saves": 25, "boards": 25, "commands": 40}
SMALL_MAX = max(SMALL.values())  # the default suite's runs are derandomized: the same inputs on every run
LARGE = {"saves": 1500, "boards": 800, "commands": 1500}
HOW = st.sampled_from(["replace", "replace", "replace", "delete", "wrap"])


def save_case(tally: Tally, folder: Path, data: st.DataObject) -> None:
    doc = json.loads(good_bytes())
    where = data.draw(st.sampled_from(paths(doc)))
    how, value = data.draw(HOW), data.draw(VALUES)
    bad = mutate(doc, where, how, value)
    raw = save_bytes(bad, fix_checksum=data.draw(st.sampled_from([True, True, True, False])))  # mostly forged
    path = folder / "fuzz.json"
    path.write_bytes(raw)

    def load() -> bool:
        try:
            load_game(path)
        except SaveError as e:
            assert str(e).endswith(".") and "\n" not in str(e) and "\x1b" not in str(e), str(e)
            return True
        return False

    tally.run(f"save {how} {where!r} = {value!r}", load)
    assert path.read_bytes() == raw  # never touched


def board_case(tally: Tally, folder: Path, data: st.DataObject) -> None:
    doc = board_doc()
    where = data.draw(st.sampled_from(paths(doc)))
    how, value = data.draw(HOW), data.draw(VALUES)
    path = folder / "fuzz.yaml"
    path.write_bytes(board_bytes(mutate(doc, where, how, value)))

    def load() -> bool:
        try:
            load_board_file(path)
        except MapError as e:
            assert e.problems and all("\x1b" not in p and "\n" not in p for p in e.problems), e.problems
            return True
        return False

    tally.run(f"board {how} {where!r} = {value!r}", load)


def command_case(tally: Tally, argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    def run() -> bool:
        try:
            code = main(argv)
        except SystemExit as e:  # argparse: --help (0) or a usage error (2)
            code = e.code if isinstance(e.code, int) else 2
        out, err = capsys.readouterr()
        assert code in (0, 2), f"exit {code}: {err.strip()[:300]}"
        assert "Traceback" not in out + err and "\x1b" not in out + err
        if code == 2:
            assert err.strip(), "a refusal says why"
        return code == 2

    tally.run(f"riskterm {argv!r}", run)


def report(tally: Tally) -> None:
    print("\n" + tally.line())
    assert not tally.crashes and not tally.hangs, tally.line() + "\n" + "\n".join(tally.crashes + tally.hangs)


def fuzz_saves(n: int, tmp_path: Path) -> None:
    tally = Tally("saves")

    @settings(
        max_examples=n,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
        derandomize=n <= SMALL_MAX,
    )
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        save_case(tally, tmp_path, data)

    run()
    report(tally)


def fuzz_boards(n: int, tmp_path: Path) -> None:
    tally = Tally("boards")

    @settings(
        max_examples=n,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
        derandomize=n <= SMALL_MAX,
    )
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        board_case(tally, tmp_path, data)

    run()
    report(tally)


def fuzz_commands(
    n: int,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    with_simulate: bool,
) -> None:
    monkeypatch.setattr(
        textual.app.App, "run", lambda self, *a, **k: None
    )  # no screen: the checks come first
    files = special_files(tmp_path, good_bytes())
    tally = Tally("command lines")

    @settings(
        max_examples=n,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
        derandomize=n <= SMALL_MAX,
    )
    @given(argv=command_lines(files, with_simulate))
    def run(argv: list[str]) -> None:
        command_case(tally, argv, capsys)

    run()
    report(tally)


def test_fuzz_saves(tmp_path: Path) -> None:
    fuzz_saves(SMALL["saves"], tmp_path)


def test_fuzz_boards(tmp_path: Path) -> None:
    fuzz_boards(SMALL["boards"], tmp_path)


def test_fuzz_command_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    fuzz_commands(SMALL["commands"], tmp_path, capsys, monkeypatch, with_simulate=False)


@pytest.mark.slow
def test_fuzz_saves_large(tmp_path: Path) -> None:
    fuzz_saves(LARGE["saves"], tmp_path)


@pytest.mark.slow
def test_fuzz_boards_large(tmp_path: Path) -> None:
    fuzz_boards(LARGE["boards"], tmp_path)


@pytest.mark.slow
def test_fuzz_command_lines_large(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    fuzz_commands(LARGE["commands"], tmp_path, capsys, monkeypatch, with_simulate=True)
