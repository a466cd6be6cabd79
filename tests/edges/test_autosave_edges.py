"""Stale temporary files of killed autosaves are swept from the whole saves folder, and a
second process resuming the same game refuses with a sentence (a lock file holding the process id; a lock
of a process that no longer runs is stale and taken over)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from riskterm.cli import main
from riskterm.errors import RiskError
from riskterm.record import list_saves, load_game, save_path
from riskterm.record.lock import acquire, lock_path, release


def test_stale_temporaries_of_any_game_are_swept_on_listing(data_home: Path, good: Path) -> None:
    saves = data_home / "saves"
    saves.mkdir(parents=True)
    (saves / "g.json").write_bytes(good.read_bytes())
    old = saves / ".other-game.json.tmp-99999"  # another game, never saved again
    fresh = saves / ".g.json.tmp-12345"  # a write in progress elsewhere
    old.write_text("partial")
    fresh.write_text("partial")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    assert [g.path.name for g in list_saves()] == ["g.json"]
    assert not old.exists() and fresh.exists()


def dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def test_a_second_resume_of_the_same_game_refuses(good: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = save_path(load_game(good))
    lock = lock_path(target)
    lock.parent.mkdir(parents=True, exist_ok=True)
    lock.write_text(f"{os.getppid()}\n")  # a process that runs (our parent), as another riskterm would
    assert main(["resume", str(good)]) == 2
    err = capsys.readouterr().err
    assert f"open in another riskterm (process {os.getppid()})" in err and err.count("\n") == 1
    assert lock.read_text() == f"{os.getppid()}\n"  # someone else's lock is never removed


@pytest.mark.parametrize("content", ["dead", "garbage", ""])
def test_stale_or_broken_locks_are_taken_over(good: Path, content: str) -> None:
    target = save_path(load_game(good))
    lock = lock_path(target)
    lock.parent.mkdir(parents=True, exist_ok=True)
    lock.write_text(str(dead_pid()) if content == "dead" else content)
    assert acquire(target) == lock and lock.read_text() == f"{os.getpid()}\n"
    assert acquire(target) == lock  # taking our own lock again is fine
    release(target)
    assert not lock.exists()
    assert not target.parent.exists() or list(target.parent.iterdir()) == []  # locks are not beside the saves


def test_lock_refusal_is_a_risk_error(good: Path) -> None:
    target = save_path(load_game(good))
    lock_path(target).parent.mkdir(parents=True, exist_ok=True)
    lock_path(target).write_text(str(os.getppid()))
    with pytest.raises(RiskError, match="close it there first"):
        acquire(target)


def test_autosave_never_writes_a_game_another_process_holds(good: Path, data_home: Path) -> None:
    """The in-app paths to a game (the new-game screen's "continue", a new game) are covered too: the first
    autosave takes the lock, and refuses while a running process holds it (the app shows the sentence)."""
    from riskterm.record import autosave

    session = load_game(good)
    target = save_path(session)
    lock = lock_path(target)
    lock.parent.mkdir(parents=True, exist_ok=True)
    lock.write_text(str(os.getppid()))
    with pytest.raises(RiskError, match="open in another riskterm"):
        autosave(session)
    assert not target.exists()
    lock.write_text(str(dead_pid()))
    assert autosave(session) == target and lock.read_text() == f"{os.getpid()}\n"
    assert [p.name for p in target.parent.iterdir()] == [target.name]


def test_a_lock_deleted_with_the_data_folder_is_taken_again_before_the_next_save(
    good: Path, data_home: Path
) -> None:
    """The data folder deleted during a game took the game's lock with it: the next autosave wrote the save
    back unlocked, and a second `resume` opened the same game. Now the save comes back with its lock, and a
    second process refuses."""
    import shutil

    from riskterm.record import autosave
    from riskterm.record.autosave import flush_autosaves

    session = load_game(good)
    target = autosave(session)
    shutil.rmtree(data_home)
    assert autosave(session, background=True) == target
    flush_autosaves()
    assert target.exists() and lock_path(target).read_text() == f"{os.getpid()}\n"
    lock_path(target).write_text(str(os.getppid()))  # as another running riskterm would hold it
    with pytest.raises(RiskError, match="open in another riskterm"):
        autosave(session)
