"""Risk: Europe's state: its shape (every key, in one place), the queries the rule modules share, and the small
edits they make on a draft.

Unit vectors are [footmen, archers, cavalry, siege weapons] everywhere (`Units`). A territory's `units` are its
owner's; an attacking army in a disputed territory lives in `att` until the battle at the end of the round."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, TypedDict, cast

from riskterm.board import Board
from riskterm.engine.events import Event
from riskterm.engine.state import CoreState, State, present, touch, touch_item
from riskterm.rules.base import Book, Do, Edit, mutating
from riskterm.rules.europe.data import (
    BERLIN,
    BERLIN_CASTLE_DISCOUNT,
    BOX,
    CASTLE_COST,
    CASTLES_TOTAL,
    CROWN_CARDS_TOTAL,
    KIEV,
)

Units = list[int]
Args = tuple[Any, ...]


class Player(TypedDict):
    name: str
    colour: str
    ai: str | None  # None for a person, else the computer level
    out: bool  # eliminated
    saved: bool  # Saved by the Crown: no city, one more round to retake one


class Attack(TypedDict):
    seat: int  # the attacking player
    units: Units  # the attacking army


class TurnState(TypedDict):
    card: str  # the revealed King's Orders card
    order: str | None  # the order carried out ('expand', 'split', 'manoeuvre', 'tax', 'spend'), None yet
    done: bool  # the order is complete (a Split Expand waits for its second part)
    bonus_used: bool  # the card's bonus action was used (King Me acts on reveal)
    split_from: int | None  # a Split Expand's territory
    split_to: list[int]  # a Split Expand's targets so far
    free_man: bool  # Berlin's free Manoeuvre is open


# 'def' is a keyword: the functional form.
Battle = TypedDict(
    "Battle",
    {
        "t": int,  # the disputed territory
        "att": int,
        "def": int,  # attacking and defending seats
        "rank": int,  # 1 siege weapons, 2 archers, 3 cavalry, 4 general attack
        "cycle": int,  # repetition of the ranked attack order
        "reroll_used": bool,  # the castle defender's re-roll in this repetition
        "att_dice": list[int],
        "def_dice": list[int],  # the rank's dice
    },
)


class Loss(TypedDict):
    seat: int  # who removes
    t: int  # where
    side: str  # 'own' (the territory's owner) or 'att' (the attacking army)
    hits: int


class EuropeState(CoreState):
    """A Risk: Europe game (engine.state.CoreState and these). Phases: bid, kingdom, orders, turn, battles,
    reroll, losses, over (round_end: only inside a step); `first`: the holder of the First Player Marker;
    `armies`: all units in a territory (both armies when disputed); `current`: the First Player during battles."""

    players: list[Player]
    units: list[Units]  # per territory: its owner's units
    att: dict[str, Attack]  # disputed territories: str(index) -> attacking army
    castle: list[bool]  # per territory
    coins: list[int]  # per seat
    crowns: list[int]  # the Crown Tracker: crowns of cities held plus crown cards
    crown_cards: list[int]  # bought, per seat
    crown_cards_gone: int  # crown cards of eliminated players, out of the game
    crown_bought: list[bool]  # a crown card bought this round, per seat
    hands: list[list[str]]  # King's Orders cards in hand ('?' for another seat's in a view)
    chosen: list[list[str]]  # the two face-down cards of this round, top first
    revealed: list[list[str]]  # chosen cards turned over so far this round
    discard: list[list[str]]  # each seat's discard pile
    bids: list[int | None]  # the secret bids for the First Player Marker ('?' for another seat's in a view)
    round: int
    seq: list[int]  # this round's turn order (seats still in the game, from the First Player)
    seq_i: int  # position in seq
    card_turn: int  # 1: the top card (Turn 1 of the round), 2: the bottom card (Turn 2)
    ts: TurnState | None  # the player-turn in progress
    battle: Battle | None  # the battle in progress
    losses: list[Loss]  # removals waiting for their owner's choice, first first
    options: dict[str, Any]  # round_cap


@dataclass(frozen=True)
class Cities:
    """The board's city tables, fixed for a board's life (cities(board))."""

    tax: Mapping[int, int]  # city territory -> tax value
    crowns: Mapping[int, int]  # city territory -> crowns (Rome 2)
    name: Mapping[int, str]
    gold: frozenset[int]  # the eight Gold Crown Cities
    tile_at: Mapping[str, int]  # City Bonus Tile (its city's territory id) -> territory


@cache
def cities(board: Board) -> Cities:
    """The board's city tables from its city data, made once per board."""
    tax, crowns, names, gold = {}, {}, {}, set()
    for t in board.territories:
        c = t.get("city")
        if c:
            tax[t.index] = int(c.get("tax", 0))
            crowns[t.index] = int(c.get("crowns", 1))
            names[t.index] = str(c.get("name", t.name))
            if c.get("gold"):
                gold.add(t.index)
    return Cities(
        tax, crowns, names, frozenset(gold), {t.id: t.index for t in board.territories if t.index in gold}
    )


def city_tables(board: Board) -> dict[str, Any]:
    """cities(board) as a dict of its tables under their old names (city_tax, city_crowns, ...)."""
    c = cities(board)
    return {
        "city_tax": c.tax,
        "city_crowns": c.crowns,
        "city_name": c.name,
        "gold": c.gold,
        "tile_at": c.tile_at,
    }


# ------------------------------------------------------------------ queries
def is_city(rules: Book, t: int) -> bool:
    return t in cities(rules.board).tax


def as_europe(s: State) -> EuropeState:
    """A state the Rules interface hands over, as this rulebook's shape (tests/rules/test_state_shapes.py checks
    that every state it makes has it)."""
    return cast(EuropeState, s)


# The records a phase has (engine.state.present: TypeError when asked for outside it, as indexing None did).
def ts_of(s: EuropeState) -> TurnState:
    """The player-turn in progress."""
    return present(s["ts"], "no player-turn under way")


def battle_of(s: EuropeState) -> Battle:
    """The battle in progress."""
    return present(s["battle"], "no battle under way")


def split_from(ts: TurnState) -> int:
    """The territory a Split Expand moves from (once its first part is done)."""
    return present(ts["split_from"], "no Split Expand under way")


def disputed(s: EuropeState, t: int) -> bool:
    return str(t) in s["att"]


def attackers(s: EuropeState) -> dict[int, int]:
    """Every disputed territory and its attacking seat (what `attacker` says, for all at once)."""
    return {int(k): a["seat"] for k, a in s["att"].items()}


def attacker(s: EuropeState, t: int) -> int:
    a = s["att"].get(str(t))
    return a["seat"] if a else -1


def att_units(s: EuropeState, t: int) -> Units:
    a = s["att"].get(str(t))
    return list(a["units"]) if a else [0, 0, 0, 0]


def alive(s: EuropeState) -> list[int]:
    return [i for i, p in enumerate(s["players"]) if not p["out"]]


def holds_tile(rules: Book, s: EuropeState, p: int, tile: str) -> bool:
    t = cities(rules.board).tile_at.get(tile)
    return t is not None and s["owner"][t] == p


def tiles_of(rules: Book, s: EuropeState, p: int) -> list[str]:
    return [tid for tid, t in cities(rules.board).tile_at.items() if s["owner"][t] == p]


def cities_of(rules: Book, s: EuropeState, p: int) -> list[int]:
    return [t for t in cities(rules.board).tax if s["owner"][t] == p]


def territories_of(s: EuropeState, p: int) -> list[int]:
    return [t for t, o in enumerate(s["owner"]) if o == p]


def crowns_of(rules: Book, s: EuropeState, p: int) -> int:
    c = cities(rules.board)
    bought: int = s["crown_cards"][p]
    return sum(c.crowns[t] for t in c.tax if s["owner"][t] == p) + bought


def on_board(s: EuropeState, p: int, mine: list[int] | None = None) -> Units:
    """Figures of player p on the board (own territories and attacking armies); `mine`: p's territories, when
    the caller has them."""
    units = s["units"]
    if mine is None:
        mine = territories_of(s, p)
    rows = [units[t] for t in mine]
    if s["att"]:
        rows += [a["units"] for a in s["att"].values() if a["seat"] == p]
    return [sum(c) for c in zip(*rows, strict=True)] if rows else [0, 0, 0, 0]


def in_box(s: EuropeState, p: int, mine: list[int] | None = None) -> Units:
    """Figures still in p's army reserve (the box limits 35/12/12/4 minus those on the board)."""
    return [b - n for b, n in zip(BOX, on_board(s, p, mine), strict=True)]


def castles_left(s: EuropeState) -> int:
    return CASTLES_TOTAL - sum(map(bool, s["castle"]))


def crown_cards_left(s: EuropeState) -> int:
    gone: int = s["crown_cards_gone"]
    return CROWN_CARDS_TOTAL - sum(s["crown_cards"]) - gone


def castle_cost(rules: Book, s: EuropeState, p: int) -> int:
    return CASTLE_COST - (BERLIN_CASTLE_DISCOUNT if holds_tile(rules, s, p, BERLIN) else 0)


def supply_line(rules: Book, s: EuropeState, p: int, start: int) -> list[int]:
    """Territories of p connected to `start` through p's undisputed territories (borders and sea-lines);
    empty when start is not p's or is disputed."""
    owner, att = s["owner"], s["att"]
    if owner[start] != p or str(start) in att:
        return []
    seen, stack = {start}, [start]
    while stack:
        x = stack.pop()
        for y in rules.board.adj[x]:
            if y not in seen and owner[y] == p and str(y) not in att:
                seen.add(y)
                stack.append(y)
    return sorted(seen)


def tax_value(rules: Book, s: EuropeState, p: int, city: int) -> int:
    return sum(
        cities(rules.board).tax.get(t, 0) if is_city(rules, t) else 1 for t in supply_line(rules, s, p, city)
    )


def recruit_places(rules: Book, s: EuropeState, p: int, mine: list[int] | None = None) -> list[int]:
    """Undisputed cities and castle territories of p, plus (Kiev's Advanced Recruitment) every undisputed
    non-city territory supply-linked to Kiev; `mine`: p's territories, when the caller has them."""
    owner, att, castle = s["owner"], s["att"], s["castle"]
    city = cities(rules.board).tax
    if mine is None:
        mine = territories_of(s, p)
    out = [t for t in mine if (t in city or castle[t]) and str(t) not in att]
    kiev = cities(rules.board).tile_at.get(KIEV)
    if kiev is not None and owner[kiev] == p:
        return sorted({*out, *supply_line(rules, s, p, kiev)})
    return out


# ------------------------------------------------------------------ edits (on a draft)
def step(edit: Edit, split_part: bool = False) -> Do:
    """A handler's `do` from an edit of a draft (base.mutating, with owner, armies and units copied). In a
    turn, any action but a part of a Split Expand (`split_part`) ends a half-done Split Expand first (our
    reading: the two moves go together)."""
    if split_part:
        return mutating(edit, "owner", "armies", "units")

    def closing_split(rules: Book, s: EuropeState, args: Args, events: list[Event]) -> None:
        ts = s.get("ts")
        if s["phase"] == "turn" and ts and ts["order"] == "split" and not ts["done"]:
            s["ts"] = {**ts, "done": True}
        edit(rules, s, args, events)

    closing_split.__name__ = f"do_{edit.__name__}"
    closing_split.__doc__ = edit.__doc__
    return mutating(closing_split, "owner", "armies", "units")


def set_units(s: EuropeState, t: int, u: Units) -> None:
    """Owner's units in t (the `units` and `armies` lists must already be copies)."""
    s["units"][t] = list(u)
    s["armies"][t] = sum(u) + sum(att_units(s, t))


def add_units(s: EuropeState, t: int, u: Units | tuple[int, ...]) -> None:
    set_units(s, t, [x + y for x, y in zip(s["units"][t], u, strict=True)])


def set_att(s: EuropeState, t: int, seat: int, u: Units | None) -> None:
    att = s["att"] = dict(s["att"])
    if u is None or not sum(u):
        att.pop(str(t), None)
    else:
        att[str(t)] = {"seat": seat, "units": list(u)}
    s["armies"][t] = sum(s["units"][t]) + sum(att_units(s, t))


def unclaim(s: EuropeState, t: int) -> None:
    """Nobody holds t any more: its units are gone and any crowns return to the reserve."""
    s["owner"][t] = -1
    set_units(s, t, [0, 0, 0, 0])


def refresh_crowns(rules: Book, s: EuropeState) -> None:
    s["crowns"] = [crowns_of(rules, s, p) for p in range(len(s["players"]))]


def pay(s: EuropeState, p: int, n: int) -> None:
    touch(s, "coins")[p] -= n


def gain(s: EuropeState, p: int, n: int) -> None:
    touch(s, "coins")[p] += n


def set_player(s: EuropeState, p: int, **kw: Any) -> None:
    touch_item(s, "players", p).update(kw)
