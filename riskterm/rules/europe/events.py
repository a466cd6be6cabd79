"""Risk: Europe's event kinds: which are undo barriers (dice rolled, a secret laid down or revealed, another
person's move next, a new turn, round or game over) and which data only their owner may read."""

from __future__ import annotations

from typing import Any

from riskterm.engine.events import EventKind
from riskterm.engine.state import State

B = EventKind(barrier=True)
FREE = EventKind()

EVENTS: dict[str, EventKind] = {
    # set-up
    "bid": EventKind(barrier=True, secret=("coins",)),  # a secret bid; the next bidder takes the keyboard
    "bid_reveal": B,  # bids shown (and a roll-off for a tie)
    "kingdom": B,  # the next player places
    # rounds and turns
    "round": B, "refill": B,
    "orders_chosen": EventKind(barrier=True, secret=("cards",)),  # two cards laid face down
    "reveal": B, "king_me": B, "end_turn": B,  # a finished turn is never taken back
    # orders and bonus actions within a turn (undo may take them back)
    "expand": FREE, "split": FREE, "manoeuvre": FREE, "tax": FREE, "tile_units": FREE, "recruit": FREE,
    "castle": FREE, "crown_card": FREE, "fortify": FREE, "losses": FREE, "unclaimed": FREE,
    # dice: Siege Assault and battles
    "roll": B, "reroll": B, "hits": B, "battle_start": B, "battle_end": B,
    # the end of a round and of the game
    "saved": B, "eliminate": B, "round_end": B, "win": B, "draw_game": B,
}


def ev(s: State, kind: str, private: int | None = None, **data: Any) -> dict[str, Any]:
    """An event of a declared kind, stamped with the player-turn and the current seat (`player` in `data`
    overrides it); `private`: the one seat that may read the kind's secret data.

    Events stay JSON-plain dicts ({'type', 'turn', 'player', ..., 'private'}) while the save and log readers
    compare and store them as JSON; the step's barrier comes from this table all the same (barrier_of)."""
    if kind not in EVENTS:
        raise KeyError(f"undeclared Risk: Europe event kind {kind!r}")
    e: dict[str, Any] = {"type": kind, "turn": s["turn"], "player": s["current"], **data}
    if private is not None:
        e["private"] = private
    return e


def barrier_of(events: list[dict[str, Any]]) -> bool:
    """Whether undo may not go back past a step with these events."""
    return any(EVENTS[e["type"]].barrier for e in events)
