"""Helpers for driving the app with key presses."""

from __future__ import annotations

import pytest

from riskterm.rules import PlayerSetup
from riskterm.session import Session


def new_session(names=("Ann", "Bob", "Cid"), seed=3, ai=(), **opts) -> Session:
    players = [PlayerSetup(n, "", "easy" if i in ai else None) for i, n in enumerate(names)]
    opts.setdefault("quick_start", True)
    return Session.new("classic", players, seed, opts)


@pytest.fixture
def make_session():
    return new_session
