"""The random-key fuzz of the app (key_fuzz.py) under `slow`: every rulebook at every terminal size, 20,000 keys
in bursts; no error may reach the app's last guard, and every autosave written must pass check-save. The
default suite's sample is tests/tui/test_one_answer.py (bursts of keys at every kind of dialog)."""

from __future__ import annotations

import pytest
from key_fuzz import fuzz


@pytest.mark.slow
def test_twenty_thousand_random_keys_no_traceback_and_sound_saves() -> None:
    tally = fuzz(20_000)
    print("\n" + tally.line())
    assert tally.keys >= 20_000
    assert tally.tracebacks == [], tally.tracebacks[:10]
    assert tally.saves > 0 and tally.bad_saves == [], tally.bad_saves[:10]
