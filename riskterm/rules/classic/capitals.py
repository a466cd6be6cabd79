"""Capital Risk, the classic rulebook's Capital game (the `mode` option's value `capitals`): once the starting
armies are placed, each player secretly chooses a headquarters among their own territories (one after another,
each behind a hand-off), and all are revealed together. The headquarters' territory cards leave the deck: each
lies face up before whoever holds that headquarters, goes with it to whoever takes it, and is never traded.
Losing your own headquarters does not put you out. You win, at once, by holding every headquarters, your own
among them; in the shorter game (`capitals_goal=shorter`) your own and any two others with 4 players, any three
with 5 or 6.

Our readings (the rules screen says them too):
- Two players: the neutral army chooses no headquarters; a player wins by holding both players' headquarters.
- A headquarters whose owner is out still counts: the winner must hold it too (in the shorter game, it is one
  of the others).

The state keeps `capitals` (per seat: the territory index of its headquarters, -1 for none yet and for the
neutral) only in a Capital Risk game. Until every choice is made (phase "capital") a seat's view shows its
own choice only, and the log says of another's only that it was made."""

from __future__ import annotations

from riskterm.engine.actions import Action, Arg
from riskterm.engine.state import touch
from riskterm.rules.base import Book, Handler, Log, Outcome, mutating
from riskterm.rules.classic.events import event
from riskterm.rules.classic.listed import listed_action
from riskterm.rules.classic.state import CAPITALS_GOAL, ClassicState, territory
from riskterm.rules.classic.turn import begin_turn, next_seat, own

Args = tuple[Arg, ...]
PHASE = "capital"
NONE = -1  # no headquarters (not chosen yet, or the neutral's); also what a view shows for a hidden choice
# the shorter game: how many headquarters besides your own, by the number of players ('4 players: any two
# others; 5 or 6: any three'); with 2 or 3 players every headquarters, as in the full game
SHORTER_OTHERS = {4: 2, 5: 3, 6: 3}


def in_play(s: ClassicState) -> bool:
    """A Capital Risk game (its state has the headquarters list)."""
    return "capitals" in s


def revealed(s: ClassicState) -> bool:
    return bool(s["phase"] != PHASE)


def choosers(s: ClassicState) -> list[int]:
    """The seats that choose a headquarters: every player but the neutral."""
    return [q for q, pl in enumerate(s["players"]) if not pl["neutral"]]


# --- the choice, after the set-up -------------------------------------------------------------------------
def choose_first(rules: Book, s: ClassicState, events: Log) -> None:
    """The starting armies are placed: the headquarters are chosen before the first turn (from the player who
    placed first, in turn order)."""
    s["capitals"] = [NONE] * len(s["players"])
    s["phase"] = PHASE
    s["current"] = s["actor"] = s["first"]
    if events is not None:
        events.append(event("choose_capitals", turn=s["turn"], player=s["first"]))


def check_capital(rules: Book, s: ClassicState, args: Args) -> str | None:
    if len(args) != 1:
        return "Choose one of your territories as your headquarters: 'capital peru'."
    _, why = own(rules, s, args[0])
    return why


def choose_capital(rules: Book, s: ClassicState, args: Args, events: Log) -> None:
    p = s["current"]
    touch(s, "capitals")[p] = territory(rules, args[0])
    if events is not None:
        events.append(event("capital", p, turn=s["turn"], player=p, territory=args[0]))
    left = [q for q in choosers(s) if s["capitals"][q] == NONE]
    if left:
        q = next_seat(s, p)
        s["current"] = s["actor"] = q
        return
    reveal(rules, s, events)


def reveal(rules: Book, s: ClassicState, events: Log) -> None:
    """Every headquarters shown at once; their cards leave the deck (they lie face up before their holders)."""
    ids = rules.board.ids
    cards = {ids[t] for t in s["capitals"] if t != NONE}
    s["deck"] = [c for c in s["deck"] if c not in cards]
    if events is not None:
        events.append(
            event(
                "capitals_revealed",
                turn=s["turn"],
                capitals={str(q): ids[t] for q, t in enumerate(s["capitals"]) if t != NONE},
            )
        )
    begin_turn(rules, s, s["first"], events)


def legal_capitals(rules: Book, s: ClassicState) -> list[Action]:
    ids, p = rules.board.ids, s["current"]
    return [listed_action("capital", ids[t]) for t, o in enumerate(s["owner"]) if o == p]


# --- taking one, and the end of the game -----------------------------------------------------------------
def after_conquest(rules: Book, s: ClassicState, t: int, q: int, events: Log) -> None:
    """A conquest of a headquarters: its card goes with it to the conqueror (said in the log)."""
    if events is None or t not in s["capitals"]:
        return
    whose = s["capitals"].index(t)
    events.append(
        event(
            "capital_taken",
            turn=s["turn"],
            player=s["current"],
            defender=q,
            owner=whose,
            territory=rules.board.ids[t],
        )
    )


def goal(s: ClassicState) -> int:
    """How many headquarters win: every one, or in the shorter game your own and the others the table's size
    asks for."""
    every = [t for t in s["capitals"] if t != NONE]
    if s["options"].get("capitals_goal", CAPITALS_GOAL[0]) != "shorter":
        return len(every)
    others = SHORTER_OTHERS.get(len(choosers(s)))
    return len(every) if others is None else min(len(every), 1 + others)


def held(s: ClassicState, p: int) -> int:
    """How many headquarters p holds (its own among them or not)."""
    owner = s["owner"]
    return sum(1 for t in s["capitals"] if t != NONE and owner[t] == p)


def has_won(s: ClassicState, p: int) -> bool:
    """p holds its own headquarters and as many as the goal asks (every one, in the full game)."""
    own_hq = s["capitals"][p]
    return own_hq != NONE and s["owner"][own_hq] == p and held(s, p) >= goal(s)


def outcome(s: ClassicState) -> Outcome | None:
    """Asked after every step (and at a conquest, before the move-in): the player whose turn it is has won
    once they hold the headquarters the game asks for. Only a conquest changes who holds one, and only the
    player whose turn it is conquers. (Nobody has won before the headquarters are chosen.)"""
    if not in_play(s) or s["phase"] == PHASE:
        return None
    p = s["current"]
    return Outcome((p,), "capitals") if has_won(s, p) else None


# --- what each seat may see --------------------------------------------------------------------------------
def hide(v: ClassicState, seat: int | None) -> None:
    """In a view (a copy): while the choices are being made, only the seat's own is shown."""
    if in_play(v) and not revealed(v):
        v["capitals"] = [t if q == seat else NONE for q, t in enumerate(v["capitals"])]


def whose_capital(s: ClassicState, t: int) -> int | None:
    """The seat whose headquarters t is (as this state shows it), or None."""
    if not in_play(s) or t not in s["capitals"]:
        return None
    return int(s["capitals"].index(t))


HANDLERS = {"capital": Handler(check_capital, mutating(choose_capital))}
LEGAL = {PHASE: legal_capitals}
