"""Computer players for Risk: Europe (riskterm.rules.europe): the generic player's reading of the legal
actions, plus what this rulebook rewards: crowns. Hard (and half as much normal) values expanding into
cities by their crowns and tax, buys crown cards whenever it can, taxes, and keeps castles' cities held. Hard
and normal pick their King's Orders cards with a plan (easy picks at random). Above easy, an attack's score
depends on the units sent (the chance to take the territory, less the units tied up beyond what it needs),
rises against the leader in crowns, and castles are attacked with siege weapons, which recruiting buys when an
enemy castle is near."""

from __future__ import annotations

from riskterm.ai.core.board_info import BoardInfo, win_chance
from riskterm.ai.core.generic import GenericPlayer, ShapeWords
from riskterm.ai.europe import easy
from riskterm.ai.europe.reroll import should_reroll
from riskterm.engine.actions import Action
from riskterm.engine.state import State
from riskterm.rules.base import Rules
from riskterm.rules.europe import EuropeRules

EXPAND_KINDS = ("expand", "split", "kingdom")


# how much hard likes a King's Orders card as its first and as its second pick (measured: King Me! first, for
# the First Player Marker, then tax or spend; an Expand with the Fortify bonus second)
ORDER_FIRST = {"kingme": 1.0, "taxspend1": 0.8, "taxspend2": 0.8}
ORDER_SECOND = {"fortify1": 1.0, "fortify2": 1.0, "siege": 0.8}


UNIT_STRENGTH = (1.0, 1.4, 1.6, 1.0)  # footman, archer, cavalry, siege weapon (rough battle worth)


def strength(units: list[int]) -> float:
    return sum(n * w for n, w in zip(units, UNIT_STRENGTH, strict=False))


def leader(view: State, p: int, scores: list[int]) -> int | None:
    """The rival with the most crowns (points), when one is ahead of the others."""
    rivals = [(sc, q) for q, sc in enumerate(scores) if q != p and not view["players"][q].get("out")]
    if not rivals:
        return None
    best = max(rivals)
    return best[1] if sum(1 for sc, _ in rivals if sc == best[0]) == 1 else None


class EuropePlayer(GenericPlayer):
    words = ShapeWords(ends=frozenset(EuropeRules.headless.end_kinds), more=frozenset({"reroll"}))
    weights = {"hard": 1.0, "normal": 0.2}
    # normal is the noisier player (measured: at hard's spread and 0.6 weight it played as well as hard)
    noise = {"easy": 0.5, "normal": 0.45, "hard": 0.05}
    order_first = ORDER_FIRST
    order_second = ORDER_SECOND

    def _choose_grouped(self, rules: Rules, view: State, seat: int) -> Action:
        return easy.choose(self, rules, view, seat)  # (the same choice, worked out per group)

    def score(self, info: BoardInfo, view: State, p: int, a: Action) -> float:
        base = super().score(info, view, p, a)
        if self.level == "easy":
            return base
        weight = self.weights.get(self.level, 0.0)
        kind = a.kind
        if kind == "orders" and len(a.args) == 2:
            x, y = (str(c) for c in a.args)
            return base + self.order_first.get(x, 0.0) + self.order_second.get(y, 0.0)
        if kind in (
            "reroll",
            "keep",
        ):  # by what a fresh roll averages, not at random (base's 0.1 + 0.1 * rng)
            return 1.0 + (1.0 if (kind == "reroll") == should_reroll(view) else 0.0)
        if kind == "crown":
            return base + weight * 2.0
        if kind == "tax":
            return base + weight * 0.6
        terrs = [info.index[x] for x in a.args if isinstance(x, str) and x in info.index]
        nums = [x for x in a.args if isinstance(x, int)]
        if kind in ("expand", "split") and len(terrs) >= 2:
            return self.attack_score(info, view, p, terrs[0], terrs[1], nums, weight)
        if kind in EXPAND_KINDS and terrs:
            t = terrs[1] if len(terrs) >= 2 else terrs[0]
            city = info.board.territories[t].get("city")
            if city:
                crowns = int(city.get("crowns", 1))
                return base + weight * (0.8 * crowns + 0.1 * int(city.get("tax", 0)))
        if kind == "recruit" and terrs:
            siege = nums[3] if len(nums) > 3 else 0
            near = self._enemy_castle_near(info, view, p, terrs[0])
            return base + weight * (0.02 * sum(nums) + (0.9 if siege and near else -0.3 if siege else 0.0))
        if kind == "siege" and len(terrs) >= 2:
            q = view["owner"][terrs[1]]
            return base + weight * (0.5 if q not in (p, -1) else -0.5)
        return base

    def _enemy_castle_near(self, info: BoardInfo, view: State, p: int, t: int) -> bool:
        owner, castle = view["owner"], view["castle"]
        near = {u for v in info.adj[t] for u in (v, *info.adj[v])}
        return any(castle[u] and owner[u] not in (p, -1) for u in near)

    def attack_score(
        self, info: BoardInfo, view: State, p: int, f: int, t: int, sent: list[int], weight: float
    ) -> float:
        """Sending `sent` (footmen, archers, cavalry, siege weapons) from f into t: the chance to take it with
        these units, the crowns and tax it brings, more against the leader and a castle, less for every unit
        sent beyond what the attack needs (they leave f bare)."""
        owner, units = view["owner"], view["units"]
        q = owner[t]
        force = strength(sent)
        defence = strength(units[t]) * (1.5 if view["castle"][t] else 1.0)
        chance = win_chance(max(1, round(force)), max(1, round(defence))) if defence > 0 else 1.0
        value = 0.4
        city = info.board.territories[t].get("city")
        if city:
            value += 0.8 * int(city.get("crowns", 1)) + 0.1 * int(city.get("tax", 0))
        if q not in (p, -1):
            if q == leader(view, p, list(view.get("crowns") or [])):
                value += 0.6
            if view["castle"][t]:
                value += 0.8
        spare = max(0.0, force - max(2.0 * defence, 2.0))
        left = strength(units[f]) - force
        return (chance - 0.55) * 2.0 + weight * value * chance - 0.08 * spare - (0.2 if left < 1 else 0.0)


Player = EuropePlayer
