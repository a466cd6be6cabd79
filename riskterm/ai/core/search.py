"""One search over legal actions, the hard level of every rulebook that offers a search profile.

At each decision worth searching (`Profile.phases`), the candidates are the rulebook heuristic's best `k`
actions (its own scoring prunes the tree with its knowledge) and ending the phase. Each candidate is applied
by the rules to a *determinized copy of the seat's view*: the view with a random stream drawn from the
player's own seeded generator (the view has none; the real stream is never read). The dice of the step are
then played out as the rulebook's heuristic players would play them (the seat's own follow-ups, the
defender's answers) until the seat is back at a decision of the same phase, the turn passes or `max_steps`
run out, and the result is scored by the rulebook's evaluator `evaluate(rules, state, seat) -> float`. The
same `samples` streams serve every candidate (common random numbers: candidates differ by what they do, not
by their luck); the best mean wins, the heuristic's own order breaking ties, and another candidate must beat
the heuristic's first by the profile's `margin` (a few samples are noisy: the luckiest candidate is not the
best). Stacks past `max_armies` on the board leave the decision to the heuristic (seconds of play-outs).

The budget is counted in work (candidates x samples x steps), so a seed gives the same game on any machine and
at any load; `max_seconds`, off by default, would cut the candidates left past a time (the heuristic's first is
always looked at), but a clock makes games depend on the machine's load: one hard game in six came out
differently at load 10 with a 0.4 s cap."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from riskterm.ai.core.generic import Heuristic
from riskterm.ai.core.guard import fallback_action, is_legal
from riskterm.engine.actions import Action
from riskterm.engine.state import State
from riskterm.errors import RiskError
from riskterm.rules.base import Rules
from riskterm.rules.headless import advance, several_actions
from riskterm.rules.headless import quiet as make_quiet

Evaluate = Callable[[Rules, State, int], float]
MASK64 = (1 << 64) - 1
# What a play-out may meet on a determinized view and take as "no opinion" (the first step) or its end: a rule
# refusing (IllegalActionError, any RiskError) or a hidden '?' card the rules cannot look up (KeyError,
# IndexError). Anything else is a bug and reaches the guard (which falls back and counts it) instead of
# silently skewing the search. None was seen in 21 hard games of two rulebooks (tests/ai/test_search.py).
PLAYOUT_ERRORS = (RiskError, LookupError)
THIN = 1000  # legal actions past which the ranking sees only a few counts per shape (thinned)


@dataclass(frozen=True)
class Profile:
    """How a rulebook is searched: its evaluator and where and how widely to look."""

    evaluate: Evaluate
    phases: frozenset[str]  # phases whose decisions are searched (the others: the heuristic alone)
    k: int = 4  # heuristic candidates (plus ending the phase)
    samples: int = 4  # chance outcomes per candidate
    max_steps: int = 40  # actions played out after a candidate
    round_steps: int = 600  # the same, for a play-out through the others' turns ("round" horizon)
    max_seconds: float | None = None  # a time cap per decision (None: the work budget alone, reproducible)
    # how the phase may be ended (evaluated as the state stands: ending hands over, nothing to play out)
    end_kinds: tuple[str, ...] | None = None  # None: the rulebook's own (Rules.headless.end_kinds)
    # when set, only decisions whose heuristic choice is of these kinds are searched, among actions of these
    # kinds (placements: the evaluator judges where armies stand better than whether to fight)
    kinds: frozenset[str] | None = None
    # how far a candidate is played out: "step" (until the seat is back at a decision of this phase), "turn"
    # (the rest of the seat's turn by its heuristic: every candidate judged at the same point) or "round" (on
    # through the others' turns, played by the normal heuristics, to the seat's next turn)
    horizon: str = "step"
    # what another candidate's mean must beat the heuristic's first choice by (in the evaluator's armies): a
    # few samples of dice are noisy, and picking whichever candidate had the luckiest dice played worse
    # than the heuristic alone
    margin: float = 0.0
    # past this many armies on the board the heuristic alone decides (None: always search): stacks in the
    # hundreds make every play-out solve fights beyond the odds table, seconds per decision
    max_armies: int | None = None

    def ends(self, rules: Rules) -> tuple[str, ...]:
        return self.end_kinds if self.end_kinds is not None else rules.headless.end_kinds


class SearchPlayer:
    """The hard computer player of every rulebook: `base` is the rulebook's heuristic at hard (candidates,
    and every decision outside `profile.phases`); `make_policy(level, seed)` makes the heuristic players
    that play out a candidate's consequences (hard for the seat itself, normal for the others)."""

    verified = True  # every action it returns has been checked legal on the view

    def __init__(
        self,
        base: Heuristic,
        make_policy: Callable[[str, int], Heuristic],
        profile: Profile,
        seed: int = 0,
        level: str = "hard",
    ):
        self.level = level
        self.base = base
        self.profile = profile
        self.rng = random.Random(seed ^ 0x5EA2C4)
        self._make_policy = make_policy
        self._policies: dict[int, Heuristic] = {}
        self._quiets: dict[int, tuple[Rules, Rules]] = {}
        self._seed = seed
        self._rolled = True  # whether the last outcome() read the random stream
        self.clock: Callable[[], float] = time.perf_counter
        self.last: list[tuple[Action, float]] = []  # the candidates of the last search and their means

    # ------------------------------------------------------------------ the decision
    def choose(self, rules: Rules, view: State, seat: int) -> Action:
        unsearched = view.get("phase") not in self.profile.phases or not self.base.searched(view)
        if unsearched and several_actions(rules, view):  # a choice for the heuristic, known without the list
            return self._checked(rules, view, self.base.choose(rules, view, seat))
        actions = rules.legal_actions(view)
        if not actions:
            raise RuntimeError("no legal action for the computer player")
        if len(actions) == 1:  # forced: the heuristic is not asked (it would draw from its rng)
            return self._checked(rules, view, actions[0])
        big = self.profile.max_armies
        if unsearched or (big is not None and sum(view.get("armies") or ()) > big):
            return self._checked(rules, view, self.base.choose(rules, view, seat))
        cands = self.candidates(rules, view, seat, actions)
        kinds = self.profile.kinds
        if kinds is not None:
            if cands[0].kind not in kinds:
                return cands[0]
            cands = [a for a in cands if a.kind in kinds]
        if len(cands) == 1:
            return cands[0]
        return self.search(rules, view, seat, cands)

    def _checked(self, rules: Rules, view: State, a: Action) -> Action:
        if is_legal(rules, view, a):
            return a
        return fallback_action(rules, view)

    def candidates(self, rules: Rules, view: State, seat: int, actions: list[Action]) -> list[Action]:
        """The heuristic's best k legal actions, then a way to end the phase."""
        ranked = self.base.ranked(rules, view, seat, thinned(actions))
        out: list[Action] = []
        shapes: set[tuple[object, ...]] = set()
        kinds = self.profile.kinds
        for a in ranked:  # one per shape (kind and territories), the heuristic's own number for it
            if len(out) >= self.profile.k:
                break
            if out and kinds is not None and a.kind not in kinds:
                continue
            shape = _shape(a)
            if shape not in shapes and is_legal(rules, view, a):
                out.append(a)
                shapes.add(shape)
        if len(shapes) == 1 and len(out) == 1:  # only the numbers differ: the least, the most and between
            same = sorted((a for a in ranked if _shape(a) == shape), key=_number)  # what the heuristic allows
            for a in (same[0], same[-1], same[len(same) // 2]):
                if a not in out and len(out) < self.profile.k and is_legal(rules, view, a):
                    out.append(a)
        end_kinds = self.profile.ends(rules)
        ends = {a.kind: a for a in actions if a.kind in end_kinds}
        for kind in end_kinds:
            end = ends.get(kind)
            if end is not None:
                if end not in out and is_legal(rules, view, end):
                    out.append(end)
                break
        return out or [self._checked(rules, view, actions[0])]

    def search(self, rules: Rules, view: State, seat: int, cands: list[Action]) -> Action:
        prof = self.profile
        streams = [self.rng.getrandbits(64) for _ in range(prof.samples)]
        deadline = None if prof.max_seconds is None else self.clock() + prof.max_seconds
        results: list[tuple[float, int, Action]] = []
        for i, a in enumerate(cands):
            if i and deadline is not None and self.clock() > deadline:
                break
            # ending: no dice before the next turn (unless the play-out goes on through the others' turns)
            if a.kind in prof.ends(rules) and self._horizon(view) != "round":
                value = self.outcome(rules, view, seat, a, streams[0])
                if value is None:
                    value = prof.evaluate(rules, view, seat)
            else:
                vals = []
                for st in streams:
                    v = self.outcome(rules, view, seat, a, st)
                    if v is not None:
                        vals.append(v)
                    if not self._rolled:  # no dice were read: every stream gives this
                        break
                if not vals:
                    continue
                value = sum(vals) / len(vals)
            results.append((value + (prof.margin if i == 0 else 0.0), -i, a))
        self.last = [(a, v) for v, _, a in results]
        if not results:
            return cands[0]
        return max(results, key=lambda r: (r[0], r[1]))[2]

    # ------------------------------------------------------------------ one sample
    def outcome(self, rules: Rules, view: State, seat: int, a: Action, stream: int) -> float | None:
        """The evaluator's score after `a` and its dice, played out on a determinized copy of the view."""
        stream &= MASK64
        s = dict(self.base.determinized(rules, view, seat, stream))
        s["rng"] = stream
        self._rolled = True
        # states only (no events, no Transition): the quiet() copy gives the same states as apply(); each
        # action is still checked (why_illegal), as apply() would, so an illegal one ends the play-out the same
        quiet = self._quiet(rules)
        try:
            if rules.why_illegal(s, a) is not None:
                return None
            s = advance(quiet, s, a)
        except PLAYOUT_ERRORS:  # the view lacks what the step needs (a hidden card): no opinion on it
            return None
        phase, turn = view.get("phase"), view.get("turn")
        horizon = self._horizon(view)
        step = horizon == "step"
        # "round": on through the others' turns (the normal heuristics play them) to the seat's next turn
        turns = sum(1 for pl in view.get("players") or [] if not pl.get("out")) if horizon == "round" else 1
        ends = self.profile.ends(rules)
        for _ in range(self.profile.round_steps if horizon == "round" else self.profile.max_steps):
            if s.get("winner") is not None or s.get("draw") or (s.get("turn") or 0) - (turn or 0) >= turns:
                break
            actor = rules.actor(s)
            if actor is None or (step and actor == seat and s.get("phase") == phase):
                break
            try:
                policy = self.policy(actor, seat)
                b = policy.choose(rules, s, actor)
                if step and actor == seat and b.kind in ends:
                    break
                # a `verified` policy (read right after its choose, as the guard does) checked b itself
                if not getattr(policy, "verified", False) and rules.why_illegal(s, b) is not None:
                    break
                s = advance(quiet, s, b)
            except PLAYOUT_ERRORS:  # as above: the determinized view lacks something the step needs
                break
        self._rolled = s.get("rng") != stream
        return self.profile.evaluate(rules, s, seat)

    def _horizon(self, view: State) -> str:
        return self.base.horizon(view) or self.profile.horizon

    def _quiet(self, rules: Rules) -> Rules:
        """The quiet() copy of `rules`, made once (rules objects are immutable: keyed by identity)."""
        q = self._quiets.get(id(rules))
        if q is None or q[0] is not rules:
            q = self._quiets[id(rules)] = (rules, make_quiet(rules))
        return q[1]

    def policy(self, actor: int, seat: int) -> Heuristic:
        p = self._policies.get(actor)
        if p is None:
            level = "hard" if actor == seat else "normal"
            p = self._policies[actor] = self._make_policy(
                level, (self._seed * 31 + actor * 7 + 3) & 0x7FFFFFFF
            )
        return p


def thinned(actions: list[Action], most: int = THIN) -> list[Action]:
    """Past `most` actions (a late game's reserve of hundreds, each count on each territory), only the least,
    the middle and the most count of each shape naming a territory, in list order: the ranking scores a
    shape's counts linearly (its best is the least or the most), and scoring thousands cost a second."""
    if len(actions) <= most:
        return actions
    runs: dict[tuple[object, ...], list[int]] = {}
    for i, a in enumerate(actions):
        runs.setdefault(_shape(a), []).append(i)
    keep: set[int] = set()
    for shape, run in runs.items():
        if len(shape) == 1 or len(run) <= 3:
            keep.update(run)
            continue
        by_number = sorted(run, key=lambda i: _number(actions[i]))
        keep.update((by_number[0], by_number[len(run) // 2], by_number[-1]))
    return [a for i, a in enumerate(actions) if i in keep]


def _shape(a: Action) -> tuple[object, ...]:
    return (a.kind, *(x for x in a.args if not isinstance(x, int)))


def _number(a: Action) -> int:
    return sum(x for x in a.args if isinstance(x, int))
