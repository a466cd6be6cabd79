"""Risk: Europe's King's Orders that move and collect: Expand, Split Expand, Manoeuvre and Tax ("The King's
Orders Cards", risk-europe.txt), plus what every order shares: which order the revealed card allows."""

from __future__ import annotations

from functools import lru_cache
from typing import cast

from riskterm.engine.events import Event
from riskterm.rules.base import Book, Handler
from riskterm.rules.europe import state as st
from riskterm.rules.europe.data import BERLIN, CARD, ORDER_NAMES, ORDER_OF_ACTION, SIEGE, TAX_TILES
from riskterm.rules.europe.events import ev
from riskterm.rules.europe.state import Args, EuropeState, Units, step, ts_of


def parse_units(args: Args) -> Units | None:
    """Up to four counts (footmen, archers, cavalry, siege weapons); missing ones are 0."""
    if len(args) > 4 or any(not isinstance(x, int) or x < 0 for x in args):
        return None
    return [*args, *([0] * (4 - len(args)))]


def order_block(s: EuropeState, kind: str) -> str | None:
    """Why the revealed card does not allow the action `kind` now (None: it does)."""
    ts = ts_of(s)
    order = ORDER_OF_ACTION[kind]
    card = CARD[ts["card"]]
    if kind == "manoeuvre" and ts["free_man"]:
        return None
    if kind == "split" and ts["order"] == "split" and not ts["done"]:
        return None
    if order == "spend" and ts["order"] == "spend":
        return None
    if ts["order"] is not None:
        return f"You have already carried out this card's order ({ORDER_NAMES[ts['order']]})."
    if order not in card.orders:
        a, b = (ORDER_NAMES[o] for o in card.orders)
        return f"Your card ({card.label}) gives the order {a} or {b}, not {ORDER_NAMES[order]}."
    return None


@lru_cache(maxsize=256)
def _open(card: str, order: str | None, done: bool, free_man: bool) -> frozenset[str]:
    ts = {"card": card, "order": order, "done": done, "free_man": free_man}
    return frozenset(
        kind for kind in ORDER_OF_ACTION if order_block(cast(EuropeState, {"ts": ts}), kind) is None
    )


def open_kinds(s: EuropeState) -> frozenset[str]:
    """The action kinds of orders that order_block lets through now (it reads only these four facts of the
    player-turn), worked out once per card and progress."""
    ts = ts_of(s)
    return _open(ts["card"], ts["order"], bool(ts["done"]), bool(ts["free_man"]))


def from_to(rules: Book, args: Args, n_units: bool = True) -> tuple[int | None, int | None, Units | None]:
    if len(args) < 2:
        return None, None, None
    return rules.t(args[0]), rules.t(args[1]), parse_units(args[2:]) if n_units else None


def group_why(rules: Book, s: EuropeState, f: int, u: Units | None, keep: int, why_keep: str) -> str | None:
    """Why the group `u` may not leave f when `keep` units must stay there."""
    if u is None:
        return "Give the units as up to four numbers: footmen, archers, cavalry, siege weapons."
    if not sum(u):
        return "Move at least one unit."
    have = s["units"][f]
    for i, n in enumerate(u):
        if n > have[i]:
            return f"{rules.tname(f)} has only {have[i]} of that unit type."
    if sum(have) - sum(u) < keep:
        return why_keep
    return None


# ------------------------------------------------------------------ Expand and Split Expand
def _check_expanding(rules: Book, s: EuropeState, args: Args, kind: str) -> str | None:
    block = order_block(s, kind)
    if block:
        return block
    f, t, u = from_to(rules, args)
    if f is None or t is None:
        return f"Write it like this: '{kind} saxony bohemia 5 0 1 0' (from, to, footmen, archers, cavalry, siege)."
    p, ts, tn = s["current"], ts_of(s), rules.tname
    if s["owner"][f] != p:
        return f"You do not control {tn(f)}."
    if kind == "split" and ts["order"] == "split":
        if f != ts["split_from"]:
            return f"A Split Expand moves from one territory: {tn(st.split_from(ts))}."
        if t in ts["split_to"]:
            return f"You already expanded into {tn(t)}; the second part goes to another territory."
    if t not in rules.board.adj[f]:
        return f"{tn(t)} is not next to {tn(f)} (no border or sea-line)."
    if s["owner"][t] == p:
        return f"{tn(t)} is already yours: use the Manoeuvre order to move there."
    if st.disputed(s, t):
        return f"{tn(t)} is already in dispute: no army may expand into it."
    n_att = sum(st.att_units(s, f))
    keep = max(1, n_att)
    why = group_why(
        rules,
        s,
        f,
        u,
        keep,
        f"You must leave at least {keep} unit{'s' if keep > 1 else ''} in {tn(f)}"
        + (" (as many as the attacking army there)." if n_att > 1 else "."),
    )
    if why or u is None:  # group_why refuses a missing group
        return why
    if s["owner"][t] != -1 and s["castle"][t] and not u[SIEGE]:
        return f"{tn(t)} has a castle: your expanding army needs a siege weapon to enter it."
    return None


def check_expand(rules: Book, s: EuropeState, args: Args) -> str | None:
    return _check_expanding(rules, s, args, "expand")


def check_split(rules: Book, s: EuropeState, args: Args) -> str | None:
    return _check_expanding(rules, s, args, "split")


def _expanding(rules: Book, s: EuropeState, args: Args, events: list[Event], kind: str) -> None:
    f, t, u = from_to(rules, args)
    assert f is not None and t is not None and u is not None
    p, tid = s["current"], rules.board.tid
    st.set_units(s, f, [x - y for x, y in zip(s["units"][f], u, strict=True)])
    q = s["owner"][t]
    if q == -1:
        s["owner"][t] = p
        st.set_units(s, t, u)
        tax = st.cities(rules.board).tax.get(t, 0)
        events.append(
            ev(
                s,
                kind,
                frm=tid(f),
                to=tid(t),
                units=u,
                defender=-1,
                crowns=st.cities(rules.board).crowns.get(t, 0),
                tax=tax,
                castle=bool(s["castle"][t]),
            )
        )
        if tax:
            st.gain(s, p, tax)
        st.refresh_crowns(rules, s)
    else:
        st.set_att(s, t, p, u)
        events.append(ev(s, kind, frm=tid(f), to=tid(t), units=u, defender=q))
    ts = s["ts"] = ts_of(s).copy()
    berlin = st.holds_tile(rules, s, p, BERLIN)
    if kind == "expand":
        ts.update({"order": "expand", "done": True, "free_man": berlin})
    else:
        to = [*ts["split_to"], t] if ts["order"] == "split" else [t]
        ts.update(
            {"order": "split", "split_from": f, "split_to": to, "done": len(to) >= 2, "free_man": berlin}
        )


def expand(rules: Book, s: EuropeState, args: Args, events: list[Event]) -> None:
    _expanding(rules, s, args, events, "expand")


def split(rules: Book, s: EuropeState, args: Args, events: list[Event]) -> None:
    _expanding(rules, s, args, events, "split")


# ------------------------------------------------------------------ Manoeuvre
def reachable(rules: Book, s: EuropeState, p: int, f: int, t: int) -> bool:
    """t is next to f, or two steps away through a territory of p's that is not disputed."""
    adj = rules.board.adj
    if t in adj[f]:
        return True
    return any(s["owner"][m] == p and not st.disputed(s, m) and t in adj[m] for m in adj[f])


def check_manoeuvre(rules: Book, s: EuropeState, args: Args) -> str | None:
    block = order_block(s, "manoeuvre")
    if block:
        return block
    f, t, u = from_to(rules, args)
    if f is None or t is None:
        return "Write it like this: 'manoeuvre saxony bohemia 5 0 1 0' (from, to, footmen, archers, cavalry, siege)."
    p, tn = s["current"], rules.tname
    if s["owner"][f] != p:
        return f"You do not control {tn(f)}."
    if st.disputed(s, f):
        return f"{tn(f)} is in dispute: army units never retreat from a battle."
    if f == t:
        return "Choose two different territories."
    if s["owner"][t] != p and st.attacker(s, t) != p:
        return f"{tn(t)} is neither yours nor a battle of yours."
    if not reachable(rules, s, p, f, t):
        return (
            f"{tn(t)} is not within two territories of {tn(f)} through your own undisputed "
            "territories (units stop when they enter a disputed territory)."
        )
    keep = 1 if (st.is_city(rules, f) or s["castle"][f]) else 0
    return group_why(
        rules, s, f, u, keep, f"Leave at least one unit in {tn(f)}: it is a city or castle territory."
    )


def manoeuvre(rules: Book, s: EuropeState, args: Args, events: list[Event]) -> None:
    f, t, u = from_to(rules, args)
    assert f is not None and t is not None and u is not None
    p = s["current"]
    left = [x - y for x, y in zip(s["units"][f], u, strict=True)]
    st.set_units(s, f, left)
    emptied = not sum(left)
    if emptied:
        st.unclaim(s, f)
    if s["owner"][t] == p:
        st.add_units(s, t, u)
    else:
        st.set_att(s, t, p, [x + y for x, y in zip(st.att_units(s, t), u, strict=True)])
    ts = s["ts"] = ts_of(s).copy()
    free = bool(ts["free_man"])
    events.append(
        ev(s, "manoeuvre", frm=rules.board.tid(f), to=rules.board.tid(t), units=u, free=free, emptied=emptied)
    )
    if free:
        ts.update({"free_man": False, "bonus_used": True})
    else:
        ts.update({"order": "manoeuvre", "done": True})
    st.refresh_crowns(rules, s)


# ------------------------------------------------------------------ Tax
def check_tax(rules: Book, s: EuropeState, args: Args) -> str | None:
    block = order_block(s, "tax")
    if block:
        return block
    t = rules.t(args[0]) if len(args) == 1 else None
    if t is None:
        return "Tax one of your cities: 'tax saxony'."
    if not st.is_city(rules, t) or s["owner"][t] != s["current"]:
        return f"{rules.tname(t)} is not a city territory you control."
    if st.disputed(s, t):
        return f"{rules.tname(t)} is in dispute: no tax is collected from disputed territories."
    return None


def tax(rules: Book, s: EuropeState, args: Args, events: list[Event]) -> None:
    t = rules.t(args[0])
    assert t is not None
    p = s["current"]
    line = st.supply_line(rules, s, p, t)
    coins = st.tax_value(rules, s, p, t)
    st.gain(s, p, coins)
    events.append(
        ev(
            s,
            "tax",
            city=rules.board.tid(t),
            coins=coins,
            territories=len(line),
            cities=[rules.board.tid(x) for x in line if st.is_city(rules, x)],
        )
    )
    for tile, free in TAX_TILES.items():
        x = rules.board.index[tile]
        if x in line:
            box = st.in_box(s, p)
            got = [min(n, box[i]) for i, n in enumerate(free)]
            if sum(got):
                st.add_units(s, x, got)
            events.append(ev(s, "tile_units", tile=tile, units=got, wanted=list(free)))
    s["ts"] = {**ts_of(s), "order": "tax", "done": True}


def count_range(lo_first: int, have: Units, room: int, args: Args) -> tuple[int, int] | None:
    """The legal range of the next of four unit counts (`args` are the counts so far) when `have` units are
    there and at most `room` may go in all; the last count must make the group at least `lo_first` units."""
    i = len(args)
    if i > 3 or any(not isinstance(x, int) for x in args):
        return None
    chosen = sum(args)
    hi = max(0, min(have[i], room - chosen))
    lo = max(0, min(hi, lo_first - chosen)) if i == 3 else 0
    return lo, hi


def _moving_range(rules: Book, s: EuropeState, args: Args, manoeuvre: bool) -> tuple[int, int] | None:
    f = rules.t(args[0]) if len(args) >= 2 else None
    if f is None:
        return None
    have = s["units"][f]
    keep = (
        (1 if st.is_city(rules, f) or s["castle"][f] else 0) if manoeuvre else max(1, sum(st.att_units(s, f)))
    )
    return count_range(1, have, sum(have) - keep, args[2:])


def expand_range(rules: Book, s: EuropeState, args: Args) -> tuple[int, int] | None:
    """How many units of the next type may go with an Expand or Split Expand from args[0]."""
    return _moving_range(rules, s, args, manoeuvre=False)


def manoeuvre_range(rules: Book, s: EuropeState, args: Args) -> tuple[int, int] | None:
    """How many units of the next type may go with a Manoeuvre from args[0]."""
    return _moving_range(rules, s, args, manoeuvre=True)


HANDLERS = {
    "expand": Handler(check_expand, step(expand), expand_range),
    "split": Handler(check_split, step(split, split_part=True), expand_range),
    "manoeuvre": Handler(check_manoeuvre, step(manoeuvre), manoeuvre_range),
    "tax": Handler(check_tax, step(tax)),
}
