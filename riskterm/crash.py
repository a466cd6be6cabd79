"""The crash log: the last guard of the command line and of the app writes an unexpected error's traceback to
<data folder>/crash.log, so the terminal shows one sentence instead."""

from __future__ import annotations

import os
import stat
import traceback


def write_crash_log(error: BaseException) -> str:
    """Append the error's traceback to the crash log; its path, or a note when none could be written."""
    try:
        from riskterm.paths import data_dir

        d = data_dir()
        d.mkdir(parents=True, exist_ok=True)
        path = d / "crash.log"
        # non-blocking and regular files only: a FIFO or device planted as crash.log must not hang us
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0), 0o600)
        with os.fdopen(fd, "a", encoding="utf-8", errors="backslashreplace") as f:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return "(no log could be written)"
            f.write("".join(traceback.format_exception(error)) + "\n")
        return str(path)
    except OSError:
        return "(no log could be written)"


def crash_sentence(error: BaseException, where: str) -> str:
    from riskterm.setup_options import printable

    text = " ".join(printable(line) for line in str(error).split("\n"))[:300]
    return f"riskterm: something went wrong inside riskterm ({type(error).__name__}: {text}); details are in {where}."
