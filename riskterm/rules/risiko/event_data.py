"""The data of every event kind RisiKo! Più makes, as TypedDicts (engine.events.EventKind.data): what a reader may
cast an event's data to, and what the conformance test checks every event against. Every event holds the turn and
the player it concerns (events.ev stamps them)."""

from __future__ import annotations

from typing import NotRequired

from riskterm.engine.events import Turned


class Admiral(Turned):
    card: str
    frm: str
    to: str
    armies: int
    defender: int
    sea: str


class Attack(Turned):
    frm: str
    to: str
    defender: int


class AttackEnd(Turned):
    won: bool
    to: str
    defender: int
    general_back: bool
    marshal_back: bool
    admiral: str | None
    ship_back: int


class Banner(Turned):
    empire: str


class Banners(Turned):
    defender: int
    banners: list[str]


class Battle(Turned):
    defender: int
    frm: str
    to: str
    att: list[int]
    dfn: list[int]
    att_loss: int
    def_loss: int
    general: bool
    marshal: bool
    sea: bool
    dice_loss: NotRequired[list[int]]  # [attacker, defender] where the luck setting changed the dice's losses


class Card(Turned):
    card: str


class CardsTaken(Turned):
    defender: int
    cards: int


class Claim(Turned):
    territory: str


class Conquer(Turned):
    to: str
    defender: int
    armies: int


class Defend(Turned):
    defender: int
    dice: int
    auto: NotRequired[bool]


class DiplomatVoid(Turned):
    card: str


class DiplomatsDiscarded(Turned):
    cards: list[str]


class DrawGame(Turned):
    cap: int


class Eliminate(Turned):
    defender: int
    armies: int
    freed: list[str]


class EmpireOccupied(Turned):
    empire: str


class Fortress(Turned):
    territory: str


class FortressRemoved(Turned):
    territory: str
    defender: int


class Garrison(Turned):
    frm: str
    to: str


class General(Turned):
    card: str


class GeneralBeaten(Turned):
    card: str


class HiddenReveal(Turned):
    territory: str
    armies: int
    by: int


class HiddenTaken(Turned):
    defender: int
    count: int


class Hide(Turned):
    territory: str


class LeftFree(Turned):
    territories: list[str]


class Marshal(Turned):
    card: str
    defender: int


class MarshalBeaten(Turned):
    card: str
    defender: int


class Move(Turned):
    frm: str
    to: str
    armies: int


class Occupy(Turned):
    frm: str
    to: str
    armies: int


class Order(Turned):
    order: list[int]
    rolls: list[dict[str, int]]


class Pass(Turned):
    left: int


class Place(Turned):
    territory: str
    armies: int


class Reinforce(Turned):
    card: str
    armies: int
    slot: int


class Reshuffle(Turned):
    cards: int


class Reveal(Turned):
    what: str
    target: int
    cards: list[str]


class Spy(Turned):
    target: int


class SpyAllowed(Turned):
    target: int


class SpyBlocked(Turned):
    target: int
    card: str


class SpyDiscard(Turned):
    target: int
    card: str


class Truce(Turned):
    target: int
    card: str


class TruceEnd(Turned):
    target: int


class TrucesEnd(Turned):
    all: bool


class Turn(Turned):
    supply: int
    parts: dict[str, int]


class WalkIn(Turned):
    frm: str
    to: str


class Win(Turned):
    empires: list[str]
    last: bool


DATA: dict[str, type] = {
    "admiral": Admiral,
    "all_claimed": Turned,
    "attack": Attack,
    "attack_end": AttackEnd,
    "banner": Banner,
    "banners": Banners,
    "battle": Battle,
    "card": Card,
    "cards_taken": CardsTaken,
    "claim": Claim,
    "conquer": Conquer,
    "dealt": Turned,
    "defend": Defend,
    "diplomat_void": DiplomatVoid,
    "diplomats_discarded": DiplomatsDiscarded,
    "draw_game": DrawGame,
    "eliminate": Eliminate,
    "empire_occupied": EmpireOccupied,
    "end_turn": Turned,
    "fortress": Fortress,
    "fortress_removed": FortressRemoved,
    "garrison": Garrison,
    "general": General,
    "general_beaten": GeneralBeaten,
    "hidden_reveal": HiddenReveal,
    "hidden_taken": HiddenTaken,
    "hide": Hide,
    "hide_start": Turned,
    "left_free": LeftFree,
    "marshal": Marshal,
    "marshal_beaten": MarshalBeaten,
    "move": Move,
    "occupy": Occupy,
    "order": Order,
    "pass": Pass,
    "place": Place,
    "reinforce": Reinforce,
    "reshuffle": Reshuffle,
    "reveal": Reveal,
    "spy": Spy,
    "spy_allowed": SpyAllowed,
    "spy_blocked": SpyBlocked,
    "spy_discard": SpyDiscard,
    "truce": Truce,
    "truce_end": TruceEnd,
    "truces_end": TrucesEnd,
    "turn": Turn,
    "walk_in": WalkIn,
    "win": Win,
}
