"""The coach's sentences for RisiKo! Pi\u00f9's own steps: the fortress, Hidden Armies, the card plays, the
redistribution after a fortress falls, and a fight's roll, defence and ending (by RisiKo's dice: up to three a
side, two at a fortress). Each reads the seat's view only; `label` names an argument as the app does."""

from __future__ import annotations

from riskterm.ai.core.board_info import BoardInfo, threat
from riskterm.ai.core.explain import Label, Reasons
from riskterm.ai.core.explain_words import (
    RETREAT,
    count,
    danger_note,
    held_note,
    most_threatened,
    percent,
    taken,
)
from riskterm.ai.core.reading import Reading
from riskterm.engine.actions import Action
from riskterm.engine.odds import attack_odds
from riskterm.engine.state import State
from riskterm.rules.risiko.battle import FORTRESS_DICE, attacker_armies, dice_cap
from riskterm.rules.risiko.cards import track_value


def dice_caps(view: State, t: int) -> tuple[int, int]:
    """The most dice attacker and defender roll against t: three a side, two at a fortress."""
    cap = dice_cap(view, t)
    return cap, cap


def _card(
    info: BoardInfo, rd: Reading, owner: list[int], armies: list[int], seat: int, a: Action, label: Label
) -> str | None:
    names = info.board.territories
    if rd.kind == "general":
        return (
            "Play the General: +1 to your highest attack die until an opponent's die equals or beats it, "
            "for the attacks still to come this turn."
        )
    if rd.kind == "marshal":
        t, danger = most_threatened(info, owner, armies, seat)
        where = f", for {names[t].name} with {danger} enemy armies next to it" if t >= 0 and danger else ""
        return f"Play the Marshal: +1 to your highest defence die until beaten{where}."
    if rd.kind in ("spy", "diplomat") and len(a.args) > 1:
        who = label(a.args[1])
        if rd.kind == "spy":
            return f"Send the Spy to {who}: see their cards and eliminate one."
        return f"Send the Diplomat to {who}: a truce with them until your next turn."
    if rd.kind == "block":
        return "Block the Spy with a Spy: both cards are discarded and your hand stays unseen."
    if rd.kind == "allow":
        return "Let the Spy look: they will see your cards and eliminate one of them."
    if rd.kind == "discard" and a.args:
        return f"Eliminate {label(a.args[0])} from the spied hand: one card fewer to be played against you."
    if rd.kind == "reinforce" and a.args:
        return (
            f"Play {label(a.args[0])} onto the track before your first attack: it adds the number above it "
            f"to the armies you place."
        )
    return None


def _hide(info: BoardInfo, view: State, seat: int, t: int, owner: list[int], armies: list[int]) -> str:
    """'These may be used ONCE ONLY ... to defend the territory where they are hidden or to launch an attack from
    that territory. To be able to use them, you must occupy the territory ... a number of armies equal to the
    number shown above the last Reinforcement card played.'"""
    name = info.board.territories[t].name
    worth = track_value(info.board, view) if "track" in view else 0
    now = f"now {worth}" if worth else "none played yet"
    use = (
        f"once, while you hold it, they join its defence or an attack from it, as many as the number above "
        f"the last Reinforcement card played ({now})"
    )
    if owner[t] != seat:
        return f"Hide your armies in {name}, not yours yet: {use}."
    danger = threat(info, owner, armies, seat, t)
    facing = f" ({danger} enemy armies next to it, your {armies[t]})" if danger else " (a quiet border)"
    return f"Hide your armies in {name}{facing}: {use}."


def _garrison(info: BoardInfo, rd: Reading, owner: list[int], armies: list[int], seat: int) -> str:
    """'Redistribute one army onto each territory left free by the defeated player, using the armies on your
    territories, starting with those with which you attacked.'"""
    f, t = rd.terrs[0], rd.terrs[1]
    names = info.board.territories
    return (
        f"Garrison {names[t].name} with one army from {names[f].name} ({armies[f] - 1} stay{'s' * (armies[f] == 2)}): a territory "
        f"the fallen fortress left free; {held_note(info, owner, seat, t)}, "
        f"{danger_note(threat(info, owner, armies, seat, t))}."
    )


def _fortress(info: BoardInfo, t: int) -> str:
    """'places this fortress on any one of the territories of the Empire whose initial appears on the banner'
    and 'if you lose it, you are eliminated from the game!'"""
    r = info.region_of[t]
    outside = sum(1 for u in info.adj[t] if info.region_of[u] != r)
    empire = info.board.regions[r].name
    border = (
        f"{outside} of its neighbours lie outside the {empire} (the fewer such borders, the harder to reach)"
        if outside
        else f"no neighbour outside the {empire}, so no border with another Empire"
    )
    return f"Put your fortress in {info.board.territories[t].name}: {border}; if it falls, you are out of the game."


def _risiko_fight(view: State) -> tuple[int, int, int, int] | None:
    """(attacking territory or -1 for the flagship, attacked territory, armies that may still roll, the dice
    cap of both sides) of the attack under way."""
    at = view.get("attack")
    armies = view.get("armies") or []
    if not isinstance(at, dict) or not armies:
        return None
    t = int(at["to"])
    f = -1 if at.get("admiral") else int(at["from"])
    return f, t, attacker_armies(view), dice_caps(view, t)[0]


def risiko_fight(info: BoardInfo, view: State, seat: int, a: Action, rd: Reading) -> str | None:
    """Roll, defend and end an attack in RisiKo!: the exact odds of fighting on to the end (up to three dice a
    side, two at a fortress; the General, the Marshal and Hidden Armies not counted)."""
    fight = _risiko_fight(view)
    if fight is None:
        return None
    f, t, n, cap = fight
    d = view["armies"][t]
    names = info.board.territories
    chance = attack_odds(n, d, cap, cap).win if n > 0 and d > 0 else 0.0
    where = "from the flagship" if f < 0 else f"from {names[f].name}"
    fortress = " (a fortress: at most 2 dice a side)" if cap == FORTRESS_DICE else ""
    dice = count(int(rd.nums[0]) if rd.nums else 0, "die", "dice")
    theirs = f"{count(d, 'army', 'armies')} in {names[t].name}"
    if rd.kind == "roll":
        return (
            f"Roll {dice}: {count(n, 'army', 'armies')} may attack {where} against {theirs}{fortress}, "
            f"{percent(chance)} to take it if you fight on to the end."
        )
    if rd.kind == "defend":
        return (
            f"Defend with {dice}{fortress}: your {theirs} against {count(n, 'army', 'armies')} that may "
            f"attack {where}; ties go to the defender, so each die you roll can beat one of theirs "
            f"({percent(1 - chance)} to hold it to the end)."
        )
    return (
        f"End this attack: {count(n, 'army', 'armies')} may still attack {where} against {theirs}, "
        f"only {percent(chance)} to take it{fortress}."
    )


def first(info: BoardInfo, view: State, seat: int, a: Action, rd: Reading, label: Label) -> str | None:
    """Steps the common readings would misread (a fortress is no claim, Hidden Armies no placement), and a
    fight's roll, defence and ending."""
    owner: list[int] = view.get("owner") or []
    armies: list[int] = view.get("armies") or []
    one = rd.terrs[0] if len(rd.terrs) == 1 and owner and armies else None
    if one is not None and rd.kind == "hide":
        return _hide(info, view, seat, one, owner, armies)
    if one is not None and rd.kind == "fortress":
        return _fortress(info, one)
    if rd.kind == "garrison" and len(rd.terrs) >= 2 and owner and armies:
        return _garrison(info, rd, owner, armies, seat)
    if rd.kind in ("roll", "defend", "retreat"):
        return risiko_fight(info, view, seat, a, rd)
    return None


def last(info: BoardInfo, view: State, seat: int, a: Action, rd: Reading, label: Label) -> str | None:
    """The card plays, and ending an attack the view shows no more of."""
    owner: list[int] = view.get("owner") or []
    armies: list[int] = view.get("armies") or []
    said = _card(info, rd, owner, armies, seat, a, label) if owner and armies else None
    return said or (RETREAT if rd.kind == "retreat" else None)


def conquered(view: State) -> int | None:
    return taken(view, "pending", "to")


REASONS = Reasons(
    first=first,
    last=last,
    ends=frozenset({"end", "pass"}),
    attacks=frozenset({"attack", "admiral"}),
    counted=frozenset({"admiral"}),
    via={"admiral": " by sea with the flagship"},
    places=frozenset({"place", "reinforce"}),
    move_ins=frozenset({"move", "occupy"}),
    from_sources=frozenset({"occupy"}),
    dice_caps=dice_caps,
    conquered=conquered,
)
