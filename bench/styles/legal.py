"""The base of the styles for rulebooks other than classic (bench/styles/europe.py, risiko.py, modern.py): each
decision picks one of rules.legal_actions(view), so a style can never hand the engine an illegal action; a
phase's handler returns its pick or None, and the default then ends what can be ended."""

from __future__ import annotations

import random
from collections.abc import Iterable

from riskterm.ai.core.board_info import BoardInfo, board_info
from riskterm.engine.actions import Action
from riskterm.engine.state import State
from riskterm.rules.base import Rules

# a style that has acted this often in one turn and phase ends it (the bench's guard would stop it at 400)
MAX_ACTS = 120


class LegalStyle:
    """Phase dispatch over the legal actions: `_<phase>(rules, info, view, seat, actions)` returns one of
    `actions` or None (the default: an ending kind, then a quiet kind of the rulebook, then at random)."""

    level = "style"
    # kinds the default prefers after the rulebook's ending kinds (the quickest harmless answer)
    quiet: tuple[str, ...] = ()

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self._key: object = None
        self._acts = 0

    def choose(self, rules: Rules, view: State, seat: int) -> Action:
        actions = rules.legal_actions(view)
        if len(actions) == 1:
            return actions[0]
        key = (view.get("turn"), view.get("phase"), view.get("round"))
        self._acts = self._acts + 1 if key == self._key else 1
        self._key = key
        if self._acts > MAX_ACTS:
            return self.default(rules, actions)
        handler = getattr(self, "_" + str(view.get("phase")), None)
        pick = handler(rules, board_info(rules.board), view, seat, actions) if handler is not None else None
        return pick if pick is not None else self.default(rules, actions)

    def default(self, rules: Rules, actions: list[Action]) -> Action:
        for kind in (*rules.headless.end_kinds, *self.quiet):
            for a in actions:
                if a.kind == kind:
                    return a
        return self.rng.choice(actions)

    # ------------------------------------------------------------------ shared readings
    @staticmethod
    def of(actions: Iterable[Action], *kinds: str) -> list[Action]:
        return [a for a in actions if a.kind in kinds]

    @staticmethod
    def terr(info: BoardInfo, a: Action, i: int) -> int:
        """The territory index of the action's i-th argument."""
        return info.index[str(a.args[i])]

    @staticmethod
    def home(info: BoardInfo, owner: list[int], p: int) -> set[int]:
        """The region it holds the biggest share of that it does not hold whole (the smaller on ties), with
        every region it holds whole: where a turtle masses."""
        held = [r for r, m in enumerate(info.members) if all(owner[t] == p for t in m)]
        rest = [r for r in range(len(info.members)) if r not in held]
        out = {t for r in held for t in info.members[r]}
        if rest:
            r = max(
                rest,
                key=lambda r: (
                    sum(1 for t in info.members[r] if owner[t] == p) / len(info.members[r]),
                    -len(info.members[r]),
                    -r,
                ),
            )
            out |= set(info.members[r])
        return out

    def spot(self, info: BoardInfo, view: State, p: int, where: set[int]) -> int:
        """Where a turtle places: the home border most outnumbered by an enemy next to it."""
        owner, armies = view["owner"], view["armies"]
        home = self.home(info, owner, p)
        front = [t for t in where if any(owner[u] not in (p, -1) for u in info.adj[t])] or list(where)
        inside = [t for t in front if t in home] or front
        return max(inside, key=lambda t: (self.enemy_max(info, view, p, t) - armies[t], -t))

    @staticmethod
    def enemy_max(info: BoardInfo, view: State, p: int, t: int) -> int:
        owner, armies = view["owner"], view["armies"]
        return max((armies[u] for u in info.adj[t] if owner[u] not in (p, -1)), default=0)

    @staticmethod
    def front(info: BoardInfo, owner: list[int], p: int) -> list[int]:
        return [t for t, o in enumerate(owner) if o == p and any(owner[u] != p for u in info.adj[t])]

    def best(self, scored: Iterable[tuple[float, Action]]) -> Action | None:
        """The action of the highest positive score (ties: the first), or None."""
        top, pick = 0.0, None
        for sc, a in scored:
            if sc > top:
                top, pick = sc, a
        return pick
