"""Taking a game's lock is atomic: processes started at the same instant (released together by a barrier) never
both get it, whether the lock is free, stale (its process is gone) or broken (empty); and a data folder that
cannot be written is one sentence, not a crash."""

from __future__ import annotations

import multiprocessing
import os
import sys
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import pytest

from riskterm.cli import main
from riskterm.errors import RiskError
from riskterm.record.lock import acquire, lock_path

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="fork and flock are POSIX")

PROCESSES = 4
ROUNDS = {"default": 4, "slow": 60}


def _contender(save: Path, start: Any, hold: Any, answer: Connection) -> None:
    start.wait(30)
    try:
        acquire(save)
        answer.send("took")
    except RiskError as e:
        answer.send("refused" if "open in another riskterm" in str(e) else f"other: {e}")
    except BaseException as e:  # noqa: BLE001 - report anything else to the test
        answer.send(f"crash: {type(e).__name__}: {e}")
    hold.wait(30)  # every contender stays alive until all have tried
    os._exit(0)


def _race(save: Path) -> list[str]:
    ctx = multiprocessing.get_context("fork")  # forked: no start-up time, so they truly start at once
    start, hold = ctx.Barrier(PROCESSES), ctx.Barrier(PROCESSES)
    pipes = [ctx.Pipe(duplex=False) for _ in range(PROCESSES)]
    procs = [ctx.Process(target=_contender, args=(save, start, hold, w)) for _, w in pipes]
    for p in procs:
        p.start()
    out = [r.recv() if r.poll(30) else "no answer" for r, _ in pipes]
    for p in procs:
        p.join(30)
    return sorted(out)


def races(tmp_path: Path, before: str, rounds: int) -> None:
    for r in range(rounds):
        save = tmp_path / f"game{r}.json"
        lock = lock_path(save)
        lock.parent.mkdir(parents=True, exist_ok=True)
        if before == "stale":
            lock.write_text("999999999\n")  # above any pid_max: no such process
        elif before == "empty":
            lock.write_text("")
        got = _race(save)
        assert got == ["refused"] * (PROCESSES - 1) + ["took"], f"round {r}: {got}"


@pytest.mark.parametrize("before", ["free", "stale", "empty"])
def test_processes_started_at_once_take_the_lock_once(tmp_path: Path, before: str) -> None:
    races(tmp_path, before, ROUNDS["default"])


@pytest.mark.slow
@pytest.mark.parametrize("before", ["free", "stale", "empty"])
def test_many_rounds_of_processes_started_at_once(tmp_path: Path, before: str) -> None:
    races(tmp_path, before, ROUNDS["slow"])


def test_an_unwritable_data_folder_is_one_sentence(tmp_path: Path, data_home: Path) -> None:
    data_home.parent.mkdir(parents=True, exist_ok=True)
    data_home.write_text("a file where the data folder should be")
    with pytest.raises(RiskError, match=r"cannot write in .* set RISKTERM_DATA_DIR"):
        acquire(tmp_path / "game.json")


@pytest.mark.parametrize("how", ["a file", "read-only"])
def test_resume_into_an_unwritable_data_folder(
    good: Path, data_home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    """`riskterm resume` cannot lock or autosave the game: one sentence and exit 2, before the app opens."""
    import errno

    import textual.app

    opened: list[object] = []
    monkeypatch.setattr(textual.app.App, "run", lambda self, *a, **k: opened.append(self))
    if how == "a file":
        data_home.write_text("not a folder")
    else:  # as root chmod does not stop writes: the file system says no instead
        real_mkdir = Path.mkdir

        def read_only(self: Path, *a: Any, **k: Any) -> None:
            if self.is_relative_to(data_home):
                raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(self))
            real_mkdir(self, *a, **k)

        monkeypatch.setattr(Path, "mkdir", read_only)
    assert main(["resume", str(good)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot write in" in err and "went wrong" not in err, err
    assert not opened
