"""The modern-units rules screen (with the house unit values and our readings) and the game log lines."""

from __future__ import annotations

from riskterm.engine.events import Event
from riskterm.rules.base import Book
from riskterm.rules.logtext import dice_text, player_namer, territory_namer
from riskterm.rules.modern.units import (
    DEFAULT_TABLE,
    LEGACY_TABLE,
    TABLES,
    UNITS,
    UnitType,
    mix_words,
    parse_mix,
    unit_index,
)


def unit_table(units: tuple[UnitType, ...] = UNITS) -> str:
    rows = ["| unit | letter | cost | attack | defence | crosses sea-lines |", "|---|---|---|---|---|---|"]
    rows += [
        f"| {u.name} | {u.letter} | {u.cost} | {u.attack} | {u.defence} | {'yes' if u.sea else 'no'} |"
        for u in units
    ]
    return "\n".join(rows)


RULES_TEXT = f"""\
# Modern units Risk

**Goal:** hold 28 territories at the end of a round. 3 to 5 players on the classic world board.

## Units (house values)
The rulebook names the units but its table of values is missing; these are our **house values** (file
`riskterm/rules/data/modern-units.yaml`). A die hits when it shows the unit's value or less: the attack value
when attacking, the defence value when defending. New games play with the **{DEFAULT_TABLE}** table:

{unit_table(TABLES[DEFAULT_TABLE])}

With equal credits no unit is beaten by another both attacking and defending, and each is the best buy for
a job: Rocket Launchers attack, Tanks hold, Humbers are the cheapest way to hold many territories,
Helicopters attack across sea-lines and Hovercraft hold across them (the numbers:
`docs/modern-units-balance.md`). The house option `units: {LEGACY_TABLE}` plays with the first house values
(also the table of games saved before there was a choice), in which Humbers beat everything:

{unit_table(TABLES[LEGACY_TABLE])}

## Setup
- Territories are dealt at random: 14 each for 3 players, 10 for 4, 8 for 5; the rest stay empty.
  One Humber stands on each dealt territory.
- Starting credits: 42 (3 players), 35 (4), 32 (5). Everyone buys units.
- Everyone rolls a die; the highest places one new unit on a territory they hold, then everyone in turn
  from their left places one unit at a time until all are placed. The first placer takes the first turn.
  Once everyone else has placed all their units, the last player may place several at once
  (`place egypt tank 3`): the turn would come back to them anyway.
- On another board (our reading): each player is dealt as many territories as all get alike, and the goal
  is two thirds of the territories, rounded up (on the world's 42: 14, 10 or 8 each, and 28).

## Each round
1. **Credits** (from round 2): 2 per territory held plus the bonus of each continent held whole
   (North America 5, South America 2, Europe 5, Africa 3, Asia 7, Australia 2), counted at the round's start.
2. **Buying**, one player after another.
3. **Order of play:** everyone rolls a die.
4. **Placing:** on your turn you place the units you bought on territories you hold.
5. **Attacking and moving.**

## Moving and attacking
- A unit crosses **one border per turn**, moving or attacking. Land borders: every unit. **Sea-lines** (the
  dotted lines): only Hovercraft and Helicopters; land units built on an island stay there.
- Attack from one or more of your territories next to the target; each needs at least 2 units there.
- A round of combat: the attacker rolls a die per attacking unit; the defender chooses its losses; the
  defender rolls for every unit that was there at the start of the round, lost ones included; the attacker
  chooses its losses. Then the attacker continues or retreats. After a win the attacker moves in the units
  it chooses; the others go back where they came from.
- A territory left with no units is no longer held and earns nothing.

## Writing actions
Units are written as counts and letters: `2H1T` is two Humbers and a Tank; `all` is every unit that may go.
- `buy tank 2`, `done`, `place egypt tank 1`
- `move egypt north_africa 1T`
- `attack east_africa egypt 1H1T north_africa 1R middle_east 1V` (the target, then each source and its units)
- `lose 2H` (defender), `lose egypt 1H` (attacker), `lose` alone for the default; `continue`, `retreat`
- `occupy egypt 1T north_africa 1R`, `occupy all`, `occupy none`, or `occupy` alone for the default

## Our readings where the rulebook is unclear or silent
- **Which value the defender rolls under:** the text says "under the attack value"; we read it as the
  defending unit's own defence value, a die hitting on that value or less (this matches the battle example:
  three Humbers roll 1, 2, 4 and score one hit). The house option `defence_roll: literal` reads it word for
  word: each unit has one value, its attack value, and a defending die hits when it shows **less** than it
  (a Humber, attack 2, hits on a 1: the example comes out the same).
- **Movement range:** one border per unit per turn. Units that moved, attacked (also those that came back
  after a retreat or break-off) or moved into a conquered territory cannot cross again that turn. Units placed
  this turn may move. Sea-lines count for moving and attacking alike.
- **Empty territories:** moving into one takes it without a battle. Moving every unit out of a territory
  leaves it empty and no longer held. When both sides are wiped out in the same round the target is left
  empty.
- **Round order:** everyone buys before the order roll (round 1: in seat order; later: in the previous
  round's order). The order roll: highest first, then the next highest; tied players roll again among
  themselves. Everyone places their purchases at the start of their own turn in that order. Round 1's turns
  go from the first placer to their left. If the highest roller bought nothing, the next player to their
  left who did places the first unit and so takes the first turn.
- **Credits** not spent are kept for later rounds. Purchases are made openly (nothing is hidden).
- **Continents:** a continent pays its bonus only when every one of its territories is yours at the start
  of the round; an empty territory in it breaks the control.
- **Attacking from a territory:** it needs at least 2 units (counting units that already moved there); you
  may send all of them. The 2-unit rule holds in every round of combat: a territory whose attackers are down
  to a single unit with none left at home breaks off and that unit returns to hold it (the rulebook's North
  Africa example).
- **Continuing** sends every surviving attacker into the next round; retreating sends them all back. No new
  units join a battle under way.
- **Losses:** the defender chooses its own losses (the game hands over to the defender; 'lose' alone takes
  the cheapest first). When there is only one way to take the losses the game takes them. The house option
  `defender_chooses: false` always takes the defender's losses cheapest first, so hot-seat play needs no
  hand-off. The attacker chooses on its own turn, with the same default. *Cheapest first* means by cost,
  then the weaker unit in its role; from several territories, from the one with the most units left.
- **Moving in:** "The attacker gets to move into East Africa only the units he wishes": any surviving
  attackers, or none (`occupy none`: the conquered territory is left empty and nobody holds it). The default
  moves every survivor in, except that a territory the attack would leave empty keeps its cheapest unit.
  When a single attacking unit survives, you are asked whether it moves in (`occupy`) or goes back
  (`occupy none`). House option `lone_survivor`: `always_asked` (the default); `asked`, as games of an
  earlier version: asked only when moving in would leave its own territory empty, else it moves in by itself;
  `moves_in`, as older games: it always moves in by itself.
- A player holding no territory is out and loses the units waiting to be placed; the last player left wins.
- **Victory** is checked after the last turn of a round. A game still running after 200 **rounds** is a draw
  (`play --turn-cap` counts rounds in this rulebook).
- **Unit tables:** new games play with the balanced table; a game saved before there was a choice of table
  plays on with the original one (house option `units`).
"""


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


UNIT_BY_LETTER = {u.letter: u.name for u in UNITS}  # (every table has the same letters and names)


def hit_rule(top: int) -> str:
    """When a die hits: a unit hits when it rolls its value or less (low rolls hit, unlike classic's dice)."""
    if top <= 0:
        return "never hits"
    return "hits on any roll" if top >= 6 else "hits on a 1" if top == 1 else f"hits on 1-{top}"


def roll_words(letters: str, dice: list[int], tops: list[int] | None) -> str:
    """'2 Humbers ⚂3 ⚅6 (hits on a 1), 1 Tank ⚀1 (hits on 1-3)': the dice by unit, each with the rolls that hit
    (the log once wrote 'C⚀1' for a Helicopter, C being a player's letter on the map too)."""
    if not dice or len(letters) != len(dice):
        return dice_text(dice, "", "no dice")
    parts, i = [], 0
    while i < len(dice):
        j = i
        while j < len(dice) and letters[j] == letters[i] and (not tops or tops[j] == tops[i]):
            j += 1
        rule = f" ({hit_rule(tops[i])})" if tops and len(tops) == len(dice) else ""
        parts.append(
            f"{plural(j - i, UNIT_BY_LETTER.get(letters[i], letters[i]))} {dice_text(dice[i:j])}{rule}"
        )
        i = j
    return ", ".join(parts)


def describe_event(rules: Book, ev: Event, names: list[str], seat: int | None = None) -> str:
    b = rules.board

    tn, nm = territory_namer(b), player_namer(names)

    def words(text: str) -> str:
        mix = parse_mix(text) if text and text != "0" else None
        return mix_words(mix) if mix else "nothing"

    def uname(uid: str) -> str:
        k = unit_index(UNITS, uid)
        return UNITS[k].name if k is not None else uid

    e = ev.data  # the event's fields, read by name below
    who = nm(e.get("player", 0))
    k = ev.kind
    if k == "dealt":
        return f"Territories are dealt ({e['each']} each, one Humber on each); everyone has {e['credits']} credits."
    if k == "buy":
        return f"{who} buys {plural(e['count'], uname(e['unit']))} for {plural(e['cost'], 'credit')}."
    if k == "done_buying":
        return f"{who} has bought {words(e['bought'])} ({plural(e['credits'], 'credit')} left)."
    if k == "first_player":
        first = e.get("first", e.get("player", 0))
        if first != e.get("player"):
            return f"{who} rolls highest but has nothing to place: {nm(first)} places first and starts."
        return f"{who} rolls highest and places first."
    if k == "roll" and e.get("what") == "order":
        return "Order of play this round: " + ", ".join(nm(p) for p in e["order"]) + "."
    if k == "place":
        return f"{who} places {plural(e['count'], uname(e['unit']))} on {tn(e['territory'])}."
    if k == "turn":
        return f"Round {e['round']}, turn {e['turn']}: {who} plays."
    if k == "round":
        inc = ", ".join(f"{nm(p)} +{c}" for p, c in enumerate(e["income"]) if c)
        return f"Round {e['round']} begins. Credits: {inc}."
    if k == "move":
        extra = " and takes it" if e.get("claimed") else ""
        return f"{who} moves {words(e['units'])} from {tn(e['frm'])} to {tn(e['to'])}{extra}."
    if k == "abandon":
        return f"{who} leaves {tn(e['territory'])} empty."
    if k == "attack":
        parts = "; ".join(f"{words(m)} from {tn(f)}" for f, m in e["frm"])
        return f"{who} attacks {nm(e['defender'])} in {tn(e['to'])}: {parts}."
    if k == "battle":
        return (
            f"{who} rolls for {roll_words(e['units'], e['att'], e.get('tops'))}: {plural(e['hits'], 'hit')} "
            f"on {tn(e['to'])}."
        )
    if k == "roll":
        return (
            f"{nm(e['defender'])} defends {tn(e['to'])} with {roll_words(e['units'], e['dice'], e.get('tops'))}: "
            f"{plural(e['hits'], 'hit')}."
        )
    if k == "losses":
        if e["side"] == "defender":
            return f"{nm(e['who'])} loses {words(e['units'])} in {tn(e['territory'])}."
        lost = "; ".join(f"{words(m)} from {tn(f)}" for f, m in e["units"]) or "nothing"
        return f"{who} loses {lost}."
    if k == "break_off":
        return f"{who}'s {words(e['units'])} break off and return to hold {tn(e['frm'])}."
    if k == "won":
        return f"{who} wipes out the defenders of {tn(e['to'])}."
    if k == "emptied":
        return f"Both sides are wiped out: {tn(e['to'])} is left empty."
    if k == "repelled":
        return f"{nm(e['defender'])} holds {tn(e['to'])}."
    if k == "retreat":
        return f"{who} retreats from {tn(e['to'])}."
    if k == "left_empty":
        return f"{who} moves nothing into {tn(e['to'])}, which is left empty."
    if k == "conquer":
        return f"{who} takes {tn(e['to'])} and moves in {words(e['units'])}."
    if k == "eliminate":
        return f"{nm(e['defender'])} holds no territory and is out."
    if k == "end_turn":
        return f"{who} ends the turn."
    if k == "win":
        if e.get("why") == "last":
            return f"{who} is the last player left and wins!"
        return f"{who} holds {e['territories']} territories at the end of the round and wins!"
    if k == "draw_game":
        return f"The game stops at the round limit ({e['cap']}) as a draw."
    return str(ev)
