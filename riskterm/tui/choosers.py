"""The choosers' logic, without Textual: two King's Orders cards in order (europe), and europe's recruit and
spend screen. Screens (orders.py, spend.py) draw these; tests drive them directly."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from riskterm.engine.actions import Action
from riskterm.tui.controller import GameController


@dataclass
class OrderPick:
    """Two cards from the hand in order (europe's King's Orders): the top card, then the bottom card, then the
    pair to confirm; back() steps back. `cards` as Rules.order_cards gives them ({'id', 'name', 'text'})."""

    kind: str
    cards: list[dict[str, Any]]
    legal: list[Action]
    chosen: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, ctl: GameController) -> OrderPick:
        p, view = ctl.picker, ctl.table.view()
        seat = ctl.table.shown_seat()
        hook = getattr(ctl.rules, "order_cards", None)
        cards = hook(view, seat) if hook is not None and seat is not None else []
        if not cards:  # a rulebook without the hook: the cards by their argument names
            ids = list(dict.fromkeys(a.args[0] for a in p.matching()))
            cards = [{"id": c, "name": ctl.rules.arg_label(view, c), "text": ""} for c in ids]
        return cls(p.kind or "", cards, p.matching())

    def choices(self) -> list[dict[str, Any]]:
        """The cards that may be picked now (none once the pair is complete)."""
        if len(self.chosen) >= 2:
            return []
        return [c for c in self.cards if any(a.args[:len(self.chosen) + 1] == (*self.chosen, c["id"])
                                             for a in self.legal)]

    def pick(self, card: str) -> bool:
        if card not in [c["id"] for c in self.choices()]:
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

    def card(self, card_id: str) -> dict[str, Any]:
        return next(c for c in self.cards if c["id"] == card_id)


UNIT_ROWS = 4  # rows 0-3: the units of a recruit; then the castle and the crown card


@dataclass
class SpendPick:
    """Europe's Spend order on one screen: how many of each unit to recruit and where, a castle and where, a
    crown card. Each purchase is an ordinary action (recruit, castle, crown)."""

    shop: dict[str, Any]
    names: dict[str, str]  # territory id -> name
    row: int = 0
    counts: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    place: int = 0  # index into the recruit places
    castle_place: int = 0

    @classmethod
    def of(cls, ctl: GameController, row: int = 0) -> SpendPick:
        shop = ctl.spend_shop()
        assert shop is not None
        b = ctl.rules.board
        names = {t.id: t.name for t in b.territories}
        return cls(shop, names, row=row)

    @property
    def units(self) -> list[dict[str, Any]]:
        return self.shop["units"]

    def rows(self) -> int:
        return UNIT_ROWS + 2

    def spent(self) -> int:
        return sum(n * u["cost"] for n, u in zip(self.counts, self.units, strict=True))

    def left(self) -> int:
        return self.shop["money"] - self.spent()

    def most(self, i: int) -> int:
        """The most of unit i this recruit may hold, with the coins the other units leave."""
        u = self.units[i]
        return min(u["left"], self.counts[i] + self.left() // u["cost"])

    def move(self, delta: int) -> None:
        self.row = max(0, min(self.rows() - 1, self.row + delta))

    def count(self, delta: int) -> None:
        """+/- on a unit row changes its count; on the recruit or castle row it picks the next place."""
        if self.row < UNIT_ROWS:
            self.counts[self.row] = max(0, min(self.most(self.row), self.counts[self.row] + delta))
        elif self.row == UNIT_ROWS and self.shop["castle"]["places"]:
            self.castle_place = (self.castle_place + delta) % len(self.shop["castle"]["places"])

    def set_count(self, n: int) -> None:
        if self.row < UNIT_ROWS:
            self.counts[self.row] = max(0, min(self.most(self.row), n))

    def next_place(self, delta: int) -> None:
        places = self.shop["places"] if self.row < UNIT_ROWS else self.shop["castle"]["places"]
        if not places:
            return
        if self.row < UNIT_ROWS:
            self.place = (self.place + delta) % len(places)
        elif self.row == UNIT_ROWS:
            self.castle_place = (self.castle_place + delta) % len(places)

    def where(self) -> str | None:
        places = self.shop["places"]
        return places[self.place % len(places)] if places else None

    def castle_where(self) -> str | None:
        places = self.shop["castle"]["places"]
        return places[self.castle_place % len(places)] if places else None

    def action(self) -> Action | str:
        """The purchase Enter makes on this row, or the sentence why there is none."""
        if self.row < UNIT_ROWS:
            where = self.where()
            if where is None:
                return "You have no undisputed city or castle territory to recruit in."
            if not sum(self.counts):
                return "Choose how many units to recruit first (+/- or digits)."
            return Action("recruit", (where, *self.counts))
        if self.row == UNIT_ROWS:
            where = self.castle_where()
            return Action("castle", (where,)) if where else "No castle can be built now."
        why = self.shop["crown"]["why"]
        return why or Action("crown")
