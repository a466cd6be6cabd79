"""Style players for classic-shaped rulebooks (claim, place, trade, attack/blitz, move in, fortify): each
reads the board from its own view and picks among the legal actions by its own simple rule."""

from __future__ import annotations

import random

from riskterm.ai.core.board_info import BoardInfo, board_info
from riskterm.ai.core.guard import is_legal
from riskterm.engine.actions import Action, act
from riskterm.engine.state import State
from riskterm.rules.base import Rules


class Style:
    """What every style shares: phase dispatch and board reading. A phase's method returns None to let
    the shared default pick (the first legal trade when it must, else ending, else the first action)."""

    level = "style"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, rules: Rules, view: State, seat: int) -> Action:
        # the handlers build their action and the rules check it: listing every legal action (each count of
        # armies on each territory) is only for the claims and the fallback
        info = board_info(rules.board)
        phase = str(view.get("phase"))
        actions = rules.legal_actions(view) if phase == "claim" else []
        if phase == "reinforce":
            actions = [act("trade", *c) for c in rules.sets_in_hand(view, seat)]  # type: ignore[attr-defined]
        handler = getattr(self, "_" + phase, None)
        a = handler(info, view, seat, actions) if handler is not None else None
        if a is not None and is_legal(rules, view, a):
            return a
        return self.default(rules.legal_actions(view))

    def default(self, actions: list[Action]) -> Action:
        for kind in ("end", "stop"):
            for a in actions:
                if a.kind == kind:
                    return a
        return self.rng.choice(actions)

    # ------------------------------------------------------------------ shared readings
    @staticmethod
    def enemy_max(info: BoardInfo, owner: list[int], armies: list[int], p: int, t: int) -> int:
        return max((armies[u] for u in info.adj[t] if owner[u] != p), default=0)

    @staticmethod
    def front(info: BoardInfo, owner: list[int], p: int) -> list[int]:
        return [t for t, o in enumerate(owner) if o == p and any(owner[u] != p for u in info.adj[t])]

    def place_on(self, info: BoardInfo, view: State, t: int, n: int | None = None) -> Action:
        """'place t n' (n None, or more than the reserve: the whole reserve; 1 in the set-up)."""
        if view.get("phase") != "reinforce":
            return act("place", info.ids[t], 1)
        reserve = max(1, int(view.get("reserve") or 1))
        return act("place", info.ids[t], reserve if n is None else max(1, min(n, reserve)))

    @staticmethod
    def trade(actions: list[Action]) -> Action | None:
        return next((a for a in actions if a.kind == "trade"), None)

    @staticmethod
    def blitz(info: BoardInfo, actions: list[Action], f: int, t: int) -> Action:
        return act("blitz", info.ids[f], info.ids[t], 1)

    @staticmethod
    def move(view: State, share: float) -> Action:
        """Move in `share` of the way between the least and the most allowed."""
        pend = view["pending"]
        lo, hi = pend["min"], view["armies"][pend["from"]] - 1
        return act("move", lo + round(share * (hi - lo)))

    def claim_near(
        self, info: BoardInfo, view: State, p: int, actions: list[Action], score_region: bool = False
    ) -> Action | None:
        """Claim next to what it holds (with score_region: in the region it holds most of, small first)."""
        owner = view["owner"]
        claims = [a for a in actions if a.kind == "claim"]
        if not claims:
            return None
        if score_region:

            def score(a: Action) -> tuple[float, float]:
                t = info.index[a.args[0]]
                m = info.members[info.region_of[t]]
                mine = sum(1 for u in m if owner[u] == p)
                theirs = sum(1 for u in m if owner[u] not in (p, -1))
                return ((mine - 1.5 * theirs) / len(m), -len(m) + self.rng.random())

            return max(claims, key=score)
        near = [a for a in claims if any(owner[u] == p for u in info.adj[info.index[a.args[0]]])]
        return self.rng.choice(near or claims)

    def fortify_to_front(
        self, info: BoardInfo, view: State, p: int, actions: list[Action], goal: set[int] | None = None
    ) -> Action | None:
        """Move the biggest idle stack (no enemy next to it) to a front territory (in `goal` if given),
        the one with the most enemy armies against it."""
        owner, armies = view["owner"], view["armies"]
        best, key = None, (0, 0)
        for f, o in enumerate(owner):
            n = armies[f] - 1
            if o != p or n < 1 or any(owner[u] != p for u in info.adj[f]):
                continue
            for t in info.adj[f]:
                em = self.enemy_max(info, owner, armies, p, t)
                if em == 0 or (goal is not None and t not in goal):
                    continue
                k = (n, em)
                if k > key:
                    best, key = act("fortify", info.ids[f], info.ids[t], n), k
        return best


class Turtle(Style):
    """Masses on one continent: claims and places inside the region it holds most of, takes that region
    and then sits on its borders; outside it attacks only with three to one (once a turn, for the card),
    and moves idle armies to the home borders."""

    level = "turtle"

    def home(self, info: BoardInfo, owner: list[int], p: int) -> int:
        """The region it holds the biggest share of (the smaller on ties), or once that is held the
        neighbouring region it holds most of."""

        def share(r: int) -> tuple[float, int]:
            m = info.members[r]
            return sum(1 for t in m if owner[t] == p) / len(m), -len(m)

        held = [r for r in range(len(info.members)) if all(owner[t] == p for t in info.members[r])]
        rest = [r for r in range(len(info.members)) if r not in held]
        if not rest:
            return 0
        if held:
            near = [
                r
                for r in rest
                if any(info.region_of[u] in held for t in info.members[r] for u in info.adj[t])
            ]
            rest = near or rest
        return max(rest, key=share)

    def _claim(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        return self.claim_near(info, view, p, actions, score_region=True)

    def _setup(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        return self._place(info, view, p, actions)

    def _reinforce(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        return self.trade(actions) or self._place(info, view, p, actions)

    def _place(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        owner, armies = view["owner"], view["armies"]
        home = set(info.members[self.home(info, owner, p)])
        held = {t for r, m in enumerate(info.members) if all(owner[u] == p for u in m) for t in m}
        front = self.front(info, owner, p)
        spots = [t for t in front if t in home or t in held] or front
        if not spots:
            return None
        t = max(spots, key=lambda t: (self.enemy_max(info, owner, armies, p, t) - armies[t], -t))
        return self.place_on(info, view, t)

    def _attack(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        owner, armies = view["owner"], view["armies"]
        home = set(info.members[self.home(info, owner, p)])
        best, gap = None, 0.0
        for f, o in enumerate(owner):
            if o != p or armies[f] < 3:
                continue
            for t in info.adj[f]:
                if owner[t] == p:
                    continue
                inside = t in home and armies[f] - 1 >= armies[t] + 2
                outside = not view["conquered"] and armies[f] - 1 >= 3 * armies[t]
                if inside or outside:
                    g = (armies[f] - armies[t]) + (100 if inside else 0)
                    if g > gap:
                        best, gap = (f, t), g
        return None if best is None else self.blitz(info, actions, *best)

    def _occupy(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        home = set(info.members[self.home(info, view["owner"], p)])
        return self.move(view, 0.7 if view["pending"]["to"] in home else 0.0)

    def _fortify(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        owner = view["owner"]
        held = {t for r, m in enumerate(info.members) if all(owner[u] == p for u in m) for t in m}
        goal = held | set(info.members[self.home(info, owner, p)])
        return self.fortify_to_front(info, view, p, actions, goal) or self.fortify_to_front(
            info, view, p, actions
        )


class GreedyAttacker(Style):
    """Always attacks where it has the advantage: everything on the stack with the best edge, blitzes every
    border where its attacking armies outnumber the defender, moves everything in, never fortifies."""

    level = "greedy"

    def best_edge(self, info: BoardInfo, view: State, p: int, extra: int = 0) -> tuple[int, int] | None:
        owner, armies = view["owner"], view["armies"]
        best, gap = None, -(10**9)
        for f, o in enumerate(owner):
            if o != p:
                continue
            for t in info.adj[f]:
                if owner[t] != p and armies[f] + extra - armies[t] > gap:
                    best, gap = (f, t), armies[f] + extra - armies[t]
        return best

    def _claim(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        return self.claim_near(info, view, p, actions)

    def _setup(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        return self._reinforce(info, view, p, actions)

    def _reinforce(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        a = self.trade(actions)
        if a is not None:
            return a
        edge = self.best_edge(info, view, p)
        return None if edge is None else self.place_on(info, view, edge[0])

    def _attack(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        armies = view["armies"]
        edge = self.best_edge(info, view, p)
        if edge is None or armies[edge[0]] - 1 <= armies[edge[1]]:
            return None
        return self.blitz(info, actions, *edge)

    def _occupy(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        return self.move(view, 1.0)

    def _fortify(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        return None


class CardHoarder(Style):
    """Keeps its cards until it must trade (five), guards its weakest border meanwhile and takes one easy
    territory a turn for the card; in a turn it has traded it goes all out (attacks at even odds)."""

    level = "hoarder"

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.splurge: object = None  # the turn it traded in

    def _claim(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        return self.claim_near(info, view, p, actions)

    def _setup(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        return self._place(info, view, p, actions)

    def _reinforce(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        if len(view["hands"][p]) >= 5:
            a = self.trade(actions)
            if a is not None:
                self.splurge = view.get("turn")
                return a
        return self._place(info, view, p, actions)

    def _place(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        owner, armies = view["owner"], view["armies"]
        front = self.front(info, owner, p)
        if not front:
            return None
        if self.splurge == view.get("turn"):  # all on the strongest border stack
            t = max(front, key=lambda t: (armies[t], -t))
            return self.place_on(info, view, t)
        t = max(front, key=lambda t: (self.enemy_max(info, owner, armies, p, t) - armies[t], -t))
        return self.place_on(info, view, t, 2)

    def _attack(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        owner, armies = view["owner"], view["armies"]
        all_out = self.splurge == view.get("turn")
        if view["conquered"] and not all_out:
            return None
        best, ratio = None, 0.0
        for f, o in enumerate(owner):
            if o != p or armies[f] < 3:
                continue
            for t in info.adj[f]:
                if owner[t] != p:
                    r = (armies[f] - 1) / armies[t]
                    if r > ratio:
                        best, ratio = (f, t), r
        if best is None or ratio < (1.0 if all_out else 2.0):
            return None
        return self.blitz(info, actions, *best)

    def _occupy(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        return self.move(view, 1.0 if self.splurge == view.get("turn") else 0.0)

    def _fortify(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        return self.fortify_to_front(info, view, p, actions)


class Spreader(Style):
    """Spreads its armies thin and even: each army on the border stack weakest against its neighbours,
    attacks at three to two or better, moves half in, evens out the front when fortifying."""

    level = "spreader"

    def _claim(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        claims = [a for a in actions if a.kind == "claim"]
        return self.rng.choice(claims) if claims else None

    def _setup(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        return self._reinforce(info, view, p, actions)

    def _reinforce(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        a = self.trade(actions)
        if a is not None:
            return a
        owner, armies = view["owner"], view["armies"]
        front = self.front(info, owner, p)
        if not front:
            return None
        t = min(front, key=lambda t: (armies[t] - self.enemy_max(info, owner, armies, p, t), armies[t], t))
        return self.place_on(info, view, t, 1)

    def _attack(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        owner, armies = view["owner"], view["armies"]
        best, ratio = None, 0.0
        for f, o in enumerate(owner):
            if o != p or armies[f] < 3:
                continue
            for t in info.adj[f]:
                if owner[t] != p:
                    r = (armies[f] - 1) / armies[t]
                    if r > ratio:
                        best, ratio = (f, t), r
        if best is None or ratio < 1.5:
            return None
        return self.blitz(info, actions, *best)

    def _occupy(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        return self.move(view, 0.5)

    def _fortify(self, info: BoardInfo, view: State, p: int, actions: list[Action]) -> Action | None:
        return self.fortify_to_front(info, view, p, actions)
