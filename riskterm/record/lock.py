"""One process per game: `riskterm resume`, and any process at its first autosave of a game, takes the game's
lock file (holding its process id) for as long as it runs, so a second process resuming the same game refuses
with a sentence instead of both writing the same file. A lock left by a process that no longer runs is stale
and taken over. Locks live in <data folder>/locks/, not beside the saves, so listing saves never sees them.

Taking a lock is atomic: the id is written to a temporary file first and linked into place, so nobody ever reads
an empty lock; and the whole look-then-take (reading the holder, removing a stale lock, linking ours) runs under
an OS lock on <locks>/.guard, so two processes finding the same stale lock cannot both take it over."""

from __future__ import annotations

import atexit
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from riskterm.errors import RiskError
from riskterm.record.atomic import pid_alive, temp_name
from riskterm.safe_io import ReadRefused, read_capped

GUARD = ".guard"
GUARD_WAIT = 5.0  # seconds: the guarded step takes microseconds; a holder this slow is stopped or hung
_released_at_exit: set[Path] = set()  # (a lock taken again after its folder was deleted is released once)


def lock_path(save: Path) -> Path:
    from riskterm.paths import data_dir

    return data_dir() / "locks" / f"{save.name}.lock"


def _holder(lock: Path) -> int | None:
    """The process id written in the lock file, None when it is unreadable or not a number (a broken lock)."""
    try:
        text = read_capped(lock, 64).decode("ascii", "replace").strip()
    except (OSError, ReadRefused):
        return None
    return int(text) if text.isdigit() else None


def holds(save: Path) -> bool:
    """Whether this process holds the game's lock (a read of a few bytes: checked before every autosave)."""
    return _holder(lock_path(save)) == os.getpid()


def _unwritable(folder: Path, e: OSError) -> RiskError:
    return RiskError(
        f"riskterm cannot write in {folder} ({e.strerror or e}), so it cannot lock or save the "
        f"game: make the folder writable, or set RISKTERM_DATA_DIR to a folder that is."
    )


@contextmanager
def _guard(folder: Path) -> Iterator[None]:
    """Hold the folder's guard (an OS lock: released by the kernel if the process dies) while looking at and
    taking a lock. Without fcntl (Windows) there is no guard; the link below still makes creating atomic."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    fd = os.open(folder / GUARD, os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0), 0o644)
    try:
        deadline = time.monotonic() + GUARD_WAIT
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise RiskError(
                        f"Another riskterm has held {folder / GUARD} for {GUARD_WAIT:.0f} seconds; "
                        f"is it stopped? Close it and try again."
                    ) from None
                time.sleep(0.005)
        yield
    finally:
        os.close(fd)  # closing drops the flock


def _place(lock: Path) -> bool:
    """Put a lock file holding our id at `lock` in one step; False when a lock is already there."""
    tmp = temp_name(lock)
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        with os.fdopen(fd, "w") as f:
            f.write(f"{os.getpid()}\n")
        try:
            os.link(tmp, lock)  # fails if the lock exists: never replaces someone else's
        except FileExistsError:
            return False
        except (
            OSError
        ):  # a file system without hard links: under the guard, a check and a replace are one step
            if lock.exists():
                return False
            os.replace(tmp, lock)
        return True
    finally:
        try:
            tmp.unlink()
        except FileNotFoundError:
            pass


def acquire(save: Path) -> Path:
    """Take the lock of the game saved at `save` (released at exit), or RiskError when a running process
    holds it or the data folder cannot be written."""
    lock = lock_path(save)
    try:
        lock.parent.mkdir(parents=True, exist_ok=True)
        with _guard(lock.parent):
            for _ in range(3):
                if _place(lock):
                    if save not in _released_at_exit:
                        _released_at_exit.add(save)
                        atexit.register(release, save)
                    return lock
                pid = _holder(lock)
                if pid == os.getpid():
                    return lock
                if pid is not None and pid_alive(pid):
                    raise RiskError(
                        f"This game is open in another riskterm (process {pid}); close it there "
                        f"first, or delete {lock} if that process is not riskterm."
                    )
                try:  # stale (its process is gone) or broken: take it over
                    lock.unlink()
                except FileNotFoundError:
                    pass
    except OSError as e:
        raise _unwritable(lock.parent, e) from None
    raise RiskError(f"The lock file {lock} keeps changing; is the game being opened twice at once?")


def release(save: Path) -> None:
    """Drop the lock if it is ours."""
    lock = lock_path(save)
    try:
        with _guard(lock.parent):
            if _holder(lock) == os.getpid():
                lock.unlink()
    except (OSError, RiskError):
        pass
