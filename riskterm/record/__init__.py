"""The game record: save files, atomic autosave, loading with checks, the log, statistics and the replay
timeline. No Textual here: the screens that show the record (replay, charts, log, resume) live in riskterm.tui."""

from __future__ import annotations

from riskterm.errors import SaveError
from riskterm.record.autosave import (
    SavedGame,
    SaveInFolder,
    autosave,
    flush_autosaves,
    latest_unfinished,
    list_saves,
    list_unfinished,
    save_in_folder,
    save_path,
    saves_dir,
    write_save,
)
from riskterm.record.load import load_game, read_document

__all__ = [
    "SaveError",
    "SaveInFolder",
    "SavedGame",
    "autosave",
    "flush_autosaves",
    "latest_unfinished",
    "list_saves",
    "list_unfinished",
    "load_game",
    "read_document",
    "save_in_folder",
    "save_path",
    "saves_dir",
    "write_save",
]
