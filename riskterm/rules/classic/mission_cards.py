"""The Secret Mission cards (Secret Mission Risk, Parker Brothers 1993; the European edition's two more), on
any board: the deck for a game, what a card says, whether it is met and how far its holder is. Pure functions
over JSON-plain mission dicts, the form a state keeps them in:

    {"card": "continents", "regions": ["asia", "south_america"], "third": False}
    {"card": "territories", "territories": 24, "armies": 1}       (18 with "armies": 2)
    {"card": "destroy", "target": 2}                               (a seat)

A mission that changed (your own colour dealt, your target eliminated by another) keeps the card it was dealt
as under "was".

On the classic board the cards name its continents. On another board (our reading) the board may list its own
cards (`extra: missions:` in its file, see board_cards); else each continent card names the region of the same
size rank as the continent it names on the classic board (Asia the largest, then North America, Europe,
Africa, South America, Australia; ties in the board's order), cards naming a rank the board lacks are left out,
and 24 and 18 territories become the same share of the board's territories."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from riskterm.board import Board

Mission = dict[str, Any]

CLASSIC_TERRITORIES = 42
# The continents of the classic board by size rank (12, 9, 7, 6, 4, 4 territories).
CLASSIC_RANKS = ("asia", "north_america", "europe", "africa", "south_america", "australia")
# 'Conquer Asia and South America', ... (the 1993 cards); then the European edition's two, each 'and a third
# continent of your choice'.
PAIRS = (
    ("asia", "south_america"),
    ("asia", "africa"),
    ("north_america", "africa"),
    ("north_america", "australia"),
)
EUROPEAN = (("europe", "south_america"), ("europe", "australia"))
COUNTS = ((24, 1), (18, 2))  # 'Occupy 24 territories'; 'Occupy 18 territories with at least 2 armies in each'


def _continents(board: Board) -> dict[str, str]:
    """The board's region for each classic continent: by id on a board with all six, else by size rank."""
    ids = {r.id for r in board.regions}
    if all(c in ids for c in CLASSIC_RANKS):
        return {c: c for c in CLASSIC_RANKS}
    order = sorted(range(len(board.regions)), key=lambda i: (-len(board.regions[i].territories), i))
    return {c: board.regions[order[k]].id for k, c in enumerate(CLASSIC_RANKS) if k < len(order)}


def _scaled(board: Board, n: int) -> int:
    return max(1, round(n * len(board) / CLASSIC_TERRITORIES))


def board_cards(board: Board) -> list[Mission] | None:
    """The board's own continent and territory cards (`extra: missions:` in its file, each a mapping with
    `regions: [ids]` and an optional `third: true`, or `territories: N` with an optional `armies: K`; or as
    `riskterm import-map` keeps a Domination cards file's: `continents` (ids, '*' for one of the player's
    choice), `territories`, `min_armies`, `destroy`); None when it lists none that fit. The destroy cards are
    always the colours in play, whatever the board lists."""
    listed = board.extra.get("missions")
    if not isinstance(listed, list):
        return None
    ids = {r.id for r in board.regions}
    out: list[Mission] = []
    for c in listed:
        if not isinstance(c, dict):
            continue
        if "continents" in c and isinstance(c["continents"], list):  # a Domination cards file's mission
            conts = c["continents"]
            c = {
                "regions": [r for r in conts if r != "*"],
                "third": "*" in conts,
                "territories": c.get("territories"),
                "armies": max(1, c.get("min_armies") or 1),
            }
        regions = c.get("regions")
        n, k = c.get("territories"), c.get("armies", 1)
        if (
            isinstance(regions, list)
            and regions
            and all(r in ids for r in regions)
            and len(set(regions)) == len(regions)
        ):
            out.append({"card": "continents", "regions": list(regions), "third": bool(c.get("third"))})
        elif isinstance(n, int) and isinstance(k, int) and 1 <= n <= len(board) and k >= 1:
            out.append({"card": "territories", "territories": n, "armies": k})
    return out or None


@cache
def _fixed_cards(board: Board, european: bool) -> tuple[tuple[tuple[str, ...], bool] | tuple[int, int], ...]:
    cont = _continents(board)
    out: list[Any] = []
    for pairs, third in ((PAIRS, False), (EUROPEAN if european else (), True)):
        for a, b in pairs:
            if a in cont and b in cont:
                out.append(((cont[a], cont[b]), third))
    out += [(_scaled(board, n), k) for n, k in COUNTS]
    return tuple(out)


def deck(board: Board, seats: int, european: bool) -> list[Mission]:
    """The cards of a game, in a fixed order (the caller shuffles): the continent and territory cards (the
    board's own, else the 1993 set, with the European two when asked), then one 'destroy' card per seat ('the
    General removes the Mission cards that refer to the unused colors')."""
    own = board_cards(board)
    if own is not None:
        cards = [dict(c) for c in own]
    else:
        cards = []
        for spec, extra in _fixed_cards(board, european):
            if isinstance(spec, tuple):
                cards.append({"card": "continents", "regions": list(spec), "third": extra})
            else:
                cards.append({"card": "territories", "territories": spec, "armies": extra})
    return cards + [{"card": "destroy", "target": q} for q in range(seats)]


def for_24(board: Board, was: Mission) -> Mission:
    """The territory card a mission becomes (your own colour, or, by the house rule, a target eliminated by
    another): occupy 24 territories (its share of another board)."""
    return {"card": "territories", "territories": _scaled(board, 24), "armies": 1, "was": was}


# --- reading a mission ---------------------------------------------------------------------------------
def _held(board: Board, owner: list[int], seat: int, region: int) -> bool:
    return all(owner[t] == seat for t in board.region_members[region])


def met(board: Board, s: Mapping[str, Any], seat: int, m: Mission) -> bool:
    """Whether `seat` has completed mission `m` in state `s`."""
    card = m["card"]
    owner = s["owner"]
    if card == "destroy":
        return bool(s["players"][m["target"]]["out"])
    if card == "territories":
        n, k = m["territories"], m["armies"]
        if k <= 1:
            return bool(owner.count(seat) >= n)
        armies = s["armies"]
        return sum(1 for t, o in enumerate(owner) if o == seat and armies[t] >= k) >= int(n)
    index = _region_index(board)
    named = [index[r] for r in m["regions"]]
    if not all(_held(board, owner, seat, r) for r in named):
        return False
    if not m.get("third"):
        return True
    chosen = m.get("chosen")
    if isinstance(chosen, str):
        return _held(board, owner, seat, index[chosen])
    return any(_held(board, owner, seat, r) for r in range(len(board.regions)) if r not in named)


@cache
def _region_index(board: Board) -> dict[str, int]:
    return {r.id: i for i, r in enumerate(board.regions)}


def _colour(players: Sequence[Mapping[str, Any]], q: int) -> str:
    c = players[q].get("colour") if 0 <= q < len(players) else ""
    return f" ({c})" if isinstance(c, str) and c else ""


def text(board: Board, m: Mission, players: Sequence[Mapping[str, Any]]) -> str:
    """What the card says, as one sentence ('Conquer Asia and South America.')."""
    card = m["card"]
    if card == "destroy":
        q = m["target"]
        name = players[q]["name"] if 0 <= q < len(players) else f"Player {q + 1}"
        return f"Destroy all of {name}'s armies{_colour(players, q)}."
    if card == "territories":
        n, k = m["territories"], m["armies"]
        each = f" with at least {k} armies in each" if k > 1 else ""
        return f"Occupy {n} territories{each}."
    names = [board.region_by_id[r].name for r in m["regions"]]
    chosen = m.get("chosen")
    if m.get("third"):
        names.append(
            board.region_by_id[chosen].name if isinstance(chosen, str) else "a third continent of your choice"
        )
    return "Conquer " + (", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]) + "."


def progress(board: Board, s: Mapping[str, Any], seat: int, m: Mission) -> list[str]:
    """How far `seat` is, one short line per part ('Asia: 7 of 12')."""
    card = m["card"]
    owner, players = s["owner"], s["players"]
    if card == "destroy":
        q = m["target"]
        if players[q]["out"]:
            return [f"{players[q]['name']} is out."]
        return [f"{players[q]['name']} holds {owner.count(q)} territories."]
    if card == "territories":
        k = m["territories"], m["armies"]
        n, least = k
        have = sum(1 for t, o in enumerate(owner) if o == seat and s["armies"][t] >= least)
        return [f"{have} of {n} territories" + (f" with {least}+ armies" if least > 1 else "") + "."]
    index = _region_index(board)
    out = []
    for r in m["regions"]:
        members = board.region_members[index[r]]
        out.append(
            f"{board.region_by_id[r].name}: {sum(1 for t in members if owner[t] == seat)} of {len(members)}."
        )
    if m.get("third"):
        named = [index[r] for r in m["regions"]]
        others = [i for i in range(len(board.regions)) if i not in named]
        chosen = m.get("chosen")
        if isinstance(chosen, str):
            others = [index[chosen]]
        best = max(
            others,
            key=lambda i: (
                sum(1 for t in board.region_members[i] if owner[t] == seat) / len(board.region_members[i])
            ),
            default=None,
        )
        if best is not None:
            members = board.region_members[best]
            held = sum(1 for t in members if owner[t] == seat)
            out.append(f"Third, {board.regions[best].name}: {held} of {len(members)}.")
    return out
