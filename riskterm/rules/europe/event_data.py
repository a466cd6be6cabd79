"""The data of every event kind Risk: Europe makes, as TypedDicts (engine.events.EventKind.data): what a reader may
cast an event's data to, and what the conformance test checks every event against. Every event holds the turn and
the player it concerns (events.ev stamps them)."""

from __future__ import annotations

from typing import NotRequired

from riskterm.engine.events import Turned


class BattleEnd(Turned):
    territory: str
    attacker: int
    defender: int
    result: str
    raid: int
    castle: bool
    crowns: int


class BattleStart(Turned):
    territory: str
    attacker: int
    defender: int
    att_units: list[int]
    def_units: list[int]
    castle: bool


class Bid(Turned):
    coins: int


class BidReveal(Turned):
    bids: list[int]
    rolls: list[dict[str, int]]
    paid: int


class Castle(Turned):
    territory: str
    coins: int


class CrownCard(Turned):
    coins: int
    crowns: int


class DrawGame(Turned):
    cap: int
    reason: str


class Eliminate(Turned):
    crown_cards: int


class Expand(Turned):  # an expand or a split order (orders.py makes both alike)
    frm: str
    to: str
    units: list[int]
    defender: int
    crowns: NotRequired[int]
    tax: NotRequired[int]
    castle: NotRequired[bool]


class Fortify(Turned):
    territory: str
    footmen: int


class Hits(Turned):
    territory: str
    rank: int
    on_att: int
    on_def: int


class Kingdom(Turned):
    city: str
    other: str | None
    footmen: int
    tax: int
    crowns: int


class Losses(Turned):
    seat: int
    territory: str
    units: list[int]


class Manoeuvre(Turned):
    frm: str
    to: str
    units: list[int]
    free: bool
    emptied: bool


class OrdersChosen(Turned):
    cards: list[str]


class Recruit(Turned):
    territory: str
    units: list[int]
    coins: int
    escort: int


class Reroll(Turned):
    territory: str
    rank: int
    old: list[int]
    def_dice: list[int]


class Reveal(Turned):
    card: str
    card_turn: int
    round: int


class Roll(Turned):
    territory: NotRequired[str]
    rank: NotRequired[int]
    cycle: NotRequired[int]
    att_dice: NotRequired[list[int]]
    def_dice: NotRequired[list[int]]
    attacker: NotRequired[int]
    defender: int
    siege: NotRequired[bool]
    frm: NotRequired[str]
    to: NotRequired[str]
    dice: NotRequired[list[int]]
    hits: NotRequired[int]


class Round(Turned):
    round: int


class RoundEnd(Turned):
    round: int
    crowns: list[int]


class Tax(Turned):
    city: str
    coins: int
    territories: int
    cities: list[str]


class TileUnits(Turned):
    tile: str
    units: list[int]
    wanted: list[int]


class Unclaimed(Turned):
    territory: str
    seat: int


class Win(Turned):
    crowns: int
    last: bool


DATA: dict[str, type] = {
    "battle_end": BattleEnd,
    "battle_start": BattleStart,
    "bid": Bid,
    "bid_reveal": BidReveal,
    "castle": Castle,
    "crown_card": CrownCard,
    "draw_game": DrawGame,
    "eliminate": Eliminate,
    "end_turn": Turned,
    "expand": Expand,
    "fortify": Fortify,
    "hits": Hits,
    "king_me": Turned,
    "kingdom": Kingdom,
    "losses": Losses,
    "manoeuvre": Manoeuvre,
    "orders_chosen": OrdersChosen,
    "recruit": Recruit,
    "refill": Turned,
    "reroll": Reroll,
    "reveal": Reveal,
    "roll": Roll,
    "round": Round,
    "round_end": RoundEnd,
    "saved": Turned,
    "split": Expand,
    "tax": Tax,
    "tile_units": TileUnits,
    "unclaimed": Unclaimed,
    "win": Win,
}
