"""Where a command may write a file the user names with -o: a new path in an existing folder, or a regular
file that is there already when --force says to replace it. Anything else (a folder, a link, a device, a pipe,
a socket, a name the file system refuses) is one sentence, before anything is made."""

from __future__ import annotations

import errno
import stat
from pathlib import Path

from riskterm.setup_options import printable


def output_problem(target: Path, force: bool) -> str | None:
    """The sentence saying why `target` cannot be written (None when it can)."""
    where = printable(str(target))[:200]
    try:
        st = target.lstat()
    except FileNotFoundError:
        st = None
    except OSError as e:
        if e.errno == errno.ENAMETOOLONG:
            return f"{where[:60]}...: the name is too long for the file system."
        return f"{where}: cannot be looked at ({e.strerror or e})."
    if st is not None:
        if stat.S_ISDIR(st.st_mode):
            return f"{where} is a folder; give the board file's name, such as {where.rstrip('/')}/board.yaml."
        if stat.S_ISLNK(st.st_mode):
            return f"{where} is a link; riskterm writes a board only to a regular file or a new path."
        if not stat.S_ISREG(st.st_mode):
            return (
                f"{where} is not a regular file (a device, a pipe or a socket); riskterm writes a board only "
                f"to a regular file or a new path."
            )
        if not force:
            return f"{where} already exists; add --force to replace it."
    folder = target.parent
    try:
        if not folder.is_dir():
            return f"There is no folder {printable(str(folder))[:200]} to write {where} in."
    except OSError as e:
        return f"{where}: cannot be written ({e.strerror or e})."
    return None
