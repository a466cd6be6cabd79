"""The data of every event kind the modern rulebook makes, as TypedDicts (engine.events.EventKind.data): what a
reader may cast an event's data to, and what the conformance test checks every event against. Every event holds
the turn and the player it concerns (events.ev stamps them)."""

from __future__ import annotations

from typing import NotRequired

from riskterm.engine.events import Turned


class Abandon(Turned):
    territory: str


class Attack(Turned):
    to: str
    defender: int
    frm: list[list[str]]


class Battle(Turned):
    to: str
    defender: int
    round: int
    frm: list[str]
    units: str
    att: list[int]
    tops: NotRequired[list[int]]  # each die's highest hitting face (the log says which rolls hit)
    hits: int


class BreakOff(Turned):
    frm: str
    units: str


class Buy(Turned):
    unit: str
    count: int
    cost: int


class Conquer(Turned):
    to: str
    defender: int
    units: str


class Dealt(Turned):
    each: int
    credits: int


class DoneBuying(Turned):
    bought: str
    credits: int


class DrawGame(Turned):
    cap: int


class Eliminate(Turned):
    defender: int


class Emptied(Turned):
    to: str
    defender: int


class FirstPlayer(Turned):
    first: int
    rolls: list[dict[str, int]]


class Losses(Turned):
    side: str
    who: int
    territory: NotRequired[str]
    units: list[list[str]] | str


class Move(Turned):
    frm: str
    to: str
    units: str
    claimed: bool


class Place(Turned):
    territory: str
    unit: str
    count: int


class Repelled(Turned):
    to: str
    defender: int


class Retreat(Turned):
    to: str


class Roll(Turned):
    what: str
    defender: NotRequired[int]
    to: NotRequired[str]
    units: NotRequired[str]
    dice: NotRequired[list[int]]
    tops: NotRequired[list[int]]  # a defence roll: each die's highest hitting face
    hits: NotRequired[int]
    rolls: NotRequired[list[dict[str, int]]]
    order: NotRequired[list[int]]


class Round(Turned):
    round: int
    income: list[int]


class Turn(Turned):
    round: int
    waiting: str


class Win(Turned):
    why: str
    territories: int


class Won(Turned):
    to: str
    defender: int


DATA: dict[str, type] = {
    "abandon": Abandon,
    "attack": Attack,
    "battle": Battle,
    "break_off": BreakOff,
    "buy": Buy,
    "conquer": Conquer,
    "dealt": Dealt,
    "done_buying": DoneBuying,
    "draw_game": DrawGame,
    "eliminate": Eliminate,
    "emptied": Emptied,
    "end_turn": Turned,
    "first_player": FirstPlayer,
    "left_empty": Conquer,
    "losses": Losses,
    "move": Move,
    "place": Place,
    "repelled": Repelled,
    "retreat": Retreat,
    "roll": Roll,
    "round": Round,
    "turn": Turn,
    "win": Win,
    "won": Won,
}
