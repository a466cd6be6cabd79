"""Outside styles for RisiKo! Più, each choosing among the legal actions by its own simple rule: a turtle that
masses on the Empire it holds most of, a greedy attacker that attacks wherever it outnumbers the defender and
moves everything in, and a fortress builder that piles its armies on its fortress and the ring around it,
hides its armies next to it, plays every Reinforcement card at once (the track makes Hidden Armies bigger),
strikes only from that ring and, once the pile is big, marches on the nearest enemy fortress. Every style
plays its Reinforcement cards, a General in attack and a Marshal in defence, blocks a Spy with a Spy, and
never sails the Admiral, spies or sends a Diplomat."""

from __future__ import annotations

from riskterm.ai.core.board_info import BoardInfo
from riskterm.engine.actions import Action
from riskterm.engine.state import State
from riskterm.rules.base import Rules
from styles.legal import LegalStyle


def distances(info: BoardInfo, sources: list[int]) -> list[int]:
    """Borders crossed from the nearest of `sources` (the board's size where none leads)."""
    dist = [info.n] * info.n
    todo = list(sources)
    for t in todo:
        dist[t] = 0
    for t in todo:
        for u in info.adj[t]:
            if dist[u] > dist[t] + 1:
                dist[u] = dist[t] + 1
                todo.append(u)
    return dist


class RisikoStyle(LegalStyle):
    """The shared turn: cards first, then the style's placing, attacks, battles, conquests and final move."""

    quiet = ("pass", "allow")
    # the least ratio of attacking armies (less the one that stays) to the defender's, inside and outside home
    inside, outside = 1.01, 1.01
    occupy_share = 1.0  # how far between the least and the most armies it moves in
    retreat_below = (
        0.0  # it ends an attack when its armies (less one) fall below this share of the defender's
    )

    # ------------------------------------------------------------------ set-up
    def _fortress(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        return self.rng.choice(actions)

    def _claim(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        owner = view["owner"]
        home = self.home(info, owner, p)
        near = [a for a in actions if any(owner[u] == p for u in info.adj[self.terr(info, a, 0)])]
        inside = [a for a in near or actions if self.terr(info, a, 0) in home]
        return self.rng.choice(inside or near or actions)

    def _deploy(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        return self.place(info, view, p, actions)

    def _supply(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        return self.place(info, view, p, actions)

    def _hide(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        owner = view["owner"]
        mine = [
            a
            for a in actions
            if owner[self.terr(info, a, 0)] == p and self.terr(info, a, 0) in self.home(info, owner, p)
        ]
        return self.rng.choice(mine or [a for a in actions if owner[self.terr(info, a, 0)] == p] or actions)

    def place(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        """Everything it may place, on the territory the style picks."""
        places = self.of(actions, "place")
        if not places:
            return None
        spot = self.spot(info, view, p, {self.terr(info, a, 0) for a in places})
        return max((a for a in places if self.terr(info, a, 0) == spot), key=lambda a: int(a.args[1]))

    # ------------------------------------------------------------------ a turn
    def _main(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        cards = self.of(actions, "reinforce")
        if cards:
            return cards[0]
        placing = self.place(info, view, p, actions)
        if placing is not None:
            return placing
        attack = self.attack(info, view, p, self.of(actions, "attack"))
        if attack is not None:
            return attack
        return self.final_move(info, view, p, self.of(actions, "move"))

    def attack(self, info: BoardInfo, view: State, p: int, attacks: list[Action]) -> Action | None:
        owner, armies = view["owner"], view["armies"]
        home = self.home(info, owner, p)
        scored = []
        for a in attacks:
            f, t = self.terr(info, a, 0), self.terr(info, a, 1)
            need = self.inside if t in home else self.outside
            ratio = (armies[f] - 1) / max(1, armies[t])
            if ratio >= need and self.may_attack(info, view, p, f, t):
                scored.append((ratio + (10.0 if t in home else 0.0), a))
        return self.best(scored)

    def may_attack(self, info: BoardInfo, view: State, p: int, f: int, t: int) -> bool:
        return True

    def final_move(self, info: BoardInfo, view: State, p: int, moves: list[Action]) -> Action | None:
        """The biggest idle stack (no enemy next to it), all of it, to a border next to it."""
        owner = view["owner"]
        best, key = None, (0, 0)
        for a in moves:
            f, t = self.terr(info, a, 0), self.terr(info, a, 1)
            if any(owner[u] != p for u in info.adj[f]) or not any(owner[u] != p for u in info.adj[t]):
                continue
            k = (int(a.args[2]), self.enemy_max(info, view, p, t))
            if k > key:
                best, key = a, k
        return best

    def _battle(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        for kind in ("general", "reveal"):
            cards = self.of(actions, kind)
            if cards:
                return cards[0]
        att = view["attack"]
        here = att["ship"] if att.get("admiral") else view["armies"][att["from"]] - 1
        rolls = self.of(actions, "roll")
        if rolls and (here >= self.retreat_below * view["armies"][att["to"]] or att["battles"] == 0):
            return max(rolls, key=lambda a: int(a.args[0]))
        return next(iter(self.of(actions, "retreat")), None) or (
            max(rolls, key=lambda a: int(a.args[0])) if rolls else None
        )

    def _defend(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        for kind in ("marshal", "reveal"):
            cards = self.of(actions, kind)
            if cards:
                return cards[0]
        return max(self.of(actions, "defend"), key=lambda a: int(a.args[0]), default=None)

    def _occupy(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        ns = sorted(int(a.args[0]) for a in actions)
        n = ns[0] + round(self.occupy_share * (ns[-1] - ns[0]))
        return min(actions, key=lambda a: abs(int(a.args[0]) - n))

    def _spy_answer(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        return next(iter(self.of(actions, "block")), None)

    def _redistribute(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        return next(iter(self.of(actions, "garrison")), None)


class RisikoTurtle(RisikoStyle):
    """Masses on the Empire (or block) it holds most of: claims and places there, attacks inside it at a few
    armies' edge and outside it only at three to one, moves half in at home and the least outside."""

    level = "turtle"
    inside, outside = 1.5, 3.0
    retreat_below = 1.0

    def _occupy(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        home = self.home(info, view["owner"], p)
        self.occupy_share = 0.5 if view["pending"]["to"] in home else 0.0
        return super()._occupy(rules, info, view, p, actions)


class RisikoGreedy(RisikoStyle):
    """Everything on the border stack with the best edge; attacks wherever its attacking armies outnumber the
    defender, rolls to the end and moves everything in."""

    level = "greedy"

    def _claim(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        owner = view["owner"]
        near = [a for a in actions if any(owner[u] == p for u in info.adj[self.terr(info, a, 0)])]
        return self.rng.choice(near or actions)

    def spot(self, info: BoardInfo, view: State, p: int, where: set[int]) -> int:
        owner, armies = view["owner"], view["armies"]

        def edge(t: int) -> int:
            return max(
                (armies[t] - armies[u] for u in info.adj[t] if owner[u] not in (p, -1)), default=-(10**6)
            )

        return max(where, key=lambda t: (edge(t), -t))

    def attack(self, info: BoardInfo, view: State, p: int, attacks: list[Action]) -> Action | None:
        armies = view["armies"]
        return self.best(
            (float(armies[self.terr(info, a, 0)] - 1 - armies[self.terr(info, a, 1)]), a) for a in attacks
        )


class RisikoFortress(RisikoStyle):
    """Builds a fortress: every army on the fortress or the ring around it (the most threatened first), Hidden
    Armies next to it, every Reinforcement card at once; attacks only from the ring at two to one, reveals its
    Hidden Armies as soon as it may, moves the least in and pulls idle armies back to the ring. Once the
    fortress holds 20 armies it marches on the nearest enemy fortress (for its banners), attacking from
    anywhere at 1.3 to one and moving everything in."""

    level = "fortress"
    inside, outside = 2.0, 2.0
    occupy_share = 0.0
    retreat_below = 1.0

    def ring(self, info: BoardInfo, view: State, p: int) -> set[int]:
        f = view["fortress"][p]
        if f is None:
            return set()
        return {f} | {u for u in info.adj[f] if view["owner"][u] == p}

    def _fortress(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        # the territory of its Empire with the fewest borders to the outside world
        return min(actions, key=lambda a: (len(info.adj[self.terr(info, a, 0)]), str(a.args[0])))

    def _claim(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        ring = self.ring(info, view, p)
        near = [a for a in actions if any(u in ring for u in info.adj[self.terr(info, a, 0)])]
        return self.rng.choice(near) if near else super()._claim(rules, info, view, p, actions)

    def _hide(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        ring = self.ring(info, view, p)
        owner = view["owner"]
        near = [a for a in actions if self.terr(info, a, 0) in ring]
        mine = [a for a in actions if owner[self.terr(info, a, 0)] == p]
        return (
            max(near, key=lambda a: self.enemy_max(info, view, p, self.terr(info, a, 0)))
            if near
            else (self.rng.choice(mine or actions))
        )

    def spot(self, info: BoardInfo, view: State, p: int, where: set[int]) -> int:
        armies = view["armies"]
        ring = [t for t in self.ring(info, view, p) if t in where]
        if not ring:
            return super().spot(info, view, p, where)
        f = view["fortress"][p]
        gap = {t: self.enemy_max(info, view, p, t) - armies[t] for t in ring}
        worst = max(ring, key=lambda t: (gap[t], -t))
        return worst if gap[worst] > 0 or f not in where else f

    def may_attack(self, info: BoardInfo, view: State, p: int, f: int, t: int) -> bool:
        return f in self.ring(info, view, p)

    def attack(self, info: BoardInfo, view: State, p: int, attacks: list[Action]) -> Action | None:
        """From the ring at two to one; once its fortress holds `march_at` armies, it marches: attacks from
        anywhere at `march_edge`, the step nearest an enemy fortress (its banners) first."""
        if not self.marching(view, p):
            return super().attack(info, view, p, attacks)
        armies, owner = view["armies"], view["owner"]
        forts = [f for q, f in enumerate(view["fortress"]) if f is not None and q != p]
        dist = distances(info, forts)
        return self.best(
            (100.0 - dist[self.terr(info, a, 1)] + 0.01 * armies[self.terr(info, a, 0)], a)
            for a in attacks
            if armies[self.terr(info, a, 0)] - 1 >= self.march_edge * armies[self.terr(info, a, 1)]
            and owner[self.terr(info, a, 1)] != p
        )

    def marching(self, view: State, p: int) -> bool:
        f = view["fortress"][p]
        return f is not None and view["armies"][f] >= self.march_at

    def _occupy(
        self, rules: Rules, info: BoardInfo, view: State, p: int, actions: list[Action]
    ) -> Action | None:
        self.occupy_share = (
            1.0 if self.marching(view, p) or view["pending"]["from"] not in self.ring(info, view, p) else 0.0
        )
        return super()._occupy(rules, info, view, p, actions)

    march_at, march_edge = 20, 1.3

    def final_move(self, info: BoardInfo, view: State, p: int, moves: list[Action]) -> Action | None:
        ring = self.ring(info, view, p)
        back = [a for a in moves if self.terr(info, a, 0) not in ring and self.terr(info, a, 1) in ring]
        if back:
            return max(back, key=lambda a: int(a.args[2]))
        return super().final_move(info, view, p, moves)
