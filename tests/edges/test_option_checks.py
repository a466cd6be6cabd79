"""Command-line options that would start a game other than the one asked for, or write saves riskterm later
refuses, are refused first with one sentence and exit 2: seeds a save cannot hold (also seed+games-1 in
`simulate`), an empty name in --names, --colours with duplicates, unknown names or the wrong count, and a
--save-dir that cannot be written (checked before any game is played)."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest
import textual.app

from riskterm.cli import main
from riskterm.setup_options import COLOURS, SEED_MAX, split_colours, split_names


@pytest.fixture(autouse=True)
def no_screen(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    opened: list[object] = []
    monkeypatch.setattr(textual.app.App, "run", lambda self, *a, **k: opened.append(self))
    return opened


@pytest.fixture
def no_games(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """simulate's games replaced by a counter: these tests are about what is checked before them."""
    played: list[int] = []

    def run_games(variant: str, levels: list[str], games: int, seed: int = 0, *a: Any, **k: Any) -> list[Any]:
        played.append(games)
        return []

    monkeypatch.setattr("riskterm.commands.simulate.run_games", run_games)
    return played


def one_sentence(argv: list[str], capsys: pytest.CaptureFixture[str], *words: str) -> str:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert err.startswith("riskterm: ") and err.count("\n") == 1 and "went wrong" not in err, err
    for w in words:
        assert w in err, err
    return err


@pytest.mark.parametrize(
    "seed, games, ok",
    [
        (SEED_MAX, 1, True),
        (SEED_MAX + 1, 1, False),
        (2**64, 1, False),
        (-1, 1, False),
        (SEED_MAX - 9, 10, True),
        (SEED_MAX - 8, 10, False),
        (SEED_MAX, 2, False),
    ],
)
def test_simulate_seeds_a_save_can_hold(
    capsys: pytest.CaptureFixture[str], no_games: list[int], seed: int, games: int, ok: bool
) -> None:
    """check-save refuses seeds above 2^63-1 (setup_options.SEED_MAX), so simulate never plays game seed+i
    beyond it."""
    argv = ["simulate", "--variant", "classic", "--players", "3", "--seed", str(seed), "--games", str(games)]
    if ok:
        assert main(argv) == 0 and no_games == [games]
    else:
        one_sentence(argv, capsys, "seed must be a whole number from 0 to", str(SEED_MAX))
        assert no_games == []


@pytest.mark.parametrize("seed", [str(SEED_MAX + 1), str(2**64), "-1"])
def test_play_seeds_a_save_can_hold(
    capsys: pytest.CaptureFixture[str], no_screen: list[object], seed: str
) -> None:
    one_sentence(["play", "--names", "Ann,Bob,Cid", "--seed", seed], capsys, "seed must be")
    assert not no_screen


@pytest.mark.parametrize("names", ["Ann,,Cid", "Ann,Bob,", ",Ann,Bob", "Ann, ,Bob"])
def test_an_empty_name_is_refused(
    capsys: pytest.CaptureFixture[str], no_screen: list[object], names: str
) -> None:
    one_sentence(["play", "--names", names], capsys, "is empty", "give every player a name")
    assert not no_screen


@pytest.mark.parametrize(
    "colours, words",
    [
        ("red,red,blue", ["Two players have the colour red"]),
        ("grey,gray,blue", ["Two players have the colour grey (gray)"]),
        ("red,blue,purple", ["no colour 'purple'", "choose from red"]),
        ("red,blue", ["gives 2 colours for 3 players"]),
        ("red,blue,green,cyan", ["gives 4 colours for 3 players"]),
        ("red,,blue", ["no colour ''"]),
        ("red,\x1b[2J,blue", ["no colour '\\x1b[2j'"]),
    ],
)
def test_bad_colours_are_refused(
    capsys: pytest.CaptureFixture[str], no_screen: list[object], colours: str, words: list[str]
) -> None:
    err = one_sentence(["play", "--names", "Ann,Bob,Cid", "--colours", colours], capsys, *words)
    assert "\x1b" not in err
    assert not no_screen


def test_good_names_and_colours_start_the_game(no_screen: list[object]) -> None:
    assert main(["play", "--names", " Ann ,Bob,Cid", "--colours", "RED, blue,green", "--seed", "3"]) == 0
    (app,) = no_screen
    players = app.session.players  # type: ignore[attr-defined]
    assert [(p.name, p.colour) for p in players] == [("Ann", "red"), ("Bob", "blue"), ("Cid", "green")]
    assert split_names("A,B") == ["A", "B"] and split_colours("pink,black", 2) == ["pink", "black"]


def test_the_colour_names_are_the_palettes() -> None:
    from riskterm.tui.colours import PALETTE

    assert set(COLOURS) == set(PALETTE)


def test_simulate_save_dir_that_is_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_games: list[int]
) -> None:
    target = tmp_path / "file"
    target.write_text("x")
    one_sentence(
        ["simulate", "--players", "3", "--games", "2", "--save-dir", str(target)],
        capsys,
        "cannot write the saves in",
        "give --save-dir a folder",
    )
    assert no_games == []


@pytest.mark.parametrize("code", [errno.EROFS, errno.EACCES, errno.ENOSPC])
def test_simulate_save_dir_read_only_or_full(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    no_games: list[int],
    code: int,
) -> None:
    """As root a chmod does not stop writes, so the file system's refusal is made by hand: opening (read-only,
    no permission) or writing (full) fails."""
    folder = tmp_path / "saves"
    real_open, real_write = os.open, os.write

    def failing_open(path: Any, flags: int, *a: Any, **k: Any) -> int:
        if code != errno.ENOSPC and str(path).startswith(str(folder)) and flags & os.O_CREAT:
            raise OSError(code, os.strerror(code), str(path))
        return real_open(path, flags, *a, **k)

    def failing_write(fd: int, data: Any) -> int:
        if code == errno.ENOSPC and os.readlink(f"/proc/self/fd/{fd}").startswith(str(folder)):
            raise OSError(code, os.strerror(code))
        return real_write(fd, data)

    monkeypatch.setattr(os, "open", failing_open)
    monkeypatch.setattr(os, "write", failing_write)
    one_sentence(
        ["simulate", "--players", "3", "--games", "5", "--save-dir", str(folder)],
        capsys,
        "cannot write the saves in",
        os.strerror(code),
    )
    assert no_games == []


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes into read-only folders")
def test_simulate_save_dir_really_read_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_games: list[int]
) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        one_sentence(
            ["simulate", "--players", "3", "--save-dir", str(folder)], capsys, "cannot write the saves"
        )
    finally:
        folder.chmod(0o700)
    assert no_games == []


def test_simulate_save_dir_filling_up_during_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The folder was fine at the start and filled up later: the game's save is lost with one sentence."""

    def full(*a: Any, **k: Any) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    import importlib

    monkeypatch.setattr(importlib.import_module("riskterm.record.autosave"), "atomic_write", full)
    one_sentence(
        ["simulate", "--players", "3", "--games", "1", "--seed", "4", "--save-dir", str(tmp_path)],
        capsys,
        "could not write the save of the game with seed 4",
        "No space left on device",
    )


@pytest.mark.parametrize("cols", [1, 2])
def test_validate_map_refuses_boards_no_rulebook_can_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cols: int
) -> None:
    """A well-formed board of one or two territories: every rulebook needs a territory per seat (classic's
    two-player game three, with the neutral), so none can start on it; classic's quick start divided by zero."""
    from support.boards import grid_board, write_board

    doc = grid_board(cols=cols, rows=1)
    if cols == 1:
        doc["territories"][0].pop("sea_neighbours", None)  # a territory cannot border itself
    path = write_board(tmp_path / "tiny.yaml", doc)
    assert main(["validate-map", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{path}: no rulebook can start a game on this board") and err.count("\n") == 1, err
    assert f"has {cols} territories" in err


def test_validate_map_accepts_the_smallest_board_a_rulebook_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Three territories: classic's two players and the neutral hold one each, and the game plays to its end."""
    import random

    from support.boards import write_board

    from riskterm.board import load_board_file
    from riskterm.rules import PlayerSetup
    from riskterm.session import Session

    path = write_board(tmp_path / "three.yaml", cols=3, rows=1)
    assert main(["validate-map", str(path)]) == 0
    assert "ok - " in capsys.readouterr().out
    session = Session.new(
        "classic",
        [PlayerSetup("Ann", ""), PlayerSetup("Bob", "")],
        3,
        {"quick_start": True},
        load_board_file(path),
    )
    rnd = random.Random(3)
    while not session.rules.is_over(session.state):
        session.apply(rnd.choice(session.rules.legal_actions(session.state)))
