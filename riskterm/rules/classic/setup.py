"""Setting up: seats, the shuffled deck, the roll for the first player, claiming territories and placing the
starting armies one at a time. classic-risk.txt, 'Initial Army Placement'; the two-player game of our
readings (see text.py): a neutral seat, territories dealt, and by default the players place the neutral's
armies themselves, one after each two of their own."""

from __future__ import annotations

from typing import Any, cast

from riskterm.engine.actions import Action, Arg
from riskterm.engine.dice import roll_off
from riskterm.engine.events import Event
from riskterm.engine.rng import Rng, seed_state
from riskterm.engine.state import State, touch
from riskterm.rules.base import Book, Handler, Log, PlayerSetup, Transition, mutating
from riskterm.rules.classic.board import start_armies
from riskterm.rules.classic.events import event
from riskterm.rules.classic.listed import listed_action
from riskterm.rules.classic.modes import check_mode, hooks
from riskterm.rules.classic.state import (
    NEUTRAL_NAME,
    WILDS,
    ClassicState,
    Seat,
    game_options,
    option,
    territory,
)
from riskterm.rules.classic.turn import check_reinforce, own, reinforce

Args = tuple[Arg, ...]
OWN_PER_MOVE = 2  # two-player set-up: two of your own armies, then one neutral army


def new_game(rules: Book, players: list[PlayerSetup], seed: int, options: dict[str, Any]) -> Transition:
    n = len(players)
    mode = check_mode(n, options)
    rng = Rng(seed_state(seed))
    two = n == 2
    seats: list[Seat] = [
        {"name": p.name, "colour": p.colour, "ai": p.ai, "neutral": False, "out": False} for p in players
    ]
    if two:
        seats.append({"name": NEUTRAL_NAME, "colour": "grey", "ai": None, "neutral": True, "out": False})
    nt = len(rules.board.territories)
    deck = [t.id for t in rules.board.territories] + list(WILDS)
    rng.shuffle(deck)
    first, rolls = roll_off(rng, list(range(n)))
    opts = game_options(options, rules.turn_cap, mode.key)
    opts.update(mode.state_options(options))  # type: ignore[typeddict-item]
    armies_each = start_armies(rules.board, n)
    s: ClassicState = {
        "variant": "classic",
        "board": rules.board.id,
        "seed": seed,
        "rng": 0,
        "players": seats,
        "owner": [-1] * nt,
        "armies": [0] * nt,
        "hands": [[] for _ in seats],
        "deck": deck,
        "discard": [],
        "sets_traded": 0,
        "phase": "claim",
        "actor": first,
        "current": first,
        "first": first,
        "turn": 0,
        "to_place": [armies_each] * len(seats),
        "reserve": 0,
        "conquered": False,
        "bonus_used": False,
        "pending": None,
        "resume": None,
        "winner": None,
        "draw": False,
        "options": opts,
    }
    if "fog" in opts:
        s["fog_seen"] = []
    events: list[Event] = [event("first_player", player=first, rolls=rolls, turn=0)]
    if two or opts["quick_start"] or mode.deals_territories(s):
        deal(rules, s, rng, first, events)
        s["phase"] = "setup"
        if opts["quick_start"]:
            for p in range(n):
                spread(s, rng, p)
        elif neutral_by_players(s):
            s["setup_step"] = 0
    mode.new_game(rules, s, rng, events)  # its secrets dealt; a phase of its own first, if it has one
    s["rng"] = rng.state
    if s["phase"] == "setup" and not any(s["to_place"]):
        mode.setup_done(rules, s, events)
    return Transition(cast(State, s), events)


def neutral_by_players(s: ClassicState) -> bool:
    """A two-player game whose players place the neutral's armies (not a quick start)."""
    return (
        any(p["neutral"] for p in s["players"])
        and not s["options"]["quick_start"]
        and option(s, "neutral_armies") == "players"
    )


def deal(rules: Book, s: ClassicState, rng: Rng, first: int, events: list[Event]) -> None:
    """Deal every territory in turn order (the neutral last), one army on each; the neutral's other armies
    are spread at random unless the players place them."""
    people = [p for p in range(len(s["players"])) if not s["players"][p]["neutral"]]
    k = people.index(first)
    order = people[k:] + people[:k] + [p for p in range(len(s["players"])) if s["players"][p]["neutral"]]
    terrs = list(range(len(rules.board.territories)))
    rng.shuffle(terrs)
    for k, t in enumerate(terrs):
        p = order[k % len(order)]
        s["owner"][t] = p
        s["armies"][t] = 1
        s["to_place"][p] -= 1
    events.append(event("dealt", turn=0))
    if not neutral_by_players(s):
        for p, pl in enumerate(s["players"]):
            if pl["neutral"]:
                spread(s, rng, p)


def spread(s: ClassicState, rng: Rng, p: int) -> None:
    own_ = [t for t, o in enumerate(s["owner"]) if o == p]
    for _ in range(s["to_place"][p]):
        s["armies"][rng.choice(own_)] += 1
    s["to_place"][p] = 0


def neutral_seat(s: ClassicState) -> int:
    return next(i for i, p in enumerate(s["players"]) if p["neutral"])


def neutral_due(s: ClassicState) -> bool:
    """A neutral army is the next one the current player places (two-player set-up, players place it)."""
    step: int = s.get("setup_step", 0)
    return step >= OWN_PER_MOVE


# --- claim ---------------------------------------------------------------------------------------------
def check_claim(rules: Book, s: ClassicState, args: Args) -> str | None:
    if len(args) != 1:
        return "Claim one territory: 'claim alaska'."
    t = rules.t(args[0])
    if t is None:
        return f"There is no territory called '{args[0]}'."
    if s["owner"][t] != -1:
        return f"{rules.tname(t)} is already claimed; choose an unoccupied territory."
    return None


def claim(rules: Book, s: ClassicState, args: Args, events: Log) -> None:
    t, p = territory(rules, args[0]), s["current"]
    s["owner"][t], s["armies"][t] = p, 1
    touch(s, "to_place")[p] -= 1
    if events is not None:
        events.append(event("claim", turn=s["turn"], player=p, territory=args[0]))
    if -1 not in s["owner"]:
        s["phase"] = "setup"
    pass_setup(rules, s, events)


def legal_claims(rules: Book, s: ClassicState) -> list[Action]:
    ids = rules.board.ids
    return [listed_action("claim", ids[t]) for t, o in enumerate(s["owner"]) if o == -1]


def pass_setup(rules: Book, s: ClassicState, events: Log) -> None:
    """Hand the set-up on to the next player with armies left; start the game when none has any."""
    p = s["current"]
    n = len(s["players"])
    neutral_left = "setup_step" in s and s["to_place"][neutral_seat(s)] > 0
    for k in range(1, n + 1):
        q = (p + k) % n
        if not s["players"][q]["neutral"] and (s["to_place"][q] > 0 or neutral_left):
            s["current"] = s["actor"] = q
            if "setup_step" in s:  # only neutral armies left for q: its move is one of those
                s["setup_step"] = 0 if s["to_place"][q] > 0 else OWN_PER_MOVE
            return
    s.pop("setup_step", None)
    hooks(s).setup_done(rules, s, events)


# --- place: one army at a time in the set-up; the reinforcement step is turn.py's ----------------------
def check_place(rules: Book, s: ClassicState, args: Args) -> str | None:
    if not 1 <= len(args) <= 2:
        return "Place armies like this: 'place alaska 3'."
    n = args[1] if len(args) == 2 else 1
    if not isinstance(n, int) or n < 1:
        return "Place at least one army."
    if s["phase"] != "setup":
        _, why = own(rules, s, args[0])
        return why or check_reinforce(rules, s, args)
    if neutral_due(s):
        t = rules.t(args[0])
        if t is None:
            return f"There is no territory called '{args[0]}'."
        if s["owner"][t] != neutral_seat(s):
            return (
                f"Now place one neutral army, on a territory the neutral holds ({rules.tname(t)} is not one)."
            )
    else:
        _, why = own(rules, s, args[0])
        if why:
            return why
    if n != 1:
        return "During setup armies are placed one at a time."
    return None


def place(rules: Book, s: ClassicState, args: Args, events: Log) -> None:
    """(a draft whose armies are its own)"""
    if s["phase"] != "setup":
        reinforce(rules, s, args, events)
        return
    t = territory(rules, args[0])
    s["armies"][t] += 1
    if events is not None:
        events.append(event("place", turn=s["turn"], player=s["current"], territory=args[0], armies=1))
    to_place = touch(s, "to_place")
    if "setup_step" not in s:
        to_place[s["current"]] -= 1
        pass_setup(rules, s, events)
        return
    if neutral_due(s):
        to_place[neutral_seat(s)] -= 1
        pass_setup(rules, s, events)
        return
    to_place[s["current"]] -= 1
    s["setup_step"] += 1
    if s["setup_step"] >= OWN_PER_MOVE or to_place[s["current"]] == 0:
        if to_place[neutral_seat(s)] > 0:
            s["setup_step"] = OWN_PER_MOVE
        else:
            pass_setup(rules, s, events)


def legal_setup_places(rules: Book, s: ClassicState) -> list[Action]:
    """One army on a territory of the placing seat's (or, when one is due, of the neutral's)."""
    who = neutral_seat(s) if neutral_due(s) else s["current"]
    ids = rules.board.ids
    return [listed_action("place", ids[t], 1) for t, o in enumerate(s["owner"]) if o == who]


HANDLERS = {
    "claim": Handler(check_claim, mutating(claim, "owner", "armies")),
    "place": Handler(check_place, mutating(place, "armies")),
}
LEGAL = {"claim": legal_claims, "setup": legal_setup_places}
