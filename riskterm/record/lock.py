"""One process per game: `riskterm resume`, and any process at its first autosave of a game, takes the game's
lock file (holding its process id) for as long as it runs, so a second process resuming the same game refuses
with a sentence instead of both writing the same file. A lock left by a process that no longer runs is stale
and taken over. Locks live in <data folder>/locks/, not beside the saves, so listing saves never sees them."""

from __future__ import annotations

import atexit
import os
from pathlib import Path

from riskterm.errors import RiskError
from riskterm.record.atomic import pid_alive
from riskterm.safe_io import ReadRefused, read_capped


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


def acquire(save: Path) -> Path:
    """Take the lock of the game saved at `save` (released at exit), or RiskError when a running process
    holds it."""
    lock = lock_path(save)
    lock.parent.mkdir(parents=True, exist_ok=True)
    for _ in range(3):
        try:
            fd = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            pid = _holder(lock)
            if pid == os.getpid():
                return lock
            if pid is not None and pid != os.getpid() and pid_alive(pid):
                raise RiskError(f"This game is open in another riskterm (process {pid}); close it there "
                                f"first, or delete {lock} if that process is not riskterm.") from None
            try:  # stale (its process is gone) or ours: take it over
                lock.unlink()
            except FileNotFoundError:
                pass
            continue
        with os.fdopen(fd, "w") as f:
            f.write(f"{os.getpid()}\n")
        atexit.register(release, save)
        return lock
    raise RiskError(f"The lock file {lock} keeps changing; is the game being opened twice at once?")


def release(save: Path) -> None:
    """Drop the lock if it is ours."""
    lock = lock_path(save)
    if _holder(lock) == os.getpid():
        try:
            lock.unlink()
        except OSError:
            pass
