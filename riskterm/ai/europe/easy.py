"""Europe easy: GenericPlayer's easy choice (_choose_grouped: its scores by shape, then _decide) worked out per
group of actions instead of per action, with the same scores, the same random draws in the same order and so
the same choice. A turn lists about 150 actions in 20 groups at each of some 700 decisions a game (up to 600
in 80 groups at a turn's first), most of them Manoeuvres whose unit mixes (a group's tails) share one
score, and the King's Orders choice some thirty actions that score by a draw each; here a group is read once,
and of its actions only the one chosen is built.

_decide's random half picks the k-th action scoring above 0 (one draw of the same size), its noisy half draws
one number per action and keeps the first best of score + noise * draw: within a group of one score the best
is its largest draw (score + noise * u grows with u), so only the group that wins is looked into action by
action. Every action returned is one of the rules' own legal actions for this very state (Rules.legal_groups),
so it is `verified` without asking why_illegal again (as RisiKo's and classic's easy); _decide would have
asked and taken the first it drew. tests/ai/test_europe_easy.py plays games beside GenericPlayer's own choice."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import repeat, starmap
from typing import cast

from riskterm.ai.core.board_info import BoardInfo, board_info
from riskterm.ai.core.generic import (
    MAX_CHOICES,
    MOVE_BACK,
    MOVE_ON,
    GenericPlayer,
    ShapeWords,
    _attack_shape,
    _head_shape,
)
from riskterm.engine.actions import Action, ActionGroup, Arg, flatten
from riskterm.engine.state import State
from riskterm.rules.base import Rules
from riskterm.rules.headless import legal_groups

Scores = float | list[float]  # a group's one score, or one per action

_TOPS: dict[
    int, tuple[object, list[int], list[float]]
] = {}  # id(tails): (tails, largest numbers, MOVE_ON scores)


def _tops(tails: Sequence[tuple[int, ...]]) -> tuple[list[int], list[float]]:
    """Each tail's largest number (1 for none), and the scores of a Manoeuvre to the front with these tails.
    A unit menu is shared by every group from one territory and the rules keep the menus they made: worked
    out once per menu (the entry holds the menu, so its id stays its own)."""
    got = _TOPS.get(id(tails))
    if got is not None and got[0] is tails:
        return got[1], got[2]
    if len(_TOPS) > 4096:
        _TOPS.clear()
    tops = [max(tail, default=1) for tail in tails]
    base, slope = MOVE_ON
    on = [base + slope * m for m in tops]
    _TOPS[id(tails)] = (tails, tops, on)
    return tops, on


def choose(player: GenericPlayer, rules: Rules, view: State, seat: int) -> Action:
    """GenericPlayer._choose_grouped(rules, view, seat), the same action from the same draws."""
    groups = legal_groups(rules, view)
    sizes = [len(g.tails) for g in groups]
    n = sum(sizes)
    if not n:
        raise RuntimeError("no legal action for the computer player")
    if n == 1:
        g = groups[0]
        player.verified = True  # one of the rules' own legal actions
        return Action(g.kind, g.head + g.tails[0])
    player._count_act(view)
    if n > MAX_CHOICES:
        return player._pick(rules, view, seat, flatten(groups))
    info = board_info(rules.board)
    if view["phase"] == "turn":
        scores = _turn_scores(player, info, view, seat, groups)
    else:
        scores = _scores(player, info, view, seat, groups)
    gi, j = _decide(player, scores, sizes, n)
    g = groups[gi]
    player.verified = True  # one of the rules' own legal actions
    return Action(g.kind, g.head + g.tails[j])


def _turn_scores(
    player: GenericPlayer, info: BoardInfo, view: State, seat: int, groups: list[ActionGroup]
) -> list[Scores]:
    """The scores of a turn's groups: each names (from, to) with `from` the seat's, or one territory, or
    nothing (the end of the turn, a crown card); _shape's reading of them spelt out."""
    index = cast("dict[Arg, int]", info.index)  # (the heads of a turn's groups are territory ids)
    owner: list[int] = view["owner"]
    armies: list[int] = view["armies"]
    front: list[bool] | None = None
    singles: dict[
        int, tuple[float, float]
    ] = {}  # _shape of one territory (taxed, recruited in, fortified, ...)
    back = MOVE_BACK[0]
    out: list[Scores] = []
    add = out.append
    for kind, head, tails in groups:
        if len(head) == 2:
            f, t = index[head[0]], index[head[1]]
            o = owner[t]
            if owner[f] != seat:
                base, slope = player._shape(info, view, seat, owner, (f, t))
            elif o == seat:  # a Manoeuvre: GenericPlayer._move_score
                if front is None:
                    front = player._front_of(info, owner, seat)
                add(back if front[f] or not front[t] else _tops(tails)[1])
                continue
            elif o == -1:
                add(0.4)
                continue
            else:
                add(_attack_shape(info, armies, t, max(armies[f] - 1, 0))[0])
                continue
        elif len(head) == 1:
            t = index[head[0]]
            got = singles.get(t)
            if got is None:
                got = singles[t] = player._shape(info, view, seat, owner, (t,))
            base, slope = got
        else:
            add(_plain(player, info, view, seat, kind, head, tails))
            continue
        if not slope:
            add(base)
        elif len(tails) == 1:
            add(base + slope * max(tails[0], default=1))
        else:
            add([base + slope * m for m in _tops(tails)[0]])
    return out


def _scores(
    player: GenericPlayer, info: BoardInfo, view: State, seat: int, groups: list[ActionGroup]
) -> list[Scores]:
    """The scores of any phase's groups, as _choose_grouped reads them."""
    owner: list[int] = view.get("owner") or []
    words = player.words
    rnd = player.rng.random
    out: list[Scores] = []
    add = out.append
    for kind, head, tails in groups:
        terrs, nums, by_shape = _head_shape(info, words, kind, head)
        if not by_shape or not owner:
            if (
                not terrs and len(tails) == 1 and not _special(words, kind)
            ):  # (the King's Orders: a draw each)
                add(0.1 + 0.1 * rnd())
            else:
                add(_plain(player, info, view, seat, kind, head, tails))
            continue
        base, slope = player._shape(info, view, seat, owner, terrs)
        if not slope:
            add(base)
            continue
        tops = _tops(tails)[0]
        if nums:
            tops = [max(m, *nums) if tail else max(nums) for m, tail in zip(tops, tails, strict=True)]
        add(base + slope * tops[0] if len(tops) == 1 else [base + slope * m for m in tops])
    return out


@cache
def _special(words: ShapeWords, kind: str) -> bool:
    """Whether GenericPlayer.score reads an action of this kind naming no territory otherwise than by a draw."""
    return kind in words.ends or kind in words.retreats or kind in words.cards or kind in words.more


def _plain(
    player: GenericPlayer,
    info: BoardInfo,
    view: State,
    seat: int,
    kind: str,
    head: tuple[Arg, ...],
    tails: Sequence[tuple[int, ...]],
) -> Scores:
    """GenericPlayer.score of a group's actions that it does not read by shape: an end of the phase (by how
    much the phase has done), an action naming no territory (a draw each, in order), else score() itself."""
    words = player.words
    if kind in words.ends:
        return 0.0 + 0.02 * player._acted
    if not _special(words, kind) and not _head_shape(info, words, kind, head)[0]:
        rnd = player.rng.random
        return 0.1 + 0.1 * rnd() if len(tails) == 1 else [0.1 + 0.1 * rnd() for _ in tails]
    score = player.score
    got = [score(info, view, seat, Action(kind, head + tail)) for tail in tails]
    return got[0] if len(got) == 1 else got


def _decide(player: GenericPlayer, scores: list[Scores], sizes: list[int], n: int) -> tuple[int, int]:
    """GenericPlayer._decide for easy among groups (of `sizes` actions) whose actions are all legal: (the
    group, the action in it). A group's scores are one float for all its actions, or a list."""
    rng = player.rng
    if rng.random() < 0.5:
        return _random_good(player, scores, sizes, n)
    noise = player.noise.get(player.level, 0.05)
    draws = list(starmap(rng.random, repeat((), n)))  # one draw per action, in order
    best = float("-inf")
    won = at = a = 0
    for gi, (sc, k) in enumerate(zip(scores, sizes, strict=True)):
        if isinstance(sc, float):
            key = sc + noise * (draws[a] if k == 1 else max(draws[a : a + k]))
        else:
            key = max([s + noise * u for s, u in zip(sc, draws[a : a + k], strict=True)])
        if key > best:  # (the first of equal keys)
            best, won, at = key, gi, a
        a += k
    sc, mine = scores[won], draws[at : at + sizes[won]]
    if isinstance(sc, float):
        return won, next(j for j, u in enumerate(mine) if sc + noise * u == best)
    return won, next(j for j, (s, u) in enumerate(zip(sc, mine, strict=True)) if s + noise * u == best)


def _random_good(player: GenericPlayer, scores: list[Scores], sizes: list[int], n: int) -> tuple[int, int]:
    """The k-th of the actions scoring above 0 for one draw of k (rng.choice of their list draws just that),
    or of all actions when none does."""
    good = [
        (k if sc > 0.0 else 0) if isinstance(sc, float) else sum(s > 0.0 for s in sc)
        for sc, k in zip(scores, sizes, strict=True)
    ]
    total = sum(good)
    if not total:  # (no action scores above 0: any action)
        good, total = sizes, n
    k = player.rng.choice(range(total))
    gi = 0
    while k >= good[gi]:
        k -= good[gi]
        gi += 1
    sc = scores[gi]
    if isinstance(sc, float) or good is sizes:
        return gi, k
    return gi, [j for j, s in enumerate(sc) if s > 0.0][k]
