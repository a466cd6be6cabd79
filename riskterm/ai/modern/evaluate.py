"""The search's evaluator for Modern units Risk."""

from __future__ import annotations

from riskterm.ai.core.board_info import board_info
from riskterm.ai.core.evaluate import decided, relative
from riskterm.engine.state import State
from riskterm.rules.base import Rules
from riskterm.rules.modern.units import units_of

WEIGHTS = {"credit": 1.0, "territory": 4.0, "goal": 30.0, "region": 2.0, "risk": 0.6}


@decided
def evaluate(rules: Rules, s: State, seat: int) -> float:
    """Modern units: the goal is 28 territories at the end of a round; credits come at 2 per territory and a
    whole continent's bonus. Units count at their cost, territories at two rounds of credits plus the goal's
    progress (share of the goal, squared), and a territory the enemy units next to it outgun costs its share
    of what stands on it."""
    w = WEIGHTS
    info = board_info(rules.board)
    owner, units = s["owner"], s["units"]
    table = units_of(s)
    cost = [u.cost for u in table]
    att = [u.attack for u in table]
    dfn = [u.defence for u in table]
    goal = float((s.get("options") or {}).get("goal") or 28)
    worth = [sum(n * c for n, c in zip(mix, cost, strict=False)) for mix in units]
    hit = [sum(n * a for n, a in zip(mix, att, strict=False)) for mix in units]
    guard = [sum(n * d for n, d in zip(mix, dfn, strict=False)) for mix in units]
    values: list[float | None] = []
    for q, pl in enumerate(s["players"]):
        if pl.get("out"):
            values.append(None)
            continue
        n = owner.count(q)
        v = w["credit"] * (s["credits"][q] if q < len(s.get("credits") or []) else 0)
        v += w["territory"] * n + w["goal"] * (n / goal) ** 2
        v += w["region"] * sum(info.bonus[r] for r in info.held_regions(owner, q))
        for t, o in enumerate(owner):
            if o != q:
                continue
            v += w["credit"] * worth[t]
            threat = sum(hit[u] for u in info.adj[t] if owner[u] not in (q, -1))
            if threat:
                lost = min(1.0, max(0.0, (threat / (guard[t] + 1.0) - 0.7) / 1.5))
                v -= w["risk"] * lost * (w["territory"] + worth[t])
        values.append(v)
    return relative(values, seat)
