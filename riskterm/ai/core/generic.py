"""A computer player for any rulebook, working only from its legal actions and the common state keys
(`owner`, `armies`, `current`): it reads each action's shape (territory and number arguments) and scores it.

Easy picks among the plausible actions at random; normal and hard score attacks by the exact odds, place on
threatened borders, move idle armies to the front and end the turn when nothing is worth doing. Rulebooks
with their own computer players (riskterm.ai.<name>, see riskterm.ai) build on it."""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache

from riskterm.ai.core.board_info import ODDS_SIZE, BoardInfo, board_info, win_chance, win_row
from riskterm.ai.core.guard import is_legal
from riskterm.engine.actions import Action, Arg, flatten
from riskterm.engine.state import State
from riskterm.rules.base import Rules
from riskterm.rules.headless import legal_groups

MAX_CHOICES = 4000  # score at most this many actions (a sample of the rest)
MOVE_ON, MOVE_BACK = (0.2, 0.01), (-0.1, 0.0)  # _move_score: behind the front to it (per army moved), else


@dataclass(frozen=True, eq=False)  # (hashed by identity: a cache key on the hot path)
class ShapeWords:
    """A rulebook's words for the generic reading of its actions: the kinds whose lone number is the better the
    bigger (`more`), its retreats (`retreats`), the state keys naming a fight under way as a dict with 'from'
    and 'to' territories (`fights`, in the order asked) and its card plays' scores (`cards`: actions naming
    no territory)."""

    more: frozenset[str] = frozenset()
    retreats: frozenset[str] = frozenset()
    fights: tuple[str, ...] = ()
    cards: Mapping[str, float] = field(default_factory=dict)
    ends: frozenset[str] = frozenset()  # the kinds that end a phase (the rulebook's Rules.headless.end_kinds)


class Heuristic:
    """A rulebook's heuristic player, the one pattern of every level: it plays easy and normal, and hard too
    (alone, or as the search's candidates and play-outs). `ranked` gives the search its candidates, best
    first; a heuristic that picks one action without scoring the others offers its pick, then the actions as
    the generic reading of their shapes ranks them."""

    level: str
    seed: int
    words = ShapeWords()  # the rulebook's words (its package's player sets them)
    # whether the last action chosen was checked legal on its view (read by TurnGuard right after choose)
    verified: bool = False
    # whether it reads nothing a view hides, so the guard may hand it the state itself (no view's copy)
    view_free: bool = False
    _shapes: GenericPlayer | None = None

    def choose(self, rules: Rules, view: State, seat: int) -> Action:
        raise NotImplementedError

    def standing_answers(self, rules: Rules, view: State, seat: int) -> frozenset[str]:
        """Which of rules.headless.standing_answers this player gives for the whole game starting at `view` (none by
        default): each must be exactly what choose() would answer at every step that asks it."""
        return frozenset()

    def searched(self, view: State) -> bool:
        """Whether the search (hard) looks at this decision of a phase its profile searches: a heuristic whose
        own plan should decide some of them answers False there."""
        return True

    def determinized(self, rules: Rules, view: State, seat: int, stream: int) -> State:
        """The view with what it hides filled in as this player believes it may be, one sample drawn from
        `stream` (the search plays its play-outs on it); the view itself by default."""
        return view

    def horizon(self, view: State) -> str | None:
        """How far the search plays a candidate out at this decision (Profile.horizon); None: the profile's."""
        return None

    def answers_as(self, base: type, *methods: str) -> bool:
        """Whether this player's class answers with `base`'s own `methods` (a subclass overriding one of them
        answers otherwise, so a standing answer read from them is not its answer)."""
        mine = type(self)
        return all(getattr(mine, name) is getattr(base, name) for name in methods)

    def ranked(self, rules: Rules, view: State, seat: int, actions: list[Action]) -> list[Action]:
        """This player's pick, then `actions` as the generic reading of their shapes ranks them."""
        if self._shapes is None:
            self._shapes = GenericPlayer("hard", self.seed, self.words)
        return [self.choose(rules, view, seat), *self._shapes.ranked(rules, view, seat, actions)]


class GenericPlayer(Heuristic):
    noise = {"easy": 0.5, "normal": 0.3, "hard": 0.05}  # random spread added to each score, by level
    # Easy scores an action by its shape alone (this class's score: kind, territories, largest number) and
    # allowed() drops nothing at easy: then easy chooses from the rulebook's groups of actions
    # (_choose_grouped). A subclass that scores or filters easy's actions otherwise sets this False.
    easy_by_shape = True

    def __init__(self, level: str = "normal", seed: int = 0, words: ShapeWords | None = None):
        self.level, self.seed = level, seed
        if words is not None:
            self.words = words
        self.rng = random.Random(seed)
        self._turn: object = None
        self._acted = 0
        self._front_key: tuple[list[int], int, list[bool]] | None = None
        self.verified = False  # whether the last action chosen was checked legal on its view (TurnGuard)
        # easy reads nothing a view hides (the acting seat's legal actions and the board): the guard may hand
        # it the state itself, sparing the view's copy (tests/ai/test_trusted_path.py)
        self.view_free = level == "easy"

    def choose(self, rules: Rules, view: State, seat: int) -> Action:
        self.verified = False  # (True once the action to return has been checked legal: see TurnGuard)
        if self.level == "easy" and self.easy_by_shape:
            return self._choose_grouped(rules, view, seat)
        actions = rules.legal_actions(view)
        if not actions:
            raise RuntimeError("no legal action for the computer player")
        if len(actions) == 1:
            return actions[0]
        actions = self.allowed(rules, view, seat, actions) or actions
        if len(actions) == 1:
            return actions[0]
        self._count_act(view)
        return self._pick(rules, view, seat, actions)

    def _count_act(self, view: State) -> None:
        turn = (view.get("turn"), view.get("phase"))
        if turn != self._turn:
            self._turn, self._acted = turn, 0
        self._acted += 1

    def _pick(self, rules: Rules, view: State, seat: int, actions: list[Action]) -> Action:
        if len(actions) > MAX_CHOICES:
            actions = self.rng.sample(actions, MAX_CHOICES) + [
                a for a in actions if a.kind in rules.headless.end_kinds
            ]
        info = board_info(rules.board)
        scores = [self.score(info, view, seat, a) for a in actions]
        return self._decide(rules, view, scores, actions.__getitem__)

    def _decide(
        self, rules: Rules, view: State, scores: list[float], action: Callable[[int], Action]
    ) -> Action:
        """The choice among actions 0..n-1 (action(i) builds the i-th) with these scores: easy half the time
        a random one of those scoring above 0, else the best by score plus noise that the rulebook accepts."""
        if self.level == "easy" and self.rng.random() < 0.5:
            good = [i for i, s in enumerate(scores) if s > 0.0] or range(len(scores))
            for _ in range(8):
                a = action(self.rng.choice(good))
                if is_legal(rules, view, a):
                    self.verified = True
                    return a
            return action(good[0])
        noise = self.noise.get(self.level, 0.05)
        rnd = self.rng.random
        keys = [s + noise * rnd() for s in scores]  # one draw per action, in order (as a sort key would)
        best = keys.index(max(keys))  # the first of equal keys
        a = action(best)
        if is_legal(rules, view, a):
            self.verified = True
            return a
        order = sorted(range(len(keys)), key=lambda i: (keys[i], -i), reverse=True)
        for i in order[1:8]:  # the best the rulebook really accepts
            a = action(i)
            if is_legal(rules, view, a):
                self.verified = True
                return a
        return action(best)

    def _choose_grouped(self, rules: Rules, view: State, seat: int) -> Action:
        """choose() from the rulebook's groups of actions (Rules.legal_groups): the same choice from the same
        draws, but an Action is built only for the one chosen, and a group's actions are scored by its kind
        and territories once (they differ only by their largest number, see _shape)."""
        groups = legal_groups(rules, view)
        starts: list[int] = []
        n = 0
        for g in groups:
            starts.append(n)
            n += len(g.tails)
        if not n:
            raise RuntimeError("no legal action for the computer player")

        def action(i: int) -> Action:
            g = groups[bisect_right(starts, i) - 1]
            return Action(g.kind, g.head + g.tails[i - starts[bisect_right(starts, i) - 1]])

        if n == 1:
            return action(0)
        self._count_act(view)
        if n > MAX_CHOICES:
            return self._pick(rules, view, seat, flatten(groups))
        info = board_info(rules.board)
        owner: list[int] = view.get("owner") or []
        scores: list[float] = []
        maxes: dict[int, list[int]] = {}  # largest number of each tail, per tails sequence (shared by groups)
        shape = self._shape
        for kind, head, tails in groups:
            terrs, nums, by_shape = _head_shape(info, self.words, kind, head)
            if not by_shape or not owner:
                scores += [self.score(info, view, seat, Action(kind, head + tail)) for tail in tails]
                continue
            base, slope = shape(info, view, seat, owner, terrs)
            if not slope:
                scores += [base] * len(tails)
            elif len(tails) == 1:
                scores.append(base + slope * max((*nums, *tails[0]), default=1))
            else:
                top = maxes.get(id(tails))
                if top is None:
                    top = maxes[id(tails)] = [max(tail, default=1) for tail in tails]
                if nums:
                    top = [max(m, *nums) if tail else max(nums) for m, tail in zip(top, tails, strict=True)]
                scores += [base + slope * m for m in top]
        return self._decide(rules, view, scores, action)

    def ranked(self, rules: Rules, view: State, seat: int, actions: list[Action]) -> list[Action]:
        """`actions` this player would consider, best first by its score without noise (the search's
        candidates); counts as one decision of the phase, as choose() does."""
        actions = self.allowed(rules, view, seat, actions) or actions
        self._count_act(view)
        info = board_info(rules.board)
        owner: list[int] = view.get("owner") or []
        shapes: dict[
            tuple[int, ...], tuple[float, float]
        ] = {}  # _shape per territories (the kind does not matter)
        scores: list[float] = []
        score, append, known = self.score, scores.append, shapes.get
        if (
            type(self).score is not GenericPlayer.score or not owner
        ):  # a rulebook's score(): asked for every action
            scores = [score(info, view, seat, a) for a in actions]
        else:
            for a in (
                actions
            ):  # score(a), each territories' shape worked out once (_shape draws nothing from the rng)
                terrs, most, by_shape = _ranked_shape(info, self.words, a.kind, a.args)
                if not by_shape:
                    append(score(info, view, seat, a))
                    continue
                bs = known(terrs)
                if bs is None:
                    bs = shapes[terrs] = self._shape(info, view, seat, owner, terrs)
                base, slope = bs
                append(base + slope * most if slope else base)
        # best first, equal scores in list order (a reversed sort keeps equal keys in their order: stable)
        order = sorted(range(len(actions)), key=scores.__getitem__, reverse=True)
        return [actions[i] for i in order]

    def allowed(self, rules: Rules, view: State, seat: int, actions: list[Action]) -> list[Action]:
        """The actions this player would consider at all (a rulebook's player drops the ones its plan
        forbids; an empty list means no opinion)."""
        return actions

    # ------------------------------------------------------------------ scoring by shape
    def score(self, info: BoardInfo, view: State, p: int, a: Action) -> float:
        kind = a.kind
        words = self.words
        end, retreat, more = _kind_words(words, kind)
        if end:
            # ending gets likelier the more this phase has already done
            return 0.0 + 0.02 * self._acted
        owner: list[int] = view.get("owner") or []
        armies: list[int] = view.get("armies") or []
        terrs, nums = _arg_shape(info, a.args)
        if retreat:
            return 0.3 + 2.0 * (0.45 - self._fight_chance(view, armies))
        if not terrs and kind in words.cards:
            return words.cards[kind]
        if not terrs and nums and more:
            return 0.3 + 0.1 * max(nums)
        if not terrs or not owner:
            return 0.1 + 0.1 * self.rng.random()
        base, slope = self._shape(info, view, p, owner, terrs)
        if not slope:
            return base
        return base + slope * (max(nums) if nums else 1)

    def _shape(
        self, info: BoardInfo, view: State, p: int, owner: list[int], terrs: tuple[int, ...]
    ) -> tuple[float, float]:
        """The score of an action on these territories (not an end or a retreat) as base + slope * its largest
        number (1 when it has none): the kind does not matter, nor do the numbers otherwise, which lets
        _choose_grouped score a group of actions at once. Draws nothing from the rng."""
        n = len(terrs)
        armies: list[int] = view.get("armies") or []
        if n == 2 and owner[terrs[0]] == p:  # the commonest pairs: as below, but sooner
            b = terrs[1]
            if owner[b] == p:  # a move
                return self._move_score(info, owner, p, terrs[0], b)
            if owner[b] == -1:  # into an empty territory
                return 0.4, 0.0
            return _attack_shape(info, armies, b, max(armies[terrs[0]] - 1, 0))
        if n >= 2:
            mine = [x for x in terrs if owner[x] == p]
            theirs = [x for x in terrs if owner[x] not in (p, -1)]
            if theirs and mine:  # an attack, whatever order the rulebook writes it in
                return _attack_shape(info, armies, theirs[0], sum(max(armies[f] - 1, 0) for f in mine))
            if len(mine) >= 2:
                return self._move_score(info, owner, p, mine[0], mine[1])
            if mine and owner[terrs[1]] == -1:  # moving into an empty territory takes it
                return 0.4, 0.0
            return 0.05, 0.0
        t = terrs[0]
        if owner[t] == -1:
            r = info.region_of[t]
            held = sum(1 for u in info.members[r] if owner[u] == p)
            return 0.5 + info.region_value[r] + 0.1 * held, 0.0
        if owner[t] == p:
            danger = sum(armies[u] for u in info.adj[t] if owner[u] not in (p, -1))
            return 0.3 + 0.02 * danger / (armies[t] + 1), 0.001
        return 0.05, 0.0

    def _fight_chance(self, view: State, armies: list[int]) -> float:
        """Chance to win the fight under way, when the state names it (a dict with 'from' and 'to')."""
        for key in self.words.fights:
            fight = view.get(key)
            if (
                isinstance(fight, dict)
                and isinstance(fight.get("from"), int)
                and isinstance(fight.get("to"), int)
            ):
                att = self._attackers(fight, armies)
                return win_chance(max(int(att or 0), 0), max(armies[fight["to"]], 1))
        return 0.5

    def _attackers(self, fight: Mapping[str, int], armies: list[int]) -> int | None:
        """The armies that may still attack in the fight under way."""
        return armies[fight["from"]] - 1

    def _move_score(self, info: BoardInfo, owner: list[int], p: int, f: int, t: int) -> tuple[float, float]:
        """A move from f to t (both ours): worth it from behind the front to the front, more the more goes."""
        front = self._front_of(info, owner, p)
        if not front[f] and front[t]:
            return MOVE_ON
        return MOVE_BACK

    def _move_shapes(
        self, info: BoardInfo, owner: list[int], p: int, f: int, targets: list[int]
    ) -> list[tuple[float, float]]:
        """_move_score(info, owner, p, f, t) for each t (the same rule), the front flags read once."""
        front = self._front_of(info, owner, p)
        if front[f]:
            return [MOVE_BACK] * len(targets)
        return [MOVE_ON if front[t] else MOVE_BACK for t in targets]

    def _front_of(self, info: BoardInfo, owner: list[int], p: int) -> list[bool]:
        """Per territory: has it a neighbour p does not hold. Worked out once per owners and seat (states never
        change a list in place, so the key holds the list; a later step's list with the same owners, as after
        a move, gives the same answer)."""
        key = self._front_key
        if key is not None and key[1] == p and (key[0] is owner or key[0] == owner):
            return key[2]
        mine = {t for t, o in enumerate(owner) if o == p}
        front = [not a <= mine for a in info.board.adj]  # a neighbour not in `mine` (adj: frozensets)
        self._front_key = (owner, p, front)
        return front


def _attack_shape(info: BoardInfo, armies: list[int], t: int, force: int) -> tuple[float, float]:
    """An attack on t with `force` armies able to attack: its chance, and t's region."""
    chance = win_chance(force, max(armies[t], 1))
    region_bonus = 0.3 * info.region_value[info.region_of[t]]
    return (chance - 0.55) * 2.0 + region_bonus, 0.0


def attack_bases(info: BoardInfo, armies: list[int], force: int, targets: list[int]) -> list[float]:
    """_attack_shape(info, armies, t, force)[0] for each t (the same floats): one source's attacks at once."""
    rv, rof = info.region_value, info.region_of
    row = win_row(force)  # (win_chance's own table row, when the stack is inside it)
    if row is not None and all(armies[t] <= ODDS_SIZE for t in targets):
        return [(row[max(armies[t], 1)] - 0.55) * 2.0 + 0.3 * rv[rof[t]] for t in targets]
    return [_attack_shape(info, armies, t, force)[0] for t in targets]


@cache
def _kind_words(words: ShapeWords, kind: str) -> tuple[bool, bool, bool]:
    """(ends the phase, is a retreat, a lone number in it is better bigger) for an action kind."""
    return kind in words.ends, kind in words.retreats, kind in words.more


@lru_cache(maxsize=1 << 16)
def _head_shape(
    info: BoardInfo, words: ShapeWords, kind: str, head: tuple[Arg, ...]
) -> tuple[tuple[int, ...], tuple[int, ...], bool]:
    """A group's territories and numbers (its head's), and whether score() reads them through _shape (it
    names territories and is no end or retreat)."""
    terrs, nums = _arg_shape(info, head)
    end, retreat, _ = _kind_words(words, kind)
    return terrs, nums, bool(terrs) and not end and not retreat


@lru_cache(maxsize=1 << 16)
def _ranked_shape(
    info: BoardInfo, words: ShapeWords, kind: str, args: tuple[Arg, ...]
) -> tuple[tuple[int, ...], int, bool]:
    """_head_shape with its largest number (1 for none), as ranked() reads it for every action."""
    terrs, nums, by_shape = _head_shape(info, words, kind, args)
    return terrs, max(nums) if nums else 1, by_shape


@lru_cache(maxsize=1 << 16)
def _arg_shape(info: BoardInfo, args: tuple[Arg, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """An action's territory arguments (as indices) and its number arguments, in order."""
    index = info.index
    return (
        tuple(index[x] for x in args if isinstance(x, str) and x in index),
        tuple(x for x in args if isinstance(x, int)),
    )
