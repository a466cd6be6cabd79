"""RisiKo easy's main phase and redistribution on territory indices (issue 17): the scores
group_easy.group_scores gives their actions (tested equal), worked out from the rules' own lists of them by
index (legal.main_options, legal.redistribute_options), with an Action built only for the one chosen. The
main phase is most of easy's thinking: some forty groups a decision."""

from __future__ import annotations

from typing import TYPE_CHECKING

from riskterm.ai.board_info import board_info
from riskterm.ai.generic import _attack_shape
from riskterm.ai.group_easy import draw
from riskterm.ai.guard import is_legal
from riskterm.engine.actions import Action
from riskterm.engine.state import State
from riskterm.rules.base import Rules
from riskterm.rules.risiko.legal import PASS, main_options, redistribute_options

if TYPE_CHECKING:
    from riskterm.ai.generic import GenericPlayer

END = Action("end")


Options = tuple[list[Action], list[tuple[str, int, int]], str | None]


def options(rules: Rules, view: State, seat: int) -> Options:
    return main_options(rules, view, [t for t, o in enumerate(view["owner"]) if o == seat])


def main_scores(player: GenericPlayer, rules: Rules, view: State, seat: int, opts: Options
                ) -> tuple[list[float], list[float], list[int]]:
    """For the singles, the pairs of main_options and 'end', in that order: best scores, spreads and sizes
    (what group_scores and the groups' tails give)."""
    owner, armies = view["owner"], view["armies"]
    singles, pairs, _ = opts
    info = board_info(rules.board)
    score = player.score
    best = [score(info, view, seat, a) for a in singles]
    spread = [0.0] * len(singles)
    sizes = [1] * len(singles)
    move = player._move_score
    for kind, f, t in pairs:
        if kind == "move":
            base, slope = move(info, owner, seat, f, t)
            k = armies[f] - 1
            best.append(base + slope * k)
            spread.append(slope * (k - 1))
            sizes.append(k)
            continue
        # an attack or a landing: on an empty coast 0.4 (a landing's targets are never empty)
        best.append(0.4 if owner[t] == -1 else _attack_shape(info, armies, t, armies[f] - 1)[0])
        spread.append(0.0)
        sizes.append(1 if kind == "attack" else armies[f] - 1)
    best.append(score(info, view, seat, END))
    spread.append(0.0)
    sizes.append(1)
    return best, spread, sizes


def choose_main(player: GenericPlayer, rules: Rules, view: State, seat: int) -> Action:
    """Easy's main-phase action (no Reinforcement armies waiting), as group_easy.choose_by_group chooses."""
    opts = options(rules, view, seat)
    singles, pairs, adm = opts
    if not singles and not pairs:
        return END
    player._count_act(view)  # (before scoring: the score of 'end' grows with the count)
    best, spread, sizes = main_scores(player, rules, view, seat, opts)
    i, r = draw(player, best, spread, sizes)
    if i < len(singles):
        a = singles[i]
    elif i - len(singles) < len(pairs):
        kind, f, t = pairs[i - len(singles)]
        ids = rules.board.ids
        a = (Action(kind, (ids[f], ids[t])) if kind == "attack" else
             Action(kind, (ids[f], ids[t], r + 1)) if kind == "move" else Action(kind, (str(adm), ids[f], ids[t], r + 1)))
    else:
        a = END
    player.verified = is_legal(rules, view, a)
    return a


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
    sizes = [n, 1][:len(best)] if n else [1]
    i, r = draw(player, best, [0.0] * len(best), sizes)
    a = PASS if (i == 1 or not n) else Action("garrison", (ids[sources[r // len(free)]], ids[free[r % len(free)]]))
    player.verified = is_legal(rules, view, a)
    return a
