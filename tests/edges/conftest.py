"""Fixtures for the bad-input tests: a private data folder and one small good save to damage."""

from __future__ import annotations

from pathlib import Path

import pytest
from edges_helpers import good_bytes


@pytest.fixture
def good(tmp_path: Path) -> Path:
    p = tmp_path / "good.json"
    p.write_bytes(good_bytes())
    return p
