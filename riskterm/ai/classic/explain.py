"""The coach's words for World Domination Risk (classic): which of its steps end a phase, attack, place and
move in, and where a conquest names its territory; its card trade's sentence, with what the set is worth under
the game's card option; the modes' own sentences (missions.py, capitals.py)."""

from __future__ import annotations

from riskterm.ai.classic import capitals, missions
from riskterm.ai.classic.sweep import best_route
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
    return (
        f"Trade in the set now for {worth} armies ({scale}): they go on the board with this turn's "
        f"reinforcements."
    )


def last(info: BoardInfo, view: State, seat: int, a: Action, rd: Reading, label: Label) -> str | None:
    return trade_sentence(info, view, a) if rd.kind == "trade" else None


def first(info: BoardInfo, view: State, seat: int, a: Action, rd: Reading, label: Label) -> str | None:
    """A step of Secret Mission Risk in the terms of the seat's own mission; of Capital Risk, in terms of
    the headquarters; of a knock-out route, in terms of the rival and its cards."""
    if missions.has_goal(view):
        return missions.reason(info, view, seat, a)
    if "capitals" in view:
        return capitals.reason(info, view, seat, a)
    return knockout_sentence(info, view, seat, a, label)


def knockout_sentence(info: BoardInfo, view: State, seat: int, a: Action, label: Label) -> str | None:
    """'Knock Bob out this turn: ...' when the step starts or follows a knock-out route (sweep.py)."""
    if a.kind not in ("place", "attack", "blitz") or not a.args or str(a.args[0]) not in info.index:
        return None
    placing = a.kind == "place"
    route = best_route(info, view, seat, int(view.get("reserve") or 0) if placing else 0)
    if route is None:
        return None
    start = info.index[str(a.args[0])]
    if placing and start != route.root:
        return None
    if not placing and (len(a.args) < 2 or info.index.get(str(a.args[1])) not in route.parent):
        return None
    name = view["players"][route.victim]["name"]
    held = view["owner"].count(route.victim)
    cards = len(view["hands"][route.victim])
    spoils = (
        f"{name}'s {cards} card{'s become' if cards != 1 else ' becomes'} yours"
        if cards
        else "one rival fewer"
    )
    return (
        f"Knock {name} out this turn: from {label(a.args[0])} through all {held} of {name}'s territories "
        f"costs about {round(route.cost)} armies, and {spoils}."
    )


def conquered(view: State) -> int | None:
    return taken(view, "pending", "to")


REASONS = Reasons(
    first=first,
    last=last,
    ends=frozenset({"end", "stop"}),
    attacks=frozenset({"attack", "blitz"}),
    places=frozenset({"place"}),
    move_ins=frozenset({"move"}),
    conquered=conquered,
)
