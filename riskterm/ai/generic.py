"""A computer player for any rulebook, working only from its legal actions and the common state keys
(`owner`, `armies`, `current`): it reads each action's shape (territory and number arguments) and scores it.

Easy picks among the plausible actions at random; normal and hard score attacks by the exact odds, place on
threatened borders, move idle armies to the front and end the turn when nothing is worth doing. Rulebooks
with their own computer players (riskterm.ai.<variant>) use this as their fallback."""

from __future__ import annotations

import random
from functools import cache, lru_cache
from typing import Any

from riskterm.ai.board_info import BoardInfo, board_info, win_chance
from riskterm.ai.guard import END_KINDS, is_legal
from riskterm.engine.actions import Action
from riskterm.engine.state import State
from riskterm.rules.base import Rules

ATTACK_WORDS = ("attack", "blitz", "assault", "invade", "battle")
MOVE_WORDS = ("fortify", "move", "manoeuvre", "maneuver", "march", "transfer", "shift")
MAX_CHOICES = 4000  # score at most this many actions (a sample of the rest)
MORE_IS_BETTER = ("roll", "defend", "occupy", "move", "dice", "garrison")  # a lone number: the more the better
RETREAT_WORDS = ("retreat", "withdraw", "break_off")
CARD_PLAYS = {"general": 0.5, "marshal": 0.5, "reinforce": 0.45, "reveal": 0.35, "block": 0.4, "admiral": 0.2,
              "spy": 0.15, "diplomat": 0.1, "allow": 0.2, "discard": 0.2}


class GenericPlayer:
    noise = {"easy": 0.5, "normal": 0.3, "hard": 0.05}  # random spread added to each score, by level
    def __init__(self, level: str = "normal", seed: int = 0):
        self.level = level
        self.rng = random.Random(seed)
        self._turn: object = None
        self._acted = 0
        self._front_key: tuple[list[int], int, list[bool]] | None = None

    def choose(self, rules: Rules, view: State, seat: int) -> Action:
        actions = rules.legal_actions(view)
        if not actions:
            raise RuntimeError("no legal action for the computer player")
        if len(actions) == 1:
            return actions[0]
        actions = self.allowed(rules, view, seat, actions) or actions
        if len(actions) == 1:
            return actions[0]
        turn = (view.get("turn"), view.get("phase"))
        if turn != self._turn:
            self._turn, self._acted = turn, 0
        self._acted += 1
        if len(actions) > MAX_CHOICES:
            actions = self.rng.sample(actions, MAX_CHOICES) + [a for a in actions if a.kind in END_KINDS]
        info = board_info(rules.board)
        scored = [(self.score(info, view, seat, a), i, a) for i, a in enumerate(actions)]
        if self.level == "easy" and self.rng.random() < 0.5:
            good = [a for s, _, a in scored if s > 0.0] or [a for _, _, a in scored]
            for _ in range(8):
                a = self.rng.choice(good)
                if is_legal(rules, view, a):
                    return a
            return good[0]
        noise = self.noise.get(self.level, 0.05)
        scored.sort(key=lambda x: (x[0] + noise * self.rng.random(), -x[1]), reverse=True)
        for _, _, a in scored[:8]:  # the best the rulebook really accepts
            if is_legal(rules, view, a):
                return a
        return scored[0][2]

    def ranked(self, rules: Rules, view: State, seat: int, actions: list[Action]) -> list[Action]:
        """`actions` this player would consider, best first by its score without noise (the search's
        candidates); counts as one decision of the phase, as choose() does."""
        actions = self.allowed(rules, view, seat, actions) or actions
        turn = (view.get("turn"), view.get("phase"))
        if turn != self._turn:
            self._turn, self._acted = turn, 0
        self._acted += 1
        info = board_info(rules.board)
        scored = sorted(((self.score(info, view, seat, a), -i, a) for i, a in enumerate(actions)),
                        key=lambda x: (x[0], x[1]), reverse=True)
        return [a for _, _, a in scored]

    def allowed(self, rules: Rules, view: State, seat: int, actions: list[Action]) -> list[Action]:
        """The actions this player would consider at all (a rulebook's player drops the ones its plan
        forbids; an empty list means no opinion)."""
        return actions

    # ------------------------------------------------------------------ scoring by shape
    def score(self, info: BoardInfo, view: State, p: int, a: Action) -> float:
        kind = a.kind
        end, retreat, more = _kind_words(kind)
        if end:
            # ending gets likelier the more this phase has already done
            return 0.0 + 0.02 * self._acted
        owner: list[int] = view.get("owner") or []
        armies: list[int] = view.get("armies") or []
        terrs, nums = _arg_shape(info, a.args)
        if retreat:
            return 0.3 + 2.0 * (0.45 - self._fight_chance(view, armies))
        if not terrs and kind in CARD_PLAYS:
            return CARD_PLAYS[kind]
        if not terrs and nums and more:
            return 0.3 + 0.1 * max(nums)
        if not terrs or not owner:
            return 0.1 + 0.1 * self.rng.random()
        if len(terrs) >= 2:
            mine = [x for x in terrs if owner[x] == p]
            theirs = [x for x in terrs if owner[x] not in (p, -1)]
            if theirs and mine:  # an attack, whatever order the rulebook writes it in
                t = theirs[0]
                force = sum(max(armies[f] - 1, 0) for f in mine)
                chance = win_chance(force, max(armies[t], 1))
                region_bonus = 0.3 * info.region_value[info.region_of[t]]
                return (chance - 0.55) * 2.0 + region_bonus
            if len(mine) >= 2:
                return self._move_score(info, owner, armies, p, mine[0], mine[1], nums)
            if mine and owner[terrs[1]] == -1:  # moving into an empty territory takes it
                return 0.4
            return 0.05
        t = terrs[0]
        if owner[t] == -1:
            r = info.region_of[t]
            held = sum(1 for u in info.members[r] if owner[u] == p)
            return 0.5 + info.region_value[r] + 0.1 * held
        if owner[t] == p:
            danger = sum(armies[u] for u in info.adj[t] if owner[u] not in (p, -1))
            size = max(nums) if nums else 1
            return 0.3 + 0.02 * danger / (armies[t] + 1) + 0.001 * size
        return 0.05

    def _fight_chance(self, view: State, armies: list[int]) -> float:
        """Chance to win the fight under way, when the state names it (a dict with 'from' and 'to')."""
        for key in ("attack", "battle", "pending"):
            fight = view.get(key)
            if isinstance(fight, dict) and isinstance(fight.get("from"), int) and isinstance(fight.get("to"), int):
                att = fight.get("ship") if fight.get("admiral") else armies[fight["from"]] - 1
                return win_chance(max(int(att or 0), 0), max(armies[fight["to"]], 1))
        return 0.5

    def _move_score(self, info: BoardInfo, owner: list[int], armies: list[int], p: int, f: int, t: int,
                    nums: tuple[int, ...]) -> float:
        front = self._front_of(info, owner, p)
        n = max(nums) if nums else 1
        if not front[f] and front[t]:
            return 0.2 + 0.01 * n
        return -0.1

    def _front_of(self, info: BoardInfo, owner: list[int], p: int) -> list[bool]:
        """Per territory: has it a neighbour p does not hold. Worked out once per owner list and seat (states
        never change a list in place, and the key holds the list, so the same list means the same owners)."""
        key = self._front_key
        if key is not None and key[0] is owner and key[1] == p:
            return key[2]
        adj = info.adj
        front = [any(owner[u] != p for u in adj[t]) for t in range(len(owner))]
        self._front_key = (owner, p, front)
        return front


@cache
def _kind_words(kind: str) -> tuple[bool, bool, bool]:
    """(ends the phase, is a retreat, a lone number in it is better bigger) for an action kind."""
    return (kind in END_KINDS, any(w in kind for w in RETREAT_WORDS), any(w in kind for w in MORE_IS_BETTER))


@lru_cache(maxsize=1 << 16)
def _arg_shape(info: BoardInfo, args: tuple[Any, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """An action's territory arguments (as indices) and its number arguments, in order."""
    index = info.index
    return (tuple(index[x] for x in args if isinstance(x, str) and x in index),
            tuple(x for x in args if isinstance(x, int)))
