"""Why an action is worth taking, in one sentence a player can read, from the seat's view alone: the exact
odds of an attack, the region a conquest completes or breaks, the threat a placement or a move answers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riskterm.ai.board_info import BoardInfo
from riskterm.ai.classic_plan import threat
from riskterm.ai.core.explain_fights import dice_caps, fight_reason
from riskterm.ai.core.explain_steps import held_after, rulebook_reason, step_reason
from riskterm.ai.core.reading import Reading, read_action
from riskterm.engine.actions import Action
from riskterm.engine.odds import attack_odds
from riskterm.engine.state import State

END_WORDS = ("end", "stop", "pass", "done", "skip", "finish")
ATTACK_WORDS = ("attack", "blitz", "expand", "split", "admiral", "siege", "invade")
PLACE_KINDS = ("place", "deploy", "reinforce", "recruit", "supply")  # armies put on one's own territory
MOVE_IN_KINDS = ("move", "occupy")  # with no territory named: how many follow into a conquest


def _region_note(info: BoardInfo, owner: list[int], seat: int, t: int) -> str:
    r = info.region_of[t]
    members = info.members[r]
    name = info.board.regions[r].name
    if all(owner[u] == seat for u in members if u != t):
        return f", which completes {name} (+{info.bonus[r]} each turn)"
    q = owner[t]
    if q >= 0 and all(owner[u] == q for u in members):
        return f", which breaks their hold on {name}"
    return ""


def explain(info: BoardInfo, view: State, seat: int, a: Action, label: Callable[[Any], str] = str) -> str:
    """`label` names an argument as the app does (the rulebook's arg_label: card faces, unit names)."""
    owner: list[int] = view.get("owner") or []
    armies: list[int] = view.get("armies") or []
    rd = read_action(info, view, seat, a)
    name = info.board.territories
    if rd.kind in END_WORDS:
        return "Nothing left is worth the risk: keep your armies where they stand."
    said = rulebook_reason(info, view, seat, rd) or fight_reason(info, view, seat, a, rd)
    if said:
        return said
    t = rd.target
    if t is not None and any(w in rd.kind for w in ATTACK_WORDS) and rd.mine and armies:
        f = rd.mine[0]
        if rd.units:  # typed units, perhaps from several places
            sent = rd.units
        elif rd.kind in ("expand", "split", "admiral") and rd.nums:
            sent = sum(rd.nums)
        else:
            sent = max(armies[f] - 1, 0)
        chance = attack_odds(sent, max(armies[t], 1), *dice_caps(view, t)).win
        froms = " and ".join(name[u].name for u in rd.mine)
        via = " by sea with the flagship" if rd.kind == "admiral" else ""
        return (f"Attack {name[t].name}{via} from {froms}: {sent} against {armies[t]}, about {chance:.0%} to take "
                f"it{_region_note(info, owner, seat, t)}.")
    if len(rd.mine) >= 2 and armies and rd.kind != "occupy":  # a move between own territories (modern's
        # occupy names the territories the units come from, not where they go)
        f, to = rd.mine[0], rd.mine[1]
        danger = threat(info, owner, armies, seat, to)
        n = rd.units or (max(rd.nums) if rd.nums else "some")
        if danger:
            return f"Move {n} from {name[f].name} to {name[to].name}, facing {danger} enemy armies there."
        return f"Move {n} from {name[f].name} towards the front at {name[to].name}."
    if len(rd.terrs) == 1 and owner:
        u = rd.terrs[0]
        if owner[u] == -1:
            held, total = held_after(info, owner, seat, u)
            return (f"Take {name[u].name}: you would hold {held} of the {total} territories of "
                    f"{info.board.regions[info.region_of[u]].name}.")
        if owner[u] == seat and armies:
            danger = threat(info, owner, armies, seat, u)
            if rd.kind in PLACE_KINDS:
                n = f"{rd.units or max(rd.nums)} " if rd.units or rd.nums else ""
                if danger:
                    return f"Put {n}on {name[u].name}: {danger} enemy armies next to it against your {armies[u]}."
                return f"Put {n}on {name[u].name}, where your next attack starts."
            if rd.kind in MOVE_IN_KINDS:
                return _move_in(rd, name[u].name)
            facing = (f"{danger} enemy armies next to it against your {armies[u]}" if danger
                      else "no enemy next to it")
            return f"{rd.kind.title()} in {name[u].name} ({facing}): the hard player's pick of this step."
    if rd.kind in MOVE_IN_KINDS and (rd.nums or rd.units):
        won = _conquered(view)
        return _move_in(rd, name[won].name if won is not None else "the conquered territory")
    said = step_reason(info, view, seat, a, rd, label)
    return said or f"{rd.kind.title()}: the best of the legal actions for the hard player now."


def _conquered(view: State) -> int | None:
    """The territory just taken, where the view names it (RisiKo!'s pending conquest, modern's battle)."""
    for key, field in (("pending", "to"), ("battle", "target")):
        won = (view.get(key) or {}).get(field) if isinstance(view.get(key), dict) else None
        if isinstance(won, int):
            return won
    return None


def _move_in(rd: Reading, where: str) -> str:
    n = rd.units or max(rd.nums)
    return (f"Move {n} into {where}: the hard player's split between the new front and the territory behind "
            f"(the more enemies next to the conquest, the more go in).")
