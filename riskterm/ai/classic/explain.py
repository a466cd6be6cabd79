"""The coach's words for World Domination Risk (classic): which of its steps end a phase, attack, place and
move in, and where a conquest names its territory; its card trade's sentence."""

from __future__ import annotations

from riskterm.ai.classic import missions
from riskterm.ai.core.board_info import BoardInfo
from riskterm.ai.core.explain import Label, Reasons
from riskterm.ai.core.explain_words import TRADE, taken
from riskterm.ai.core.reading import Reading
from riskterm.engine.actions import Action
from riskterm.engine.state import State


def last(info: BoardInfo, view: State, seat: int, a: Action, rd: Reading, label: Label) -> str | None:
    return TRADE if rd.kind == "trade" else None


def first(info: BoardInfo, view: State, seat: int, a: Action, rd: Reading, label: Label) -> str | None:
    """A step of Secret Mission Risk in the terms of the seat's own mission."""
    return missions.reason(info, view, seat, a) if "missions" in view else None


def conquered(view: State) -> int | None:
    return taken(view, "pending", "to")


REASONS = Reasons(first=first, last=last, ends=frozenset({"end", "stop"}), attacks=frozenset({"attack", "blitz"}),
                  places=frozenset({"place"}), move_ins=frozenset({"move"}), conquered=conquered)
