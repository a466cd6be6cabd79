"""Risk: Europe's event kinds: which are undo barriers (dice rolled, a secret laid down or revealed, another
person's move next, a new turn, round or game over) and which data only their owner may read."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from riskterm.engine.events import Counts, Event, EventKind, with_data
from riskterm.rules.europe.event_data import DATA

B = EventKind(barrier=True)
FREE = EventKind()

EVENTS: dict[str, EventKind] = with_data(
    DATA,
    {
        # set-up
        "bid": EventKind(barrier=True, secret=("coins",)),  # a secret bid; the next bidder takes the keyboard
        "bid_reveal": B,  # bids shown (and a roll-off for a tie)
        "kingdom": B,  # the next player places
        # rounds and turns
        "round": B,
        "refill": B,
        "orders_chosen": EventKind(barrier=True, secret=("cards",)),  # two cards laid face down
        "reveal": B,
        "king_me": B,
        "end_turn": B,  # a finished turn is never taken back
        # orders and bonus actions within a turn (undo may take them back)
        "expand": FREE,
        "split": FREE,
        "manoeuvre": FREE,
        "tax": FREE,
        "tile_units": FREE,
        "recruit": FREE,
        "castle": FREE,
        "crown_card": FREE,
        "fortify": FREE,
        "losses": FREE,
        "unclaimed": FREE,
        # dice: Siege Assault and battles
        "roll": B,
        "reroll": B,
        "hits": B,
        "battle_start": B,
        "battle_end": EventKind(barrier=True, counts=Counts.FIGHT_END),
        # the end of a round and of the game
        "saved": B,
        "eliminate": B,
        "round_end": B,
        "win": B,
        "draw_game": B,
    },
)


def ev(s: Mapping[str, Any], kind: str, private: int | None = None, **data: Any) -> Event:
    """An event of a declared kind, stamped with the player-turn and the current seat (`player` in `data`
    overrides it); `private`: the one seat that may read the kind's secret data. (Built here rather than by
    make_event, whose `to` argument would clash with the data key 'to' Risk: Europe uses for a territory.)"""
    spec = EVENTS[kind]
    return Event(
        kind, {"turn": s["turn"], "player": s["current"], **data}, private, spec.secret, spec.barrier
    )
