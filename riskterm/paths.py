"""Where the board files are: maps/ beside the package in a checkout, riskterm/maps inside a wheel."""

from __future__ import annotations

from pathlib import Path

_PKG = Path(__file__).resolve().parent


def maps_dir() -> Path:
    for candidate in (_PKG / "maps", _PKG.parent / "maps"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("The board files (maps/) are missing from this installation.")


def map_path(board_id: str) -> Path:
    return maps_dir() / f"{board_id}.yaml"


def data_dir() -> Path:
    """The user's data folder (platform conventions), for autosaves."""
    import os
    import sys

    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return Path(os.environ.get("RISKTERM_DATA_DIR") or base / "riskterm")
