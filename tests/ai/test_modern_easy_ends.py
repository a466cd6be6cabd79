"""Modern easy games end (at most 5% draws at the round cap)."""

from __future__ import annotations

import pytest

from riskterm.ai.simulate import run_games


@pytest.mark.slow
def test_modern_easy_games_end():
    results = run_games("modern", ["easy"] * 4, 40, seed=0)
    draws = sum(1 for r in results if r.draw)
    assert draws <= 2, f"{draws} of 40 modern easy games were draws"
