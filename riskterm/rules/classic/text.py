"""What the classic game says: the rules screen (with the readings we chose), log lines and prompts.
Imports nothing of the rulebook but its state helpers, so the phase modules and the class may import it."""

from __future__ import annotations

from typing import Any

from riskterm.board import Board
from riskterm.engine.events import Event
from riskterm.engine.fog import UNKNOWN
from riskterm.rules.base import Book
from riskterm.rules.classic.mission_cards import text as mission_text
from riskterm.rules.classic.state import ClassicState, pending_of
from riskterm.rules.logtext import dice_text, losses_text, luck_note, player_namer, territory_namer

RULES_TEXT = """\
# World Domination Risk

**Goal:** hold all 42 territories (two players: eliminate the other player).

## Setup
- 3 players: 35 armies each; 4: 30; 5: 25; 6: 20. Everyone rolls a die; the highest claims first.
- In turn, claim one unoccupied territory with one army until all 42 are claimed; then place one army at a
  time on your own territories until all are placed. The player who placed first takes the first turn.
- *Quick start* (an option): territories are dealt and the armies spread at random (with two players, the
  neutral's too).
- *Two players:* a neutral army joins. Each player and the neutral get 40 armies and a third of the
  territories (dealt at random, one army on each). Then, in turn, each player places two armies of their
  own and one of the neutral's, on any neutral territory (to block the other player), until all are placed.
  The neutral never takes a turn and always defends with as many dice as it may. The game ends when one
  player has eliminated the other; the neutral need not be beaten.
  (House rules: `neutral_armies=random` spreads the neutral's armies at random, the players placing only
  their own; `two_player_end=world` plays on until one player holds all 42 territories. Games saved
  before these rules existed replay with both.)

## Your turn
1. **Reinforce:** territories / 3 (fractions dropped, at least 3) plus each continent you hold:
   North America 5, South America 2, Europe 5, Africa 3, Asia 7, Australia 2.
   Trade sets of cards (three alike, one of each, or any two and a wild) for 4, 6, 8, 10, 12, 15 armies,
   then 5 more for each later set. If a traded card shows a territory you hold, 2 extra armies go there
   (at most once a turn); when the set shows several of yours, you choose which one gets them.
   With 5 or more cards you must trade.
   (House rule `cards=fixed`, as the later editions pay: 3 infantry 4, 3 cavalry 6, 3 artillery 8, one of
   each 10, however many sets were traded before; a wild stands for the kind that makes its set worth most.
   `cards=none`: no cards at all; a conquest earns none. Games saved before this rule existed play the
   progressive scale above, the default.)
2. **Attack** from a territory with at least 2 armies into an adjacent or sea-line enemy territory. The
   attacker rolls 1-3 dice (at least one army more than dice). The defender rolls 2 dice with two or
   more armies, 1 with a single army (the notes: "Defenders use two dice if they have two or more troops,
   but only one die if they have a single troop"). Highest against highest, ties to the defender. Attack as
   often as you like, from any territory, including one you just conquered.
3. **Conquer:** move in at least as many armies as dice you rolled last, leaving one behind.
   Eliminate a player and you take their cards; with 6 or more you trade at once down to 4 or fewer and
   place those armies before attacking on.
4. **Card:** one card, when you stop attacking (before you fortify), in a turn in which you conquered a
   territory.
5. **Fortify:** one move from one territory to an adjacent one of yours, leaving one behind.
   (House rule `fortify=connected`: along a connected path of your territories.)

## Our readings where the rulebook is silent
- *Blitz* (the app's shortcut for rolling again and again) down to a stop number N rolls as many dice as
  you have armies above N (at most 3), until the territory falls or you are down to N: it never ends below
  N, and moving in the fewest armies still leaves N behind. Its odds on the panel are for exactly that.
  For an attack with a number of dice chosen, the panel gives the chance of taking the territory rolling
  on with at most that many dice.
- A card drawn at the end of your turn that makes your sixth waits for your next turn to be traded (the
  rulebook's note under *Eliminating an opponent*), so you may hold 6 cards while you fortify; then,
  holding 5 or more, you must trade first.
- Tied highest rolls for the first player roll again, among the tied players only.
- When the draw pile runs out, the traded-in cards are shuffled into a new pile; with none to shuffle (every
  card in someone's hand), no card is drawn.
- Trades happen in the reinforcement step, before the first attack. Your armies from the cards join those
  still to place.
- The two-player game follows the usual two-player rules (the notes only say "additional rules apply").
- A game that reaches the turn limit (1,500 player turns) is a draw.
- On another board whose territories show no card kind, the cards' kinds go in turn, infantry, cavalry,
  artillery, in the board's order of territories.
- On a board of more or fewer than 42 territories the starting armies are scaled by its territories over 42,
  rounded (on 100 territories: 3 players 83 each, 4 players 71, 5 players 60, 6 players 48, two players 95),
  never fewer than the territories each is dealt.

## The dice (house rules)
- `blitz=balanced`: a blitz is decided by one draw from the fight's *balanced* distribution instead of
  roll after roll (the official app's Balanced Blitz, from its published description): (a) a side whose
  chance to win the whole fight is 5% or less loses it surely; (b) otherwise the favourite's chance p is
  raised to p^1.3 / (p^1.3 + (1-p)^1.3); (c) the fight's outcomes, in a row from "attacker wiped out,
  defender intact" to "attacker wins losing nothing", lose 10% of the probability at each end; (d) each
  outcome's chance is raised to the power 1.8; after (c) and (d) each side keeps the share (b) gave it.
  Lopsided fights go the favourite's way and the most extreme losses are rarer. Our readings: a blitz that
  stops at its stop number counts as the defender's side; trimming an end never removes the last outcome of
  its side nearest the middle, and a side (a) removed is not trimmed. After a conquest you move in at least
  as many armies as the dice you would roll next (at most 3). A single attack (`attack`) still rolls true
  dice. The odds panel shows the balanced chance with the true one beside it; `riskterm odds A D
  --balanced` prints both. Default `blitz=true`: roll after roll, as the rulebook plays.
- `luck=N` (0-100, default 100 = true dice): **each roll's** losses are N% of what the dice say plus
  (100-N)% of the roll's expected losses (Warzone's luck modifier, applied per roll): the defender's share
  of the roll's losses is blended and rounded, the attacker loses the rest of the pairs compared. At
  `luck=0` every 3-against-2 roll costs each side one army. A blitz rolls out at the same luck; a balanced
  blitz is drawn from the fight as those rolls would play it. The log shows what the dice alone said.
- `luck_rounding=straight` (default) rounds the blended losses half up; `weighted` rounds up with the
  fraction as its chance (0.3 rounds up 30% of the time), one more draw of the dice stream.
- The computer players weigh their attacks with the odds of the game's own dice.
- *Dice anyone can verify:* every game starts with a commitment (a fingerprint of its secret seed and a
  secret salt) shown on the first hand-off, in the log and in the save; the finished game's save reveals
  both, and `riskterm verify SAVE` checks that every roll came from the committed seed. Online the seed is
  made by the host and every player's screen together, so no one of them chooses the dice.

# Secret Mission Risk (`--mode missions`)

3 to 6 players. Each player is dealt one secret mission card; the first to complete their mission wins, at
once, whatever turn it is. The cards (Parker Brothers, 1993): conquer Asia and South America; Asia and
Africa; North America and Africa; North America and Australia; occupy 24 territories; occupy 18 territories
with at least 2 armies in each; destroy all armies of one colour (one card for each colour in play). A
player dealt their own colour plays for 24 territories instead. Your mission is on your private panel after
the hand-off and in your own log only; it is shown to everyone when it wins.

## House rules and our readings
- `mission_cards=14_cards`: the European edition's two more cards, conquer Europe and South America, and
  Europe and Australia, each *and a third continent of your choice*.
- `third_continent=any` (default): the third continent is any other continent held at the same time;
  `third_continent=declared`: you name it (secretly) when the cards are dealt, before claiming.
- `target_out=you_win` (default): the 1993 note, "if ... another player actually removes the final yellow
  armies from the board, that player has helped you complete your Secret Mission": you win at once.
  `target_out=play_for_24`: the European rule: your mission becomes occupying 24 territories. The change
  is silent: only you read it (in your log and on your private panel); the others' logs say nothing, since
  the news would tell them whom you were hunting.
- `mission_setup=dealt`: the set-up of the mission rules: territories dealt (one army on each), then the
  starting armies placed in turn, one at a time; by default territories are claimed as in world conquest.
- A mission is checked after every step, the set-up included: a conquest, a placement, a fortifying move or
  another player's elimination of your target. A mission can be won during the claiming itself (North America
  and Australia are 13 territories, fewer than the 14 each of 3 players claims). If two missions are met by the same step, the player whose
  turn it is wins, else the next in turn order. A conquest that completes a mission ends the game with every
  army but one moved in, as in world conquest. Holding every territory completes any mission.
- Continent bonuses are paid as in world conquest (play "continues as in the standard World Domination
  game"; the hint that conquering continents "doesn't apply" is about the goal).
- Another board: continent cards name the region of the same size rank as on the classic board (Asia the
  largest, then North America, Europe, Africa, South America, Australia); cards for a rank the board lacks
  are left out; 24 and 18 become the same share of the board's territories. A board file may list its own
  cards (`extra: missions:`); they replace the continent and territory cards, whatever `mission_cards` says
  (the destroy cards are always the colours in play).
"""


def describe_event(rules: Book, ev: Event, names: list[str], seat: int | None = None) -> str:
    b = rules.board
    tn, nm = territory_namer(b), player_namer(names)
    e = ev.data  # the event's fields, read by name below
    who = nm(e.get("player", 0))
    k = ev.kind
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
        return (
            f"{who} {tn(e['frm'])} → {tn(e['to'])}: {dice_text(e['att'])} vs {dice_text(e['dfn'])}; "
            f"{losses_text(e['att_loss'], e['def_loss'])}{luck_note(e)}."
        )
    if k == "balanced_blitz":
        took = "takes it" if e["result"] == "attacker" else "is held off"
        return (
            f"{who} {tn(e['frm'])} → {tn(e['to'])}: balanced blitz, {took}; "
            f"{losses_text(e['att_loss'], e['def_loss'])}."
        )
    if k == "conquer":
        return f"{who} conquers {tn(e['to'])}."
    if k == "eliminate":
        return f"{who} eliminates {nm(e['defender'])} and takes {e['cards']} cards."
    if k == "move":
        return f"{who} moves {e['armies']} into {tn(e['to'])}."
    if k == "fortify":
        return f"{who} fortifies {tn(e['to'])} with {e['armies']} from {tn(e['frm'])}."
    if k == "card":
        if seat is not None and seat == ev.to and "card" in e:
            return f"{who} draws the card {tn(e['card']) if e['card'] in b.index else 'Wild'}."
        return f"{who} draws a card."
    if k == "reshuffle":
        return f"The discards are shuffled into a new deck of {e['cards']}."
    if k == "end_turn":
        return f"{who} ends the turn."
    if k == "turn":
        if "reserve" not in e:  # a fogged game: only its player reads how many
            return f"Turn {e['turn']}: {who}'s turn begins."
        return f"Turn {e['turn']}: {who} receives {e['reserve']} armies."
    if k == "phase":
        return f"{who} stops attacking."
    if k in ("mission", "mission_declared", "mission_changed"):
        mine = seat is not None and seat == ev.to and isinstance(e.get("mission"), dict)
        if k == "mission":
            return (
                f"{who}'s secret mission: {mission_text(b, e['mission'], _seats(names))}"
                if mine
                else f"{who} is dealt a secret mission."
            )
        if k == "mission_declared":
            return (
                f"{who} names the third continent: {mission_text(b, e['mission'], _seats(names))}"
                if mine
                else f"{who} names a secret third continent."
            )
        # a hidden event: no other seat's log reaches this line (engine.events.seen_by)
        return (
            f"{who}'s target is out: {who} now plays for {e['mission']['territories']} territories."
            if mine
            else ""
        )
    if k == "win":
        if e.get("by") == "mission" and isinstance(e.get("mission"), dict):
            return (
                f"{who} has completed a secret mission and wins! {mission_text(b, e['mission'], _seats(names))}"
                f"{missions_shown(b, e, names)}"
            )
        if e.get("by") == "opponent":
            return f"{who} has eliminated the other player and wins!{missions_shown(b, e, names)}"
        return f"{who} holds every territory and wins!{missions_shown(b, e, names)}"
    if k == "draw_game":
        return f"{draw_sentence(e)}{missions_shown(b, e, names)}"
    return str(ev)


def draw_sentence(e: dict[str, Any]) -> str:
    return f"The game stops at the turn limit ({e['cap']}) as a draw."


def missions_shown(b: Board, e: dict[str, Any], names: list[str]) -> str:
    """The missions turned up at a mission game's end, the winner's (said already) left out."""
    shown = e.get("missions")
    if not isinstance(shown, list):
        return ""
    won = e.get("mission") if e.get("by") == "mission" else None
    parts = [
        f"{names[i] if i < len(names) else f'Player {i + 1}'}: {mission_text(b, m, _seats(names))}"
        for i, m in enumerate(shown)
        if isinstance(m, dict) and not (won is not None and i == e.get("player"))
    ]
    return (
        (" The other missions: " if won is not None else " The missions: ") + " ".join(parts) if parts else ""
    )


def _seats(names: list[str]) -> list[dict[str, object]]:
    """Seats as a mission's text reads them (names only: a log line names no colour)."""
    return [{"name": n, "colour": ""} for n in names]


def prompt(rules: Book, s: ClassicState) -> str:
    winner = s.get("winner")
    if winner is not None:
        name = s["players"][winner]["name"]
        if s["owner"].count(winner) < len(s["owner"]):  # two players: the other one eliminated
            return f"{name} has eliminated the other player and wins."
        return f"{name} has conquered the world."
    if s.get("draw"):
        return "The game ended in a draw at the turn limit."
    p = s["current"]
    name = s["players"][p]["name"]
    ph = s["phase"]
    if ph == "declare":
        return f"{name}: name the third continent of your secret mission (nobody else sees it)."
    if ph == "claim":
        return f"{name}: claim an unoccupied territory ({s['to_place'][p]} armies left)."
    if ph == "setup":
        if s.get("setup_step", 0) >= 2:
            left = sum(s["to_place"][q] for q, pl in enumerate(s["players"]) if pl["neutral"])
            return f"{name}: place one neutral army on a neutral territory, to block ({left} neutral left)."
        return f"{name}: place one army on a territory you hold ({s['to_place'][p]} left)."
    if ph == "reinforce":
        hand = len(s["hands"][p])
        if hand >= 5:
            return f"{name}: you hold {hand} cards and must trade in a set."
        if s["reserve"] == UNKNOWN:  # another seat's view in a fogged game
            return f"{name} reinforces."
        return f"{name}: place {s['reserve']} armies on your territories."
    if ph == "attack":
        return f"{name}: attack from a territory with 2+ armies, or stop to fortify."
    if ph == "occupy":
        pend = pending_of(s)
        if pend["to"] == UNKNOWN:  # another seat's view in a fogged game: a conquest out of its sight
            return f"{name} moves into a conquered territory."
        return (
            f"{name}: move at least {pend['min']} armies into {rules.tname(pend['to'])} "
            f"(up to {s['armies'][pend['from']] - 1})."
        )
    if ph == "fortify":
        return f"{name}: move armies once between your territories, or end your turn."
    return ""
