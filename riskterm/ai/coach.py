"""A coach for people (issue 16, deliverable 6): what the hard computer player would do now in the current
step, and why, computed on the player's own view only (`rules.view(state, seat)`, never the full state).

    action, reason = coach(rules, view, seat)"""

from __future__ import annotations

from riskterm.ai import make_player
from riskterm.ai.board_info import board_info
from riskterm.ai.core.explain import explain
from riskterm.ai.guard import fallback_action, is_legal
from riskterm.engine.actions import Action
from riskterm.engine.state import State
from riskterm.rules.base import Rules


def coach(rules: Rules, view: State, seat: int) -> tuple[Action, str]:
    """The hard player's choice for `seat` on its view, and one sentence on why. The player is seeded from the
    turn, so asking twice in the same step gives the same advice."""
    player = make_player(rules.name, "hard", seed=int(view.get("turn") or 0) * 31 + seat)
    try:
        a = player.choose(rules, view, seat)
    except Exception:  # advice must never break the game
        a = None
    if a is None or not is_legal(rules, view, a):
        a = fallback_action(rules, view)
    return a, explain(board_info(rules.board), view, seat, a)
