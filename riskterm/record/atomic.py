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


def atomic_write(path: str | os.PathLike[str], data: bytes, *, sync: bool = True) -> None:
    """Replace `path` with `data` atomically; the folder must exist."""
    target = Path(path)
    tmp = temp_name(target)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
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
