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


def boards_dir() -> Path:
    """The user's own boards (board YAML files), offered beside the shipped ones."""
    return data_dir() / "boards"


def _legacy_data_dir() -> Path:
    """Where riskterm 0.1 kept its data, worked out by hand (kept so their saves stay findable)."""
    import os
    import sys

    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "riskterm"


def _has_saves(folder: Path) -> bool:
    try:
        return any(p.suffix == ".json" for p in (folder / "saves").iterdir())
    except OSError:
        return False


def data_dir() -> Path:
    """The user's data folder, for autosaves: RISKTERM_DATA_DIR when set, else the platform's user data folder
    (platformdirs). Where riskterm 0.1's hand-made folder differs from it and holds saves while the new one
    holds none, that old folder stays in use, so no saved game goes missing and nothing is moved."""
    import os

    env = os.environ.get("RISKTERM_DATA_DIR")
    if env:
        return Path(env)
    import platformdirs

    new = Path(platformdirs.user_data_dir("riskterm", appauthor=False))
    old = _legacy_data_dir()
    if old != new and _has_saves(old) and not _has_saves(new):
        return old
    return new
