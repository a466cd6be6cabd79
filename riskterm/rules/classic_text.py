"""The classic rulebook summary for the in-game rules screen, with the readings we chose, and the log lines."""

from __future__ import annotations

from typing import TYPE_CHECKING

from riskterm.rules.logtext import dice_text, player_namer, territory_namer

if TYPE_CHECKING:
    from riskterm.rules.base import Event
    from riskterm.rules.classic import ClassicRules

RULES_TEXT = """\
# World Domination Risk

**Goal:** hold all 42 territories.

## Setup
- 3 players: 35 armies each; 4: 30; 5: 25; 6: 20. Everyone rolls a die; the highest claims first.
- In turn, claim one unoccupied territory with one army until all 42 are claimed; then place one army at a
  time on your own territories until all are placed. The player who placed first takes the first turn.
- *Quick start* (an option): territories are dealt and the armies spread at random.
- *Two players:* a neutral army joins. Each player and the neutral get 40 armies and a third of the
  territories (dealt at random, one army on each); the neutral's other armies are spread at random, the
  players place theirs one at a time. The neutral never takes a turn and always defends with as many dice
  as it may. You still win by holding all 42 territories.

## Your turn
1. **Reinforce:** territories / 3 (fractions dropped, at least 3) plus each continent you hold:
   North America 5, South America 2, Europe 5, Africa 3, Asia 7, Australia 2.
   Trade sets of cards (three alike, one of each, or any two and a wild) for 4, 6, 8, 10, 12, 15 armies,
   then 5 more for each later set. If a traded card shows a territory you hold, 2 extra armies go there
   (at most once a turn; the first such card in the order you give). With 5 or more cards you must trade.
2. **Attack** from a territory with at least 2 armies into an adjacent or sea-line enemy territory. The
   attacker rolls 1-3 dice (at least one army more than dice), the defender 1 or 2 (2 needs 2 armies).
   Highest against highest, ties to the defender. Attack as often as you like, from any territory,
   including one you just conquered. *Blitz* keeps rolling with the most dice until the territory falls
   or you are down to the number you set.
3. **Conquer:** move in at least as many armies as dice you rolled last, leaving one behind.
   Eliminate a player and you take their cards; with 6 or more you trade at once down to 4 or fewer and
   place those armies before attacking on.
4. **Card:** one card at the end of a turn in which you conquered a territory.
5. **Fortify:** one move from one territory to an adjacent one of yours, leaving one behind.
   (House rule option: along a connected path of your territories.)

## Our readings where the rulebook is silent
- The defender always rolls as many dice as allowed (2 with two or more armies): the hot-seat game does not
  stop mid-turn to ask the other player, and two dice is the stronger choice almost always.
- When the draw pile runs out, the traded-in cards are shuffled into a new pile.
- Trades happen in the reinforcement step, before the first attack. Your armies from the cards join those
  still to place.
- A game that reaches the turn limit (1,500 player turns) is a draw.
"""


def describe_event(rules: ClassicRules, e: Event, names: list[str], seat: int | None = None) -> str:
    b = rules.board

    tn, nm = territory_namer(b), player_namer(names)

    who = nm(e.get("player", 0))
    k = e["type"]
    if k == "first_player":
        return f"{who} rolls highest and goes first."
    if k == "dealt":
        return "Territories are dealt and armies spread."
    if k == "claim":
        return f"{who} claims {tn(e['territory'])}."
    if k == "place":
        return f"{who} places {e['armies']} on {tn(e['territory'])}."
    if k == "trade":
        extra = f", +2 on {tn(e['bonus'])}" if e.get("bonus") else ""
        return f"{who} trades a set for {e['armies']} armies{extra}."
    if k == "battle":
        return (f"{who} {tn(e['frm'])} → {tn(e['to'])}: {dice_text(e['att'])} vs {dice_text(e['dfn'])}; "
                f"attacker -{e['att_loss']}, defender -{e['def_loss']}.")
    if k == "conquer":
        return f"{who} conquers {tn(e['to'])}."
    if k == "eliminate":
        return f"{who} eliminates {nm(e['defender'])} and takes {e['cards']} cards."
    if k == "move":
        return f"{who} moves {e['armies']} into {tn(e['to'])}."
    if k == "fortify":
        return f"{who} fortifies {tn(e['to'])} with {e['armies']} from {tn(e['frm'])}."
    if k == "card":
        if seat is not None and seat == e.get("private"):
            return f"{who} draws the card {tn(e['card']) if e['card'] in b.index else 'Wild'}."
        return f"{who} draws a card."
    if k == "reshuffle":
        return f"The discards are shuffled into a new deck of {e['cards']}."
    if k == "end_turn":
        return f"{who} ends the turn."
    if k == "turn":
        return f"Turn {e['turn']}: {who} receives {e['reserve']} armies."
    if k == "phase":
        return f"{who} stops attacking."
    if k == "win":
        return f"{who} holds every territory and wins!"
    if k == "draw_game":
        return f"The game stops at the turn limit ({e['cap']}) as a draw."
    return str(e)
