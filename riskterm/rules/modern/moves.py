"""Step 5 of a turn, "Attacking" and "Movement & Combat": moving units one border, starting an attack (its
combat is in battle.py) and ending the turn; with the legal moves and attacks (representative unit mixes)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from riskterm.engine.actions import Action, act
from riskterm.rules.base import Book, Handler, Log, mutating
from riskterm.rules.modern.combat import loss_order
from riskterm.rules.modern.events import ev
from riskterm.rules.modern.queries import (
    DRAFT_KEYS,
    add_units,
    crossing,
    free,
    mix_arg,
    movable,
    own,
    territory,
)
from riskterm.rules.modern.rounds import next_turn
from riskterm.rules.modern.state import ModernState
from riskterm.rules.modern.units import NU, mix_text, units_of

Args = tuple[Any, ...]


@lru_cache(maxsize=4096)
def _options(mix: tuple[int, ...]) -> tuple[str, ...]:
    """Representative sets of units from a pool: all, each type alone, one unit of each type."""
    opts = []
    if any(mix):
        opts.append(mix_text(mix))
    for k, n in enumerate(mix):
        for m in (n, 1) if n else ():
            one = [0] * len(mix)
            one[k] = m
            opts.append(mix_text(one))
    return tuple(dict.fromkeys(opts))


def letters(s: ModernState) -> str:
    return ", ".join(f"{u.letter} {u.name}" for u in units_of(s))


def why_cross(rules: Book, s: ModernState, f: int, t: int, arg: Any) -> str | None:
    """Why these units may not cross from f to t now (one border per unit per turn; sea-lines: only units
    that cross them)."""
    how = crossing(rules, f, t)
    if how is None:
        return f"{rules.tname(t)} does not border {rules.tname(f)}."
    mix = mix_arg(rules, s, f, t, arg)
    if mix is None:
        return f"'{arg}' is not a set of units: write it like 2H1T (letters {letters(s)}) or 'all'."
    if not any(mix):
        return f"No units in {rules.tname(f)} may cross to {rules.tname(t)} now."
    units = units_of(s)
    if how == "sea":
        bad = [units[k].name for k, n in enumerate(mix) if n and not units[k].sea]
        if bad:
            return (
                f"{rules.tname(f)} and {rules.tname(t)} are joined by a sea-line: only Hovercraft and "
                f"Helicopters cross it, not {bad[0]}s."
            )
    have = free(s, f)
    for k, n in enumerate(mix):
        if n > have[k]:
            return (
                f"{rules.tname(f)} has only {have[k]} {units[k].name} that may still cross a border "
                "this turn (a unit crosses one border per turn)."
            )
    return None


# ---------------------------------------------------------------------- move
def check_move(rules: Book, s: ModernState, args: Args) -> str | None:
    if len(args) != 3:
        return "Move like this: 'move egypt east_africa 2H1T' (or 'all')."
    f, why = own(rules, s, args[0])
    if f is None:
        return why
    t, why = territory(rules, args[1])
    if t is None:
        return why
    if s["owner"][t] not in (-1, s["current"]):
        return f"{rules.tname(t)} is held by {s['players'][s['owner'][t]]['name']}: attack it instead."
    return why_cross(rules, s, f, t, args[2])


def move(rules: Book, s: ModernState, args: Args, events: Log) -> None:
    f, t = rules.board.index[args[0]], rules.board.index[args[1]]
    mix = mix_arg(rules, s, f, t, args[2])
    assert mix is not None
    p, was = s["current"], s["owner"][t]
    add_units(s, f, [-n for n in mix])
    add_units(s, t, mix, spent=True)
    s["owner"][t] = p
    if events is not None:
        events.append(ev(s, "move", frm=args[0], to=args[1], units=mix_text(mix), claimed=was == -1))
    if s["owner"][f] == -1:
        if events is not None:
            events.append(ev(s, "abandon", territory=args[0]))


# ---------------------------------------------------------------------- attack (the combat: battle.py)
def check_attack(rules: Book, s: ModernState, args: Args) -> str | None:
    if len(args) < 3 or len(args) % 2 != 1:
        return "Attack like this: 'attack east_africa egypt 1H1T north_africa 1R' (target, then sources)."
    t, why = territory(rules, args[0])
    if t is None:
        return why
    q = s["owner"][t]
    if q == s["current"]:
        return f"You hold {rules.tname(t)} yourself."
    if q == -1:
        return f"{rules.tname(t)} is empty: move into it instead."
    seen = set()
    for fid, arg in zip(args[1::2], args[2::2], strict=True):
        f, why = own(rules, s, fid)
        if f is None:
            return why
        if f in seen:
            return f"{rules.tname(f)} is named twice."
        seen.add(f)
        if s["armies"][f] < 2:
            return f"You must have at least 2 units in {rules.tname(f)} to attack from it."
        why = why_cross(rules, s, f, t, arg)
        if why:
            return why
    return None


# ---------------------------------------------------------------------- end
def check_end_turn(rules: Book, s: ModernState, args: Args) -> str | None:
    return None if not args else "'end' takes no arguments."


def end(rules: Book, s: ModernState, args: Args, events: Log) -> None:
    if events is not None:
        events.append(ev(s, "end_turn"))
    next_turn(rules, s, events)


# ---------------------------------------------------------------------- legal actions
def keep_one(s: ModernState, f: int, mix: list[int]) -> str:
    """The units, less the cheapest one when sending them all would leave f empty."""
    m = list(mix)
    if sum(m) == s["armies"][f] and sum(m) > 1:
        k = next(k for k in loss_order(True, units_of(s)) if m[k])
        m[k] -= 1
    return mix_text(m)


def legal_main(rules: Book, s: ModernState) -> list[Action]:
    """Moves and attacks with representative unit mixes (all; all but one unit kept home where the attack
    would empty a territory; each unit type alone; a single unit; from every neighbouring territory at
    once), then 'end'; check and do accept any set of units."""
    p = s["current"]
    owner, armies, tid = s["owner"], s["armies"], rules.board.tid
    land, sea = rules.board.land_adj, rules.board.sea_adj
    sea_kinds = [k for k, u in enumerate(units_of(s)) if u.sea]
    have: dict[int, list[int]] = {}
    for f, o in enumerate(owner):
        if o == p:
            row = free(s, f)
            if any(row):
                have[f] = row
    by_sea = {f: [n if k in sea_kinds else 0 for k, n in enumerate(row)] for f, row in have.items()}

    def may_go(f: int, t: int) -> list[int]:
        return have[f] if t in land[f] else by_sea[f] if t in sea[f] else [0] * NU

    out = []
    for f in have:
        for t in rules.board.adj_sorted[f]:
            if owner[t] in (-1, p):
                out += [act("move", tid(f), tid(t), m) for m in _options(tuple(may_go(f, t)))]
    for t, q in enumerate(owner):
        if q in (-1, p):
            continue
        srcs = [f for f in rules.board.adj_sorted[t] if f in have and armies[f] >= 2 and any(may_go(f, t))]
        for f in srcs:
            opts = _options(tuple(may_go(f, t)))
            held = keep_one(s, f, may_go(f, t))
            out += [act("attack", tid(t), tid(f), m) for m in dict.fromkeys(opts + (held,))]
        if len(srcs) > 1:
            every: list[str | int] = [tid(t)]
            safe: list[str | int] = [tid(t)]
            for f in srcs:
                every += [tid(f), mix_text(may_go(f, t))]
                safe += [tid(f), keep_one(s, f, may_go(f, t))]
            out.append(act("attack", *every))
            if safe != every:
                out.append(act("attack", *safe))
    return out + [act("end")]


def attack_sources(rules: Book, s: ModernState, target: int) -> list[tuple[int, list[int]]]:
    """For an attack screen: each territory of the player to move that may attack `target` now, with the
    units that may join (not yet moved this turn, and able to cross that border)."""
    p = s["current"]
    if s["phase"] != "attack" or s["owner"][target] in (-1, p):
        return []
    out = []
    for f in rules.board.adj_sorted[target]:
        if s["owner"][f] == p and s["armies"][f] >= 2:
            m = movable(rules, s, f, target)
            if any(m):
                out.append((f, m))
    return out


HANDLERS = {  # "attack" is in battle.py, with its combat
    "move": Handler(check_move, mutating(move, *DRAFT_KEYS)),
    "end": Handler(check_end_turn, mutating(end, *DRAFT_KEYS)),
}
LEGAL = {"attack": legal_main}
