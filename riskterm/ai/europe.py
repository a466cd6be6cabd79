"""Computer players for Risk: Europe (riskterm.rules.europe): the generic player's reading of the legal
actions, plus what this rulebook rewards: crowns. Hard (and half as much normal) values expanding into
cities by their crowns and tax, buys crown cards whenever it can, taxes, and keeps castles' cities held. Hard
also picks its King's Orders cards (the others pick them at random)."""

from __future__ import annotations

from riskterm.ai.board_info import BoardInfo
from riskterm.ai.generic import GenericPlayer
from riskterm.engine.actions import Action
from riskterm.engine.state import State

EXPAND_KINDS = ("expand", "split", "kingdom")


# how much hard likes a King's Orders card as its first and as its second pick (measured: King Me! first, for
# the First Player Marker, then tax or spend; an Expand with the Fortify bonus second)
ORDER_FIRST = {"kingme": 1.0, "taxspend1": 0.8, "taxspend2": 0.8}
ORDER_SECOND = {"fortify1": 1.0, "fortify2": 1.0, "siege": 0.8}


class EuropePlayer(GenericPlayer):
    weights = {"hard": 1.0, "normal": 0.2}
    order_first = ORDER_FIRST
    order_second = ORDER_SECOND
    def score(self, info: BoardInfo, view: State, p: int, a: Action) -> float:
        base = super().score(info, view, p, a)
        if self.level == "easy":
            return base
        weight = self.weights.get(self.level, 0.0)
        kind = a.kind
        if kind == "orders" and self.level == "hard" and len(a.args) == 2:
            x, y = (str(c) for c in a.args)
            return base + self.order_first.get(x, 0.0) + self.order_second.get(y, 0.0)
        if kind == "crown":
            return base + weight * 2.0
        if kind == "tax":
            return base + weight * 0.6
        terrs = [info.index[x] for x in a.args if isinstance(x, str) and x in info.index]
        if kind in EXPAND_KINDS and terrs:
            t = terrs[1] if len(terrs) >= 2 else terrs[0]
            city = info.board.territories[t].get("city")
            if city:
                crowns = int(city.get("crowns", 1))
                return base + weight * (0.8 * crowns + 0.1 * int(city.get("tax", 0)))
        if kind == "recruit" and terrs:
            nums = [x for x in a.args if isinstance(x, int)]
            return base + weight * 0.02 * sum(nums)
        return base


Player = EuropePlayer
