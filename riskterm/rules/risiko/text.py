"""RisiKo! Più: the rules screen (with our readings), the prompt line and the game log lines."""

from __future__ import annotations

from riskterm.rules.base import Book, Event
from riskterm.rules.logtext import (
    a_or_an,
    counted,
    dice_text,
    losses_text,
    luck_note,
    player_namer,
    territory_namer,
)
from riskterm.rules.risiko.cards import card_name
from riskterm.rules.risiko.setup import deploy_size
from riskterm.rules.risiko.state import RisikoState, attack_of, pending_of, spy_of

RULES_TEXT = """\
# RisiKo! Più

**Goal:** occupy completely 3 Empires in addition to your own (all the territories of 4 of the 6 Empires).
Lose your fortress and you are out of the game.

## Setup
1. Everyone rolls a die: the highest plays first, the others follow in descending order (ties roll again).
2. In turn order each player draws an Empire banner at random and places their fortress on a territory of
   that Empire (your own Empire).
3. Armies: 35 each with 3 players, 30 with 4, 25 with 5, 20 with 6. One army goes on each territory of
   your own Empire.
4. In turn, occupy a free territory with one army until every territory is occupied; then, in turn, place
   5 armies at a time on one of your territories (the last ones, even if fewer than 5, together). You may
   place several of your fives on one territory in one step (see our readings).
5. Secretly choose a territory without a fortress for your Hidden Armies (behind the hand-off screen).

## Your turn, in this order
1. **Supplementary Armies**, placed as you like: 2 per enemy banner on your fortress, 4 per complete block
   of independents (North: Norway, Sweden, Finland, Denmark; Iberia: Madrid, Barcelona, Portugal; Italy:
   Switzerland, Venice, Rome, Naples), 6 per complete Empire, 15 for all 11 independents.
2. **Cards:** draw up to 3 cards, then one more.
3. **Play cards** (below), then **attack** as you wish, then **one move** between two adjacent territories
   of yours (leave one army behind); the move ends your turn.

## Attacks
- Announce the attack (from, to): a territory next to yours, by land or a dotted line, from a territory
  with 2 or more armies. An attack is one or more battles until you take the territory or end the attack.
- Each battle: you declare 1-3 attacking armies (dice), then the defender declares 1-3 (never more than the
  armies present), **before every battle**, and may then play a Marshal or reveal Hidden Armies. **When a
  fortress is attacked, at most 2 dice each.** Highest against highest, ties to the defender; scores are
  never added.
- Conquest: occupy with at least as many armies as the dice of the last roll, leaving one behind.
- **Conquest of a fortress** eliminates its owner: the fortress is removed; its banners go onto your
  fortress; the loser's armies are removed; you put one army (starting with the armies that took the
  fortress, then from any territory you choose) on each territory left free, and what you leave is
  occupied in turn by the other players one army at a time; you take the loser's cards and unused Hidden
  Armies.

## Cards (48: 12 Reinforcement, 7 Spy, 8 General, 6 Admiral, 8 Marshal, 7 Diplomat)
- **Reinforcement:** before your first attack. Each card goes on the next number of the track 3..14;
  you receive the sum of the numbers above the cards you played.
- **Spy:** look at all of one opponent's cards and eliminate one (shown to all). The opponent may answer
  with a Spy of their own: both cards are discarded and nothing else happens.
- **General:** in attack, +1 to your highest die, until the defender's highest equals or beats yours
  (then it is discarded); back to your hand at the end of the attack if not beaten.
- **Marshal:** in defence, +1 to your highest die, until the attacker's highest beats yours.
- **Admiral:** once per turn, only to attack: embark armies from one of your territories on the sea
  (leave one behind) and attack a territory on the same sea, landing 1-3 armies per battle. Win: the
  armies left on the flagship occupy the territory and the Admiral comes back to you. Lose: discard it.
  On the Black Sea only between territories that border it.
- **Diplomat:** before your first attack, impose a truce on a player: neither of you may attack the other
  until your next turn begins (then the card is discarded). With two players left, Diplomats are discarded
  and replaced.

## Hidden Armies
Once only, when you hold their territory: to defend it when it is attacked (before any battle of the
attack), or to attack from it (after announcing the attack, before any of its battles). They number as
much as the number above the last Reinforcement card played. They cannot be revealed outside an attack.

## Our readings where the rulebook is unclear or silent
- **Defender's answer:** "the attacker first and the defender afterwards declare" is read as: before every
  battle, after the attacker has declared, the defender declares 1-3 dice and may first play a Marshal
  (when none is in play) or reveal Hidden Armies on the territory attacked. The default answer, the most
  dice and nothing played, is one step.
- *Option* `defender: when_needed` (the default): the defender is asked (before each battle) only when they
  hold a Marshal (none in play) or usable Hidden Armies on the territory attacked; otherwise they roll as many
  dice as allowed without a hand-off, and the log says so. Quicker at one keyboard, but the hand-off itself
  hints that the defender has something to play. `defender: always` asks before every battle (games saved
  before this became the default keep asking).
- *Option* `readings: original`: the readings riskterm used before its rules review, kept so that games
  saved then replay: the defender answers once per attack (again after a Marshal is beaten), Hidden Armies
  may also appear in the main phase, and the conqueror of a fortress may start the redistribution from the
  territory attacked from too. Games saved before the option existed play this way; new games `reviewed`.
- *Option* `luck=N` (0-100, default 100 = true dice): each battle's losses are N% of what the dice say
  plus (100-N)% of the battle's expected losses (with the General's and the Marshal's point counted),
  rounded half up (`luck_rounding=straight`, the default) or up with the fraction as its chance
  (`luck_rounding=weighted`): the defender's share of the pairs compared is blended, the attacker loses the
  rest. A General or Marshal is still beaten by the scores rolled. The log shows what the dice alone said;
  the odds panel and the computer players count the setting.
- **Placing five at a time:** in one step you may place several of your fives (10, 15, ...) or all the
  armies you have left on one territory. It is the same as placing them there on your next turns of
  placing, only quicker; the others simply see your choice sooner. One five at a time stays possible.
- **Announcing the attack:** the app always names the territories, so the "blow 3 armies" penalty for
  forgetting to announce never arises.
- **The end of the turn:** you end it yourself (with the move or without); with one army everywhere you can
  still play a Spy before ending.
- **All 11 independents** give 15 armies instead of the three blocks' 4 each.
- **The track:** Reinforcement cards stay on the track for the rest of the game; when it is full (14) no
  more can be played. Hidden Armies cannot appear while the track is empty (they would number nothing).
- **Hidden Armies in your own turn** may be revealed only during an attack from their territory (not for a
  flagship attack, whose armies sail from the port), and that attack then fights at least one battle
  before you may end it: revealing them and moving them away without a fight would be a free
  reinforcement, which the rulebook does not give ("to launch an attack from that territory").
- **Admiral:** the flagship sails between any two coasts on the open seas (Atlantic, North Sea, Baltic,
  Mediterranean are one body of water), or between two Black Sea coasts; Turkey touches both. If you end
  the attack with armies still on board, they sail back to the port and the Admiral is discarded.
- **Spy:** only a player holding cards can be spied on; the spy must eliminate one card. A player without a
  Spy is not asked whether to answer.
- **Redistribution:** "starting with those with which you attacked" is read as the armies that took part
  in the conquest, which now stand in the fortress's territory (move more in when you occupy it, if you
  want to use them): you take from there first while more than one is left, then from any of your
  territories with 2 or more armies, as you choose (the garrison you left in the territory you attacked
  from is not forced out). The others then occupy one territory each in turn order (they must while they
  have an army to spare). A territory nobody can occupy stays free: any player may walk into it from an
  adjacent territory (an attack without a battle, occupying with at least one army).
- **Truce:** "may not attack you in the same turn" is read as: neither player may attack the other,
  by land or by sea, from the Diplomat's play until the turn returns to the player who played it.
- **General and Marshal** not beaten go back to their owner's hand when the attack ends (won, lost or
  ended); an attack ends when the territory falls, when you end it, or when you cannot roll any more.
- **Eliminated players' truces** end at once; their Diplomat cards are discarded.
- **Two players left:** Diplomats drawn later are discarded and replaced at once.
- **Deck:** when it runs out, the discard pile is shuffled into a new deck.
- The last player left with a fortress wins. A game that reaches the turn limit (800 player turns) is
  a draw.
"""


def prompt_text(rules: Book, s: RisikoState) -> str:
    winner = s["winner"]
    if winner is not None:
        return f"{s['players'][winner]['name']} wins!"
    if s.get("draw"):
        return "The game ended in a draw at the turn limit."
    ph = s["phase"]
    a = s["actor"]
    name = s["players"][a]["name"]
    tn = rules.tname
    if ph == "fortress":
        emp = rules.board.region_by_id[s["empire"][a]].name
        return f"{name}: your banner is the {emp}; place your fortress on one of its territories."
    if ph == "claim":
        return f"{name}: occupy a free territory with one army ({s['to_place'][a]} armies left)."
    if ph == "deploy":
        left = s["to_place"][a]
        if left <= deploy_size(s, a):
            return f"{name}: place your last {left} armies together on one of your territories."
        return f"{name}: place 5 armies on one of your territories, or several fives at once ({left} left)."
    if ph == "hide":
        return f"{name}: secretly choose the territory of your Hidden Armies (no fortress there)."
    if ph == "supply":
        return f"{name}: place your {s['reserve']} Supplementary Armies."
    if ph == "main":
        if s["reserve"]:
            return f"{name}: place your {s['reserve']} armies from Reinforcement cards."
        return f"{name}: play cards, attack, or make your move to end the turn."
    if ph == "battle":
        at = attack_of(s)
        g = " (General in play)" if at["general"] else ""
        m = " against a Marshal" if at["marshal"] else ""
        src = "the flagship" if at["admiral"] else tn(at["from"])
        end = (
            " (Hidden Armies revealed: one battle at least)" if at.get("revealed") else ", or end the attack"
        )
        return f"{name}: attack {tn(at['to'])} from {src}{g}{m}: roll 1-3 dice{end}."
    if ph == "defend":
        at, att = attack_of(s), s["players"][s["current"]]["name"]
        src = "the flagship" if at["admiral"] else tn(at["from"])
        return (
            f"{name}: {att} attacks {tn(at['to'])} from {src} with {counted(at['att_dice'], 'die', 'dice')}; "
            "how many dice do you defend this battle with?"
        )
    if ph == "occupy":
        pend = pending_of(s)
        return f"{name}: how many armies occupy {tn(pend['to'])} in all (at least {pend['min']})?"
    if ph == "spy_answer":
        return f"{name}: {s['players'][s['current']]['name']} plays a Spy on you: answer with a Spy, or let them look."
    if ph == "spy_choose":
        return f"{name}: eliminate one of {s['players'][spy_of(s)['target']]['name']}'s cards."
    if ph == "redistribute":
        return f"{name}: put one army on a territory the defeated player left free."
    return ""


def describe_event(rules: Book, ev: Event, names: list[str], seat: int | None = None) -> str:
    b = rules.board

    tn, nm = territory_namer(b), player_namer(names, "?")

    def region(r: str) -> str:
        return b.region_by_id[r].name if r in b.region_by_id else r

    e = ev.data  # the event's fields, read by name below
    who = nm(e.get("player"))
    k = ev.kind
    mine = seat is not None and seat == ev.to
    if k == "order":
        return "Turn order by die roll: " + ", ".join(nm(p) for p in e["order"]) + "."
    if k == "banner":
        return f"{who} draws the banner of the {region(e['empire'])}."
    if k == "fortress":
        return f"{who} places the fortress in {tn(e['territory'])}."
    if k == "empire_occupied":
        return f"{who} occupies the {region(e['empire'])} with one army on each territory."
    if k == "dealt":
        return "Territories claimed and armies placed at random (quick start)."
    if k == "claim":
        return f"{who} occupies {tn(e['territory'])}."
    if k == "all_claimed":
        return "Every territory is occupied: now 5 armies at a time."
    if k == "hide_start":
        return "Each player now secretly chooses where the Hidden Armies are."
    if k == "hide":
        return f"{who} hides armies in {tn(e['territory'])}." if mine else f"{who} has hidden their armies."
    if k == "place":
        return f"{who} places {e['armies']} on {tn(e['territory'])}."
    if k == "turn":
        parts = ", ".join(f"{v} for {p}" for p, v in e.get("parts", {}).items())
        return f"Turn {e['turn']}: {who}" + (
            f" receives {e['supply']} Supplementary Armies ({parts})."
            if e["supply"]
            else " receives no Supplementary Armies."
        )
    if k == "card":
        return f"{who} draws {a_or_an(card_name(e['card']))} card." if mine else f"{who} draws a card."
    if k == "reshuffle":
        return f"The discard pile is shuffled into a new deck of {e['cards']}."
    if k == "diplomat_void":
        return f"{who} draws a Diplomat, useless with two players: discarded and replaced."
    if k == "diplomats_discarded":
        return f"Two players left: {who} discards {len(e['cards'])} Diplomat card(s) and draws again."
    if k == "truces_end":
        return "Two players left: every truce ends."
    if k == "reinforce":
        return f"{who} plays a Reinforcement card on {e['slot']}: +{e['armies']} armies."
    if k == "spy":
        return f"{who} plays a Spy on {nm(e['target'])}."
    if k == "spy_blocked":
        return f"{nm(e['target'])} answers with a Spy: both cards are discarded."
    if k == "spy_allowed":
        return f"{nm(e['target'])} lets the Spy look."
    if k == "reveal" and e.get("what") == "spy":
        if mine:
            return f"{nm(e['target'])} holds: " + ", ".join(card_name(c) for c in e["cards"]) + "."
        return f"{who} looks at {nm(e['target'])}'s cards."
    if k == "spy_discard":
        return f"{who} eliminates {nm(e['target'])}'s {card_name(e['card'])} card."
    if k == "truce":
        return f"{who} imposes a truce on {nm(e['target'])} until {who}'s next turn."
    if k == "truce_end":
        return f"The truce between {who} and {nm(e['target'])} ends."
    if k == "attack":
        return f"{who} attacks {tn(e['to'])} ({nm(e['defender'])}) from {tn(e['frm'])}."
    if k == "walk_in":
        return f"{who} walks into the free territory {tn(e['to'])} from {tn(e['frm'])}."
    if k == "admiral":
        sea = "across the Black Sea" if e.get("sea") == "black_sea" else "by sea"
        return (
            f"{who} plays the Admiral: the flagship sails {sea} from {tn(e['frm'])} to {tn(e['to'])} "
            f"with {e['armies']} armies."
        )
    if k == "general":
        return f"{who} plays a General: +1 to the highest attack die."
    if k == "marshal":
        return f"{nm(e['defender'])} plays a Marshal: +1 to the highest defence die."
    if k == "defend":
        dice = counted(e["dice"], "die", "dice")
        return f"{nm(e['defender'])} defends with {dice}" + (
            " (as many as allowed)." if e.get("auto") else "."
        )
    if k == "hidden_reveal":
        return f"{nm(e['by'])} reveals Hidden Armies in {tn(e['territory'])}: +{e['armies']} armies."
    if k == "battle":
        extra = (" [General]" if e.get("general") else "") + (" [Marshal]" if e.get("marshal") else "")
        return (
            f"{who} {tn(e['frm'])} → {tn(e['to'])}: {dice_text(e['att'])} vs "
            f"{dice_text(e['dfn'])}{extra}; {losses_text(e['att_loss'], e['def_loss'])}{luck_note(e)}."
        )
    if k == "general_beaten":
        return f"{who}'s General is beaten and discarded."
    if k == "marshal_beaten":
        return f"{nm(e['defender'])}'s Marshal is beaten and discarded."
    if k == "attack_end":
        bits = []
        if e.get("general_back"):
            bits.append("the General goes back to the attacker")
        if e.get("marshal_back"):
            bits.append("the Marshal goes back to the defender")
        if e.get("admiral"):
            bits.append(f"the Admiral is {'taken back' if e['admiral'] == 'back' else 'discarded'}")
        if e.get("ship_back"):
            bits.append(f"{e['ship_back']} armies sail back")
        tail = (": " + ", ".join(bits)) if bits else ""
        return f"{who}'s attack on {tn(e['to'])} ends{' in victory' if e['won'] else ''}{tail}."
    if k == "conquer":
        return f"{who} conquers {tn(e['to'])} with {e['armies']} armies."
    if k == "occupy":
        return f"{who} occupies {tn(e['to'])} with {e['armies']} armies in all."
    if k == "fortress_removed":
        return f"{who} conquers {nm(e['defender'])}'s fortress in {tn(e['territory'])}: it is removed."
    if k == "banners":
        return (
            f"{nm(e['defender'])}'s banners go to {who}'s fortress: "
            + ", ".join(region(r) for r in e["banners"])
            + "."
        )
    if k == "eliminate":
        return f"{nm(e['defender'])} is eliminated; {e['armies']} armies are removed."
    if k == "garrison":
        return f"{who} puts one army from {tn(e['frm'])} on {tn(e['to'])}."
    if k == "pass":
        n = e["left"]
        return f"{who} leaves {n} free {'territory' if n == 1 else 'territories'} to the other players."
    if k == "left_free":
        return "Nobody can occupy " + ", ".join(tn(t) for t in e["territories"]) + ": left free."
    if k == "cards_taken":
        return f"{who} takes {nm(e['defender'])}'s {e['cards']} cards."
    if k == "hidden_taken":
        return (
            f"{who} takes {nm(e['defender'])}'s unused Hidden Armies."
            if e["count"]
            else f"{nm(e['defender'])} had no unused Hidden Armies."
        )
    if k == "move":
        return f"{who} moves {e['armies']} from {tn(e['frm'])} to {tn(e['to'])}."
    if k == "end_turn":
        return f"{who} ends the turn."
    if k == "win":
        if e.get("last"):
            return f"{who} is the last player with a fortress and wins!"
        return f"{who} occupies " + ", ".join(region(r) for r in e["empires"]) + " and wins!"
    if k == "draw_game":
        return f"The game stops at the turn limit ({e['cap']}) as a draw."
    return str(ev)
