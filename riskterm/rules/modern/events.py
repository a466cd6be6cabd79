"""The modern-units rulebook's event kinds. Nothing in this rulebook is secret (purchases are made openly);
undo may not cross a roll of the dice, a new turn or round, or the end of the game. (A step that hands the
game to another seat is a barrier too: the rules class adds that.)"""

from __future__ import annotations

from typing import Any

from riskterm.engine.events import Counts, Event, EventKind, with_data
from riskterm.rules.modern.event_data import DATA
from riskterm.rules.modern.state import ModernState

ROLLED = EventKind(barrier=True)
PLAIN = EventKind()

# Under fog of war (engine/fog.py) an event is told only to those who see one of the territories it names
# (EventKind.places: a territory id, or a list of [territory, units] pairs).
TARGET = ("to",)
EVENTS: dict[str, EventKind] = with_data(
    DATA,
    {
        "dealt": ROLLED,  # territories dealt at random
        "buy": PLAIN,
        "done_buying": PLAIN,
        "first_player": ROLLED,  # the die roll for the first placer
        "roll": EventKind(
            barrier=True, places=TARGET
        ),  # the order roll of a round (no territory), or the defender's dice
        "place": EventKind(places=("territory",)),
        "turn": ROLLED,  # a new turn
        "round": ROLLED,  # a new round and its credits
        "move": EventKind(places=("frm", "to")),
        "abandon": EventKind(places=("territory",), owners_only=True),
        "attack": EventKind(places=("to", "frm")),
        "battle": EventKind(barrier=True, places=TARGET),  # the attacker's dice
        "losses": EventKind(places=("territory", "units")),
        "break_off": EventKind(places=("frm",)),
        "won": EventKind(counts=Counts.WON, places=TARGET),
        "emptied": EventKind(places=TARGET),
        "repelled": EventKind(counts=Counts.REPELLED, places=TARGET),
        "retreat": EventKind(places=TARGET),
        "conquer": EventKind(counts=Counts.CONQUEST, places=TARGET, owners_only=True),
        "left_empty": EventKind(places=TARGET),  # won, but nothing moved in (the lone survivor stayed home)
        "eliminate": EventKind(barrier=True, counts=Counts.KNOCKOUT),
        "end_turn": PLAIN,
        "win": ROLLED,
        "draw_game": ROLLED,
    },
)


def event(kind: str, **data: Any) -> Event:
    """A public event of a kind in EVENTS. Built here rather than by make_event because this rulebook's
    battle events carry a data key 'to' (the territory attacked), which make_event takes for the reader."""
    spec = EVENTS[kind]
    return Event(kind, data, None, spec.secret, spec.barrier)


def ev(s: ModernState, kind: str, **data: Any) -> Event:
    """An event of the player whose turn it is, stamped with the turn number (most events are)."""
    return event(kind, turn=s["turn"], player=s["current"], **data)
