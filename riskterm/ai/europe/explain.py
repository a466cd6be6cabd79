"""The coach's sentences for Risk: Europe's own steps: the bid, the kingdom, King's Orders, expansion into
unclaimed land, chosen losses, a crown card, tax and Fortify, and the steps of a fight (the next battle, a
castle's re-roll, a Siege Assault, a Manoeuvre into a disputed territory). Each reads the seat's view only
(and the board's printed tables); `label` names an argument as the app does."""

from __future__ import annotations

from functools import cache
from types import SimpleNamespace

from riskterm.ai.core.board_info import BoardInfo, threat
from riskterm.ai.core.explain import Label, Reasons
from riskterm.ai.core.explain_words import count, danger_note, held_note, losses, whose
from riskterm.ai.core.reading import Reading
from riskterm.ai.europe.reroll import reroll_figures
from riskterm.engine.actions import Action
from riskterm.engine.state import State
from riskterm.rules.europe.battle import RANK_NAMES
from riskterm.rules.europe.data import (
    COST,
    CROWNS_TO_WIN,
    FORTIFY_CASTLE,
    FORTIFY_CITY,
    SIEGE,
    TAX_TILES,
    units_words,
)
from riskterm.rules.europe.losses import loss_units
from riskterm.rules.europe.state import as_europe, city_tables, in_box, supply_line, tax_value


def _bid(view: State, seat: int, a: Action) -> str:
    n = int(a.args[0]) if a.args else 0
    coins = (view.get("coins") or [])[seat : seat + 1]
    have = f" of your {coins[0]} coins" if coins else ""
    return (
        f"Bid {n}{have} for the First Player Marker: the highest bidder places first and starts each round, "
        f"and only the winner pays (a tie is rolled off)."
    )


def _kingdom(info: BoardInfo, rd: Reading, seat: int, a: Action, owner: list[int], armies: list[int]) -> str:
    city, adj = rd.terrs[0], rd.terrs[1]
    n = int(a.args[2]) if len(a.args) > 2 else 0
    names = info.board.territories
    both = n > 0 and info.region_of[adj] == info.region_of[city]
    where = f"{10 - n} footmen there and {n} in {names[adj].name}" if n else "all 10 footmen there"
    return (
        f"Found your kingdom in {names[city].name} with {where}: "
        f"{held_note(info, owner, seat, city, extra=1 + both)}, "
        f"{danger_note(threat(info, owner, armies, seat, city))}."
    )


def _orders(info: BoardInfo, view: State, seat: int, a: Action, owner: list[int], label: Label) -> str:
    top, bottom = (label(x) for x in a.args[:2])
    if "Expand" in top:
        free = {u for t, o in enumerate(owner) if o == seat for u in info.adj[t] if owner[u] == -1}
        why = (
            f"it expands first, into {len(free)} unclaimed territories next to yours"
            if free
            else "its expansion comes before your second card"
        )
    elif "Tax" in top:
        coins = (view.get("coins") or [])[seat : seat + 1]
        why = "its tax or spending comes first" + (f", with {coins[0]} coins in hand" if coins else "")
    else:
        why = "its order comes first"
    return f"Lay {top} on top for Turn 1 and {bottom} below for Turn 2: {why}."


def _expand(info: BoardInfo, rd: Reading, owner: list[int], armies: list[int], seat: int) -> str:
    f, to = rd.terrs[0], rd.terrs[1]
    names = info.board.territories
    sent = units_words(list(rd.nums)) if len(rd.nums) == len(COST) else str(sum(rd.nums))
    order = "Split Expand" if rd.kind == "split" else "Expand"
    return (
        f"{order} from {names[f].name} into unclaimed {names[to].name} with {sent}: "
        f"{held_note(info, owner, seat, to)}, {danger_note(threat(info, owner, armies, seat, to))}."
    )


def _lose(view: State, rd: Reading) -> str | None:
    """Chosen losses by unit type: what goes and what stays (the common sentence otherwise)."""
    if not (rd.nums and len(rd.nums) == len(COST) and view.get("losses")):
        return None
    lost = list(rd.nums)
    kept = [h - x for h, x in zip(loss_units(as_europe(view)), lost, strict=True)]
    cheap = max(c for c, x in zip(COST, lost, strict=True) if x) <= min(
        (c for c, k in zip(COST, kept, strict=True) if k), default=99
    )
    kinds = sum(1 for k in kept if k)
    why = (
        "the cheapest go and the dearer units stay"
        if cheap
        else f"not the cheapest first, so {kinds} kinds of units stay, each rolling in its own rank of the battle"
    )
    return f"Remove {units_words(lost)} and keep {units_words(kept)}: {why}."


@cache
def _cities(info: BoardInfo) -> SimpleNamespace:
    """Europe's city tables (tax values and crowns printed on the board), as the state queries want them."""
    return SimpleNamespace(board=info.board, **city_tables(info.board))


def _tax(info: BoardInfo, view: State, seat: int, t: int) -> str:
    """'Select a city territory you control, then collect the Tax Value of that city and all other cities and
    non-city territories you control that are connected to that city through supply lines.' Every number in it
    is on the board: the cities' Tax Values, who holds what, and which territories are disputed."""
    book = _cities(info)
    line = supply_line(book, as_europe(view), seat, t)
    cities = sum(1 for x in line if x in book.city_tax)
    coins = tax_value(book, as_europe(view), seat, t)
    others = [
        (tax_value(book, as_europe(view), seat, c), c)
        for c in book.city_tax
        if view["owner"][c] == seat and c != t and c not in line and str(c) not in view["att"]
    ]
    name = info.board.territories
    what = (
        f"its supply line joins {cities} cit{'y' if cities == 1 else 'ies'} and {len(line) - cities} other "
        f"territor{'y' if len(line) - cities == 1 else 'ies'} of yours: {coins} coins"
    )
    tile = next(
        (
            f", and {city['name']}'s {city['bonus']['tile']} tile places {units_words(list(u))} there"
            for tid, u in TAX_TILES.items()
            if info.index[tid] in line
            for city in (info.board.territories[info.index[tid]].get("city") or {},)
            if city.get("bonus")
        ),
        "",
    )
    if others:
        best, c = max(others)
        return f"Tax {name[t].name}: {what}{tile} ({name[c].name}'s line would give {best})."
    return f"Tax {name[t].name}: {what}{tile}."


def _fortify(info: BoardInfo, view: State, seat: int, t: int, owner: list[int], armies: list[int]) -> str:
    """'Add three Footmen to a city territory you control or four Footmen to a castle territory you control.
    This action may be used in a disputed city or castle territory only if you are the defending player.'"""
    castle = bool((view.get("castle") or [])[t : t + 1] == [True])
    n = FORTIFY_CASTLE if castle else FORTIFY_CITY
    if view.get("units"):
        n = min(n, in_box(as_europe(view), seat)[0])
    name, what = info.board.territories[t].name, "castle" if castle else "city"
    att = (view.get("att") or {}).get(str(t))
    if att:
        mine = sum((view.get("units") or [])[t]) if view.get("units") else armies[t] - sum(att["units"])
        return (
            f"Fortify {name}: {n} more footmen in its {what} for its battle at the round's end, your "
            f"{mine} units against {sum(att['units'])} attacking."
        )
    danger = threat(info, owner, armies, seat, t)
    facing = (
        f"{danger} enemy units next to it against your {armies[t]}" if danger else "no enemy next to it yet"
    )
    return f"Fortify {name}: {n} more footmen in its {what}, {facing}."


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
    side = f"{whose(view, seat, a)} {units_words(att['units'])} against {whose(view, seat, q)} {units_words(units[t])}"
    city = info.board.territories[t].get("city")
    crowns = int(city.get("crowns", 1)) if city else 0
    stake = f"; its city ({crowns} crown{'s' * (crowns > 1)}) goes to the winner" if city else ""
    castle = (
        "; the defender's castle gives one re-roll a repetition"
        if (view.get("castle") or [])[t : t + 1] == [True]
        else ""
    )
    return (
        f"Fight the battle in {info.board.territories[t].name} next: {side}{stake}{castle}. As First Player "
        f"you choose the order; every disputed territory is fought out before the round ends."
    )


def castle_reroll(view: State, rd: Reading) -> str | None:
    """'The defending player may re-roll all dice of one rank each time the Ranked Attack Order is repeated.'"""
    f = reroll_figures(view)
    if f is None:
        return None
    what = "general attack dice" if f.rank == 4 else f"{RANK_NAMES[f.rank]}' dice"
    rolled = f"{', '.join(map(str, f.mine))}: {count(f.scored, 'hit')}"
    if f.rank == 4:
        rolled += f", {count(f.taken, 'loss', 'losses')} for you"
        fresh_words = f"a fresh roll averages {f.avg:.1f} hits and {f.avg_taken:.1f} losses"
    else:
        fresh_words = f"a fresh roll averages {f.avg:.1f} hits"
    if rd.kind == "reroll":
        return (
            f"Re-roll your {what} ({rolled}): {fresh_words}. Your castle gives one re-roll each time the "
            f"ranked attack order repeats."
        )
    better = f.scored - f.taken >= f.avg - f.avg_taken
    later = "" if better else "; the re-roll may serve better in a later rank of this repetition"
    return f"Keep your {what} ({rolled}): {fresh_words}{later}."


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
    return (
        f"Siege Assault on {names[t].name} from {names[f].name}: {weapons} {dice} dice against its "
        f"{count(sum(units[t]), 'unit')}, each 3 or more removing one (about {dice * 2 / 3:.1f} hits); no "
        f"defence dice are rolled."
    )


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
    return (
        f"Manoeuvre {units_words(sent)} from {names[f].name} into disputed {names[t].name}: your "
        f"{units_words(ours)} against {units_words(theirs)} in its battle at the round's end."
    )


def _crown(view: State, seat: int) -> str:
    crowns = (view.get("crowns") or [])[seat : seat + 1]
    now = f" to {crowns[0] + 1}" if crowns else ""
    return (
        f"Buy a crown card for 10 coins: your War Banner moves{now} on the Crown Tracker, and "
        f"{CROWNS_TO_WIN} crowns at a round's end win."
    )


def first(info: BoardInfo, view: State, seat: int, a: Action, rd: Reading, label: Label) -> str | None:
    """Steps the common readings would misread (a tax is no placement, a Fortify no move), and a fight's."""
    owner: list[int] = view.get("owner") or []
    armies: list[int] = view.get("armies") or []
    one = rd.terrs[0] if len(rd.terrs) == 1 and owner and armies else None
    if one is not None and rd.kind == "tax" and "att" in view:
        return _tax(info, view, seat, one)
    if one is not None and rd.kind == "fortify":
        return _fortify(info, view, seat, one, owner, armies)
    if rd.kind == "battle":
        return europe_battle(info, view, seat, rd)
    if rd.kind in ("reroll", "keep"):
        return castle_reroll(view, rd)
    if rd.kind == "siege":
        return siege_assault(info, view, rd)
    if rd.kind == "manoeuvre":
        return manoeuvre_into_dispute(info, view, seat, rd)
    return None


def last(info: BoardInfo, view: State, seat: int, a: Action, rd: Reading, label: Label) -> str | None:
    """Europe's steps with no common reading: the bid, the kingdom, the orders, an expansion, losses, a crown."""
    owner: list[int] = view.get("owner") or []
    armies: list[int] = view.get("armies") or []
    if rd.kind == "bid":
        return _bid(view, seat, a)
    if rd.kind == "kingdom" and len(rd.terrs) >= 2 and owner and armies:
        return _kingdom(info, rd, seat, a, owner, armies)
    if rd.kind == "orders" and len(a.args) >= 2:
        return _orders(info, view, seat, a, owner, label)
    if (
        rd.kind in ("expand", "split")
        and len(rd.terrs) >= 2
        and owner
        and armies
        and owner[rd.terrs[1]] == -1
    ):
        return _expand(info, rd, owner, armies, seat)
    if rd.kind in ("lose", "auto"):
        return _lose(view, rd) or losses(a, label)
    if rd.kind == "crown":
        return _crown(view, seat)
    return None


REASONS = Reasons(
    first=first,
    last=last,
    ends=frozenset({"end"}),
    attacks=frozenset({"expand", "split", "siege"}),
    counted=frozenset({"expand", "split", "siege"}),
    places=frozenset({"recruit"}),
)
