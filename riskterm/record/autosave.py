"""Autosave: after every action the app calls autosave(session), which rewrites the game's file in
data_dir()/saves/ atomically. Listing those files gives the unfinished games the new-game screen offers and
the one `riskterm resume` reopens."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from riskterm.errors import SaveError
from riskterm.paths import data_dir
from riskterm.record.atomic import PRIVATE_FILE, atomic_write, is_temp, private_folder, sweep_stale_temps
from riskterm.record.saveformat import MAGIC, build_document, encode
from riskterm.record.schema import parse_json
from riskterm.safe_io import ReadRefused, read_capped
from riskterm.session import Session

SUFFIX = ".json"


def saves_dir() -> Path:
    return data_dir() / "saves"


def save_path(session: Session, folder: str | os.PathLike[str] | None = None) -> Path:
    """Where the game's save goes: <folder>/<game id>.json, by default in the autosave folder."""
    return (Path(folder) if folder is not None else saves_dir()) / f"{session.game_id}{SUFFIX}"


class _ActionCache:
    """The text of the actions already written, so a long game's autosave does not re-render every action."""

    def __init__(self) -> None:
        self.game_id = ""
        self.texts: list[str] = []
        self.lines: list[str] = []  # json.dumps of each text, as the file shows it
        self.steps: list[Any] = []

    def texts_for(self, session: Session) -> tuple[list[str], list[str]]:
        if self.game_id != session.game_id:
            self.game_id, self.texts, self.lines, self.steps = session.game_id, [], [], []
        # Steps only change at the end (apply, undo, redo): the shared prefix is found by identity.
        keep = _common_prefix(self.steps, session.steps)
        del self.texts[keep:], self.lines[keep:], self.steps[keep:]
        for st in session.steps[keep:]:
            text = str(st.action)
            self.texts.append(text)
            self.lines.append(json.dumps(text, ensure_ascii=False))
            self.steps.append(st)
        return list(self.texts), self.lines


def _common_prefix(a: list[Any], b: list[Any]) -> int:
    n = min(len(a), len(b))
    if n and a[n - 1] is b[n - 1]:
        return n
    lo, hi = 0, n  # binary search: the prefix of identical steps is contiguous
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[mid - 1] is b[mid - 1]:
            lo = mid
        else:
            hi = mid - 1
    return lo


_cache = _ActionCache()


def save_bytes(session: Session) -> bytes:
    """The save file's content for the session as it is now."""
    texts, lines = _cache.texts_for(session)
    return encode(build_document(session, texts), lines)


def write_save(session: Session, path: str | os.PathLike[str], *, sync: bool = True) -> Path:
    """Write the session's save file to `path` atomically (folders are created), readable by this user only:
    an unfinished game's save holds the seed and the random stream (the dice to come) and every hand."""
    target = Path(path)
    private_folder(target.parent, tighten=target.parent == saves_dir())
    atomic_write(target, save_bytes(session), sync=sync, mode=PRIVATE_FILE)
    _sweep_once(target)
    return target


_swept: set[Path] = set()


def _sweep_once(target: Path) -> None:
    """Remove temporary files killed processes left in `target`'s folder (once per folder per process)."""
    if target.parent in _swept:
        return
    _swept.add(target.parent)
    sweep_stale_temps(target.parent)


def save_in_folder(session: Session, folder: str | os.PathLike[str], stem: str | None = None) -> Path:
    """Write the game's save into `folder` as <stem>.json (default '<variant>-seed<seed>', as `riskterm
    simulate --save-dir` names them), without fsync: for batches of finished games, not for autosave."""
    name = stem or f"{session.rules.name}-seed{session.seed}"
    return write_save(session, Path(folder) / f"{name}{SUFFIX}", sync=False)


@dataclass(frozen=True)
class SaveInFolder:
    """A picklable `after_game` hook for riskterm.ai.simulate.run_games (works with --jobs > 1 too):
    `run_games(..., after_game=SaveInFolder(save_dir))` writes <variant>-seed<seed>.json per game."""

    folder: str

    def __call__(self, session: Session) -> None:
        try:
            save_in_folder(session, self.folder)
        except OSError as e:  # the folder was checked before the first game; the disk filled up since
            raise SaveError(
                f"riskterm could not write the save of the game with seed {session.seed} in "
                f"{self.folder} ({e.strerror or e})."
            ) from None


def autosave(
    session: Session,
    background: bool = False,
    *,
    target: Path | None = None,
    sync: bool = True,
    source: str = "local",
) -> Path:
    """Save the game to data_dir()/saves/<game id>.json (or `target`), replacing the previous save atomically.
    With background=True the content is made now but written (with fsync) by a writer thread, so the caller
    does not wait for the disk; flush_autosaves() waits for it (it also runs at exit). The save that finds the
    game over also hands it to the ledger (`source`: 'local', or 'host' for a game hosted online)."""
    target = target if target is not None else save_path(session)
    _claim(target)
    if not background:
        write_save(session, target, sync=sync)
    else:
        from riskterm.record.writer import WRITER

        private_folder(target.parent, tighten=target.parent == saves_dir())
        WRITER.submit(target, save_bytes(session))
    if session.rules.is_over(session.state):  # every finished game passes here once saved, never blocking
        from riskterm.ledger.recorder import game_saved

        game_saved(session, target, source)
    return target


_claimed: set[Path] = set()


def _claim(target: Path) -> None:
    """Take the game's lock at its first autosave in this process (RiskError when another running process
    holds it: two processes must never write one game's file). A lock that is no longer ours (the data folder
    deleted during the game took it) is taken again before the save is written, so the save never reappears
    unlocked for a second `resume` to open; if another process took it meanwhile, this one stops saving."""
    from riskterm.record.lock import acquire, holds

    if target in _claimed and holds(target):
        return
    acquire(target)
    _claimed.add(target)


def flush_autosaves(timeout: float | None = 30.0) -> None:
    """Wait until every background autosave is on disk (raises the error of a failed one)."""
    import sys

    writer = sys.modules.get("riskterm.record.writer")
    if writer is not None:
        writer.WRITER.flush(timeout)


@dataclass(frozen=True)
class SavedGame:
    """A save file as the new-game screen lists it (read from the header, not replayed)."""

    path: Path
    game_id: str
    variant: str
    players: tuple[str, ...]
    turn: int
    moves: int
    saved_at: str
    over: bool
    board: str = ""  # the id of a board riskterm does not ship (the save holds its text), else ''

    def label(self) -> str:
        from riskterm.setup_options import printable

        when = self.saved_at.replace("T", " ")[:16] + " UTC" if self.saved_at else "at an unknown time"
        from riskterm.board.find import board_title

        on = f" on {board_title(self.board)}" if self.board else ""
        # from the file's header, which listing does not check: never an escape sequence on the screen
        return printable(
            f"{self.variant}{on}: {', '.join(self.players)} — turn {self.turn}, {self.moves} "
            f"moves, saved {when}"
        )


def _head(path: Path) -> dict[str, Any]:
    """The header fields, read from the start of the file only when it is laid out as riskterm writes it
    (header lines first, then the actions); otherwise the whole file."""
    start = read_capped(path, 16384, head=True)
    marker = start.find(b'\n "actions": [')
    if start.startswith(b"{\n") and marker > 0:
        try:
            head = parse_json((start[:marker].rstrip(b",") + b"}").decode("utf-8"), str(path))
            if isinstance(head, dict):
                return head
        except ValueError:
            pass
    from riskterm.record.load import MAX_BYTES

    doc: dict[str, Any] = parse_json(read_capped(path, MAX_BYTES).decode("utf-8"), str(path))
    return doc


def _own_board(board: object) -> str:
    """A save's board id when it is a board riskterm does not ship, else ''."""
    from riskterm.board.find import shipped_ids

    return str(board) if isinstance(board, str) and board not in shipped_ids() else ""


def read_header(path: Path) -> SavedGame | None:
    """The listing facts of a save, or None for anything that is not a readable save. Listing does not check
    the save: loading it does."""
    try:
        doc = _head(path)
        if not isinstance(doc, dict) or doc.get("magic") != MAGIC:
            return None
        summ = doc.get("summary") or {}
        return SavedGame(
            path=path,
            game_id=str(doc.get("game_id", path.stem)),
            variant=str(doc["variant"]),
            players=tuple(str(p["name"]) for p in doc["players"]),
            turn=int(summ.get("turn", 0)),
            moves=int(summ.get("moves", 0)),
            saved_at=str(summ.get("saved_at", "")),
            over=bool(summ.get("over")),
            board=_own_board(doc.get("board")),
        )
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError, ReadRefused, SaveError):
        return None


def list_saves(folder: str | os.PathLike[str] | None = None) -> list[SavedGame]:
    """Every readable save in the folder (default: the autosave folder), most recently saved first."""
    d = Path(folder) if folder is not None else saves_dir()
    if not d.is_dir():
        return []
    _sweep_once(d / "x")
    out = []
    for p in d.iterdir():
        if p.suffix == SUFFIX and not is_temp(p) and p.is_file():
            h = read_header(p)
            if h is not None:
                out.append(h)
    out.sort(key=lambda g: (g.saved_at, g.path.stat().st_mtime if g.path.exists() else 0.0), reverse=True)
    return out


def list_unfinished(folder: str | os.PathLike[str] | None = None) -> list[SavedGame]:
    """Unfinished games to continue, most recent first (for the new-game screen and `riskterm resume`)."""
    return [g for g in list_saves(folder) if not g.over]


def latest_unfinished(folder: str | os.PathLike[str] | None = None) -> SavedGame | None:
    games = list_unfinished(folder)
    return games[0] if games else None
