"""Helpers for driving the app with key presses."""

from __future__ import annotations

import pytest

from riskterm.rules import PlayerSetup
from riskterm.session import Session


def new_session(names=("Ann", "Bob", "Cid"), seed=3, ai=(), **opts) -> Session:
    players = [PlayerSetup(n, "", "easy" if i in ai else None) for i, n in enumerate(names)]
    opts.setdefault("quick_start", True)
    return Session.new("classic", players, seed, opts)


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Autosaves of the games the tests play go to a temporary folder."""
    monkeypatch.setenv("RISKTERM_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture
def make_session():
    return new_session
