"""Questions about a modern-units position (who is in, what may cross where) and the one helper that changes
a draft's units. Functions take (rules, s, ...): `rules` gives the board."""

from __future__ import annotations

from typing import Any

from riskterm.rules.base import Book
from riskterm.rules.modern.state import ModernState, row_of
from riskterm.rules.modern.units import NU, parse_mix, units_of

CREDITS_PER_TERRITORY = 2


def is_over(s: ModernState) -> bool:
    return s.get("winner") is not None or bool(s.get("draw"))


def player_names(s: ModernState) -> list[str]:
    return [p["name"] for p in s["players"]]


def alive(s: ModernState) -> list[int]:
    return [i for i, p in enumerate(s["players"]) if not p["out"]]


def territories_of(s: ModernState, p: int) -> list[int]:
    return [t for t, o in enumerate(s["owner"]) if o == p]


def regions_held(rules: Book, s: ModernState, p: int) -> list[int]:
    owner = s["owner"]
    return [r for r, members in enumerate(rules.board.region_members) if all(owner[t] == p for t in members)]


def income_of(rules: Book, s: ModernState, p: int) -> int:
    """2 credits per territory held plus each whole continent's bonus, as credits."""
    held: int = s["owner"].count(p)
    return CREDITS_PER_TERRITORY * held + sum(rules.board.regions[r].bonus for r in regions_held(rules, s, p))


def crossing(rules: Book, f: int, t: int) -> str | None:
    """'land', 'sea' or None (not adjacent)."""
    if t in rules.board.land_adj[f]:
        return "land"
    if t in rules.board.sea_adj[f]:
        return "sea"
    return None


def free(s: ModernState, t: int) -> list[int]:
    """Units in t that may still cross a border this turn."""
    return [a - b for a, b in zip(s["units"][t], s["spent"][t], strict=True)]


def movable(rules: Book, s: ModernState, f: int, t: int) -> list[int]:
    """Units in f that may still cross into t this turn (every free one over land, the sea units over a
    sea-line, none where t is not next to f)."""
    board = rules.board
    if t in board.land_adj[f]:
        return free(s, f)
    if t in board.sea_adj[f]:
        return [n if u.sea else 0 for n, u in zip(free(s, f), units_of(s), strict=True)]
    return [0] * len(s["units"][f])


def mix_arg(rules: Book, s: ModernState, f: int, t: int, arg: Any) -> list[int] | None:
    """A units argument ('2H1T' or 'all': every unit that may cross from f to t) as a mix."""
    if arg == "all":
        return movable(rules, s, f, t)
    if isinstance(arg, int):
        return None
    return parse_mix(arg)


def territory(rules: Book, tid: Any) -> tuple[int | None, str | None]:
    """(index, None) for a territory id, else (None, the sentence saying it does not exist)."""
    t = rules.t(tid)
    if t is None:
        return None, f"There is no territory called '{tid}'."
    return t, None


def own(rules: Book, s: ModernState, tid: Any) -> tuple[int | None, str | None]:
    """(index, None) for a territory the player to move holds, else (None, why not)."""
    t, why = territory(rules, tid)
    if t is None:
        return None, why
    if s["owner"][t] != s["current"]:
        return None, f"You do not hold {rules.tname(t)}."
    return t, None


def add_units(s: ModernState, t: int, mix: list[int], spent: bool = False) -> None:
    """Add (or with negative counts remove) units in t of a draft; keeps armies, owner (-1 when emptied) and
    the units that crossed a border (`spent`, marked for the added ones when `spent`) in step."""
    row = row_of(s, "units", t)
    for k, n in enumerate(mix):
        row[k] += n
    s["armies"][t] = sum(row)
    if spent:
        sp = row_of(s, "spent", t)
        for k, n in enumerate(mix):
            sp[k] += n
    if any(b > a for a, b in zip(row, s["spent"][t], strict=True)):
        sp = row_of(s, "spent", t)
        for k in range(NU):
            sp[k] = min(sp[k], row[k])
    if s["armies"][t] == 0:
        s["owner"][t] = -1


def mark_spent(s: ModernState, t: int, mix: list[int]) -> None:
    """These units in t of a draft have crossed a border this turn."""
    if any(mix):
        sp = row_of(s, "spent", t)
        for k, n in enumerate(mix):
            sp[k] = min(sp[k] + n, s["units"][t][k])


# What every step's draft copies (mutating): the per-territory owner and unit counts, which add_units changes,
# and the battle under way, which its rounds change in place (battle.py).
DRAFT_KEYS = ("owner", "armies", "battle")
