"""The legal actions of a Risk: Europe turn. Every legal action is listed, except that the unit mixes of large
armies are offered as a menu (all that may go, half, one of each type, ...); why_illegal and apply accept any
mix."""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from riskterm.engine.actions import SINGLE, Action, ActionGroup, act, flatten
from riskterm.rules.base import Book, Check
from riskterm.rules.europe import bonus, orders, spend
from riskterm.rules.europe import state as st
from riskterm.rules.europe.battle import default_losses
from riskterm.rules.europe.data import CARD, COST, SIEGE
from riskterm.rules.europe.orders import order_block
from riskterm.rules.europe.state import EuropeState, Units, ts_of

# the checks of the single actions a turn offers (the candidates below)
CHECKS: dict[str, Check] = {kind: h.check for m in (orders, bonus, spend) for kind, h in m.HANDLERS.items()}


def _grid(n: int) -> list[int]:
    """A few counts out of 0..n for big stacks: the ends and the quarters."""
    return sorted({x for x in (0, 1, 2, n // 4, n // 2, (3 * n) // 4, n - 2, n - 1, n) if 0 <= x <= n})


def unit_menu(avail: Units, keep: int, limit: int = 300) -> list[Units]:
    """Groups that may leave a territory holding `avail` when `keep` units must stay: every group when there
    are at most `limit`, else every group over a grid of counts (the biggest stacks thinned first), always
    with the group of all units that may go."""
    return [list(g) for g in _menu(tuple(avail), keep, limit)]


@lru_cache(maxsize=4096)
def _menu(avail: tuple[int, ...], keep: int, limit: int) -> tuple[tuple[int, ...], ...]:
    """unit_menu as tuples, worked out once per (units, keep): a pure function asked for every territory
    at every decision of a turn."""
    total = sum(avail)
    if total - keep < 1:
        return ()
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
    stay = default_losses(list(avail), keep)
    cands = [tuple(a - b for a, b in zip(avail, stay, strict=True))]
    cands += list(product(*counts))
    out: list[tuple[int, ...]] = []
    seen: set[tuple[int, ...]] = set()
    for g in cands:
        if 1 <= sum(g) <= total - keep and g not in seen:
            seen.add(g)
            out.append(g)
    return tuple(out)


@lru_cache(maxsize=4096)
def _siege_menu(avail: tuple[int, ...], keep: int) -> tuple[tuple[int, ...], ...]:
    """The groups of _menu with a siege weapon (the only ones that may attack a castle)."""
    return tuple(g for g in _menu(avail, keep, 300) if g[SIEGE])


def legal_turn(r: Book, s: EuropeState) -> list[Action]:
    return flatten(turn_groups(r, s))


def turn_groups(r: Book, s: EuropeState) -> list[ActionGroup]:
    """The legal actions of a turn, grouped by kind and territories (the unit choices of a pair are the
    tails of one group). (Listed at every decision of a turn, the most frequent question of a computer game:
    the scans below are spelt out, and a group is made by tuple.__new__, as ActionGroup(...) makes it.)"""
    p = s["current"]
    owner, units = s["owner"], s["units"]
    castle = s["castle"]
    tid = r.board.ids.__getitem__  # (a territory id by index, without a call into Python)
    ts = ts_of(s)
    group = tuple.__new__
    out: list[ActionGroup] = [ActionGroup("end", (), SINGLE)]
    cands: list[Action] = []
    mine = [t for t, o in enumerate(owner) if o == p]
    seats = st.attackers(s)  # the disputed territories and their attackers
    card = CARD[ts["card"]]
    fortify: list[ActionGroup] = []
    if card.bonus == "fortify":
        # bonus.check_fortify of each city or castle territory of p (it rejects the others) asks only what is
        # the same for all of them: whether the card's bonus is still there and a footman is left in the box
        if bonus.bonus_block(s, "fortify", "Fortify") is None and st.in_box(s, p)[0] > 0:
            fortify = [group(ActionGroup, ("fortify", (tid(t),), SINGLE)) for t in mine
                       if st.is_city(r, t) or castle[t]]
    if card.bonus == "siege":
        cands += [act("siege", tid(f), tid(t)) for f in mine if units[f][SIEGE] for t in r.board.land_adj[f]]
    for kind in ("expand", "split"):
        if order_block(s, kind):
            continue
        second = kind == "split" and ts["order"] == "split"
        for f in ([st.split_from(ts)] if second else mine):
            avail, keep = tuple(units[f]), max(1, sum(st.att_units(s, f)))
            menu = _menu(avail, keep, 300)
            if not menu:
                continue
            head = tid(f)
            for t in r.board.adj_sorted[f]:
                if owner[t] == p or t in seats or (second and t in ts["split_to"]):
                    continue
                tails = _siege_menu(avail, keep) if owner[t] != -1 and castle[t] else menu
                if tails:
                    out.append(group(ActionGroup, (kind, (head, tid(t)), tails)))
    if not order_block(s, "manoeuvre"):
        adj = r.board.adj
        for f in mine:
            if f in seats:
                continue
            menu = _menu(tuple(units[f]), 1 if (st.is_city(r, f) or castle[f]) else 0, 300)
            if not menu:
                continue
            near = set(adj[f])
            for m in adj[f]:
                if owner[m] == p and m not in seats:
                    near |= adj[m]
            near.discard(f)
            head = tid(f)
            out += [group(ActionGroup, ("manoeuvre", (head, tid(t)), menu)) for t in sorted(near)
                    if owner[t] == p or seats.get(t, -1) == p]
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
        if buys:
            bought = sorted(buys)
            out += [ActionGroup("recruit", (tid(t),), bought) for t in st.recruit_places(r, s, p)]
        if coins >= st.castle_cost(r, s, p):  # (else the check rejects every castle)
            cands += [act("castle", tid(t)) for t in mine if not castle[t]]
        cands.append(act("crown"))
    out += fortify  # (first of the single actions, as they were listed)
    seen: set[Action] = set()
    for c in cands:  # (their own checks: the phase is a turn's, and the game goes on)
        if c not in seen and CHECKS[c.kind](r, s, c.args) is None:
            seen.add(c)
            out.append(ActionGroup(c.kind, c.args, SINGLE))
    return out


LEGAL = {"turn": legal_turn}
