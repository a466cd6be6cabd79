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

EVENTS: dict[str, EventKind] = with_data(DATA, {
    "dealt": ROLLED,  # territories dealt at random
    "buy": PLAIN,
    "done_buying": PLAIN,
    "first_player": ROLLED,  # the die roll for the first placer
    "roll": ROLLED,  # the order roll of a round, or the defender's dice
    "place": PLAIN,
    "turn": ROLLED,  # a new turn
    "round": ROLLED,  # a new round and its credits
    "move": PLAIN,
    "abandon": PLAIN,
    "attack": PLAIN,
    "battle": ROLLED,  # the attacker's dice
    "losses": PLAIN,
    "break_off": PLAIN,
    "won": EventKind(counts=Counts.WON),
    "emptied": PLAIN,
    "repelled": EventKind(counts=Counts.REPELLED),
    "retreat": PLAIN,
    "conquer": EventKind(counts=Counts.CONQUEST),
    "left_empty": PLAIN,  # won, but nothing moved in (the lone survivor stayed home)
    "eliminate": EventKind(barrier=True, counts=Counts.KNOCKOUT),
    "end_turn": PLAIN,
    "win": ROLLED,
    "draw_game": ROLLED,
})


def event(kind: str, **data: Any) -> Event:
    """A public event of a kind in EVENTS. Built here rather than by make_event because this rulebook's
    battle events carry a data key 'to' (the territory attacked), which make_event takes for the reader."""
    spec = EVENTS[kind]
    return Event(kind, data, None, spec.secret, spec.barrier)


def ev(s: ModernState, kind: str, **data: Any) -> Event:
    """An event of the player whose turn it is, stamped with the turn number (most events are)."""
    return event(kind, turn=s["turn"], player=s["current"], **data)
