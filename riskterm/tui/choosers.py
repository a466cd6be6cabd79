"""The choosers' logic, without Textual: two cards from the hand in order (Rules.order_choice), and the
spend screen (Rules.spend). Screens (orders.py, spend.py) draw these; tests drive them directly."""

from __future__ import annotations

from dataclasses import dataclass, field

from riskterm.engine.actions import Action
from riskterm.rules.effects import OrderCard, OrderChoice, Purchase, RecruitUnit, Spend
from riskterm.tui.controller import GameController


@dataclass(frozen=True)
class Bought:
    """What the purchase and spend screens close with to buy: the action, and the row to open again on."""

    action: Action
    row: int


FINISHED = "finished"  # what the purchase screen closes with when the player is done buying


@dataclass
class OrderPick:
    """Two cards from the hand in order: the first card, then the second, then the pair to confirm; back()
    steps back. `choice` says the words of the screen."""

    choice: OrderChoice
    cards: list[OrderCard]
    legal: list[Action]
    chosen: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, ctl: GameController) -> OrderPick:
        p, view = ctl.picker, ctl.table.view()
        choice = ctl.order_choice()
        assert choice is not None
        cards = list(choice.cards)
        if not cards:  # a hand this screen may not read: the cards by their argument names
            ids = list(dict.fromkeys(a.args[0] for a in p.matching()))
            cards = [OrderCard(str(c), ctl.rules.presenter().arg_label(view, c)) for c in ids]
        return cls(choice, cards, p.matching())

    @property
    def kind(self) -> str:
        return self.choice.kind

    def choices(self) -> list[OrderCard]:
        """The cards that may be picked now (none once the pair is complete)."""
        if len(self.chosen) >= 2:
            return []
        return [
            c
            for c in self.cards
            if any(a.args[: len(self.chosen) + 1] == (*self.chosen, c.id) for a in self.legal)
        ]

    def pick(self, card: str) -> bool:
        if card not in [c.id for c in self.choices()]:
            return False
        self.chosen.append(card)
        return True

    def back(self) -> bool:
        if not self.chosen:
            return False
        self.chosen.pop()
        return True

    def action(self) -> Action | None:
        a = Action(self.kind, tuple(self.chosen))
        return a if len(self.chosen) == 2 and a in self.legal else None

    def card(self, card_id: str) -> OrderCard:
        return next(c for c in self.cards if c.id == card_id)


@dataclass
class SpendPick:
    """The spend screen: how many of each unit to recruit and where (the first rows), then each thing bought
    singly and where. Each purchase is an ordinary action."""

    shop: Spend
    names: dict[str, str]  # territory id -> name
    row: int = 0
    counts: list[int] = field(default_factory=list)
    place: int = 0  # index into the recruit places
    places: dict[int, int] = field(default_factory=dict)  # a purchase's row -> index into its places

    def __post_init__(self) -> None:
        self.counts = self.counts or [0] * len(self.shop.units)

    @classmethod
    def of(cls, ctl: GameController, row: int = 0) -> SpendPick:
        shop = ctl.spend()
        assert shop is not None
        b = ctl.rules.board
        names = {t.id: t.name for t in b.territories}
        return cls(shop, names, row=row)

    @property
    def units(self) -> tuple[RecruitUnit, ...]:
        return self.shop.units

    def rows(self) -> int:
        return len(self.units) + len(self.shop.purchases)

    def purchase(self, row: int | None = None) -> Purchase | None:
        """The thing bought singly on `row` (default: the row now), None on a unit's row."""
        i = (self.row if row is None else row) - len(self.units)
        return self.shop.purchases[i] if i >= 0 else None

    def spent(self) -> int:
        return sum(n * u.cost for n, u in zip(self.counts, self.units, strict=True))

    def left(self) -> int:
        return self.shop.money - self.spent()

    def most(self, i: int) -> int:
        """The most of unit i this recruit may hold, with the money the other units leave."""
        u = self.units[i]
        return min(u.left, self.counts[i] + self.left() // u.cost)

    def move(self, delta: int) -> None:
        self.row = max(0, min(self.rows() - 1, self.row + delta))

    def count(self, delta: int) -> None:
        """+/- on a unit row changes its count; on a purchase's row with places it picks the next place."""
        if self.row < len(self.units):
            self.counts[self.row] = max(0, min(self.most(self.row), self.counts[self.row] + delta))
        else:
            self.next_place(delta)

    def set_count(self, n: int) -> None:
        if self.row < len(self.units):
            self.counts[self.row] = max(0, min(self.most(self.row), n))

    def next_place(self, delta: int) -> None:
        if self.row < len(self.units):
            if self.shop.places:
                self.place = (self.place + delta) % len(self.shop.places)
            return
        buy = self.purchase()
        if buy is not None and buy.places:
            self.places[self.row] = (self.places.get(self.row, 0) + delta) % len(buy.places)

    def where(self) -> str | None:
        places = self.shop.places
        return places[self.place % len(places)] if places else None

    def purchase_where(self, row: int) -> str | None:
        """Where the purchase on `row` goes now (None: nowhere, or it takes no place)."""
        buy = self.purchase(row)
        if buy is None or not buy.places:
            return None
        return buy.places[self.places.get(row, 0) % len(buy.places)]

    def action(self) -> Action | str:
        """The purchase Enter makes on this row, or the sentence why there is none."""
        buy = self.purchase()
        if buy is None:
            where = self.where()
            if where is None:
                return self.shop.no_place
            if not sum(self.counts):
                return "Choose how many units to recruit first (+/- or digits)."
            return Action(self.shop.recruit_kind, (where, *self.counts))
        if buy.why is not None:
            return buy.why
        where = self.purchase_where(self.row)
        return Action(buy.kind, (where,)) if where is not None else Action(buy.kind)
