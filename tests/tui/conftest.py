"""Helpers for driving the app with key presses."""

from __future__ import annotations

import pytest
from support.pilot import after_key, settle

from riskterm.rules import PlayerSetup
from riskterm.session import Session


def new_session(names=("Ann", "Bob", "Cid"), seed=3, ai=(), **opts) -> Session:
    players = [PlayerSetup(n, "", "easy" if i in ai else None) for i, n in enumerate(names)]
    opts.setdefault("quick_start", True)
    return Session.new("classic", players, seed, opts, salt="5a17" * 8)  # (a fixed commitment for snapshots)


@pytest.fixture
def make_session():
    return new_session


@pytest.fixture(autouse=True)
def quick_keys(request, monkeypatch):
    if "snap_compare" in request.fixturenames:  # a snapshot is taken of a settled screen: Textual's own wait
        return
    import textual.app
    import textual.pilot

    monkeypatch.setattr(textual.app, "wait_for_idle", after_key)
    monkeypatch.setattr(textual.pilot, "wait_for_idle", settle)
