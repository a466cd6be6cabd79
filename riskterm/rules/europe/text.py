"""Risk: Europe's words: the rules summary for the in-game rules screen (with our readings), what each King's
Orders card does, the game log lines and the prompt."""

from __future__ import annotations

from typing import Any

from riskterm.engine.events import Event
from riskterm.rules import logtext
from riskterm.rules.base import Book
from riskterm.rules.europe.battle import RANK_NAMES
from riskterm.rules.europe.data import CARD, CROWNS_TO_WIN, ORDER_NAMES, START_FOOTMEN, units_words
from riskterm.rules.europe.state import EuropeState, battle_of, cities, ts_of
from riskterm.rules.logtext import counted, losses_text, player_namer, territory_namer

RULES_TEXT = """\
# Risk: Europe

**Goal:** control 7 or more crowns at the end of a round. Crowns: each city you hold (Rome counts 2) plus
crown cards you bought.

## Pieces
- Units: footman 1 coin, archer 2, cavalry 3, siege weapon 10; at most 35/12/12/4 of each on the board per army.
- Castle 12 coins (8 in the game, one per territory, never in a disputed territory). Crown card 10 coins
  (8 in the game, one per player per round).

## Setup
1. Everyone has 5 coins. Each player **bids secretly** (one after another behind the hand-off screen); the
   highest bid pays and takes the First Player Marker; tied highest bids roll dice, highest roll wins.
2. In turn order from the First Player, each places a **kingdom** on a free Gold Crown City (London, Paris,
   Madrid, Rome, Berlin, Constantinople, Stockholm, Kiev): crown and castle there, its City Bonus Tile and its
   tax value in coins, and 10 footmen split between the city and one adjacent non-city territory.

## A round
1. Everyone **secretly picks two King's Orders cards**, top card first (behind the hand-off screen).
   Cards: Tax or Spend (x2); King Me! + Tax or Spend; Split Expand or Manoeuvre (x2);
   Siege Assault + Expand or Manoeuvre; Fortify + Expand or Manoeuvre (x2). The hand of 8 refills every fifth round.
2. **Turn 1**, then **Turn 2**: in turn order from the First Player each reveals a card and carries out one of
   its orders, and may use its bonus action before or after.
3. **Battles** in every disputed territory, in the order the First Player chooses.
4. Cards are discarded; 7+ crowns wins.

## Orders
- **Expand**: from a territory you control into one adjacent (border or sea-line) territory that is unclaimed
  or an opponent's, leaving at least one unit behind. **Split Expand**: into up to two such territories from
  the same territory. Claiming an unclaimed city places a crown and pays its tax value. Entering an opponent's
  territory makes it **disputed** (a battle at the end of the round). An opponent's castle territory can only
  be entered by an army with a siege weapon. Never into your own or a disputed territory; only the defender
  may expand out of a disputed territory, leaving as many units as the attacking army.
- **Manoeuvre**: from one of your territories to another of yours or a battle of yours, up to two territories
  away through your own undisputed territories; never out of a disputed territory; leave one unit in city and
  castle territories.
- **Tax**: choose one of your cities; collect the tax of every city and 1 coin per other territory connected to
  it through your undisputed territories (disputed territories break the supply line).
- **Spend**: recruit units in your undisputed city and castle territories, build castles, buy one crown card.
- **Bonus actions**: King Me! (take the First Player Marker on reveal); Fortify (3 footmen in a city of yours,
  4 in a castle territory; in a disputed one only as defender); Siege Assault (from a territory with siege
  weapons into an adjacent enemy territory over land: 2 dice per siege weapon, 3+ hits, no defence dice; never
  from or into disputed territories).

## City Bonus Tiles
London: +2 archers in London whenever its tax is collected. Paris: +1 cavalry +1 footman in Paris on tax.
Madrid: +4 footmen in Madrid on tax. Rome: worth 2 crowns. Berlin: a free Manoeuvre after Expand/Split Expand;
castles cost 9. Constantinople: +4 footmen with each siege weapon recruited. Stockholm: +4 coins for each battle
won as attacker. Kiev: recruit in any non-city territory supply-linked to Kiev.

## Battles
Ranked attack order, repeated until one army is gone: siege weapons (2 dice each, hit on 3+), archers (5+),
cavalry (3+), then the general attack (attacker 1-3 dice, defender 1-2, highest against highest, ties to the
defender, at most two hits). After each rank both sides remove their own losses. A castle's defender may
re-roll its dice of one rank per repetition. If both armies die the territory becomes unclaimed and its crowns
return to the reserve. The winner takes the territory with its city and castle.

## End
At the end of a round a player with 7+ crowns wins; ties go to the most territories, then the most coins (the
First Player Marker counts 10). A player without cities at the end of a round is eliminated, unless they own a
crown card: **Saved by the Crown** gives one more round to retake a city (no tax meanwhile; recruiting only in
castle territories). An eliminated player's crown cards leave the game.

## Our readings where the rulebook is unclear or silent
- **Control:** you control a territory while your units are in it. A non-city territory emptied by Manoeuvre,
  or any territory emptied by a Siege Assault, becomes unclaimed (a castle stays there for the next claimant);
  the crowns of an emptied city return to the reserve and the next claimant collects its tax value again.
- **Kingdom:** the second territory (border or sea-line neighbour, unclaimed, not a city) gets 0-9 footmen; with
  0 it stays unclaimed and all 10 stay in the city.
- **Announcing the order:** you announce an order by carrying it out. Spend allows any number of purchases in
  that turn. Split Expand is two moves from the same territory into two different territories; doing anything
  else in between ends it. A card you do not use is still discarded.
- **Fortify** on a city that also has a castle adds 4 (it is a castle territory). Free units (Fortify, tiles,
  Siege Escort) come from your army reserve and stop when it is empty.
- **Tax:** the city you choose must not be disputed (no tax is collected from disputed territories).
- **Manoeuvre:** the middle territory of a two-step move must be your own undisputed territory; an attacker
  may reinforce its own battle. Berlin's free Manoeuvre comes after everything else on the card: using it ends
  the card's bonus action.
- **Castle re-roll:** the defender sees both rolls of a rank, then may re-roll all of its own dice of that rank,
  once per repetition of the ranked attack order.
- **Losses:** each side removes its own. You are asked only when there is a real choice (two or more unit types
  and not everything dies); the default (one key) removes the cheapest units first.
- **Battle order:** the First Player picks the next battle while two or more are left; the last is fought at once.
- **Winning:** among players with 7+ crowns the most crowns wins, then most territories, then coins (+10 for the
  First Player Marker). If they are still exactly tied, nobody wins yet and play goes on. The last player left
  in the game wins. If every player left loses their last city in the same round (and nobody is Saved by the
  Crown), nobody is left to win: the game ends as a draw.
- **Stockholm** pays when you hold it at the end of a battle you won as attacker (taking Stockholm pays too).
- **Saved by the Crown** lasts one round each time you lose your last city.
- If the holder of the First Player Marker is eliminated, the marker passes to the next player on the left.
- The coin reserve never runs out. A game still going after 60 rounds is a draw.

## On the board
Each territory shows its units; `12!` marks a disputed territory (both armies counted), `*` an empty city,
`#` an empty castle, `·` an empty territory. The panels list coins, crowns, crown cards, tiles and cards left.
The game log counts player-turns through the game (T1, T2, ...: one per revealed card); a round's Turn 1 and
Turn 2 are named there by their card ("reveals the top card of round 3").
"""


# What each order and bonus action does, one short sentence from the rulebook (for the King's Orders chooser).
ORDER_TEXT = {
    "expand": "move units from a territory you control into one adjacent territory that is unclaimed or an "
    "opponent's, leaving at least one behind",
    "split": "move units from one territory you control into up to two adjacent territories that are unclaimed "
    "or an opponent's",
    "manoeuvre": "relocate units from one territory you control to another already under your control or in "
    "dispute, up to two territories away",
    "tax": "collect the tax value of a city you control and of everything connected to it through supply lines",
    "spend": "spend coins to recruit army units, build castles and buy a crown card",
}
BONUS_TEXT = {
    "king": "King Me!: you take the First Player Marker as soon as the card is revealed",
    "fortify": "Fortify: add three footmen to a city territory you control or four to a castle territory",
    "siege": "Siege Assault: your siege weapons attack one adjacent enemy territory over land, two dice each, "
    "hitting on 3 or more",
}
BONUS_NAMES = {"king": "King Me!", "fortify": "Fortify", "siege": "Siege Assault"}


def card_parts(card_id: str) -> list[tuple[str, str]]:
    """(name, what it does) for the card's bonus action (if any) and its two orders."""
    c = CARD[card_id]
    bonus = [(BONUS_NAMES[c.bonus], BONUS_TEXT[c.bonus].split(": ", 1)[1])] if c.bonus else []
    return bonus + [(ORDER_NAMES[o], ORDER_TEXT[o]) for o in c.orders]


def card_text(card_id: str) -> str:
    """What a King's Orders card does, in short sentences from the rulebook: its bonus action (if any), then
    its two orders ("Fortify: add three footmen ... Expand: move units ...; or Manoeuvre: relocate ...")."""
    c = CARD[card_id]
    a, b = c.orders
    orders = f"{ORDER_NAMES[a]}: {ORDER_TEXT[a]}; or {ORDER_NAMES[b]}: {ORDER_TEXT[b]}."
    return orders if c.bonus is None else f"{BONUS_TEXT[c.bonus]}. {orders}"


def dice_text(dice: list[int]) -> str:
    """Dice as faces with their numbers ('⚄5 ⚂3'), '-' for no dice."""
    return logtext.dice_text(dice, empty="-")


def describe_event(rules: Book, ev: Event, names: list[str], seat: int | None = None) -> str:
    b = rules.board

    tn, nm = territory_namer(b), player_namer(names, "nobody")

    e = ev.data  # the event's fields, read by name below
    who = nm(e.get("player", 0))
    k = ev.kind
    mine = seat is not None and seat == ev.to
    if k == "bid":
        return (
            f"{who} bids {counted(e['coins'], 'coin')} (secret)."
            if mine
            else f"{who} has placed a secret bid."
        )
    if k == "bid_reveal":
        bids = ", ".join(f"{nm(i)} {v}" for i, v in enumerate(e["bids"]))
        tie = " after a roll-off" if e["rolls"] else ""
        return f"Bids revealed: {bids}. {who} pays {e['paid']} and takes the First Player Marker{tie}."
    if k == "kingdom":
        other = (
            f" and {counted(e['footmen'], 'footman', 'footmen')} in {tn(e['other'])}"
            if e.get("other")
            else ""
        )
        crowns = e.get("crowns") or 1
        gain = f"+{counted(e['tax'], 'coin')}, {'a crown' if crowns == 1 else f'{crowns} crowns'}"
        return f"{who} founds a kingdom in {tn(e['city'])} ({gain}) with {counted(START_FOOTMEN - e['footmen'], 'footman', 'footmen')} there{other}."
    if k == "round":
        return f"Round {e['round']} begins; {who} holds the First Player Marker."
    if k == "refill":
        return f"{who} takes all eight King's Orders cards back."
    if k == "orders_chosen":
        if mine:
            return f"{who} lays down {CARD[e['cards'][0]].label} (top) and {CARD[e['cards'][1]].label}."
        return f"{who} lays down two cards face down."
    if k == "reveal":
        # The log's turn column counts player-turns through the game; the rulebook's Turn 1 and Turn 2 of a
        # round are named by their card here so that the two numbers never disagree.
        card = "top" if e["card_turn"] == 1 else "bottom"
        where = f" of round {e['round']}" if e.get("round") else ""
        return f"{who} reveals the {card} card{where}: {CARD[e['card']].label}."
    if k == "king_me":
        return f"{who} takes the First Player Marker (King Me!)."
    if k in ("expand", "split"):
        if e["defender"] == -1:
            n = e.get("crowns") or 0
            gain = (
                f", {'a crown' if n == 1 else f'{n} crowns'} and {counted(e['tax'], 'coin')}" if n else ""
            ) + (", claiming its castle" if e.get("castle") else "")
            return (
                f"{who} expands from {tn(e['frm'])} into {tn(e['to'])} with {units_words(e['units'])}{gain}."
            )
        return (
            f"{who} attacks {nm(e['defender'])} in {tn(e['to'])} from {tn(e['frm'])} with "
            f"{units_words(e['units'])}: it is disputed."
        )
    if k == "manoeuvre":
        free = " (Berlin's free Manoeuvre)" if e.get("free") else ""
        left = f"; {tn(e['frm'])} is left empty and unclaimed" if e.get("emptied") else ""
        return f"{who} manoeuvres {units_words(e['units'])} from {tn(e['frm'])} to {tn(e['to'])}{free}{left}."
    if k == "tax":
        return f"{who} taxes {tn(e['city'])}: {counted(e['coins'], 'coin')} from {counted(e['territories'], 'territory', 'territories')}."
    if k == "tile_units":
        tile = f"{who}'s bonus tile ({cities(b).name.get(b.index.get(e['tile'], -1), tn(e['tile']))})"
        want = e.get("wanted")
        if not sum(e["units"]):
            what = f" ({units_words(want)})" if want else ""
            return f"{tile} adds nothing{what}: none are left in the army reserve."
        short = " (the army reserve has no more)" if want and list(want) != list(e["units"]) else ""
        return f"{tile} places {units_words(e['units'])} in {tn(e['tile'])}{short}."
    if k == "recruit":
        esc = f" (+{counted(e['escort'], 'footman', 'footmen')} escort)" if e.get("escort") else ""
        return f"{who} recruits {units_words(e['units'])} in {tn(e['territory'])} for {counted(e['coins'], 'coin')}{esc}."
    if k == "castle":
        return f"{who} builds a castle in {tn(e['territory'])} for {counted(e['coins'], 'coin')}."
    if k == "crown_card":
        return f"{who} buys a crown card for {counted(e['coins'], 'coin')}: one more crown ({e['crowns']} on the tracker)."
    if k == "fortify":
        return f"{who} fortifies {tn(e['territory'])} with {units_words([e['footmen'], 0, 0, 0])}."
    if k == "roll" and e.get("siege"):
        return (
            f"{who} siege-assaults {tn(e['to'])} from {tn(e['frm'])}: {dice_text(e['dice'])}, "
            f"{e['hits']} hit{'' if e['hits'] == 1 else 's'}."
        )
    if k == "losses":
        return f"{nm(e['seat'])} removes {units_words(e['units'])} in {tn(e['territory'])}."
    if k == "unclaimed":
        back = (
            " and its crowns return to the reserve"
            if cities(b).crowns.get(b.index.get(e["territory"], -1))
            else ""
        )
        return f"{tn(e['territory'])} is empty and becomes unclaimed{back}."
    if k == "battle_start":
        castle = " (castle)" if e.get("castle") else ""
        return (
            f"Battle for {tn(e['territory'])}{castle}: {nm(e['attacker'])} {units_words(e['att_units'])} "
            f"against {nm(e['defender'])} {units_words(e['def_units'])}."
        )
    if k == "roll":
        return (
            f"  {RANK_NAMES[e['rank']].capitalize()}: {nm(e['attacker'])} {dice_text(e['att_dice'])}  vs  "
            f"{nm(e['defender'])} {dice_text(e['def_dice'])}"
        )
    if k == "reroll":
        return f"  {who} re-rolls (castle defence): {dice_text(e['old'])} → {dice_text(e['def_dice'])}"
    if k == "hits":
        return f"  Hits: {losses_text(e['on_att'], e['on_def'])}."
    if k == "battle_end":
        t = tn(e["territory"])
        if e["result"] == "attacker":
            raid = f" and raids {counted(e['raid'], 'coin')}" if e.get("raid") else ""
            n = e.get("crowns") or 0
            crowns = f" and its {'crown' if n == 1 else f'{n} crowns'}" if n else ""
            return f"{nm(e['attacker'])} wins the battle for {t}{crowns}{raid}."
        if e["result"] == "defender":
            return f"{nm(e['defender'])} holds {t}."
        back = " and its crowns return to the reserve" if e.get("crowns") else ""
        return f"Both armies fall in {t}: it is unclaimed{back}."
    if k == "saved":
        return f"{who} holds no city but is Saved by the Crown for one more round."
    if k == "eliminate":
        gone = e.get("crown_cards") or 0
        cards = f"; their crown cards ({gone}) leave the game" if gone else ""
        return f"{who} holds no city and is eliminated{cards}."
    if k == "round_end":
        return f"Round {e['round']} ends. Crowns: " + ", ".join(
            f"{nm(i)} {c}" for i, c in enumerate(e["crowns"])
        )
    if k == "win":
        if e.get("last") and e["crowns"] < CROWNS_TO_WIN:
            return f"{who} is the last player left in the game and wins!"
        return f"{who} controls {e['crowns']} crowns and wins!"
    if k == "draw_game":
        if e.get("reason") == "no_cities":
            return (
                "Every player has lost their last city: nobody is left to win, and the game ends as a draw."
            )
        return f"The game stops after {e['cap']} rounds as a draw."
    if k == "end_turn":
        return f"{who} ends the turn."
    return str(ev)


def prompt(r: Any, s: EuropeState) -> str:
    """What the acting player should do now, in one sentence."""
    w = s.get("winner")
    if w is not None:
        if s["crowns"][w] < CROWNS_TO_WIN:
            return f"{s['players'][w]['name']} is the last player left in the game and wins."
        return f"{s['players'][w]['name']} controls {s['crowns'][w]} crowns and wins."
    if s.get("draw"):
        if not any(not p["out"] for p in s["players"]):
            return "Every player lost their last city in the same round: the game ended in a draw."
        return "The game ended in a draw at the round limit."
    ph, a = s["phase"], s["actor"]
    name = s["players"][a]["name"]
    if ph == "bid":
        return f"{name}: bid secretly for the First Player Marker (0-{s['coins'][a]} coins)."
    if ph == "kingdom":
        return f"{name}: choose a Gold Crown City for your kingdom and place 10 footmen."
    if ph == "orders":
        return f"{name}: secretly choose two King's Orders cards for round {s['round']}, top card first."
    if ph == "turn":
        ts = ts_of(s)
        card = CARD[ts["card"]]
        if ts["order"] is None:
            a1, a2 = (ORDER_NAMES[o] for o in card.orders)
            bonus = (
                ""
                if card.bonus in (None, "king") or ts["bonus_used"]
                else f" (bonus: {BONUS_NAMES[card.bonus]})"
            )
            return f"{name}: {card.label} - carry out {a1} or {a2}{bonus}, or end the turn."
        if ts["order"] == "split" and not ts["done"]:
            return f"{name}: Split Expand from {r.tname(ts['split_from'])} into one more territory, or end the turn."
        more = " (more purchases allowed)" if ts["order"] == "spend" else ""
        free = " You may Manoeuvre for free (Berlin)." if ts["free_man"] else ""
        return f"{name}: {ORDER_NAMES[ts['order']]} done{more}; end the turn when finished.{free}"
    if ph == "battles":
        return f"{name}: choose the next battle to fight."
    if ph == "reroll":
        b = battle_of(s)
        return (
            f"{name}: castle defence in {r.tname(b['t'])}, {RANK_NAMES[b['rank']]}: the attacker rolled "
            f"{dice_text(b['att_dice'])}, you rolled {dice_text(b['def_dice'])} - re-roll yours or keep them?"
        )
    if ph == "losses":
        q, fight = s["losses"][0], s["battle"]
        units = counted(q["hits"], "unit")
        if fight is None or fight["t"] != q["t"]:  # a Siege Assault's losses
            return f"{name}: remove {units} in {r.tname(q['t'])} (default: cheapest first)."
        names = [p["name"] for p in s["players"]]
        att, dfn = names[fight["att"]], names[fight["def"]]
        return (
            f"{name}: the battle for {r.tname(fight['t'])} ({att} attacks {dfn}), {RANK_NAMES[fight['rank']]}: "
            f"{att} rolled {dice_text(fight['att_dice'])}, {dfn} rolled {dice_text(fight['def_dice'])}; "
            f"remove {units} of yours {'in' if q['side'] == 'own' else 'attacking'} {r.tname(q['t'])} "
            "(default: cheapest first)."
        )
    return ""
