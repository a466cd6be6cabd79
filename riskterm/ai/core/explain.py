"""Why an action is worth taking, in one sentence a player can read, from the seat's view alone: the exact
odds of an attack, the region a conquest completes or breaks, the threat a placement or a move answers.
A rulebook's package adds the sentences for its own steps (`Reasons`); the coach hands them in."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from riskterm.ai.core.board_info import BoardInfo, threat
from riskterm.ai.core.explain_words import held_after
from riskterm.ai.core.reading import Reading, read_action
from riskterm.engine.actions import Action, Arg
from riskterm.engine.odds import attack_odds
from riskterm.engine.state import State

Label = Callable[[Arg], str]
# a rulebook's sentence for one of its steps, or None when the action is none of them
Reason = Callable[[BoardInfo, State, int, Action, Reading, Label], "str | None"]


def three_against_two(view: State, t: int) -> tuple[int, int]:
    """The most dice attacker and defender roll against t, where the rulebook says nothing else."""
    return 3, 2


@dataclass(frozen=True)
class Reasons:
    """A rulebook's words for the common readings, and its own sentences: `first` is asked before the common
    readings (steps they would misread), `last` after them (steps they cannot read).

    The kinds that end a phase (`ends`), attack (`attacks`; of them, `counted` ones carry the units sent as
    numbers, and `via` says how one goes), put armies on one's own territory (`places`), and say how many
    follow into a conquest (`move_ins`; of them, `from_sources` name where the units come from, not where
    they go); `dice_caps` gives the dice each side rolls against t; `conquered` the territory just taken,
    where the view names it."""

    first: Reason | None = None
    last: Reason | None = None
    ends: frozenset[str] = frozenset()
    attacks: frozenset[str] = frozenset()
    counted: frozenset[str] = frozenset()
    via: Mapping[str, str] = field(default_factory=dict)
    places: frozenset[str] = frozenset()
    move_ins: frozenset[str] = frozenset()
    from_sources: frozenset[str] = frozenset()
    dice_caps: Callable[[State, int], tuple[int, int]] = three_against_two
    conquered: Callable[[State], int | None] = lambda view: None  # (the view names none)


COMMON = Reasons()


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


def explain(
    info: BoardInfo, view: State, seat: int, a: Action, label: Label = str, reasons: Reasons = COMMON
) -> str:
    """`label` names an argument as the app does (the rulebook's arg_label: card faces, unit names);
    `reasons`: the rulebook's own sentences (its package's)."""
    owner: list[int] = view.get("owner") or []
    armies: list[int] = view.get("armies") or []
    rd = read_action(info, view, seat, a)
    name = info.board.territories
    if rd.kind in reasons.ends:
        return "Nothing left is worth the risk: keep your armies where they stand."
    said = reasons.first(info, view, seat, a, rd, label) if reasons.first is not None else None
    if said:
        return said
    t = rd.target
    if t is not None and rd.kind in reasons.attacks and rd.mine and armies:
        f = rd.mine[0]
        if rd.units:  # typed units, perhaps from several places
            sent = rd.units
        elif rd.kind in reasons.counted and rd.nums:
            sent = sum(rd.nums)
        else:
            sent = max(armies[f] - 1, 0)
        chance = attack_odds(sent, max(armies[t], 1), *reasons.dice_caps(view, t)).win
        froms = " and ".join(name[u].name for u in rd.mine)
        via = reasons.via.get(rd.kind, "")
        return (
            f"Attack {name[t].name}{via} from {froms}: {sent} against {armies[t]}, about {chance:.0%} to take "
            f"it{_region_note(info, owner, seat, t)}."
        )
    if len(rd.mine) >= 2 and armies and rd.kind not in reasons.from_sources:  # a move between own territories
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
            return (
                f"Take {name[u].name}: you would hold {held} of the {total} territories of "
                f"{info.board.regions[info.region_of[u]].name}."
            )
        if owner[u] == seat and armies:
            danger = threat(info, owner, armies, seat, u)
            if rd.kind in reasons.places:
                n = f"{rd.units or max(rd.nums)} " if rd.units or rd.nums else ""
                if danger:
                    return f"Put {n}on {name[u].name}: {danger} enemy armies next to it against your {armies[u]}."
                return f"Put {n}on {name[u].name}, where your next attack starts."
            if rd.kind in reasons.move_ins:
                return _move_in(rd, name[u].name)
            facing = (
                f"{danger} enemy armies next to it against your {armies[u]}"
                if danger
                else "no enemy next to it"
            )
            return f"{rd.kind.title()} in {name[u].name} ({facing}): the hard player's pick of this step."
    if rd.kind in reasons.move_ins and (rd.nums or rd.units):
        won = reasons.conquered(view)
        return _move_in(rd, name[won].name if won is not None else "the conquered territory")
    said = reasons.last(info, view, seat, a, rd, label) if reasons.last is not None else None
    return said or f"{rd.kind.title()}: the best of the legal actions for the hard player now."


def _move_in(rd: Reading, where: str) -> str:
    n = rd.units or max(rd.nums)
    return (
        f"Move {n} into {where}: the hard player's split between the new front and the territory behind "
        f"(the more enemies next to the conquest, the more go in)."
    )
