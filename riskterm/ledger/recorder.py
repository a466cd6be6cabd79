"""Recording a finished game without holding up anyone: the save that finds the game over (autosave, the one
hook) hands its entry to a thread of this module, which writes it to the ledger. A problem (the database busy,
damaged, read-only) becomes one sentence, kept per game for whoever asks (the game-over screen, the host's
last line); nothing raises into the game. At exit the thread gets a few seconds to finish."""

from __future__ import annotations

import atexit
import threading
from pathlib import Path

from riskterm.ledger.entry import GameEntry, entry_from_session
from riskterm.session import Session

WAITING = "The ledger is still being written; 'riskterm ledger' shows the game once it is."


class Recorder:
    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._queue: list[tuple[GameEntry, Path]] = []
        self._outcome: dict[str, str | None] = {}  # game id -> None (recorded) or the sentence why not
        self._handed: set[str] = set()
        self._thread: threading.Thread | None = None

    def submit(self, entry: GameEntry, ledger: Path) -> bool:
        """Queue the game for the ledger at `ledger`; False when this process has queued it already."""
        with self._cond:
            if entry.game_id in self._handed:
                return False
            self._handed.add(entry.game_id)
            self._queue.append((entry, ledger))
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="riskterm-ledger", daemon=True)
                self._thread.start()
            self._cond.notify_all()
        return True

    def failed(self, game_id: str, why: str) -> None:
        """The game could not even be handed over: say so when asked."""
        with self._cond:
            self._handed.add(game_id)
            self._outcome[game_id] = why
            self._cond.notify_all()

    def handed(self, game_id: str) -> bool:
        with self._cond:
            return game_id in self._handed

    def wait(self, game_id: str, timeout: float | None = 5.0) -> str | None:
        """None once the game is in the ledger; else the sentence why it is not (WAITING after `timeout`)."""
        with self._cond:
            if game_id not in self._handed:
                return None
            if not self._cond.wait_for(lambda: game_id in self._outcome, timeout=timeout):
                return WAITING
            return self._outcome[game_id]

    def flush(self, timeout: float | None = 5.0) -> None:
        with self._cond:
            self._cond.wait_for(lambda: self._handed <= set(self._outcome), timeout=timeout)

    def _run(self) -> None:
        from riskterm.ledger.store import Ledger, LedgerError

        while True:
            with self._cond:
                if not self._cond.wait_for(lambda: bool(self._queue), timeout=5.0):
                    self._thread = None
                    return
                entry, path = self._queue.pop(0)
            ledger = Ledger(path)
            outcome: str | None
            try:
                ledger.add_game(entry)
                outcome = " ".join(ledger.notes) or None
            except LedgerError as e:
                outcome = " ".join([*ledger.notes, str(e)])
            except Exception as e:  # noqa: BLE001 - the ledger must never take a game down with it
                outcome = f"The game could not be recorded in the ledger ({type(e).__name__}: {e})."
            with self._cond:
                self._outcome[entry.game_id] = outcome
                self._cond.notify_all()


RECORDER = Recorder()


def game_saved(session: Session, save: Path, source: str = "local") -> None:
    """The hook after a game's save is written: a finished game goes to the ledger (once per process)."""
    if not session.rules.is_over(session.state) or RECORDER.handed(session.game_id):
        return
    from riskterm.ledger.store import ledger_path

    try:
        entry = entry_from_session(session, save_path=str(save), source=source)
        RECORDER.submit(entry, ledger_path())  # the path now: the data folder as this thread sees it
    except Exception as e:  # noqa: BLE001 - a game's end is never spoiled by its record
        RECORDER.failed(
            session.game_id,
            f"The game could not be recorded in the ledger ({type(e).__name__}); "
            f"'riskterm ledger add {save}' adds it from its save.",
        )


def _flush_at_exit() -> None:
    try:
        RECORDER.flush(timeout=5.0)
    except Exception:  # noqa: BLE001 - nothing to tell anyone at exit
        pass


atexit.register(_flush_at_exit)
