"""Fixtures for the bad-input tests: a private data folder and one small good save to damage."""

from __future__ import annotations

from pathlib import Path

import pytest
from edges_helpers import good_bytes


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own data folder, so autosaves and locks never touch the user's."""
    d = tmp_path / "data"
    monkeypatch.setenv("RISKTERM_DATA_DIR", str(d))
    return d


@pytest.fixture
def good(tmp_path: Path) -> Path:
    p = tmp_path / "good.json"
    p.write_bytes(good_bytes())
    return p
