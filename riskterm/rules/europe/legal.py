"""The legal actions of a Risk: Europe turn. Every legal action is listed, except that the unit mixes of large
armies are offered as a menu (all that may go, half, one of each type, ...); why_illegal and apply accept any
mix."""

from __future__ import annotations

from itertools import product

from riskterm.engine.actions import Action, act
from riskterm.engine.state import State
from riskterm.rules.europe import state as st
from riskterm.rules.europe.battle import default_losses
from riskterm.rules.europe.data import CARD, COST, SIEGE
from riskterm.rules.europe.orders import order_block
from riskterm.rules.europe.state import Book, Units


def _grid(n: int) -> list[int]:
    """A few counts out of 0..n for big stacks: the ends and the quarters."""
    return sorted({x for x in (0, 1, 2, n // 4, n // 2, (3 * n) // 4, n - 2, n - 1, n) if 0 <= x <= n})


def unit_menu(avail: Units, keep: int, limit: int = 300) -> list[Units]:
    """Groups that may leave a territory holding `avail` when `keep` units must stay: every group when there
    are at most `limit`, else every group over a grid of counts (the biggest stacks thinned first), always
    with the group of all units that may go."""
    total = sum(avail)
    if total - keep < 1:
        return []
    counts = [list(range(n + 1)) for n in avail]

    def size() -> int:
        out = 1
        for c in counts:
            out *= len(c)
        return out

    while size() > limit:
        i = max(range(4), key=lambda k: len(counts[k]) if len(counts[k]) > len(_grid(avail[k])) else 0)
        if len(counts[i]) <= len(_grid(avail[i])):
            break
        counts[i] = _grid(avail[i])
    stay = default_losses(avail, keep)
    cands = [[a - b for a, b in zip(avail, stay, strict=True)]]
    cands += [list(g) for g in product(*counts)]
    out: list[Units] = []
    seen: set[tuple[int, ...]] = set()
    for g in cands:
        key = tuple(g)
        if 1 <= sum(g) <= total - keep and key not in seen:
            seen.add(key)
            out.append(g)
    return out


def legal_turn(r: Book, s: State) -> list[Action]:
    p = s["current"]
    owner, units = s["owner"], s["units"]
    tid = r.board.tid
    ts = s["ts"]
    out: list[Action] = [act("end")]
    cands: list[Action] = []
    mine = [t for t, o in enumerate(owner) if o == p]
    card = CARD[ts["card"]]
    if card.bonus == "fortify":
        cands += [act("fortify", tid(t)) for t in mine]
    if card.bonus == "siege":
        cands += [act("siege", tid(f), tid(t)) for f in mine if units[f][SIEGE] for t in r.board.land_adj[f]]
    for kind in ("expand", "split"):
        if order_block(s, kind):
            continue
        second = kind == "split" and ts["order"] == "split"
        for f in ([ts["split_from"]] if second else mine):
            menu = unit_menu(units[f], max(1, sum(st.att_units(s, f))))
            for t in r.board.adj_sorted[f]:
                if owner[t] == p or st.disputed(s, t) or (second and t in ts["split_to"]):
                    continue
                walled = owner[t] != -1 and s["castle"][t]
                out += [act(kind, tid(f), tid(t), *g) for g in menu if g[SIEGE] or not walled]
    if not order_block(s, "manoeuvre"):
        for f in mine:
            if st.disputed(s, f):
                continue
            menu = unit_menu(units[f], 1 if (st.is_city(r, f) or s["castle"][f]) else 0)
            if not menu:
                continue
            near = set(r.board.adj[f])
            for m in r.board.adj[f]:
                if owner[m] == p and not st.disputed(s, m):
                    near |= r.board.adj[m]
            for t in sorted(near - {f}):
                if owner[t] == p or st.attacker(s, t) == p:
                    out += [act("manoeuvre", tid(f), tid(t), *g) for g in menu]
    if not order_block(s, "tax"):
        cands += [act("tax", tid(t)) for t in st.cities_of(r, s, p)]
    if not order_block(s, "recruit"):
        coins = s["coins"][p]
        box = st.in_box(s, p)
        buys: set[tuple[int, ...]] = set()
        for i in range(4):
            most = min(box[i], coins // COST[i])
            for n in range(1, most + 1):
                buys.add(tuple(n if j == i else 0 for j in range(4)))
        places = st.recruit_places(r, s, p)
        out += [act("recruit", tid(t), *g) for t in places for g in sorted(buys)]
        cands += [act("castle", tid(t)) for t in mine] + [act("crown")]
    seen: set[Action] = set()
    for c in cands:
        if c not in seen and r.why_illegal(s, c) is None:
            seen.add(c)
            out.append(c)
    return out
