"""A player's turn outside battle: new armies and placing them, stopping the attacks, the one fortifying
move, and handing the turn on. classic-risk.txt, 'getting and placing New armies', 'Fortifying your position'."""

from __future__ import annotations

from collections.abc import Callable

from riskterm.engine.actions import Arg
from riskterm.engine.state import State, draft
from riskterm.rules.base import Handler
from riskterm.rules.classic.cards import MUST_TRADE, after_reinforce, draw_card
from riskterm.rules.classic.events import Log, ev, new_log
from riskterm.rules.classic.state import ClassicLike, number, territory

Args = tuple[Arg, ...]


def next_seat(s: State, seat: int) -> int:
    """The next seat in play after `seat` (the neutral and eliminated players are skipped)."""
    n = len(s["players"])
    for k in range(1, n + 1):
        q = (seat + k) % n
        p = s["players"][q]
        if not p["neutral"] and not p["out"]:
            return q
    return seat


def regions_held(rules: ClassicLike, s: State, p: int) -> list[int]:
    owner = s["owner"]
    return [r for r, members in enumerate(rules.board.region_members) if all(owner[t] == p for t in members)]


def base_reinforcements(rules: ClassicLike, s: State, p: int) -> int:
    """Territories / 3 (at least 3) plus the bonus of every continent held."""
    n: int = s["owner"].count(p)
    bonus: int = sum(rules.board.regions[r].bonus for r in regions_held(rules, s, p))
    return max(3, n // 3) + bonus


def begin_turn(rules: ClassicLike, s: State, p: int, events: Log) -> None:
    s["current"] = s["actor"] = p
    s["turn"] += 1
    s["conquered"] = s["bonus_used"] = s["card_drawn"] = False
    s["resume"] = None
    s["reserve"] = base_reinforcements(rules, s, p)
    s["phase"] = "reinforce"
    if s["turn"] > s["options"]["turn_cap"]:
        s["draw"] = True
        s["phase"] = "over"
        if events is not None:
            events.append(ev("draw_game", turn=s["turn"], player=p, cap=s["options"]["turn_cap"]))
        return
    if events is not None:
        events.append(ev("turn", turn=s["turn"], player=p, reserve=s["reserve"]))


def own(rules: ClassicLike, s: State, tid: Arg) -> tuple[int | None, str | None]:
    """(territory index, None) for a territory the current player holds, else (None, why not)."""
    t = rules.t(tid)
    if t is None:
        return None, f"There is no territory called '{tid}'."
    if s["owner"][t] != s["current"]:
        return None, f"You do not hold {rules.tname(t)}."
    return t, None


# --- place (the reinforcement step; set-up placing is setup.py's) --------------------------------------
def check_reinforce(rules: ClassicLike, s: State, args: Args) -> str | None:
    n = args[1] if len(args) == 2 else 1
    p = s["current"]
    if len(s["hands"][p]) >= MUST_TRADE:
        return f"You hold {len(s['hands'][p])} cards: trade in a set before placing armies."
    if number(n) > s["reserve"]:
        return f"You have only {s['reserve']} armies left to place."
    return None


def do_reinforce(rules: ClassicLike, s: State, args: Args) -> tuple[State, Log]:
    s = draft(s, "armies")
    n = number(args[1]) if len(args) == 2 else 1
    s["armies"][territory(rules, args[0])] += n
    s["reserve"] -= n
    events = new_log(rules)
    if events is not None:
        events.append(ev("place", turn=s["turn"], player=s["current"], territory=args[0], armies=n))
    after_reinforce(s)
    return s, events


# --- stop, end, fortify --------------------------------------------------------------------------------
def no_args(word: str) -> Callable[[ClassicLike, State, Args], str | None]:
    """The check of an action without arguments."""

    def check(rules: ClassicLike, s: State, args: Args) -> str | None:
        return None if not args else f"'{word}' takes no arguments."
    return check


def do_stop(rules: ClassicLike, s: State, args: Args) -> tuple[State, Log]:
    s = dict(s)
    events = new_log(rules)
    draw_card(s, events)
    s["phase"] = "fortify"
    if events is not None:
        events.append(ev("phase", turn=s["turn"], player=s["current"], phase="fortify"))
    return s, events


def end_turn(rules: ClassicLike, s: State, events: Log) -> None:
    if s["phase"] == "attack":
        draw_card(s, events)
    if events is not None:
        events.append(ev("end_turn", turn=s["turn"], player=s["current"]))
    begin_turn(rules, s, next_seat(s, s["current"]), events)


def do_end(rules: ClassicLike, s: State, args: Args) -> tuple[State, Log]:
    s = dict(s)
    events = new_log(rules)
    end_turn(rules, s, events)
    return s, events


def can_fortify(rules: ClassicLike, s: State, p: int, a: int, b: int) -> bool:
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


def check_fortify(rules: ClassicLike, s: State, args: Args) -> str | None:
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


def do_fortify(rules: ClassicLike, s: State, args: Args) -> tuple[State, Log]:
    s = draft(s, "armies")
    f, t, n = territory(rules, args[0]), territory(rules, args[1]), number(args[2])
    s["armies"][f] -= n
    s["armies"][t] += n
    events = new_log(rules)
    if events is not None:
        events.append(ev("fortify", turn=s["turn"], player=s["current"], frm=args[0], to=args[1], armies=n))
    end_turn(rules, s, events)
    return s, events


HANDLERS = {
    "stop": Handler(no_args("stop"), do_stop),
    "end": Handler(no_args("end"), do_end),
    "fortify": Handler(check_fortify, do_fortify),
}
