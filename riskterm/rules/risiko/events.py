"""Every kind of event RisiKo! Più makes, declared once: whether undo may cross it (barrier) and which of its
fields only its owner may read (secret). Events are JSON-plain dicts {"type", "turn", "player", ...}; a
secret event names its owner in "private"."""

from __future__ import annotations

from typing import Any, NamedTuple

from riskterm.engine.state import State


class EventKind(NamedTuple):
    barrier: bool = False  # dice rolled, a card drawn, a secret shown, a new turn, the game over
    secret: tuple[str, ...] = ()  # fields only the event's owner may read


PUBLIC = EventKind()
BARRIER = EventKind(barrier=True)

EVENTS: dict[str, EventKind] = {
    # set-up
    "order": BARRIER, "banner": PUBLIC, "fortress": PUBLIC, "empire_occupied": PUBLIC, "dealt": BARRIER,
    "claim": PUBLIC, "all_claimed": PUBLIC, "hide_start": PUBLIC, "hide": EventKind(secret=("territory",)),
    # a turn
    "turn": BARRIER, "place": PUBLIC, "move": PUBLIC, "end_turn": PUBLIC,
    "win": BARRIER, "draw_game": BARRIER,
    # cards
    "card": EventKind(barrier=True, secret=("card",)), "reshuffle": BARRIER, "diplomat_void": BARRIER,
    "diplomats_discarded": PUBLIC, "truces_end": PUBLIC, "truce_end": PUBLIC, "reinforce": PUBLIC,
    "spy": PUBLIC, "spy_blocked": PUBLIC, "spy_allowed": PUBLIC, "reveal": EventKind(barrier=True, secret=("cards",)),
    "spy_discard": PUBLIC, "truce": PUBLIC,
    # attacks
    "attack": PUBLIC, "walk_in": PUBLIC, "admiral": PUBLIC, "general": PUBLIC, "marshal": PUBLIC,
    "defend": PUBLIC, "hidden_reveal": BARRIER, "battle": BARRIER, "general_beaten": PUBLIC,
    "marshal_beaten": PUBLIC, "attack_end": PUBLIC, "conquer": BARRIER, "occupy": PUBLIC,
    # the fall of a fortress
    "fortress_removed": PUBLIC, "banners": PUBLIC, "eliminate": BARRIER, "garrison": PUBLIC, "pass": PUBLIC,
    "left_free": PUBLIC, "cards_taken": PUBLIC, "hidden_taken": PUBLIC,
}


def event(s: State, kind: str, player: int | None = None, private: int | None = None, **data: Any
          ) -> dict[str, Any]:
    """An event of a declared kind in this turn; `player` defaults to the current player, `private` names
    the one seat that may read its secret fields."""
    if kind not in EVENTS:
        raise KeyError(f"undeclared RisiKo! event kind {kind!r}")
    e: dict[str, Any] = {"type": kind, "turn": s["turn"], "player": s["current"] if player is None else player,
                         **data}
    if private is not None:
        e["private"] = private
    return e
