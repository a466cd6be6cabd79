"""The coach's sentence for Modern units Risk's own step: buying units, for the most threatened border or the
best attack. It reads the seat's view only; `label` names the unit as the app does."""

from __future__ import annotations

from riskterm.ai.core.board_info import BoardInfo
from riskterm.ai.core.explain import Label, Reasons
from riskterm.ai.core.explain_words import GO_ON, RETREAT, losses, most_threatened, taken
from riskterm.ai.core.reading import Reading
from riskterm.engine.actions import Action
from riskterm.engine.state import State


def _buy(info: BoardInfo, a: Action, owner: list[int], armies: list[int], seat: int, label: Label) -> str:
    n = a.args[1] if len(a.args) > 1 else None
    what = f"{n} {label(a.args[0])}{'s' * (n != 1)}" if n is not None else label(a.args[0])
    names = info.board.territories
    t, danger = most_threatened(info, owner, armies, seat)
    if t >= 0 and danger > armies[t]:
        return f"Buy {what} for {names[t].name}: {danger} enemy units next to it against your {armies[t]}."
    fronts = [
        (armies[f] - armies[u], f, u)
        for f, o in enumerate(owner)
        if o == seat
        for u in info.adj[f]
        if owner[u] not in (seat, -1)
    ]
    if fronts:
        _, f, u = max(fronts)
        return (
            f"Buy {what} for an attack from {names[f].name} ({armies[f]}) on {names[u].name} ({armies[u]})."
        )
    return f"Buy {what}: credits turned into units before they are needed."


def last(info: BoardInfo, view: State, seat: int, a: Action, rd: Reading, label: Label) -> str | None:
    owner: list[int] = view.get("owner") or []
    armies: list[int] = view.get("armies") or []
    if rd.kind == "buy" and a.args and owner and armies:
        return _buy(info, a, owner, armies, seat, label)
    if rd.kind == "lose":
        return losses(a, label)
    return {"retreat": RETREAT, "continue": GO_ON}.get(rd.kind)


def conquered(view: State) -> int | None:
    return taken(view, "battle", "target")


REASONS = Reasons(
    last=last,
    ends=frozenset({"done", "end"}),
    attacks=frozenset({"attack"}),
    places=frozenset({"place"}),
    move_ins=frozenset({"move", "occupy"}),
    from_sources=frozenset({"occupy"}),
    conquered=conquered,
)
