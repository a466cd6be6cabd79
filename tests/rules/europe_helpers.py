"""Shared by the Risk: Europe rule tests: the rulebook, playing a list of actions, and asserting illegality."""

from __future__ import annotations

import pytest

from riskterm.engine.actions import parse_action
from riskterm.errors import IllegalActionError
from riskterm.rules.europe import EuropeRules

R = EuropeRules()
IX = R.board.index


def run(s, *actions):
    evs = []
    for a in actions:
        s, ev = R.apply(s, a)
        evs += ev
    return s, evs


def illegal(s, action, *words):
    """The action is refused with a sentence containing every word, and apply raises and changes nothing."""
    why = R.why_illegal(s, parse_action(action))
    assert why is not None, f"{action} should be illegal"
    for w in words:
        assert w.lower() in why.lower(), why
    with pytest.raises(IllegalActionError):
        R.apply(s, action)
