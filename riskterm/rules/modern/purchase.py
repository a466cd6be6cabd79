"""Buying and placing units (rulebook "Buying and placing new units", steps 2-4 of a round): `buy`, `done`
and `place`, each as check(rules, s, args) -> why not and a step changing a draft, with their legal lists."""

from __future__ import annotations

from typing import Any

from riskterm.engine.actions import Action, act
from riskterm.engine.dice import roll_off
from riskterm.engine.rng import Rng
from riskterm.rules.base import Book, Handler, Log, mutating
from riskterm.rules.modern.events import ev, event
from riskterm.rules.modern.queries import DRAFT_KEYS, add_units, alive, own, territories_of
from riskterm.rules.modern.rounds import next_placer, order_roll, start_turns
from riskterm.rules.modern.state import ModernState, row_of
from riskterm.rules.modern.units import NU, mix_text, unit_index, units_of

Args = tuple[Any, ...]
MAX_BUY_LISTED = 30


# ---------------------------------------------------------------------- buy
def check_buy(rules: Book, s: ModernState, args: Args) -> str | None:
    if len(args) not in (1, 2):
        return "Buy like this: 'buy tank 2'."
    units = units_of(s)
    k = unit_index(units, args[0])
    if k is None:
        return f"There is no unit called '{args[0]}'; buy one of: {', '.join(u.id for u in units)}."
    n = args[1] if len(args) == 2 else 1
    if not isinstance(n, int) or n < 1:
        return "Buy at least one unit."
    cost, have = units[k].cost * n, s["credits"][s["current"]]
    if cost > have:
        return f"{n} {units[k].name} cost {cost} credits; you have {have}."
    return None


def buy(rules: Book, s: ModernState, args: Args, events: Log) -> None:
    units = units_of(s)
    p, k = s["current"], unit_index(units, args[0])
    n = args[1] if len(args) == 2 else 1
    assert k is not None and isinstance(n, int)
    s["credits"] = credits = list(s["credits"])
    credits[p] -= units[k].cost * n
    row_of(s, "bought", p)[k] += n
    if events is not None:
        events.append(ev(s, "buy", unit=units[k].id, count=n, cost=units[k].cost * n))


def buy_range(rules: Book, s: ModernState, args: Args) -> tuple[int, int] | None:
    """How many of the unit named in `args` the buyer can pay for."""
    units = units_of(s)
    k = unit_index(units, args[0]) if len(args) == 1 else None
    if k is None:
        return None
    most = s["credits"][s["current"]] // units[k].cost
    return (1, most) if most else None


# ---------------------------------------------------------------------- done
def check_done(rules: Book, s: ModernState, args: Args) -> str | None:
    return None if not args else "'done' takes no arguments."


def done(rules: Book, s: ModernState, args: Args, events: Log) -> None:
    """The next player buys; after the last one, round 1 rolls for the first placer and later rounds roll for
    the order of play."""
    units = units_of(s)
    if events is not None:
        events.append(
            ev(
                s,
                "done_buying",
                bought=mix_text(s["bought"][s["current"]], units),
                credits=s["credits"][s["current"]],
            )
        )
    order = s["order"]
    i = order.index(s["current"]) + 1
    while i < len(order) and s["players"][order[i]]["out"]:
        i += 1
    if i < len(order):
        s["current"] = s["actor"] = order[i]
        return
    rng = Rng(s["rng"])
    if s["round"] == 1:
        roller, rolls = roll_off(rng, alive(s))
        s["rng"] = rng.state
        n = len(s["players"])
        # whoever places the first new unit takes the first turn: the highest roller, or when they
        # bought nothing the next player to their left who did
        first = next((q for q in ((roller + k) % n for k in range(n)) if any(s["bought"][q])), roller)
        s["first"] = first
        s["order"] = [(first + k) % n for k in range(n)]
        s["current"] = s["actor"] = first
        if events is not None:
            events.append(event("first_player", turn=0, player=roller, first=first, rolls=rolls))
        if any(s["bought"][first]):
            s["phase"] = "setup"
        else:
            start_turns(rules, s, events)
        return
    order, throws = order_roll(rng, alive(s))
    s["rng"] = rng.state
    s["order"] = order
    if events is not None:
        events.append(event("roll", what="order", turn=s["turn"], player=order[0], rolls=throws, order=order))
    start_turns(rules, s, events)


# ---------------------------------------------------------------------- place
def alone_placing(s: ModernState) -> bool:
    """In the set-up, whether everyone else has placed all their units (so the turn keeps coming back to
    the player to move, and placing several units at once changes nothing)."""
    p = s["current"]
    return not any(any(b) for q, b in enumerate(s["bought"]) if q != p)


def place_limit(s: ModernState, k: int) -> int:
    """How many waiting units of type k the player to move may place in one action."""
    waiting: int = s["bought"][s["current"]][k]
    return min(waiting, 1) if s["phase"] == "setup" and not alone_placing(s) else waiting


def check_place(rules: Book, s: ModernState, args: Args) -> str | None:
    if len(args) not in (2, 3):
        return "Place like this: 'place egypt tank 1'."
    t, why = own(rules, s, args[0])
    if why:
        return why
    units = units_of(s)
    k = unit_index(units, args[1])
    if k is None:
        return f"There is no unit called '{args[1]}'."
    n = args[2] if len(args) == 3 else 1
    if not isinstance(n, int) or n < 1:
        return "Place at least one unit."
    waiting = s["bought"][s["current"]][k]
    if n > waiting:
        return f"You have {waiting} {units[k].name} waiting to be placed."
    if n > place_limit(s, k):
        return (
            "At the start of the game everyone places one unit in turn; you may place several at once "
            "when the others have placed all of theirs."
        )
    return None


def place(rules: Book, s: ModernState, args: Args, events: Log) -> None:
    units = units_of(s)
    p, t, k = s["current"], rules.board.index[args[0]], unit_index(units, args[1])
    n = args[2] if len(args) == 3 else 1
    assert k is not None and isinstance(n, int)
    mix = [0] * NU
    mix[k] = n
    add_units(s, t, mix)
    row_of(s, "bought", p)[k] -= n
    if events is not None:
        events.append(ev(s, "place", territory=args[0], unit=units[k].id, count=n))
    if s["phase"] == "setup":
        next_placer(rules, s, events)
    elif not any(s["bought"][p]):
        s["phase"] = "attack"


def place_range(rules: Book, s: ModernState, args: Args) -> tuple[int, int] | None:
    """How many of the unit named in `args` (territory, unit) may be placed at once."""
    k = unit_index(units_of(s), args[1]) if len(args) == 2 else None
    if k is None:
        return None
    most = place_limit(s, k)
    return (1, most) if most else None


# ---------------------------------------------------------------------- legal actions
def legal_buy(rules: Book, s: ModernState) -> list[Action]:
    c = s["credits"][s["current"]]
    return [
        act("buy", u.id, n) for u in units_of(s) for n in range(1, min(c // u.cost, MAX_BUY_LISTED) + 1)
    ] + [act("done")]


def legal_place(rules: Book, s: ModernState) -> list[Action]:
    """One unit of each waiting type on each territory held, and all waiting units of a type at once where
    that is allowed."""
    p, units = s["current"], units_of(s)
    mine = territories_of(s, p)
    out = []
    for k, n in enumerate(s["bought"][p]):
        if n:
            most = place_limit(s, k)
            for t in mine:
                out.append(act("place", rules.board.tid(t), units[k].id, 1))
                if most > 1:
                    out.append(act("place", rules.board.tid(t), units[k].id, most))
    return out


HANDLERS = {
    "buy": Handler(check_buy, mutating(buy, *DRAFT_KEYS), buy_range),
    "done": Handler(check_done, mutating(done, *DRAFT_KEYS)),
    "place": Handler(check_place, mutating(place, *DRAFT_KEYS), place_range),
}
LEGAL = {"buy": legal_buy, "setup": legal_place, "place": legal_place}
