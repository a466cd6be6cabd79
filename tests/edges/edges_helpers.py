"""A small good save to damage, for the bad-input tests."""

from __future__ import annotations

import json
import random
import tempfile
from collections.abc import Callable
from pathlib import Path

from riskterm.record import write_save
from riskterm.record.saveformat import checksum
from riskterm.rules import PlayerSetup
from riskterm.session import Session

_CACHE: dict[str, bytes] = {}


def good_bytes() -> bytes:
    """A classic game of a few dozen random legal actions, saved (made once per test process)."""
    if "good" not in _CACHE:
        session = Session.new(
            "classic",
            [PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue"), PlayerSetup("Cid", "green", "easy")],
            5,
            {"quick_start": True},
        )
        rnd = random.Random(5)
        for _ in range(30):
            acts = session.rules.legal_actions(session.state)
            if not acts:
                break
            session.apply(rnd.choice(acts))
        with tempfile.TemporaryDirectory() as d:
            _CACHE["good"] = write_save(session, Path(d) / "good.json").read_bytes()
    return _CACHE["good"]


def edited(raw: bytes, change: Callable[[dict], None], fix_checksum: bool = True) -> bytes:
    """The save with its document changed (and, by default, the checksum recomputed, as a forger would)."""
    doc = json.loads(raw)
    change(doc)
    if fix_checksum:
        doc["checksum"] = checksum(doc)
    return json.dumps(doc).encode()
