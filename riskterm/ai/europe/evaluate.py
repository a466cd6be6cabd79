"""The search's evaluator for Risk: Europe (tried, not adopted: Europe's hard is its heuristic)."""

from __future__ import annotations

from riskterm.ai.core.board_info import board_info
from riskterm.ai.core.evaluate import decided, relative
from riskterm.ai.europe.player import strength
from riskterm.engine.state import State
from riskterm.rules.base import Rules

WEIGHTS = {"crown": 6.0, "unit": 1.0, "coin": 0.3, "territory": 0.5, "castle": 2.0, "exposed": 0.5}


@decided
def evaluate(rules: Rules, s: State, seat: int) -> float:
    """Risk: Europe: 7 crowns at the end of a round win, so crowns (cities held and crown cards) count most;
    then units at their battle worth, coins, territories, castles held, and crowns' cities the enemy units
    next to them outweigh."""
    w = WEIGHTS
    info = board_info(rules.board)
    owner, units, castle = s["owner"], s["units"], s["castle"]
    worth = [strength(u) for u in units]
    terrs = info.board.territories
    crowns = s.get("crowns") or []
    coins = s.get("coins") or []
    values: list[float | None] = []
    for q, pl in enumerate(s["players"]):
        if pl.get("out"):
            values.append(None)
            continue
        v = w["crown"] * (crowns[q] if q < len(crowns) else 0) + w["coin"] * (
            coins[q] if q < len(coins) else 0
        )
        for t, o in enumerate(owner):
            if o != q:
                continue
            v += w["unit"] * worth[t] + w["territory"] + (w["castle"] if castle[t] else 0.0)
            city = terrs[t].get("city")
            if city:
                threat = max((worth[u] for u in info.adj[t] if owner[u] not in (q, -1)), default=0.0)
                guard = worth[t] * (1.5 if castle[t] else 1.0)
                if threat > guard:
                    v -= (
                        w["exposed"]
                        * int(city.get("crowns", 1))
                        * w["crown"]
                        * min(1.0, (threat - guard) / (guard + 1))
                    )
        values.append(v)
    return relative(values, seat)
