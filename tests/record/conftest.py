"""Fixtures for the game-record tests: seeded random games for every rulebook that exists."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from record_helpers import VARIANTS  # noqa: E402


@pytest.fixture(params=VARIANTS)
def variant(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def rnd() -> random.Random:
    return random.Random(1234)
