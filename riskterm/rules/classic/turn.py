"""A player's turn outside battle: new armies and placing them, stopping the attacks, the one fortifying
move, and handing the turn on. classic-risk.txt, 'getting and placing New armies', 'Fortifying your position'."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from operator import itemgetter

from riskterm.board import Board
from riskterm.engine.actions import Action, Arg, act
from riskterm.rules.base import Book, Handler, Log, Outcome, mutating
from riskterm.rules.classic.cards import MUST_TRADE, after_reinforce, draw_card, trade_actions
from riskterm.rules.classic.events import event
from riskterm.rules.classic.listed import counted_actions, listed_action
from riskterm.rules.classic.state import ClassicState, number, territory

Args = tuple[Arg, ...]


def next_seat(s: ClassicState, seat: int) -> int:
    """The next seat in play after `seat` (the neutral and eliminated players are skipped)."""
    n = len(s["players"])
    for k in range(1, n + 1):
        q = (seat + k) % n
        p = s["players"][q]
        if not p["neutral"] and not p["out"]:
            return q
    return seat


def regions_held(rules: Book, s: ClassicState, p: int) -> list[int]:
    owner = s["owner"]
    return [r for r, (get, n) in enumerate(_region_getters(rules.board)) if get(owner).count(p) == n]


@lru_cache(maxsize=16)
def _region_getters(board: Board) -> tuple[tuple[Callable[[list[int]], tuple[int, ...]], int], ...]:
    """Per region: a getter of its territories' owners in one C call (begin_turn asks at every turn), and
    how many there are."""
    return tuple((_getter(m), len(m)) for m in board.region_members)


def _getter(members: tuple[int, ...]) -> Callable[[list[int]], tuple[int, ...]]:
    if len(members) == 1:  # (itemgetter of one index gives the item itself, not a tuple)
        only = members[0]
        return lambda xs: (xs[only],)
    return itemgetter(*members)


def base_reinforcements(rules: Book, s: ClassicState, p: int) -> int:
    """Territories / 3 (at least 3) plus the bonus of every continent held."""
    n: int = s["owner"].count(p)
    bonus: int = sum(rules.board.regions[r].bonus for r in regions_held(rules, s, p))
    return max(3, n // 3) + bonus


def begin_turn(rules: Book, s: ClassicState, p: int, events: Log) -> None:
    s["current"] = s["actor"] = p
    s["turn"] += 1
    s["conquered"] = s["bonus_used"] = s["card_drawn"] = False
    s["resume"] = None
    if "fog_seen" in s:
        s["fog_seen"] = []
    s["reserve"] = base_reinforcements(rules, s, p)
    s["phase"] = "reinforce"
    if s["turn"] > s["options"]["turn_cap"]:
        rules.finish(s, Outcome((), "turn_cap"), events)
        return
    if events is not None:
        events.append(event("turn", turn=s["turn"], player=p, reserve=s["reserve"]))


def own(rules: Book, s: ClassicState, tid: Arg) -> tuple[int | None, str | None]:
    """(territory index, None) for a territory the current player holds, else (None, why not)."""
    t = rules.t(tid)
    if t is None:
        return None, f"There is no territory called '{tid}'."
    if s["owner"][t] != s["current"]:
        return None, f"You do not hold {rules.tname(t)}."
    return t, None


# --- place (the reinforcement step; set-up placing is setup.py's) --------------------------------------
def check_reinforce(rules: Book, s: ClassicState, args: Args) -> str | None:
    n = args[1] if len(args) == 2 else 1
    p = s["current"]
    if len(s["hands"][p]) >= MUST_TRADE:
        return f"You hold {len(s['hands'][p])} cards: trade in a set before placing armies."
    if number(n) > s["reserve"]:
        return f"You have only {s['reserve']} armies left to place."
    return None


def reinforce(rules: Book, s: ClassicState, args: Args, events: Log) -> None:
    """(a draft whose armies are its own)"""
    n = number(args[1]) if len(args) == 2 else 1
    s["armies"][territory(rules, args[0])] += n
    s["reserve"] -= n
    if events is not None:
        events.append(event("place", turn=s["turn"], player=s["current"], territory=args[0], armies=n))
    after_reinforce(s)


def legal_reinforce(rules: Book, s: ClassicState) -> list[Action]:
    """Every trade, then (with fewer than five cards) every count of armies on every territory held."""
    p = s["current"]
    out = [
        a for a in (act("trade", *c) for c in trade_actions(rules, s, p)) if rules.why_illegal(s, a) is None
    ]
    if len(s["hands"][p]) < MUST_TRADE:
        reserve, ids = s["reserve"], rules.board.ids
        for t, o in enumerate(s["owner"]):
            if o == p:
                out += counted_actions("place", ids[t], "", reserve)
    return out


# --- stop, end, fortify --------------------------------------------------------------------------------
def no_args(word: str) -> Callable[[Book, ClassicState, Args], str | None]:
    """The check of an action without arguments."""

    def check(rules: Book, s: ClassicState, args: Args) -> str | None:
        return None if not args else f"'{word}' takes no arguments."

    return check


def stop(rules: Book, s: ClassicState, args: Args, events: Log) -> None:
    draw_card(s, events)
    s["phase"] = "fortify"
    if events is not None:
        events.append(event("phase", turn=s["turn"], player=s["current"], phase="fortify"))


def end_turn(rules: Book, s: ClassicState, events: Log) -> None:
    if s["phase"] == "attack":
        draw_card(s, events)
    if events is not None:
        events.append(event("end_turn", turn=s["turn"], player=s["current"]))
    begin_turn(rules, s, next_seat(s, s["current"]), events)


def end(rules: Book, s: ClassicState, args: Args, events: Log) -> None:
    end_turn(rules, s, events)


def can_fortify(rules: Book, s: ClassicState, p: int, a: int, b: int) -> bool:
    """b next to a, or with the 'connected' house rule, reached through p's own territories."""
    adj = rules.board.adj
    if b in adj[a]:
        return True
    if s["options"]["fortify"] != "connected":
        return False
    owner = s["owner"]
    seen, stack = {a}, [a]
    while stack:
        x = stack.pop()
        for y in adj[x]:
            if y not in seen and owner[y] == p:
                if y == b:
                    return True
                seen.add(y)
                stack.append(y)
    return False


def check_fortify(rules: Book, s: ClassicState, args: Args) -> str | None:
    if len(args) != 3 or not isinstance(args[2], int):
        return "Fortify like this: 'fortify ontario quebec 4' (from, to, armies)."
    f, why = own(rules, s, args[0])
    if f is None:
        return why
    t, why = own(rules, s, args[1])
    if t is None:
        return why
    if f == t:
        return "Choose two different territories."
    n = args[2]
    if n < 1:
        return "Move at least one army."
    if n > s["armies"][f] - 1:
        return f"You can move at most {s['armies'][f] - 1} armies: one must stay in {rules.tname(f)}."
    if not can_fortify(rules, s, s["current"], f, t):
        how = "connected through your territories to" if s["options"]["fortify"] == "connected" else "next to"
        return f"{rules.tname(t)} is not {how} {rules.tname(f)}."
    return None


def fortify(rules: Book, s: ClassicState, args: Args, events: Log) -> None:
    f, t, n = territory(rules, args[0]), territory(rules, args[1]), number(args[2])
    s["armies"][f] -= n
    s["armies"][t] += n
    if events is not None:
        events.append(
            event("fortify", turn=s["turn"], player=s["current"], frm=args[0], to=args[1], armies=n)
        )
    end_turn(rules, s, events)


def legal_fortify(rules: Book, s: ClassicState) -> list[Action]:
    """Every fortifying move, each count, then ending the turn."""
    p, owner, armies, ids = s["current"], s["owner"], s["armies"], rules.board.ids
    out: list[Action] = []
    for f, o in enumerate(owner):
        if o != p or armies[f] < 2:
            continue
        for t, o2 in enumerate(owner):
            if o2 == p and t != f and can_fortify(rules, s, p, f, t):
                out += counted_actions("fortify", ids[f], ids[t], armies[f] - 1)
    return out + [listed_action("end")]


HANDLERS = {
    "stop": Handler(no_args("stop"), mutating(stop)),
    "end": Handler(no_args("end"), mutating(end)),
    "fortify": Handler(check_fortify, mutating(fortify, "armies")),
}
LEGAL = {"reinforce": legal_reinforce, "fortify": legal_fortify}
