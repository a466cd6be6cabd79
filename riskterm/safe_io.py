"""Reading a file a user named (a save, a board) without hanging or running out of memory: only regular files
(not a FIFO, a device such as /dev/zero, or a folder, also through symlinks), and never more than a cap.

The file is opened non-blocking (so opening a FIFO does not wait for a writer) and checked with fstat on the
open descriptor, so swapping the file between the check and the read changes nothing."""

from __future__ import annotations

import os
import stat
from pathlib import Path

MIB = 1024 * 1024


class ReadRefused(Exception):
    """Why a file was not read, as the end of a sentence: 'is a folder, not a file', ..."""


def _size_text(n: int) -> str:
    return f"{n // MIB} MiB" if n >= MIB and n % MIB == 0 else f"{n // 1024} KiB"


def read_capped(path: str | os.PathLike[str], limit: int, *, head: bool = False) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; ReadRefused (or FileNotFoundError) otherwise.
    With head=True, a longer file is not refused: its first `limit` bytes are returned."""
    p = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(p, flags)
    except FileNotFoundError:
        raise
    except IsADirectoryError:
        raise ReadRefused("is a folder, not a file") from None
    except OSError as e:
        raise ReadRefused(f"cannot be read ({e.strerror})") from None
    except ValueError:  # a NUL in the name (only from a program: a shell cannot pass one)
        raise ReadRefused("has a NUL character in its name, which no file name holds") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise ReadRefused("is a folder, not a file")
        if not stat.S_ISREG(st.st_mode):
            kind = (
                "a pipe (FIFO)"
                if stat.S_ISFIFO(st.st_mode)
                else "a device"
                if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode)
                else "a socket"
                if stat.S_ISSOCK(st.st_mode)
                else "a special file"
            )
            raise ReadRefused(f"is {kind}, not a regular file")
        if st.st_size > limit and not head:
            raise ReadRefused(f"is larger than {_size_text(limit)}, the most riskterm reads")
        chunks: list[bytes] = []
        total = 0
        while True:  # the file may grow while it is read: stop past the cap
            chunk = os.read(fd, min(1 * MIB, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                if head:
                    return b"".join(chunks)[:limit]
                raise ReadRefused(f"is larger than {_size_text(limit)}, the most riskterm reads")
        return b"".join(chunks)
    except OSError as e:
        raise ReadRefused(f"cannot be read ({e.strerror})") from None
    finally:
        os.close(fd)
