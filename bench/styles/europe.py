"""Outside styles for Risk: Europe, each choosing among the legal actions by its own simple rule: a turtle that
masses footmen and castles on the region it holds most of, a greedy attacker that sends everything wherever it
outnumbers the defender, and a hoarder that taxes every turn and spends its coins on castles and crown cards
(crowns count towards the 7 that win). A unit counts 1 (a castle's defenders half again), whatever its type."""

from __future__ import annotations

from riskterm.ai.core.board_info import BoardInfo
from riskterm.engine.actions import Action
from riskterm.engine.state import State
from riskterm.rules.base import Rules
from styles.legal import LegalStyle

MOVES = ("expand", "split", "manoeuvre")


class EuropeStyle(LegalStyle):
    """What the Europe styles share: the set-up, the battles (first listed, keep the dice, default losses) and
    the reading of a turn's actions; a style sets its bid, its kingdom's footmen, its cards and scores."""

    quiet = ("keep", "auto", "battle")
    bid = 0
    kingdom_men = 3
    # King's Orders cards by preference (the top card is played first)
    cards: tuple[str, ...] = ()

    def _bid(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        return min(actions, key=lambda a: abs(int(a.args[0]) - self.bid))

    def _kingdom(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        cities = sorted({str(a.args[0]) for a in actions})
        city = self.rng.choice(cities)
        return min(
            (a for a in actions if a.args[0] == city), key=lambda a: abs(int(a.args[2]) - self.kingdom_men)
        )

    def _orders(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        rank = {c: i for i, c in enumerate(self.cards)}
        worst = len(self.cards)
        return min(
            actions, key=lambda a: rank.get(str(a.args[0]), worst) * 2 + rank.get(str(a.args[1]), worst)
        )

    def _turn(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        return self.best((self.score(info, view, p, a), a) for a in actions)

    def score(self, info: BoardInfo, view: State, p: int, a: Action) -> float:
        return 0.0

    # ------------------------------------------------------------------ readings
    @staticmethod
    def sent(a: Action) -> int:
        return sum(int(x) for x in a.args if isinstance(x, int))

    @staticmethod
    def defence(view: State, t: int) -> float:
        return sum(view["units"][t]) * (1.5 if view["castle"][t] else 1.0)

    @staticmethod
    def threat(info: BoardInfo, view: State, p: int, t: int) -> int:
        owner, units = view["owner"], view["units"]
        return max((sum(units[u]) for u in info.adj[t] if owner[u] not in (p, -1)), default=0)

    @staticmethod
    def is_city(info: BoardInfo, t: int) -> bool:
        return bool(info.board.territories[t].get("city"))

    def idle(self, info: BoardInfo, view: State, p: int, t: int) -> bool:
        return all(view["owner"][u] == p for u in info.adj[t])


class EuropeTurtle(EuropeStyle):
    """Masses on the region it holds most of: claims the free land there, fortifies and recruits the most units
    its coins buy (footmen while the box has them; never siege weapons) in its cities on that region's border,
    builds castles there, and attacks an enemy only at three to one inside it
    (four to one outside)."""

    level = "turtle"
    kingdom_men = 3
    cards = ("fortify1", "fortify2", "taxspend1", "taxspend2", "kingme", "siege", "split1", "split2")

    def score(self, info: BoardInfo, view: State, p: int, a: Action) -> float:
        owner, coins = view["owner"], view["coins"][p]
        home = self.home(info, owner, p)
        k = a.kind
        if k == "fortify":
            t = self.terr(info, a, 0)
            return 5.0 + (1.0 if t in home else 0.0) + 0.01 * self.threat(info, view, p, t)
        if k in ("expand", "split"):
            f, t = self.terr(info, a, 0), self.terr(info, a, 1)
            n, d = self.sent(a), self.defence(view, t)
            if owner[t] == -1:  # free land: a small party, more for a city
                need = 3 if self.is_city(info, t) else 1
                return (
                    3.0
                    + (1.0 if t in home else 0.0)
                    + (1.0 if self.is_city(info, t) else 0.0)
                    - 0.1 * abs(n - need)
                )
            if n >= (3.0 if t in home else 4.0) * max(1.0, d):
                return 3.5 + (1.0 if self.is_city(info, t) else 0.0) - 0.01 * n
            return 0.0
        if k == "manoeuvre":
            f, t = self.terr(info, a, 0), self.terr(info, a, 1)
            if self.idle(info, view, p, f) and not self.idle(info, view, p, t):
                return 1.0 + (0.5 if t in home else 0.0) + 0.01 * self.sent(a)
            return 0.0
        if k == "tax":
            return 2.0 if coins < 12 else 0.5
        if k == "recruit":
            t = self.terr(info, a, 0)
            n, sg = self.sent(a), int(a.args[4])
            if sg:
                return 0.0
            return 2.5 + (0.5 if t in home else 0.0) + 0.02 * n + 0.01 * self.threat(info, view, p, t)
        if k == "castle":
            t = self.terr(info, a, 0)
            return 3.0 if t in home and self.is_city(info, t) else 0.0
        return 0.0


class EuropeGreedy(EuropeStyle):
    """Attacks wherever it outnumbers the defender and sends everything that may go; plays the Expand cards,
    recruits as many units as its coins buy next to the enemy, uses every bonus, never builds or buys crowns."""

    level = "greedy"
    bid = 3
    kingdom_men = 5
    cards = ("split1", "split2", "fortify1", "fortify2", "siege", "taxspend1", "taxspend2", "kingme")

    def score(self, info: BoardInfo, view: State, p: int, a: Action) -> float:
        owner, coins = view["owner"], view["coins"][p]
        k = a.kind
        if k == "fortify":
            return 5.0 + 0.01 * self.threat(info, view, p, self.terr(info, a, 0))
        if k == "siege":
            return 4.5 if owner[self.terr(info, a, 1)] not in (p, -1) else 0.0
        if k in ("expand", "split"):
            t = self.terr(info, a, 1)
            n, d = self.sent(a), self.defence(view, t)
            if n > d:
                return 3.0 + (1.0 if self.is_city(info, t) else 0.0) + 0.001 * n
            return 0.0
        if k == "manoeuvre":
            f, t = self.terr(info, a, 0), self.terr(info, a, 1)
            if self.idle(info, view, p, f) and not self.idle(info, view, p, t):
                return 1.0 + 0.001 * self.sent(a)
            return 0.0
        if k == "tax":
            return 2.0 if coins < 4 else 0.5
        if k == "recruit":
            t = self.terr(info, a, 0)
            return 2.5 + 0.05 * self.sent(a) + (0.2 if not self.idle(info, view, p, t) else 0.0)
        return 0.0


class EuropeHoarder(EuropeStyle):
    """Taxes whenever it can and saves: spends only on a crown card (10 coins), a castle on a city of its own,
    or footmen for a city an enemy stack outnumbers; expands only into free land (a city first) and attacks
    only at four to one."""

    level = "hoarder"
    kingdom_men = 2
    cards = ("taxspend1", "taxspend2", "kingme", "fortify1", "fortify2", "split1", "split2", "siege")

    def score(self, info: BoardInfo, view: State, p: int, a: Action) -> float:
        owner, units, coins = view["owner"], view["units"], view["coins"][p]
        k = a.kind
        if k == "crown":
            return 6.0
        if k == "castle":
            t = self.terr(info, a, 0)
            return 5.5 if self.is_city(info, t) else 0.0
        if k == "tax":
            return 5.0 if coins < 10 else 1.0
        if k == "recruit":
            t = self.terr(info, a, 0)
            gap = self.threat(info, view, p, t) - sum(units[t])
            fm, ar, cv, sg = (int(x) for x in a.args[1:5])
            if gap <= 0 or ar or cv or sg:
                return 0.0
            return 4.0 - 0.1 * abs(fm - gap)
        if k == "fortify":
            return 4.0 + 0.01 * self.threat(info, view, p, self.terr(info, a, 0))
        if k in ("expand", "split"):
            t = self.terr(info, a, 1)
            n = self.sent(a)
            if owner[t] == -1:
                return (3.0 if self.is_city(info, t) else 2.0) - 0.1 * abs(n - 2)
            if n >= 4 * max(1.0, self.defence(view, t)):
                return 2.5 - 0.01 * n
            return 0.0
        if k == "manoeuvre":
            f, t = self.terr(info, a, 0), self.terr(info, a, 1)
            if self.idle(info, view, p, f) and self.is_city(info, t) and not self.idle(info, view, p, t):
                return 1.0 + 0.01 * self.sent(a)
            return 0.0
        return 0.0
