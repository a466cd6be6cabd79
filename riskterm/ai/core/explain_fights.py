"""The coach's sentence for the steps of a fight that are no attack announced: Europe's next battle, a castle's
re-roll, a Siege Assault and a Manoeuvre into a disputed territory; RisiKo!'s roll, defence and ending an attack.
Each reads the seat's view only (armies on the board, the dice already rolled, the cards on the track)."""

from __future__ import annotations

from riskterm.ai.board_info import BoardInfo
from riskterm.ai.core.reading import Reading
from riskterm.ai.europe_reroll import reroll_figures
from riskterm.engine.actions import Action
from riskterm.engine.odds import attack_odds
from riskterm.engine.state import State
from riskterm.rules.europe.battle import RANK_NAMES
from riskterm.rules.europe.data import SIEGE, units_words
from riskterm.rules.risiko.battle import FORTRESS_DICE, attacker_armies, dice_cap


def _whose(view: State, seat: int, q: int) -> str:
    """'your' or "Anna's" (the seat's name, as the app shows it)."""
    if q == seat:
        return "your"
    players = view.get("players") or []
    return f"{players[q]['name']}'s" if 0 <= q < len(players) else "another player's"


def europe_battle(info: BoardInfo, view: State, seat: int, rd: Reading) -> str | None:
    """'The player who has the first player marker ... is allowed to choose the order in which all battles
    resolve at the end of the round.'"""
    if not rd.terrs:
        return None
    t = rd.terrs[0]
    att = (view.get("att") or {}).get(str(t))
    units = view.get("units") or []
    if not att or t >= len(units):
        return None
    q, a = view["owner"][t], att["seat"]
    side = f"{_whose(view, seat, a)} {units_words(att['units'])} against {_whose(view, seat, q)} {units_words(units[t])}"
    city = info.board.territories[t].get("city")
    crowns = int(city.get("crowns", 1)) if city else 0
    stake = f"; its city ({crowns} crown{'s' * (crowns > 1)}) goes to the winner" if city else ""
    castle = "; the defender's castle gives one re-roll a repetition" if (view.get("castle") or [])[t:t + 1] == [True] \
        else ""
    return (f"Fight the battle in {info.board.territories[t].name} next: {side}{stake}{castle}. As First Player "
            f"you choose the order; every disputed territory is fought out before the round ends.")


def castle_reroll(view: State, rd: Reading) -> str | None:
    """'The defending player may re-roll all dice of one rank each time the Ranked Attack Order is repeated.'"""
    f = reroll_figures(view)
    if f is None:
        return None
    what = "general attack dice" if f.rank == 4 else f"{RANK_NAMES[f.rank]}' dice"
    rolled = f"{', '.join(map(str, f.mine))}: {_count(f.scored, 'hit')}"
    if f.rank == 4:
        rolled += f", {_count(f.taken, 'loss', 'losses')} for you"
        fresh_words = f"a fresh roll averages {f.avg:.1f} hits and {f.avg_taken:.1f} losses"
    else:
        fresh_words = f"a fresh roll averages {f.avg:.1f} hits"
    if rd.kind == "reroll":
        return (f"Re-roll your {what} ({rolled}): {fresh_words}. Your castle gives one re-roll each time the "
                f"ranked attack order repeats.")
    better = f.scored - f.taken >= f.avg - f.avg_taken
    later = "" if better else "; the re-roll may serve better in a later rank of this repetition"
    return f"Keep your {what} ({rolled}): {fresh_words}{later}."


def _count(n: int, one: str, many: str = "") -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"


def siege_assault(info: BoardInfo, view: State, rd: Reading) -> str | None:
    """'These units attack one adjacent enemy territory by rolling two dice for each Siege Weapon present. For
    each die value of 3 or greater, the opponent removes one army unit of his or her choice. (No defence dice
    are rolled).'"""
    units = view.get("units") or []
    if len(rd.terrs) < 2 or not units:
        return None
    f, t = rd.terrs[0], rd.terrs[1]
    n = units[f][SIEGE]
    dice = 2 * n
    names = info.board.territories
    weapons = "your siege weapon rolls" if n == 1 else f"your {n} siege weapons roll"
    return (f"Siege Assault on {names[t].name} from {names[f].name}: {weapons} {dice} dice against its "
            f"{_count(sum(units[t]), 'unit')}, each 3 or more removing one (about {dice * 2 / 3:.1f} hits); no "
            f"defence dice are rolled.")


def manoeuvre_into_dispute(info: BoardInfo, view: State, seat: int, rd: Reading) -> str | None:
    """'Manoeuvre orders are how you ... help reinforce disputed territories connected to your supply lines.'"""
    if len(rd.terrs) < 2:
        return None
    f, t = rd.terrs[0], rd.terrs[1]
    att = (view.get("att") or {}).get(str(t))
    units = view.get("units") or []
    if not att or not units or len(rd.nums) != 4:
        return None
    sent = list(rd.nums)
    names = info.board.territories
    if att["seat"] == seat:
        ours = [x + y for x, y in zip(att["units"], sent, strict=True)]
        theirs = units[t]
    else:
        ours = [x + y for x, y in zip(units[t], sent, strict=True)]
        theirs = att["units"]
    return (f"Manoeuvre {units_words(sent)} from {names[f].name} into disputed {names[t].name}: your "
            f"{units_words(ours)} against {units_words(theirs)} in its battle at the round's end.")


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
    dice = _count(int(rd.nums[0]) if rd.nums else 0, "die", "dice")
    theirs = f"{_count(d, 'army', 'armies')} in {names[t].name}"
    if rd.kind == "roll":
        return (f"Roll {dice}: {_count(n, 'army', 'armies')} may attack {where} against {theirs}{fortress}, "
                f"{percent(chance)} to take it if you fight on to the end.")
    if rd.kind == "defend":
        return (f"Defend with {dice}{fortress}: your {theirs} against {_count(n, 'army', 'armies')} that may "
                f"attack {where}; ties go to the defender, so each die you roll can beat one of theirs "
                f"({percent(1 - chance)} to hold it to the end).")
    return (f"End this attack: {_count(n, 'army', 'armies')} may still attack {where} against {theirs}, "
            f"only {percent(chance)} to take it{fortress}.")


def percent(p: float) -> str:
    """'about 64%'; never 'about 100%' for a fight that can still be lost."""
    if 0.0 < p < 1.0 and round(p * 100) in (0, 100):
        return "under 1%" if p < 0.5 else "over 99%"
    return f"about {p:.0%}"

def dice_caps(view: State, t: int) -> tuple[int, int]:
    """The most dice attacker and defender roll against t: RisiKo!'s three a side (two at a fortress), else
    the classic three against two."""
    if view.get("variant") != "risiko":
        return 3, 2
    cap = dice_cap(view, t)
    return cap, cap


def fight_reason(info: BoardInfo, view: State, seat: int, a: Action, rd: Reading) -> str | None:
    """The sentence for one of these steps, or None when the action is none of them."""
    variant = view.get("variant")
    if variant == "europe":
        if rd.kind == "battle":
            return europe_battle(info, view, seat, rd)
        if rd.kind in ("reroll", "keep"):
            return castle_reroll(view, rd)
        if rd.kind == "siege":
            return siege_assault(info, view, rd)
        if rd.kind == "manoeuvre":
            return manoeuvre_into_dispute(info, view, seat, rd)
    if variant == "risiko" and rd.kind in ("roll", "defend", "retreat"):
        return risiko_fight(info, view, seat, a, rd)
    return None
