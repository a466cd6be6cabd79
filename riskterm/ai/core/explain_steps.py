"""The coach's sentence for steps that are not an attack, a move or a placement (issue 16, deliverable 6):
Europe's bid, kingdom, King's Orders, expansion into unclaimed land, tax, Fortify and chosen losses; RisiKo!'s
fortress, Hidden Armies, card plays and the redistribution after a fortress falls; modern's buy. Each reads
the seat's view only (and the board's printed tables); `label` names an argument as the app does (card faces)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from types import SimpleNamespace
from typing import Any

from riskterm.ai.board_info import BoardInfo
from riskterm.ai.classic_plan import threat
from riskterm.ai.core.reading import Reading
from riskterm.engine.actions import Action
from riskterm.engine.state import State
from riskterm.rules.europe.data import (
    COST,
    CROWNS_TO_WIN,
    FORTIFY_CASTLE,
    FORTIFY_CITY,
    TAX_TILES,
    units_words,
)
from riskterm.rules.europe.losses import loss_units
from riskterm.rules.europe.state import city_tables, in_box, supply_line, tax_value
from riskterm.rules.risiko.cards import track_value

Label = Callable[[Any], str]


def held_after(info: BoardInfo, owner: list[int], seat: int, t: int, extra: int = 1) -> tuple[int, int]:
    """How many of the territories of t's region the seat would hold with t (and `extra` - 1 more), of how many."""
    members = info.members[info.region_of[t]]
    return sum(1 for x in members if owner[x] == seat and x != t) + extra, len(members)


def _held_note(info: BoardInfo, owner: list[int], seat: int, t: int, extra: int = 1) -> str:
    """'you would hold 3 of the 5 territories of Iberia' (or 'completes Iberia (+2 each turn)')."""
    r = info.region_of[t]
    name = info.board.regions[r].name
    held, total = held_after(info, owner, seat, t, extra)
    if held >= total:
        return f"it completes {name} (+{info.bonus[r]} each turn)"
    return f"you would hold {held} of the {total} territories of {name}"


def _danger_note(danger: int) -> str:
    return f"{danger} enemy armies next to it" if danger else "no enemy next to it"


def _bid(view: State, seat: int, a: Action) -> str:
    n = int(a.args[0]) if a.args else 0
    coins = (view.get("coins") or [])[seat:seat + 1]
    have = f" of your {coins[0]} coins" if coins else ""
    return (f"Bid {n}{have} for the First Player Marker: the highest bidder places first and starts each round, "
            f"and only the winner pays (a tie is rolled off).")


def _kingdom(info: BoardInfo, rd: Reading, seat: int, a: Action, owner: list[int], armies: list[int]) -> str:
    city, adj = rd.terrs[0], rd.terrs[1]
    n = int(a.args[2]) if len(a.args) > 2 else 0
    names = info.board.territories
    both = n > 0 and info.region_of[adj] == info.region_of[city]
    where = f"{10 - n} footmen there and {n} in {names[adj].name}" if n else "all 10 footmen there"
    return (f"Found your kingdom in {names[city].name} with {where}: "
            f"{_held_note(info, owner, seat, city, extra=1 + both)}, "
            f"{_danger_note(threat(info, owner, armies, seat, city))}.")


def _orders(info: BoardInfo, view: State, seat: int, a: Action, owner: list[int], label: Label) -> str:
    top, bottom = (label(x) for x in a.args[:2])
    if "Expand" in top:
        free = {u for t, o in enumerate(owner) if o == seat for u in info.adj[t] if owner[u] == -1}
        why = (f"it expands first, into {len(free)} unclaimed territories next to yours" if free
               else "its expansion comes before your second card")
    elif "Tax" in top:
        coins = (view.get("coins") or [])[seat:seat + 1]
        why = "its tax or spending comes first" + (f", with {coins[0]} coins in hand" if coins else "")
    else:
        why = "its order comes first"
    return f"Lay {top} on top for Turn 1 and {bottom} below for Turn 2: {why}."


def _expand(info: BoardInfo, rd: Reading, owner: list[int], armies: list[int], seat: int) -> str:
    f, to = rd.terrs[0], rd.terrs[1]
    names = info.board.territories
    sent = units_words(list(rd.nums)) if len(rd.nums) == len(COST) else str(sum(rd.nums))
    order = "Split Expand" if rd.kind == "split" else "Expand"
    return (f"{order} from {names[f].name} into unclaimed {names[to].name} with {sent}: "
            f"{_held_note(info, owner, seat, to)}, {_danger_note(threat(info, owner, armies, seat, to))}.")


def _lose(view: State, a: Action, rd: Reading, label: Label) -> str:
    if rd.nums and len(rd.nums) == len(COST) and view.get("losses"):
        lost = list(rd.nums)
        kept = [h - x for h, x in zip(loss_units(view), lost, strict=True)]
        cheap = max(c for c, x in zip(COST, lost, strict=True) if x) <= min(
            (c for c, k in zip(COST, kept, strict=True) if k), default=99)
        kinds = sum(1 for k in kept if k)
        why = ("the cheapest go and the dearer units stay" if cheap else
               f"not the cheapest first, so {kinds} kinds of units stay, each rolling in its own rank of the battle")
        return f"Remove {units_words(lost)} and keep {units_words(kept)}: {why}."
    if a.args:
        return f"Give up {' '.join(label(x) for x in a.args)}: the rest stay to fight."
    return "Take the default losses: the cheapest units go first."


def _most_threatened(info: BoardInfo, owner: list[int], armies: list[int], seat: int) -> tuple[int, int]:
    """The seat's territory with the most enemy armies next to it, and that number ((-1, 0) if none)."""
    best = max(((threat(info, owner, armies, seat, t), t) for t, o in enumerate(owner) if o == seat),
               default=(0, -1))
    return best[1], best[0]


def _buy(info: BoardInfo, a: Action, owner: list[int], armies: list[int], seat: int, label: Label) -> str:
    n = a.args[1] if len(a.args) > 1 else None
    what = f"{n} {label(a.args[0])}{'s' * (n != 1)}" if n is not None else label(a.args[0])
    names = info.board.territories
    t, danger = _most_threatened(info, owner, armies, seat)
    if t >= 0 and danger > armies[t]:
        return (f"Buy {what} for {names[t].name}: {danger} enemy units next to it against your {armies[t]}.")
    fronts = [(armies[f] - armies[u], f, u) for f, o in enumerate(owner) if o == seat
              for u in info.adj[f] if owner[u] not in (seat, -1)]
    if fronts:
        _, f, u = max(fronts)
        return (f"Buy {what} for an attack from {names[f].name} ({armies[f]}) on {names[u].name} "
                f"({armies[u]}).")
    return f"Buy {what}: credits turned into units before they are needed."


def _card(info: BoardInfo, rd: Reading, owner: list[int], armies: list[int], seat: int, a: Action,
          label: Label) -> str | None:
    names = info.board.territories
    if rd.kind == "general":
        return ("Play the General: +1 to your highest attack die until an opponent's die equals or beats it, "
                "for the attacks still to come this turn.")
    if rd.kind == "marshal":
        t, danger = _most_threatened(info, owner, armies, seat)
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
        return (f"Play {label(a.args[0])} onto the track before your first attack: it adds the number above it "
                f"to the armies you place.")
    return None


def _plain(view: State, seat: int, rd: Reading) -> str | None:
    """Steps with no territory to read: a crown card, a card trade, going on with a battle or not."""
    if rd.kind == "crown":
        crowns = (view.get("crowns") or [])[seat:seat + 1]
        now = f" to {crowns[0] + 1}" if crowns else ""
        return (f"Buy a crown card for 10 coins: your War Banner moves{now} on the Crown Tracker, and "
                f"{CROWNS_TO_WIN} crowns at a round's end win.")
    if rd.kind == "trade":
        return "Trade in the set now: its armies go on the board with this turn's reinforcements."
    if rd.kind == "retreat":
        return "Stop this attack: the hard player sees more to lose than to gain in going on."
    if rd.kind == "continue":
        return "Fight another round: the hard player still likes the attack's odds."
    return None


@cache
def _cities(info: BoardInfo) -> SimpleNamespace:
    """Europe's city tables (tax values and crowns printed on the board), as the state queries want them."""
    return SimpleNamespace(board=info.board, **city_tables(info.board))


def _tax(info: BoardInfo, view: State, seat: int, t: int) -> str:
    """'Select a city territory you control, then collect the Tax Value of that city and all other cities and
    non-city territories you control that are connected to that city through supply lines.' Every number in it
    is on the board: the cities' Tax Values, who holds what, and which territories are disputed."""
    book = _cities(info)
    line = supply_line(book, view, seat, t)
    cities = sum(1 for x in line if x in book.city_tax)
    coins = tax_value(book, view, seat, t)
    others = [(tax_value(book, view, seat, c), c) for c in book.city_tax
              if view["owner"][c] == seat and c != t and c not in line and str(c) not in view["att"]]
    name = info.board.territories
    what = (f"its supply line joins {cities} cit{'y' if cities == 1 else 'ies'} and {len(line) - cities} other "
            f"territor{'y' if len(line) - cities == 1 else 'ies'} of yours: {coins} coins")
    tile = next((f", and {city['name']}'s {city['bonus']['tile']} tile places {units_words(list(u))} there"
                 for tid, u in TAX_TILES.items() if info.index[tid] in line
                 for city in (info.board.territories[info.index[tid]].get("city") or {},) if city.get("bonus")), "")
    if others:
        best, c = max(others)
        return f"Tax {name[t].name}: {what}{tile} ({name[c].name}'s line would give {best})."
    return f"Tax {name[t].name}: {what}{tile}."


def _fortify(info: BoardInfo, view: State, seat: int, t: int, owner: list[int], armies: list[int]) -> str:
    """'Add three Footmen to a city territory you control or four Footmen to a castle territory you control.
    This action may be used in a disputed city or castle territory only if you are the defending player.'"""
    castle = bool((view.get("castle") or [])[t:t + 1] == [True])
    n = FORTIFY_CASTLE if castle else FORTIFY_CITY
    if view.get("units"):
        n = min(n, in_box(view, seat)[0])
    name, what = info.board.territories[t].name, "castle" if castle else "city"
    att = (view.get("att") or {}).get(str(t))
    if att:
        mine = sum((view.get("units") or [])[t]) if view.get("units") else armies[t] - sum(att["units"])
        return (f"Fortify {name}: {n} more footmen in its {what} for its battle at the round's end, your "
                f"{mine} units against {sum(att['units'])} attacking.")
    danger = threat(info, owner, armies, seat, t)
    facing = f"{danger} enemy units next to it against your {armies[t]}" if danger else "no enemy next to it yet"
    return f"Fortify {name}: {n} more footmen in its {what}, {facing}."


def _hide(info: BoardInfo, view: State, seat: int, t: int, owner: list[int], armies: list[int]) -> str:
    """'These may be used ONCE ONLY ... to defend the territory where they are hidden or to launch an attack from
    that territory. To be able to use them, you must occupy the territory ... a number of armies equal to the
    number shown above the last Reinforcement card played.'"""
    name = info.board.territories[t].name
    worth = track_value(info.board, view) if "track" in view else 0
    now = f"now {worth}" if worth else "none played yet"
    use = (f"once, while you hold it, they join its defence or an attack from it, as many as the number above "
           f"the last Reinforcement card played ({now})")
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
    return (f"Garrison {names[t].name} with one army from {names[f].name} ({armies[f] - 1} stay{'s' * (armies[f] == 2)}): a territory "
            f"the fallen fortress left free; {_held_note(info, owner, seat, t)}, "
            f"{_danger_note(threat(info, owner, armies, seat, t))}.")


def _fortress(info: BoardInfo, t: int) -> str:
    """'places this fortress on any one of the territories of the Empire whose initial appears on the banner'
    and 'if you lose it, you are eliminated from the game!'"""
    r = info.region_of[t]
    outside = sum(1 for u in info.adj[t] if info.region_of[u] != r)
    empire = info.board.regions[r].name
    border = (f"{outside} of its neighbours lie outside the {empire} (the fewer such borders, the harder to "
              f"reach)" if outside else f"no neighbour outside the {empire}, so no border with another Empire")
    return f"Put your fortress in {info.board.territories[t].name}: {border}; if it falls, you are out of the game."


def rulebook_reason(info: BoardInfo, view: State, seat: int, rd: Reading) -> str | None:
    """Steps the common readings would misread (a tax is no placement, a fortress no claim): their own sentence."""
    owner: list[int] = view.get("owner") or []
    armies: list[int] = view.get("armies") or []
    variant = view.get("variant")
    one = rd.terrs[0] if len(rd.terrs) == 1 and owner and armies else None
    if variant == "europe" and one is not None and rd.kind == "tax" and "att" in view:
        return _tax(info, view, seat, one)
    if variant == "europe" and one is not None and rd.kind == "fortify":
        return _fortify(info, view, seat, one, owner, armies)
    if variant == "risiko" and one is not None and rd.kind == "hide":
        return _hide(info, view, seat, one, owner, armies)
    if variant == "risiko" and one is not None and rd.kind == "fortress":
        return _fortress(info, one)
    if variant == "risiko" and rd.kind == "garrison" and len(rd.terrs) >= 2 and owner and armies:
        return _garrison(info, rd, owner, armies, seat)
    return None


def step_reason(info: BoardInfo, view: State, seat: int, a: Action, rd: Reading, label: Label) -> str | None:
    """The sentence for one of these steps, or None when the action is none of them."""
    owner: list[int] = view.get("owner") or []
    armies: list[int] = view.get("armies") or []
    if rd.kind == "bid":
        return _bid(view, seat, a)
    if rd.kind == "kingdom" and len(rd.terrs) >= 2 and owner and armies:
        return _kingdom(info, rd, seat, a, owner, armies)
    if rd.kind == "orders" and len(a.args) >= 2:
        return _orders(info, view, seat, a, owner, label)
    if rd.kind in ("expand", "split") and len(rd.terrs) >= 2 and owner and armies and owner[rd.terrs[1]] == -1:
        return _expand(info, rd, owner, armies, seat)
    if rd.kind in ("lose", "auto"):
        return _lose(view, a, rd, label)
    if rd.kind == "buy" and a.args and owner and armies:
        return _buy(info, a, owner, armies, seat, label)
    if owner and armies and (said := _card(info, rd, owner, armies, seat, a, label)):
        return said
    return _plain(view, seat, rd)
