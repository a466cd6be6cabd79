"""What a rulebook hands the app for its own marks and screens, as plain data: the app draws these and never
names a rulebook or one of its action kinds. The Rules methods that return them are in rules/base.py."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MapMark:
    """A mark the map paints beyond the owner's letter and the army count, with what it means (the legend)."""

    mark: str
    meaning: str


@dataclass(frozen=True)
class ShopItem:
    """One thing on sale: `id` is the buying action's first argument."""

    id: str
    name: str
    cost: int
    worth: str  # what it is worth, in one phrase


@dataclass(frozen=True)
class Shop:
    """The purchase screen: each purchase is the action `kind <item id> <how many>`."""

    kind: str
    money: int
    items: tuple[ShopItem, ...]
    note: str = ""


@dataclass(frozen=True)
class RecruitUnit:
    """A unit on the spend screen, in the order of the recruit action's counts."""

    name: str
    plural: str
    cost: int
    left: int  # still in the army reserve


@dataclass(frozen=True)
class Purchase:
    """One thing bought singly on the spend screen: the action `kind <place>`, or `kind` when `places` is None."""

    kind: str
    name: str
    cost: int
    left: int
    what: str  # what Enter does, for the status line: 'builds a castle'
    places: tuple[str, ...] | None = None  # territory ids where it may go now; None: it goes nowhere
    why: str | None = None  # why it may not be bought now; None: it may


@dataclass(frozen=True)
class Spend:
    """The spend screen: recruit units in one place (`recruit_kind <place> <count of each unit>`) and buy the
    `purchases`, all with the same money."""

    recruit_kind: str
    money: int
    currency: str  # what the money is called: 'coins'
    units: tuple[RecruitUnit, ...]
    places: tuple[str, ...]  # territory ids where units may be recruited now
    no_place: str  # the sentence when there is nowhere to recruit
    purchases: tuple[Purchase, ...] = ()
    note: str = ""

    def kinds(self) -> tuple[str, ...]:
        return (self.recruit_kind, *(p.kind for p in self.purchases))

    def row_of(self, kind: str) -> int:
        """The screen's row an action kind opens on: the first unit for a recruit, else the purchase's row."""
        rows = [p.kind for p in self.purchases]
        return len(self.units) + rows.index(kind) if kind in rows else 0


@dataclass(frozen=True)
class OrderCard:
    id: str  # the action's argument
    name: str
    text: str = ""  # what it does


@dataclass(frozen=True)
class OrderChoice:
    """Two cards from the hand, in order, laid down as one action `kind <first> <second>`, chosen on a screen
    of its own: `title` (with {who}), what each of the three steps asks, and the two places' names."""

    kind: str
    cards: tuple[OrderCard, ...]
    title: str
    steps: tuple[str, str, str]
    slots: tuple[str, str]
