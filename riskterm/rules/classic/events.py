"""Every event kind a classic game makes, once: whether undo may cross it and what in it is secret.
Events are made with `event(kind, **data)`: engine.events.make_event over this table, except that the data may
hold a key "to" (the territory attacked or moved to), which make_event's own `to` (the seat) would swallow.
Each kind's data is a TypedDict below (EventKind.data): a reader may cast an event's data to it."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from riskterm.engine.events import Counts, Event, EventKind, Turned


class FirstPlayer(Turned):
    rolls: list[dict[str, int]]  # the roll-off's rounds, each {seat (as text): die}


class Dealt(TypedDict):
    turn: int


class OnTerritory(Turned):  # claim; capital (its territory secret)
    territory: str


class Placed(OnTerritory):
    armies: int


class Trade(Turned):
    cards: list[str]
    armies: int
    bonus: NotRequired[
        str | None
    ]  # the territory given the 2 extra armies (not in another seat's copy under fog)


class Edge(Turned):  # conquer (defender), move and fortify (armies)
    frm: str
    to: str


class Battle(Edge):
    defender: int
    att: list[int]  # the dice, high to low
    dfn: list[int]
    att_loss: int
    def_loss: int
    dice_loss: NotRequired[
        list[int]
    ]  # [attacker, defender] where the luck setting changed what the dice said


class BalancedBlitz(Edge):
    attacker: int
    defender: int
    att_loss: int
    def_loss: int
    result: str  # 'attacker' (took the territory) or 'defender' (held it)


class Conquer(Edge):
    defender: int


class Moved(Edge):
    armies: int


class Eliminate(Turned):
    defender: int
    cards: int  # how many cards the winner took


class Phase(Turned):
    phase: str


class Card(Turned):
    card: str  # secret: only its drawer reads which


class Reshuffle(Turned):
    cards: int  # the discards shuffled into the new pile


class NewTurn(Turned):
    reserve: NotRequired[int]  # (left out of another seat's copy in a fogged game)


class CapitalsRevealed(TypedDict):
    turn: int
    capitals: dict[str, str]  # seat (as text): territory


class CapitalTaken(OnTerritory):
    defender: int
    owner: int  # whose headquarters it is


class Win(Turned):
    by: str  # 'world', 'opponent', or the mode's: 'mission', 'capitals', 'assassin'
    mission: NotRequired[dict[str, Any]]  # Secret Mission Risk: the winner's card, revealed
    missions: NotRequired[list[dict[str, Any]]]  # Secret Mission Risk: every card, turned up at the end
    target: NotRequired[int]  # Assassin: the winner's target, revealed
    targets: NotRequired[list[int | None]]  # Assassin: every target, turned up at the end


class Mission(Turned):  # mission, mission_declared, mission_changed: the card (secret)
    mission: dict[str, Any]


class DrawGame(Turned):
    cap: int  # the turn limit reached
    missions: NotRequired[list[dict[str, Any]]]  # Secret Mission Risk: every card, turned up at the end
    targets: NotRequired[list[int | None]]  # Assassin: every target, turned up at the end


def declared(data: type, barrier: bool = False, **more: Any) -> EventKind:
    """An event kind whose data is `data`; `barrier`: undo may not cross it (dice rolled, something dealt or
    drawn, a new turn, the game over)."""
    return EventKind(barrier=barrier, data=data, **more)


# The territories an event between two of them is in (fog of war: EventKind.places).
EDGE = ("frm", "to")

EVENTS: dict[str, EventKind] = {
    "first_player": declared(FirstPlayer, True),
    "dealt": declared(Dealt, True),  # quick start / two players: territories dealt at random
    "claim": declared(OnTerritory, places=("territory",), owners_only=True),
    "place": declared(Placed, places=("territory",)),
    # public under fog of war, but for its +2 territory (EventKind.veiled)
    "trade": declared(Trade, counts=Counts.CARD_SET, veiled=("bonus",)),
    "battle": declared(Battle, True, counts=Counts.ROLL, places=EDGE),
    "balanced_blitz": declared(
        BalancedBlitz, True, counts=Counts.FIGHT_END, places=EDGE
    ),  # a blitz drawn whole
    "conquer": declared(Conquer, True, counts=Counts.CONQUEST, places=EDGE, owners_only=True),
    "eliminate": declared(Eliminate, True, counts=Counts.KNOCKOUT),
    "move": declared(Moved, places=EDGE),  # moving into a conquest
    "fortify": declared(Moved, places=EDGE),
    "phase": declared(Phase),  # the attack phase stopped
    "card": declared(Card, True, secret=("card",)),
    "reshuffle": declared(Reshuffle, True),
    "end_turn": declared(Turned),
    "turn": declared(
        NewTurn, True, veiled=("reserve",)
    ),  # a new turn begins (its armies: its player's alone)
    "choose_capitals": declared(Turned),  # Capital Risk's headquarters are chosen now, from `player` on
    "capital": declared(OnTerritory, True, secret=("territory",)),  # only its chooser reads which
    "capitals_revealed": declared(CapitalsRevealed, True),  # every headquarters shown at once
    "capital_taken": declared(CapitalTaken),  # its card goes along
    "win": declared(Win, True),
    # Secret Mission Risk: a mission dealt, named (its third continent) or changed; only its seat reads which
    "mission": declared(Mission, True, secret=("mission",)),
    "mission_declared": declared(Mission, secret=("mission",)),
    # (now 24 territories): hidden, since its very news would tell the table whom it hunted
    "mission_changed": declared(Mission, True, secret=("mission",), hidden=True),
    "draw_game": declared(DrawGame, True),
}


def event(kind: str, private: int | None = None, **data: Any) -> Event:
    """An event of `kind`; `private`: the one seat that may read its secret keys (None: public)."""
    spec = EVENTS[kind]
    return Event(kind, data, private, spec.secret, spec.barrier, spec.hidden)
