"""RisiKo! Più conquests ("Conquest of a Territory", "Conquest of a Fortress"): moving in, and the fall of a
fortress with every step of the rulebook: the fortress removed, its banners moved, the loser's armies
removed, one army on each freed territory (the winner first, then the others in turn), the loser's cards
and unused Hidden Armies to the winner."""

from __future__ import annotations

from riskterm.rules.base import Book, Event, Handler, end_if_over, mutating
from riskterm.rules.risiko.cards import active_seats, drop_truces_of, void_diplomats
from riskterm.rules.risiko.events import ev
from riskterm.rules.risiko.geography import tix
from riskterm.rules.risiko.state import (
    STEP_KEYS,
    Args,
    RisikoState,
    pending_of,
    redistribution_of,
    reviewed,
    source_of,
)


def take(
    rules: Book, s: RisikoState, f: int | None, t: int, n: int, q: int | None, events: list[Event]
) -> None:
    """Territory t falls to the current player: n armies move in now (from f, or from the flagship when
    f is None). With armies left behind in f the player may move more in (phase occupy)."""
    s["owner"][t] = s["current"]
    s["armies"][t] = n
    if f is not None:
        s["armies"][f] -= n
    events.append(ev(s, "conquer", to=rules.board.tid(t), defender=q, armies=n))
    s["pending"] = {
        "from": f,
        "to": t,
        "min": n,
        "defender": q,
        "fortress": q is not None and s["fortress"][q] == t,
    }
    if f is not None and s["armies"][f] > 1:
        s["phase"] = "occupy"
    else:
        _after_take(rules, s, events)


def check_occupy(rules: Book, s: RisikoState, args: Args) -> str | None:
    if len(args) != 1 or not isinstance(args[0], int):
        return "Say how many armies occupy the territory in all: 'occupy 5'."
    pend = pending_of(s)
    lo, hi = pend["min"], pend["min"] + s["armies"][source_of(pend)] - 1
    if not lo <= args[0] <= hi:
        return (
            f"Occupy with {lo} to {hi} armies: at least as many as the dice of the last roll, leaving "
            f"one in {rules.tname(source_of(pend))}."
        )
    return None


def do_occupy(rules: Book, s: RisikoState, args: Args, events: list[Event]) -> None:
    """'You may transport to the conquered territory as many armies as you wish, but you must always leave
    at least one army as a garrison on the territory from which you launched the attack.'"""
    pend = pending_of(s)
    extra = args[0] - pend["min"]
    s["armies"][source_of(pend)] -= extra
    s["armies"][pend["to"]] += extra
    if extra:
        events.append(
            ev(
                s,
                "occupy",
                frm=rules.board.tid(source_of(pend)),
                to=rules.board.tid(pend["to"]),
                armies=args[0],
            )
        )
    _after_take(rules, s, events)


def _after_take(rules: Book, s: RisikoState, events: list[Event]) -> None:
    pend = pending_of(s)
    s["pending"] = None
    s["phase"], s["actor"] = "main", s["current"]
    if pend["fortress"]:
        assert pend["defender"] is not None  # a fortress has an owner
        _fall_of_fortress(rules, s, pend["defender"], pend["to"], pend["from"], events)
    else:
        end_if_over(rules, s, events)


def _fall_of_fortress(
    rules: Book, s: RisikoState, q: int, t: int, f: int | None, events: list[Event]
) -> None:
    """'When you have defeated the last army on the territory garrisoned by a fortress, you conquer it and
    the player who owned it is eliminated from the game.'"""
    b, p = rules.board, s["current"]
    s["fortress"][q] = None
    events.append(ev(s, "fortress_removed", territory=b.tid(t), defender=q))
    moved = s["banners"][q]
    s["banners"][p] = s["banners"][p] + moved
    s["banners"][q] = []
    events.append(ev(s, "banners", defender=q, banners=moved))
    freed = [k for k, o in enumerate(s["owner"]) if o == q]
    removed = sum(s["armies"][k] for k in freed)
    for k in freed:
        s["owner"][k], s["armies"][k] = -1, 0
    s["players"][q] = {**s["players"][q], "out": True}
    events.append(ev(s, "eliminate", defender=q, armies=removed, freed=[b.tid(k) for k in freed]))
    drop_truces_of(s, q)
    # "starting with those with which you attacked": the armies that took part in the conquest, which stand
    # in the conquered territory now (not the garrison left behind in the territory attacked from)
    # (the original readings, older saves: the territory attacked from too)
    sources = [t] if reviewed(s) or f is None else [t, f]
    s["redistribute"] = {
        "winner": p,
        "loser": q,
        "free": [b.tid(k) for k in freed],
        "sources": sources,
        "stage": "winner",
        "next": p,
    }
    _redistribute_next(rules, s, events)


# ---------------------------------------------------------------- redistribution
def free_left(rules: Book, s: RisikoState) -> list[int]:
    idx = rules.board.index
    return [idx[x] for x in redistribution_of(s)["free"] if s["owner"][idx[x]] == -1]


def garrison_sources(s: RisikoState, r: int) -> list[int]:
    """Territories seat r may take one army from: its own with 2 or more armies; the winner starts with the
    armies that took the fortress (while more than one is left there), then any territory it chooses."""
    own = [k for k, o in enumerate(s["owner"]) if o == r and s["armies"][k] >= 2]
    rd = redistribution_of(s)
    if r == rd["winner"] and rd["stage"] == "winner":
        first = [k for k in rd["sources"] if k in own]
        if first:
            return first
    return own


def _redistribute_next(rules: Book, s: RisikoState, events: list[Event]) -> None:
    rd = redistribution_of(s)
    if not free_left(rules, s):
        return _finish_fortress(rules, s, events)
    if rd["stage"] == "winner":
        if garrison_sources(s, rd["winner"]):
            s["phase"], s["actor"] = "redistribute", rd["winner"]
            return None
        rd["stage"] = "others"
    others = [r for r in active_seats(s) if r != rd["winner"]]
    order = s["order"]
    start = order.index(rd["next"])
    for k in range(1, len(order) + 1):
        r = order[(start + k) % len(order)]
        if r in others and garrison_sources(s, r):
            s["phase"], s["actor"] = "redistribute", r
            return None
    if free_left(rules, s):
        events.append(ev(s, "left_free", territories=[rules.board.tid(k) for k in free_left(rules, s)]))
    return _finish_fortress(rules, s, events)


def check_garrison(rules: Book, s: RisikoState, args: Args) -> str | None:
    if len(args) != 2:
        return "Move one army onto a freed territory: 'garrison paris burgundy' (from, to)."
    f, t = tix(rules.board, args[0]), tix(rules.board, args[1])
    if f is None or t is None:
        return f"There is no territory called '{args[0] if f is None else args[1]}'."
    r = s["actor"]
    if t not in free_left(rules, s):
        return f"{rules.tname(t)} is not a territory left free by the defeated player."
    if f not in garrison_sources(s, r):
        if s["owner"][f] == r and s["armies"][f] >= 2:
            src = ", ".join(rules.tname(k) for k in redistribution_of(s)["sources"])
            return (
                f"Start with the armies that took the fortress (in {src}), while more than one is left there."
            )
        return f"Take the army from one of your territories with 2 or more armies, not {rules.tname(f)}."
    return None


def do_garrison(rules: Book, s: RisikoState, args: Args, events: list[Event]) -> None:
    """'Redistribute one army onto each territory left free by the defeated player'."""
    f, t = rules.board.index[args[0]], rules.board.index[args[1]]
    r = s["actor"]
    s["armies"][f] -= 1
    s["owner"][t], s["armies"][t] = r, 1
    redistribution_of(s)["next"] = r
    events.append(ev(s, "garrison", player=r, frm=args[0], to=args[1]))
    _redistribute_next(rules, s, events)


def check_pass(rules: Book, s: RisikoState, args: Args) -> str | None:
    if args:
        return "'pass' takes no arguments."
    if s["actor"] != redistribution_of(s)["winner"] or redistribution_of(s)["stage"] != "winner":
        return "Each territory the winner leaves must be occupied, in turn, by the other players."
    return None


def do_pass(rules: Book, s: RisikoState, args: Args, events: list[Event]) -> None:
    """'Each territory that you do not wish or are not able to occupy must be occupied, in turn, by the
    other players'."""
    redistribution_of(s)["stage"] = "others"
    events.append(ev(s, "pass", left=len(free_left(rules, s))))
    _redistribute_next(rules, s, events)


def _finish_fortress(rules: Book, s: RisikoState, events: list[Event]) -> None:
    """'Add the cards of the defeated player to your own. Take possession of the Hidden Armies of the
    defeated player, if these have not yet been used.'"""
    rd = redistribution_of(s)
    p, q = rd["winner"], rd["loser"]
    cards = s["hands"][q]
    s["hands"][p] = s["hands"][p] + cards
    s["hands"][q] = []
    events.append(ev(s, "cards_taken", defender=q, cards=len(cards)))
    unused = [h for h in s["hidden"][q] if not h["used"]]
    s["hidden"][p] = s["hidden"][p] + unused
    s["hidden"][q] = [h for h in s["hidden"][q] if h["used"]]
    events.append(ev(s, "hidden_taken", defender=q, count=len(unused)))
    s["redistribute"] = None
    s["phase"], s["actor"] = "main", s["current"]
    if len(active_seats(s)) == 2:
        void_diplomats(s, events)
    end_if_over(rules, s, events)


def occupy_range(rules: Book, s: RisikoState, args: Args) -> tuple[int, int] | None:
    """At least the dice of the last roll, at most all but the garrison left behind."""
    pend = pending_of(s)
    return (pend["min"], pend["min"] + s["armies"][source_of(pend)] - 1) if not args else None


HANDLERS = {
    "occupy": Handler(check_occupy, mutating(do_occupy, *STEP_KEYS), occupy_range),
    "garrison": Handler(check_garrison, mutating(do_garrison, *STEP_KEYS)),
    "pass": Handler(check_pass, mutating(do_pass, *STEP_KEYS)),
}
