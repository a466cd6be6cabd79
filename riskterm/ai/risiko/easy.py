"""RisiKo easy: the main phase, the Supplementary Armies and the redistribution on territory
indices, with the scores core.grouped.group_scores gives their groups of actions (tested equal), worked out
from the rules' own lists of them by index (legal.main_options, legal.redistribute_options), an Action built
only for the one chosen (the main phase is most of easy's thinking: some forty groups a decision); the
defence with the most dice when there is nothing else to decide (as the rulebook's automatic defence).

Every action these choosers return is one the rules' own lists (legal_actions, legal_groups, the *_options
they are built from) give for this very state, so it is `verified` without asking why_illegal again (as
classic's attack and occupy, _BUILT_LEGAL); whole games go through the checked apply in
tests/ai/test_trusted_path.py and tests/ai/test_risiko_easy_groups.py."""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate
from typing import TYPE_CHECKING

from riskterm.ai.core.board_info import board_info
from riskterm.ai.core.generic import _attack_shape, attack_bases
from riskterm.ai.core.grouped import (
    TRIES,
    choose_by_action,
    choose_by_group,
    choose_on_territories,
    draw,
    draw_noisy,
    draw_random,
    random_good,
)
from riskterm.engine.actions import Action
from riskterm.engine.state import State
from riskterm.rules.base import Rules
from riskterm.rules.risiko.legal import (
    DEFENDS,
    GROUPED,
    PASS,
    Source,
    defend_options,
    main_options,
    redistribute_options,
)

if TYPE_CHECKING:
    from riskterm.ai.core.generic import GenericPlayer

END = Action("end")


Options = tuple[list[Action], list[Source], str | None]


def options(rules: Rules, view: State, seat: int) -> Options:
    return main_options(rules, view, [t for t, o in enumerate(view["owner"]) if o == seat])


def main_scores(
    player: GenericPlayer, rules: Rules, view: State, seat: int, opts: Options
) -> tuple[list[float], list[float], list[int]]:
    """For the singles, the attacks and moves, the landings and 'end', in the order legal_groups lists them:
    best scores, spreads and sizes (what group_scores and the groups' tails give)."""
    owner, armies = view["owner"], view["armies"]
    singles, sources, adm = opts
    info = board_info(rules.board)
    score = player.score
    best = [score(info, view, seat, a) for a in singles]
    spread = [0.0] * len(singles)
    moving = player._move_shapes
    for f, attacks, moves, _ in sources:
        k = armies[f] - 1
        if attacks:
            if all(owner[t] != -1 for t in attacks):
                best += attack_bases(info, armies, k, attacks)
            else:  # an empty territory (left free by a fallen fortress's owner) is taken without a fight
                best += [0.4 if owner[t] == -1 else _attack_shape(info, armies, t, k)[0] for t in attacks]
            spread += [0.0] * len(attacks)
        if moves:
            for base, slope in moving(info, owner, seat, f, moves):
                best.append(base + slope * k)
                spread.append(slope * (k - 1))
    if adm:
        for f, _, _, landings in sources:  # (a landing's target is never empty)
            if landings:
                k = armies[f] - 1
                best += attack_bases(info, armies, k, landings)
                spread += [0.0] * len(landings)
    best.append(score(info, view, seat, END))
    spread.append(0.0)
    return best, spread, main_sizes(view, opts)


def main_sizes(view: State, opts: Options) -> list[int]:
    """main_scores's sizes alone: the actions in each group (a move or landing from f: 1 .. armies-1)."""
    singles, sources, adm = opts
    armies = view["armies"]
    sizes = [1] * len(singles)
    for f, attacks, moves, _ in sources:
        sizes += [1] * len(attacks)
        sizes += [armies[f] - 1] * len(moves)
    if adm:
        for f, _, _, landings in sources:
            sizes += [armies[f] - 1] * len(landings)
    sizes.append(1)
    return sizes


def choose_main(player: GenericPlayer, rules: Rules, view: State, seat: int) -> Action:
    """Easy's main-phase action (no Reinforcement armies waiting), as core.grouped.choose_by_group chooses."""
    opts = options(rules, view, seat)
    singles, sources, adm = opts
    player.verified = True  # one of the rules' own legal actions (see the module's note)
    if not singles and not any(x[1] or x[2] or x[3] for x in sources):
        return END
    player._count_act(view)  # (before scoring: the score of 'end' grows with the count)
    if player.rng.random() < 0.5:  # core.grouped.draw's random half, by rejection: the same odds, few scores
        i, r = _random_good(player, rules, view, seat, opts)
    else:
        best, spread, sizes = main_scores(player, rules, view, seat, opts)
        i, r = draw_noisy(player, best, spread, sizes)
    return singles[i] if i < len(singles) else _pair(rules, view, sources, adm, i - len(singles), r)


def _random_good(
    player: GenericPlayer, rules: Rules, view: State, seat: int, opts: Options
) -> tuple[int, int]:
    """core.grouped.draw_random over main_scores's groups: a uniformly random action among those of the groups
    scoring above 0. Drawn by rejection (a random action, kept when its group scores above 0), which has the
    very same odds and mostly scores a few groups instead of all; after TRIES misses, all are scored (as
    core.grouped.random_good, for groups of different sizes)."""
    sizes = main_sizes(view, opts)
    starts = list(accumulate(sizes, initial=0))
    rng = player.rng
    for _ in range(TRIES):
        r = rng.randrange(starts[-1])
        i = bisect_right(starts, r) - 1
        if _best_of(player, rules, view, seat, opts, i) > 0.0:
            return i, r - starts[i]
    return draw_random(player, main_scores(player, rules, view, seat, opts)[0], sizes)


def _best_of(player: GenericPlayer, rules: Rules, view: State, seat: int, opts: Options, i: int) -> float:
    """main_scores(...)[0][i] alone."""
    singles, sources, adm = opts
    info = board_info(rules.board)
    if i < len(singles):
        return player.score(info, view, seat, singles[i])
    i -= len(singles)
    owner: list[int] = view["owner"]
    armies: list[int] = view["armies"]
    for f, attacks, moves, _ in sources:
        k = armies[f] - 1
        if i < len(attacks):
            t = attacks[i]
            return 0.4 if owner[t] == -1 else attack_bases(info, armies, k, [t])[0]
        i -= len(attacks)
        if i < len(moves):
            base, slope = player._move_score(info, owner, seat, f, moves[i])
            return base + slope * k
        i -= len(moves)
    if adm:
        for f, _, _, landings in sources:
            if i < len(landings):
                return attack_bases(info, armies, armies[f] - 1, [landings[i]])[0]
            i -= len(landings)
    return player.score(info, view, seat, END)


def _pair(rules: Rules, view: State, sources: list[Source], adm: str | None, i: int, r: int) -> Action:
    """The i-th of the attacks and moves, then the landings (r: the number inside it, from 1), or 'end'."""
    ids = rules.board.ids
    for f, attacks, moves, _ in sources:
        if i < len(attacks):
            return Action("attack", (ids[f], ids[attacks[i]]))
        i -= len(attacks)
        if i < len(moves):
            return Action("move", (ids[f], ids[moves[i]], r + 1))
        i -= len(moves)
    if adm:
        for f, _, _, landings in sources:
            if i < len(landings):
                return Action("admiral", (adm, ids[f], ids[landings[i]], r + 1))
            i -= len(landings)
    return END


def choose_redistribute(player: GenericPlayer, rules: Rules, view: State, seat: int) -> Action:
    """Easy's army onto a territory the fortress's loser left free: every 'garrison' is a step from one of
    its territories into an empty one, which scores the same (GenericPlayer._shape), so they are one group
    of equal actions, drawn as choose_by_action draws them; or 'pass'."""
    sources, free, can_pass = redistribute_options(rules, view)
    ids = rules.board.ids
    n = len(sources) * len(free)
    if n + can_pass == 1:
        return PASS if can_pass else Action("garrison", (ids[sources[0]], ids[free[0]]))
    player._count_act(view)
    info = board_info(rules.board)
    best = [player._shape(info, view, seat, view["owner"], (sources[0], free[0]))[0]] if n else []
    if can_pass:
        best.append(player.score(info, view, seat, PASS))
    sizes = [n, 1][: len(best)] if n else [1]
    i, r = draw(player, best, [0.0] * len(best), sizes)
    a = (
        PASS
        if (i == 1 or not n)
        else Action("garrison", (ids[sources[r // len(free)]], ids[free[r % len(free)]]))
    )
    player.verified = True  # one of the rules' own legal actions (see the module's note)
    return a


def choose_defence(player: GenericPlayer, rules: Rules, view: State, seat: int) -> Action:
    """Easy's defence: with the most dice it may roll, as the rulebook's own automatic defence does when
    there is nothing else to decide (option 'when_needed', battle.do_roll); with a Marshal or Hidden Armies
    to play, its usual choice."""
    cards, hi = defend_options(rules, view)
    if cards or hi < 1:
        return choose_by_action(player, rules, view, seat)
    a = DEFENDS[hi - 1]
    player.verified = True  # one of the rules' own legal actions (see the module's note)
    return a


def choose_supply(player: GenericPlayer, rules: Rules, view: State, seat: int) -> Action:
    """Easy's placing of its Supplementary Armies: a territory of its own and a number of armies, scored
    per territory (GenericPlayer._shape) as core.grouped.choose_by_group scores the groups 'place t 1..n'."""
    n = int(view["reserve"])
    own = [t for t, o in enumerate(view["owner"]) if o == seat]
    ids = rules.board.ids
    if n * len(own) <= 1:
        return choose_by_group(player, rules, view, seat)
    player._count_act(view)
    info = board_info(rules.board)
    owner = view["owner"]
    shape = player._shape

    def best_of(i: int) -> float:
        base, slope = shape(info, view, seat, owner, (own[i],))
        return base + slope * n if slope else base

    sizes = [n] * len(own)
    if player.rng.random() < 0.5:  # draw's random half, by rejection (core.grouped.random_good)
        hit = random_good(player, n * len(own), best_of, n)
        i, r = hit if hit is not None else draw_random(player, [best_of(i) for i in range(len(own))], sizes)
    else:
        shapes = [shape(info, view, seat, owner, (t,)) for t in own]
        best = [base + slope * n if slope else base for base, slope in shapes]
        i, r = draw_noisy(player, best, [slope * (n - 1) for _, slope in shapes], sizes)
    a = Action("place", (ids[own[i]], r + 1))
    player.verified = True  # one of the rules' own legal actions (see the module's note)
    return a


def choose_easy(player: GenericPlayer, rules: Rules, view: State, seat: int) -> Action:
    """RisikoPlayer's easy choice past the set-up's placing: per phase, the choosers above; the rest by
    core.grouped (one draw per group; the phases without number choices from their actions)."""
    player.verified = True  # (each chooser returns one of the rules' own legal actions)
    phase = view["phase"]
    if rules.is_over(view):
        return choose_by_action(player, rules, view, seat)  # (says there is no legal action)
    fast = FAST.get(phase)
    if fast is not None and not (phase == "main" and view["reserve"]):
        return fast(player, rules, view, seat)
    if phase in GROUPED:
        return choose_by_group(player, rules, view, seat)
    return choose_by_action(player, rules, view, seat)


FAST = {
    "main": choose_main,
    "supply": choose_supply,
    "defend": choose_defence,
    "redistribute": choose_redistribute,
    "claim": choose_on_territories,
    "hide": choose_on_territories,
    "fortress": choose_on_territories,
}
