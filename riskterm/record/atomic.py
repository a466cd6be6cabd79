"""Atomic file replacement: write a temporary file beside the target, flush and fsync it, then os.replace it
over the target (and fsync the folder). A process killed at any moment leaves either the old file or the new
one, never a mixture; a leftover temporary file is harmless and ignored by every reader."""

from __future__ import annotations

import os
from pathlib import Path

TMP_MARK = ".tmp-"


def temp_name(path: Path) -> Path:
    return path.with_name(f".{path.name}{TMP_MARK}{os.getpid()}")


def is_temp(path: Path) -> bool:
    return path.name.startswith(".") and TMP_MARK in path.name


STALE_SECONDS = 120.0  # a write in progress takes milliseconds; a temporary file this old was abandoned


def pid_alive(pid: int) -> bool:
    """Whether a process with this id runs now (POSIX; elsewhere assumed alive, so only age decides)."""
    if pid <= 0:
        return False
    if os.name != "posix":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError: it exists, owned by someone else
        return True
    return True


def sweep_stale_temps(folder: Path) -> int:
    """Remove the temporary files killed writers left in `folder` (any game's): those older than STALE_SECONDS.
    A running writer's file is younger and is never touched, also when the folder is shared between machines
    (so process ids are not trusted here). Returns how many were removed."""
    import time

    removed = 0
    now = time.time()
    try:
        candidates = [p for p in folder.iterdir() if is_temp(p)]
    except OSError:
        return 0
    for p in candidates:
        try:
            if now - p.lstat().st_mtime > STALE_SECONDS:
                p.unlink()
                removed += 1
        except OSError:
            pass
    return removed


PRIVATE_FILE = 0o600  # saves hold the dice to come and every hand; seat tokens and join codes are keys
PRIVATE_FOLDER = 0o700


def private_folder(folder: str | os.PathLike[str], tighten: bool = True) -> Path:
    """Make `folder` (and its parents) if missing, readable by this user only; with `tighten`, a folder of ours
    that others may read or enter is made ours alone (riskterm's own folders, not one a player named)."""
    import stat

    d = Path(folder)
    d.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
    if tighten and os.name == "posix":
        try:
            st = d.stat()
            if st.st_uid == os.getuid() and st.st_mode & (stat.S_IRWXG | stat.S_IRWXO):
                d.chmod(PRIVATE_FOLDER)
        except OSError:
            pass  # the file's own mode still keeps it to its owner
    return d


def atomic_write(path: str | os.PathLike[str], data: bytes, *, sync: bool = True, mode: int = 0o644) -> None:
    """Replace `path` with `data` atomically (a new file with `mode`, less the umask); the folder must exist."""
    target = Path(path)
    tmp = temp_name(target)
    try:  # a leftover of a killed process with our pid, or anything planted there (a symlink, a FIFO)
        tmp.unlink()
    except FileNotFoundError:
        pass
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)  # a new regular file, never followed
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            if sync:
                os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise
    if sync:
        _sync_dir(target.parent)


def _sync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX); Windows has no directory handles to sync."""
    if os.name != "posix":
        return
    try:
        dfd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)


def probe_writable(folder: str | os.PathLike[str], room: int) -> None:
    """Make `folder` if missing and write (then remove) a small file in it, so that a read-only or full folder
    is found before any work whose files would be lost; OSError (with strerror) when it cannot be written or
    has less than `room` bytes free."""
    import errno
    import shutil

    d = Path(folder)
    d.mkdir(parents=True, exist_ok=True)
    probe = temp_name(d / "probe")
    fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        os.write(fd, b"\0" * 4096)
        os.fsync(fd)
    finally:
        os.close(fd)
        try:
            probe.unlink()
        except OSError:
            pass
    if shutil.disk_usage(d).free < room:
        raise OSError(errno.ENOSPC, f"{os.strerror(errno.ENOSPC)}: less than {room // 1024 // 1024} MiB free")
