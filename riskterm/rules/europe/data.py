"""Risk: Europe constants: unit types, costs, box limits, the King's Orders deck and the City Bonus Tiles
(../shared/rules/risk-europe.txt; card faces from ../shared/reference/notes.md section 2)."""

from __future__ import annotations

from typing import NamedTuple

# Unit vectors are [footmen, archers, cavalry, siege weapons] everywhere.
FOOT, ARCH, CAV, SIEGE = 0, 1, 2, 3
UNIT_NAMES = ("footmen", "archers", "cavalry", "siege weapons")
UNIT_ONE = ("footman", "archer", "cavalry", "siege weapon")
UNIT_SHORT = ("F", "A", "C", "S")
COST = (1, 2, 3, 10)
BOX = (35, 12, 12, 4)  # figures per army in the box
START_COINS = 5
START_FOOTMEN = 10
CASTLES_TOTAL = 8
CASTLE_COST = 12
BERLIN_CASTLE_DISCOUNT = 3
CROWN_CARDS_TOTAL = 8
CROWN_CARD_COST = 10
CROWNS_TO_WIN = 7
FIRST_MARKER_COINS = 10
NON_CITY_TAX = 1
FORTIFY_CITY, FORTIFY_CASTLE = 3, 4
ROUND_CAP = 60

# City Bonus Tiles by the territory of their Gold Crown City.
LONDON, PARIS, MADRID, ROME = "england", "france", "leon_castile", "rome"
BERLIN, CONSTANTINOPLE, STOCKHOLM, KIEV = "saxony", "turkey", "sweden", "rusland"
TAX_TILES: dict[str, tuple[int, int, int, int]] = {
    LONDON: (0, 2, 0, 0),  # Welsh Archers
    PARIS: (1, 0, 1, 0),  # Officer in Training
    MADRID: (4, 0, 0, 0),  # Rally the Troops
}
SIEGE_ESCORT_FOOTMEN = 4
RAID_COINS = 4


class Card(NamedTuple):
    id: str
    label: str
    bonus: str | None  # None, "king", "siege", "fortify"
    orders: tuple[str, str]


CARDS: tuple[Card, ...] = (
    Card("taxspend1", "Tax or Spend", None, ("tax", "spend")),
    Card("taxspend2", "Tax or Spend", None, ("tax", "spend")),
    Card("kingme", "King Me! + Tax or Spend", "king", ("tax", "spend")),
    Card("split1", "Split Expand or Manoeuvre", None, ("split", "manoeuvre")),
    Card("split2", "Split Expand or Manoeuvre", None, ("split", "manoeuvre")),
    Card("siege", "Siege Assault + Expand or Manoeuvre", "siege", ("expand", "manoeuvre")),
    Card("fortify1", "Fortify + Expand or Manoeuvre", "fortify", ("expand", "manoeuvre")),
    Card("fortify2", "Fortify + Expand or Manoeuvre", "fortify", ("expand", "manoeuvre")),
)
CARD = {c.id: c for c in CARDS}
DECK = tuple(c.id for c in CARDS)

# Which order an action carries out.
ORDER_OF_ACTION = {
    "expand": "expand",
    "split": "split",
    "manoeuvre": "manoeuvre",
    "tax": "tax",
    "recruit": "spend",
    "castle": "spend",
    "crown": "spend",
}
ORDER_NAMES = {
    "expand": "Expand",
    "split": "Split Expand",
    "manoeuvre": "Manoeuvre",
    "tax": "Tax",
    "spend": "Spend",
}


def units_text(u: list[int] | tuple[int, ...]) -> str:
    """'5F 2A 1C 1S' (types with none are left out; '0' for nothing)."""
    parts = [f"{n}{UNIT_SHORT[i]}" for i, n in enumerate(u) if n]
    return " ".join(parts) or "0"


def units_words(u: list[int] | tuple[int, ...]) -> str:
    parts = [f"{n} {UNIT_ONE[i] if n == 1 else UNIT_NAMES[i]}" for i, n in enumerate(u) if n]
    return ", ".join(parts) or "nothing"


def cost_of(u: list[int] | tuple[int, ...]) -> int:
    return sum(n * c for n, c in zip(u, COST, strict=True))
