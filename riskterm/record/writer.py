"""A background writer for autosaves, so the app never waits for the disk (fsync can take tens of
milliseconds). The bytes are made at once, in the caller's thread, from the session as it is; the writer
thread writes them atomically. When saves come faster than the disk, only the newest is written: every file
on disk is always a whole, recent save. flush() waits until everything handed over is on disk; it runs at
exit too. A write that failed raises its error at the next save or flush (the new save is queued all the
same), and problem(path) says whether the last write of a file failed, until one succeeds."""

from __future__ import annotations

import atexit
import threading
from pathlib import Path

from riskterm.record.atomic import PRIVATE_FILE, atomic_write


class BackgroundWriter:
    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending: dict[Path, bytes] = {}
        self._busy = False
        self._error: BaseException | None = None
        self._error_path: Path | None = None  # the file whose write failed with _error
        self._failing: dict[Path, str] = {}  # the file's last write failed, with this reason
        self._thread: threading.Thread | None = None

    def submit(self, path: Path, data: bytes) -> None:
        with self._cond:
            self._pending[path] = data  # a newer save of the same file replaces one not yet written
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="riskterm-autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()
            if self._error_path != path:  # a new save of the file that failed supersedes it: problem() says
                self._raise_error()  # until it is written (raising here said 'NOT saved' one move too long)

    def problem(self, path: Path) -> str | None:
        """Why the last write of `path` failed; None when it succeeded (or none was made)."""
        with self._cond:
            return self._failing.get(path)

    def flush(self, timeout: float | None = 30.0) -> None:
        """Wait until every save handed over is on disk; raise the error of a failed write."""
        with self._cond:
            self._cond.wait_for(lambda: not self._pending and not self._busy, timeout=timeout)
            self._raise_error()

    def _raise_error(self) -> None:
        if self._error is not None:
            err, self._error, self._error_path = self._error, None, None
            raise err

    def _run(self) -> None:
        while True:
            with self._cond:
                if not self._cond.wait_for(lambda: bool(self._pending), timeout=5.0):
                    self._thread = None
                    return
                path = next(iter(self._pending))
                data = self._pending.pop(path)
                self._busy = True
            try:
                atomic_write(path, data, mode=PRIVATE_FILE)
                with self._cond:
                    self._failing.pop(path, None)
                    if self._error_path == path:  # written after all: its old failure is over
                        self._error, self._error_path = None, None
            except BaseException as e:  # noqa: BLE001 - handed to the next caller
                with self._cond:
                    self._error, self._error_path = e, path
                    self._failing[path] = reason(e)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()


def reason(e: BaseException) -> str:
    """An error as the end of a sentence: 'Permission denied', 'No space left on device'."""
    text = (e.strerror if isinstance(e, OSError) and e.strerror else str(e)).rstrip(".")
    return text or type(e).__name__


WRITER = BackgroundWriter()


def _flush_at_exit() -> None:
    try:
        WRITER.flush(timeout=10.0)
    except Exception:  # noqa: BLE001 - nothing to tell anyone at exit
        pass


atexit.register(_flush_at_exit)
