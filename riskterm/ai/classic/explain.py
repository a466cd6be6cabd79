"""The coach's words for World Domination Risk (classic): which of its steps end a phase, attack, place and
move in, and where a conquest names its territory; its card trade's sentence, with what the set is worth under
the game's card option; the modes' own sentences (missions.py, capitals.py)."""

from __future__ import annotations

from riskterm.ai.classic import capitals, missions
from riskterm.ai.core.board_info import BoardInfo
from riskterm.ai.core.explain import Label, Reasons
from riskterm.ai.core.explain_words import taken
from riskterm.ai.core.reading import Reading
from riskterm.engine.actions import Action
from riskterm.engine.state import State
from riskterm.rules.classic.board import card_kinds
from riskterm.rules.classic.card_values import FIXED, cards_option, set_worth
from riskterm.rules.classic.state import as_classic


def trade_sentence(info: BoardInfo, view: State, a: Action) -> str:
    """'Trade in the set now for 8 armies (fixed values: three artillery) ...'."""
    kinds = card_kinds(info.board)
    worth = set_worth(as_classic(view), [kinds.get(str(c), "") for c in a.args[:3]])
    scale = "fixed card values" if cards_option(as_classic(view)) == FIXED else "the progressive scale"
    return (f"Trade in the set now for {worth} armies ({scale}): they go on the board with this turn's "
            f"reinforcements.")


def last(info: BoardInfo, view: State, seat: int, a: Action, rd: Reading, label: Label) -> str | None:
    return trade_sentence(info, view, a) if rd.kind == "trade" else None


def first(info: BoardInfo, view: State, seat: int, a: Action, rd: Reading, label: Label) -> str | None:
    """A step of Secret Mission Risk in the terms of the seat's own mission; of Capital Risk, in terms of
    the headquarters."""
    if missions.has_goal(view):
        return missions.reason(info, view, seat, a)
    return capitals.reason(info, view, seat, a) if "capitals" in view else None


def conquered(view: State) -> int | None:
    return taken(view, "pending", "to")


REASONS = Reasons(first=first, last=last, ends=frozenset({"end", "stop"}), attacks=frozenset({"attack", "blitz"}),
                  places=frozenset({"place"}), move_ins=frozenset({"move"}), conquered=conquered)
