"""A coach for people: what the hard computer player would do now in the current step, and why, computed on
the player's own view only (`rules.view(state, seat)`, never the full state).

    action, reason = coach(rules, view, seat)
    action_words(rules, view, action)  # the action as the app names it: 'Attack: Ukraine → Ural 3'"""

from __future__ import annotations

from riskterm.ai import make_player, offer
from riskterm.ai.core.board_info import board_info
from riskterm.ai.core.explain import COMMON, explain
from riskterm.ai.core.guard import belief, fallback_action, is_legal
from riskterm.engine.actions import Action
from riskterm.engine.state import State
from riskterm.rules.base import Rules


def coach(rules: Rules, view: State, seat: int) -> tuple[Action, str]:
    """The hard player's choice for `seat` on its view, and one sentence on why. The player is seeded from the
    turn, so asking twice in the same step gives the same advice."""
    player = make_player(rules.name, "hard", seed=int(view.get("turn") or 0) * 31 + seat)
    seen = belief(rules, view, seat, player)  # in a fogged game: its estimate of what the seat cannot see
    try:
        a = player.choose(rules, seen, seat)
    except Exception:  # advice must never break the game
        a = None
    if a is None or not is_legal(rules, view, a):
        a = fallback_action(rules, view)
    try:
        why = reason(rules, seen, seat, a)
    except Exception:  # a view the sentences do not expect: the advice still stands
        why = "The hard player's pick of this step."
    return a, why


def reason(rules: Rules, view: State, seat: int, a: Action) -> str:
    """One sentence on why `a` is worth taking, with the rulebook's own sentences for its own steps."""
    book, show = offer(rules.name), rules.presenter()
    return explain(
        board_info(rules.board),
        view,
        seat,
        a,
        lambda x: show.arg_label(view, x),
        book.reasons if book is not None else COMMON,
    )


def action_words(rules: Rules, view: State, a: Action) -> str:
    """The action as the app's lists name it: the rulebook's label for the kind, then each argument by the
    rulebook's own name for it (territory names, card faces, unit mixes in words), never internal ids."""
    show = rules.presenter()
    spec = next((sp for sp in show.action_specs if sp.kind == a.kind), None)
    label = spec.label if spec is not None else a.kind.title()
    joiner = spec.joiner if spec is not None else " "
    parts = []
    for x in a.args:
        try:
            parts.append(show.arg_label(view, x))
        except Exception:  # a label is never worth breaking the advice
            parts.append(str(x))
    return f"{label}: {joiner.join(parts)}" if parts else label
