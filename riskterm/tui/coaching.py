"""The coach's advice in the lists of a decision (the game screen's coach key asks for it): marked and first,
also where the rulebook lists only representative choices (modern's sets of units: 'send 2 Rocket Launchers'
of 5 is none of all, one type alone, one unit)."""

from __future__ import annotations

from typing import Any

from riskterm.engine.actions import Action
from riskterm.tui.picker import Picker

COACH_MARK = "   ◀ coach's pick"


def is_advice(advice: Action | None, p: Picker, value: Any, whole: bool) -> bool:
    """Whether a list entry is the coach's advice (the whole action, or its next argument)."""
    if advice is None or advice.kind != p.kind or tuple(advice.args[: len(p.args)]) != tuple(p.args):
        return False
    return value == advice if whole else len(advice.args) > len(p.args) and value == advice.args[len(p.args)]


def coach_first(
    advice: Action | None, p: Picker, opts: list[tuple[str, Any, str]], whole: bool
) -> list[tuple[str, Any, str]]:
    """The coach's advice (when asked for this decision) first in a list, marked as such."""
    marked = [(label + COACH_MARK, v, d) for label, v, d in opts if is_advice(advice, p, v, whole)]
    return marked + [o for o in opts if not is_advice(advice, p, o[1], whole)]
