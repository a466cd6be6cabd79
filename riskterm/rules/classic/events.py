"""Every event kind a classic game makes, once: whether undo may cross it and what in it is secret.
Events are made with `event(kind, **data)`: engine.events.make_event over this table, except that the data may
hold a key "to" (the territory attacked or moved to), which make_event's own `to` (the seat) would swallow."""

from __future__ import annotations

from typing import Any

from riskterm.engine.events import Counts, Event, EventKind

B = EventKind(barrier=True)  # dice rolled, something random dealt, a new turn, the game over
P = EventKind()  # a plain move: undo may take it back

EVENTS: dict[str, EventKind] = {
    "first_player": B,  # data: player, rolls (a list of {seat: die} rounds), turn
    "dealt": B,  # quick start / two players: territories dealt at random
    "claim": P,  # player, territory
    "place": P,  # player, territory, armies
    "trade": EventKind(counts=Counts.CARD_SET),  # player, cards, armies, bonus (the territory given 2 extra, or None)
    # player, defender, frm, to, att, dfn (dice, high to low), att_loss, def_loss; dice_loss [attacker, defender]
    # where the luck setting changed what the dice said
    "battle": EventKind(barrier=True, counts=Counts.ROLL),
    # a blitz drawn whole from the balanced distribution: player (= attacker), defender, frm, to, att_loss,
    # def_loss, result ('attacker' took the territory, or 'defender' held it)
    "balanced_blitz": EventKind(barrier=True, counts=Counts.FIGHT_END),
    "conquer": EventKind(barrier=True, counts=Counts.CONQUEST),  # player, frm, to, defender
    "eliminate": EventKind(barrier=True, counts=Counts.KNOCKOUT),  # player, defender, cards (how many taken)
    "move": P,  # player, frm, to, armies (moving into a conquest)
    "fortify": P,  # player, frm, to, armies
    "phase": P,  # player, phase (the attack phase stopped)
    "card": EventKind(barrier=True, secret=("card",)),  # player, card: only its drawer reads which
    "reshuffle": B,  # cards: the discards shuffled into a new pile
    "end_turn": P,  # player
    "turn": B,  # player, reserve: a new turn begins
    "choose_capitals": P,  # player (who chooses first): Capital Risk's headquarters are chosen now
    "capital": EventKind(barrier=True, secret=("territory",)),  # player, territory: only its chooser reads which
    "capitals_revealed": B,  # capitals: {seat (as text): territory}, every headquarters shown at once
    "capital_taken": P,  # player, defender, owner (whose headquarters it is), territory: its card goes along
    "win": B,  # player, by ('world', 'opponent', 'mission'); mission (the winner's, revealed) when by a mission
    # Secret Mission Risk: a mission dealt, named (its third continent) or changed; only its seat reads which
    "mission": EventKind(barrier=True, secret=("mission",)),  # player, mission
    "mission_declared": EventKind(secret=("mission",)),  # player, mission (its third continent named)
    # player, mission (now 24 territories): hidden, since its very news would tell the table whom it hunted
    "mission_changed": EventKind(barrier=True, secret=("mission",), hidden=True),
    "draw_game": B,  # cap: the turn limit was reached
}


def event(kind: str, seat: int | None = None, **data: Any) -> Event:
    """An event of `kind`; `seat`: the one seat that may read its secret keys (None: public)."""
    spec = EVENTS[kind]
    return Event(kind, data, seat, spec.secret, spec.barrier, spec.hidden)
