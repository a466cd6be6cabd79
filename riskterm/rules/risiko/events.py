"""Every kind of event RisiKo! Più makes, declared once: whether undo may cross it (barrier: dice rolled, a
card drawn, a secret shown, a new turn, the game over) and which of its fields only its owner may read
(secret). Every event's data holds the turn and the player it concerns."""

from __future__ import annotations

from typing import Any

from riskterm.engine.events import Counts, Event, EventKind, with_data
from riskterm.rules.risiko.event_data import DATA
from riskterm.rules.risiko.state import RisikoState

PUBLIC = EventKind()
BARRIER = EventKind(barrier=True)

EVENTS: dict[str, EventKind] = with_data(
    DATA,
    {
        # set-up
        "order": BARRIER,
        "banner": PUBLIC,
        "fortress": PUBLIC,
        "empire_occupied": PUBLIC,
        "dealt": BARRIER,
        "claim": PUBLIC,
        "all_claimed": PUBLIC,
        "hide_start": PUBLIC,
        "hide": EventKind(secret=("territory",)),
        # a turn
        "turn": BARRIER,
        "place": PUBLIC,
        "move": PUBLIC,
        "end_turn": PUBLIC,
        "win": BARRIER,
        "draw_game": BARRIER,
        # cards
        "card": EventKind(barrier=True, secret=("card",)),
        "reshuffle": BARRIER,
        "diplomat_void": BARRIER,
        "diplomats_discarded": PUBLIC,
        "truces_end": PUBLIC,
        "truce_end": PUBLIC,
        "reinforce": PUBLIC,
        "spy": PUBLIC,
        "spy_blocked": PUBLIC,
        "spy_allowed": PUBLIC,
        "reveal": EventKind(barrier=True, secret=("cards",)),
        "spy_discard": PUBLIC,
        "truce": PUBLIC,
        # attacks
        "attack": PUBLIC,
        "walk_in": PUBLIC,
        "admiral": PUBLIC,
        "general": PUBLIC,
        "marshal": PUBLIC,
        "defend": PUBLIC,
        "hidden_reveal": BARRIER,
        "battle": EventKind(barrier=True, counts=Counts.ROLL, bonus=("general", "marshal")),
        "general_beaten": PUBLIC,
        "marshal_beaten": PUBLIC,
        "attack_end": PUBLIC,
        "conquer": EventKind(barrier=True, counts=Counts.CONQUEST),
        "occupy": PUBLIC,
        # the fall of a fortress
        "fortress_removed": PUBLIC,
        "banners": PUBLIC,
        "eliminate": EventKind(barrier=True, counts=Counts.KNOCKOUT),
        "garrison": PUBLIC,
        "pass": PUBLIC,
        "left_free": PUBLIC,
        "cards_taken": PUBLIC,
        "hidden_taken": PUBLIC,
    },
)


def ev(
    s: RisikoState, kind: str, player: int | None = None, private: int | None = None, **data: Any
) -> Event:
    """An event of a declared kind in this turn; `player` defaults to the current player, `private` names
    the one seat that may read its secret fields. (make_event's own `to` would clash with the "to" territory
    of attacks and moves, hence the table look-up here.)"""
    spec = EVENTS[kind]
    data = {"turn": s["turn"], "player": s["current"] if player is None else player, **data}
    return Event(kind, data, private, spec.secret, spec.barrier)
