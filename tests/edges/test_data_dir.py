"""The data folder comes from platformdirs; a riskterm 0.1 folder that holds saves stays in use
(nothing is moved) while the platformdirs folder holds none."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pytest

from riskterm.paths import data_dir


@pytest.fixture
def homes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    monkeypatch.delenv("RISKTERM_DATA_DIR", raising=False)
    new, old = tmp_path / "new" / "riskterm", tmp_path / "old"
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda app, appauthor=None: str(new))
    monkeypatch.setenv("XDG_DATA_HOME", str(old))
    monkeypatch.setenv("LOCALAPPDATA", str(old))
    return new, old / "riskterm"


def test_platformdirs_decides(homes: tuple[Path, Path]) -> None:
    new, _ = homes
    assert data_dir() == new


@pytest.mark.skipif(sys.platform == "darwin", reason="the 0.1 folder on macOS does not follow XDG_DATA_HOME")
def test_old_folder_with_saves_stays_in_use_until_the_new_one_has_some(homes: tuple[Path, Path]) -> None:
    new, old = homes
    (old / "saves").mkdir(parents=True)
    (old / "saves" / "g.json").write_text("{}")
    assert data_dir() == old
    (new / "saves").mkdir(parents=True)
    (new / "saves" / "h.json").write_text("{}")
    assert data_dir() == new


def test_the_environment_variable_wins(
    homes: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RISKTERM_DATA_DIR", str(tmp_path / "mine"))
    assert data_dir() == tmp_path / "mine"


def test_on_linux_platformdirs_and_the_old_folder_agree(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """So nothing changes for today's players: the same folder, by a library."""
    from riskterm.paths import _legacy_data_dir

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    if sys.platform.startswith("linux"):
        assert Path(platformdirs.user_data_dir("riskterm", appauthor=False)) == _legacy_data_dir()
