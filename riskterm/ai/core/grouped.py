"""Easy choosing per group of actions (a rulebook's player opts in): the same
scores as GenericPlayer's easy (by shape), but one random draw per group of actions (Rules.legal_groups)
instead of one per action, and one more inside the group chosen.

Easy's choice stays what it was in kind: half the time a uniformly random action among those scoring above 0
(one draw: a group weighs as many as its actions), else the best by score plus noise, where a group's noise
is the largest of as many uniform draws as it holds actions (drawn at once as u ** (1/k), which has that
very distribution), so a big group wins as often as before. Inside the group chosen a random number of
armies, leaning to the larger when the score grows with them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from riskterm.ai.core.board_info import board_info
from riskterm.ai.core.generic import _head_shape
from riskterm.engine.actions import Action, ActionGroup
from riskterm.engine.state import State
from riskterm.rules.base import Rules
from riskterm.rules.headless import legal_groups

if TYPE_CHECKING:
    from riskterm.ai.core.generic import GenericPlayer

LEAN = 0.1  # a group whose score spreads this much over its numbers leans to the larger numbers


def choose_by_group(player: GenericPlayer, rules: Rules, view: State, seat: int) -> Action:
    groups = legal_groups(rules, view)
    if not groups:
        raise RuntimeError("no legal action for the computer player")
    if len(groups) == 1 and len(groups[0].tails) == 1:
        g = groups[0]
        return Action(g.kind, g.head + g.tails[0])
    player._count_act(view)
    best, spread = group_scores(player, rules, view, seat, groups)
    i, r = draw(player, best, spread, [len(g.tails) for g in groups])
    g = groups[i]
    a = Action(g.kind, g.head + g.tails[r])
    player.verified = True  # one of the rules' own legal actions
    return a


def choose_by_action(player: GenericPlayer, rules: Rules, view: State, seat: int) -> Action:
    """choose_by_group for a phase whose groups are single actions (no number choices): the same scores and
    draws, from legal_actions without the groups."""
    actions = rules.legal_actions(view)
    if not actions:
        raise RuntimeError("no legal action for the computer player")
    if len(actions) == 1:
        return actions[0]
    player._count_act(view)
    info = board_info(rules.board)
    score = player.score
    i = draw_one(player, len(actions), lambda i: score(info, view, seat, actions[i]))
    player.verified = True  # one of the rules' own legal actions
    return actions[i]


TRIES = 12  # random actions random_good tries before the caller scores them all


def random_good(
    player: GenericPlayer, total: int, best_of: Callable[[int], float], size: int = 1
) -> tuple[int, int] | None:
    """draw_random's choice by rejection, for groups of `size` actions each (`total` actions in all):
    a uniformly random action, kept when its group's best score (best_of) is above 0. That has the very
    odds of draw_random (a uniform action among the groups scoring above 0) and mostly scores one group
    instead of all; None after TRIES misses (then the caller scores all and asks draw_random)."""
    rng = player.rng
    for _ in range(TRIES):
        r = rng.randrange(total)
        if best_of(r // size) > 0.0:
            return r // size, r % size
    return None


def choose_on_territories(
    player: GenericPlayer, rules: Rules, view: State, seat: int, actions: list[Action] | None = None
) -> Action:
    """choose_by_action for actions that each name one territory and at most a number after it (claim, hide,
    a set-up placing): the same scores (GenericPlayer.score reads them through _shape) and draws, worked out
    from the territory's index."""
    owner: list[int] = view.get("owner") or []
    if actions is None:  # (a list handed in is drawn from even when it holds one action, as _pick does)
        actions = rules.legal_actions(view)
        if len(actions) <= 1 or not owner:
            return choose_by_action(player, rules, view, seat)
    player._count_act(view)
    info = board_info(rules.board)
    index, shape = info.index, player._shape

    def best_of(i: int) -> float:
        a = actions[i]
        base, slope = shape(info, view, seat, owner, (index[str(a.args[0])],))
        return base + slope * (int(a.args[1]) if len(a.args) > 1 else 1) if slope else base

    i = draw_one(player, len(actions), best_of)
    player.verified = True  # one of the rules' own legal actions
    return actions[i]


def draw_one(player: GenericPlayer, n: int, score_of: Callable[[int], float]) -> int:
    """draw among n single actions (action i scoring score_of(i)): its random half by rejection
    (random_good), scoring all only when that misses or for the noisy half."""
    if player.rng.random() < 0.5:
        hit = random_good(player, n, score_of)
        return hit[0] if hit is not None else draw_random(player, [score_of(i) for i in range(n)], [1] * n)[0]
    return draw_noisy(player, [score_of(i) for i in range(n)], [0.0] * n, [1] * n)[0]


def group_scores(
    player: GenericPlayer, rules: Rules, view: State, seat: int, groups: list[ActionGroup]
) -> tuple[list[float], list[float]]:
    """Per group: the score of its best action (easy's score by shape: GenericPlayer.score), and how much
    more its largest number scores than its smallest (0 when the numbers do not matter)."""
    info = board_info(rules.board)
    owner: list[int] = view.get("owner") or []
    shape, score = player._shape, player.score
    best: list[float] = []
    spread: list[float] = []
    tops: dict[int, tuple[int, int]] = {}  # (smallest, largest) number per tails sequence (shared by groups)
    for kind, head, tails in groups:
        terrs, nums, by_shape = _head_shape(info, player.words, kind, head)
        if not by_shape or not owner:
            best.append(max(score(info, view, seat, Action(kind, head + tail)) for tail in tails))
            spread.append(0.0)
            continue
        base, slope = shape(info, view, seat, owner, terrs)
        if not slope:
            best.append(base)
            spread.append(0.0)
            continue
        span = tops.get(id(tails))
        if span is None:
            ms = [max(tail, default=1) for tail in tails]
            span = tops[id(tails)] = (min(ms), max(ms))
        lo, hi = (max(span[0], *nums), max(span[1], *nums)) if nums else span
        best.append(base + slope * hi)
        spread.append(slope * (hi - lo))
    return best, spread


def draw(player: GenericPlayer, best: list[float], spread: list[float], sizes: list[int]) -> tuple[int, int]:
    """Easy's choice among groups of `sizes` actions with these best scores and spreads: (the group, the
    action inside it, counted from its smallest number). Half the time draw_random, else draw_noisy."""
    if player.rng.random() < 0.5:
        return draw_random(player, best, sizes)
    return draw_noisy(player, best, spread, sizes)


def draw_random(player: GenericPlayer, best: list[float], sizes: list[int]) -> tuple[int, int]:
    """A uniformly random action among those of the groups scoring above 0 (of all, when none does)."""
    good = [i for i, b in enumerate(best) if b > 0.0] or range(len(best))
    r = player.rng.randrange(sum(sizes[i] for i in good))
    for i in good:
        if r < sizes[i]:
            break
        r -= sizes[i]
    return i, r


def draw_noisy(
    player: GenericPlayer, best: list[float], spread: list[float], sizes: list[int]
) -> tuple[int, int]:
    """The best group by score plus noise (a group of k: the largest of k uniform draws, as u ** (1/k)), and
    a random action inside it, leaning to the larger numbers when its score spreads LEAN or more over them."""
    rng = player.rng
    noise = player.noise.get(player.level, 0.5)
    rnd = rng.random
    keys = [b + noise * (rnd() if k == 1 else rnd() ** (1.0 / k)) for b, k in zip(best, sizes, strict=True)]
    i = keys.index(max(keys))
    k = sizes[i]
    if k == 1:
        return i, 0
    return i, max(rng.randrange(k), rng.randrange(k)) if spread[i] >= LEAN else rng.randrange(k)
