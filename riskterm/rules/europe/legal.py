"""The legal actions of a Risk: Europe turn. Every legal action is listed, except that the unit mixes of large
armies are offered as a menu (all that may go, half, one of each type, ...); why_illegal and apply accept any
mix."""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from riskterm.engine.actions import SINGLE, Action, ActionGroup, flatten
from riskterm.rules.base import Book
from riskterm.rules.europe import state as st
from riskterm.rules.europe.battle import default_losses
from riskterm.rules.europe.data import CARD, COST, CROWN_CARD_COST, SIEGE
from riskterm.rules.europe.orders import open_kinds
from riskterm.rules.europe.state import EuropeState, Units, ts_of


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


def legal_turn(rules: Book, s: EuropeState) -> list[Action]:
    return flatten(turn_groups(rules, s))


@lru_cache(maxsize=4096)
def _buys(most: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The recruits of one unit type, 1 to most[i] of type i, in their sorted order (siege weapons first)."""
    return tuple(
        sorted(tuple(n if j == i else 0 for j in range(4)) for i in range(4) for n in range(1, most[i] + 1))
    )


def turn_groups(rules: Book, s: EuropeState) -> list[ActionGroup]:
    """The legal actions of a turn, grouped by kind and territories (the unit choices of a pair are the
    tails of one group). Listed at every decision of a turn, the most frequent question of a computer game,
    so the checks of the single actions (orders, spend and bonus .check_*) are spelt out here, each asking once
    what is the same for all of its actions, and a group is made by tuple.__new__, as ActionGroup(...) makes
    it; tests/rules/test_europe_legal.py holds every listed action to its check and every other to a refusal."""
    p = s["current"]
    owner, units = s["owner"], s["units"]
    castle, att = s["castle"], s["att"]
    ids = rules.board.ids  # (a territory id by index)
    city = st.cities(rules.board).tax
    ts = ts_of(s)
    group = tuple.__new__
    out: list[ActionGroup] = [group(ActionGroup, ("end", (), SINGLE))]
    mine = st.territories_of(s, p)
    seats = {int(k): a["seat"] for k, a in att.items()} if att else {}  # the disputed territories' attackers
    card = CARD[ts["card"]]
    free = [t for t in mine if t not in seats] if seats else mine  # p's undisputed territories
    allowed = open_kinds(s)
    box: Units | None = None
    fortify: list[ActionGroup] = []
    singles: list[ActionGroup] = []  # siege, tax, castle and crown, listed in that order after the groups
    if card.bonus == "fortify" and not ts["bonus_used"]:
        # bonus.check_fortify: p's city or castle territories (disputed or not), a footman left in the box
        box = st.in_box(s, p, mine)
        if box[0] > 0:
            fortify = [
                group(ActionGroup, ("fortify", (ids[t],), SINGLE)) for t in mine if t in city or castle[t]
            ]
    if card.bonus == "siege" and not ts["bonus_used"]:
        # bonus.check_siege: from p's undisputed territory with a siege weapon over land into an undisputed
        # enemy territory
        singles += [
            group(ActionGroup, ("siege", (ids[f], ids[t]), SINGLE))
            for f in free
            if units[f][SIEGE]
            for t in rules.board.land_adj[f]
            if owner[t] not in (-1, p) and t not in seats
        ]
    for kind in ("expand", "split"):
        if kind not in allowed:
            continue
        second = kind == "split" and ts["order"] == "split"
        for f in [st.split_from(ts)] if second else mine:
            avail = tuple(units[f])
            keep = max(1, sum(att[str(f)]["units"])) if f in seats else 1  # (as many as the attackers there)
            menu = _menu(avail, keep, 300)
            if not menu:
                continue
            head = ids[f]
            for t in rules.board.adj_sorted[f]:
                if owner[t] == p or t in seats or (second and t in ts["split_to"]):
                    continue
                tails = _siege_menu(avail, keep) if owner[t] != -1 and castle[t] else menu
                if tails:
                    out.append(group(ActionGroup, (kind, (head, ids[t]), tails)))
    if "manoeuvre" in allowed:
        # orders.check_manoeuvre: from p's undisputed territory to p's own or p's battle within two steps
        # through p's undisputed territories (`free`)
        adj = rules.board.adj
        ends = set(mine)  # (p's disputed territories too: their defender may reinforce them)
        ends.update(t for t, q in seats.items() if q == p)
        hubs = frozenset(free)
        for f in free:
            menu = _menu(tuple(units[f]), 1 if (f in city or castle[f]) else 0, 300)
            if not menu:
                continue
            ring = adj[f]
            via = ring & hubs
            near = ends & ring.union(*[adj[m] for m in via]) if via else ends & ring
            near.discard(f)
            head = ids[f]
            out += [group(ActionGroup, ("manoeuvre", (head, ids[t]), menu)) for t in sorted(near)]
    if "tax" in allowed:  # orders.check_tax: p's undisputed cities
        singles += [
            group(ActionGroup, ("tax", (ids[t],), SINGLE)) for t in city if owner[t] == p and t not in seats
        ]
    if "recruit" in allowed:  # spend.check_recruit, check_castle, check_crown (the same order: Spend)
        coins = s["coins"][p]
        if box is None:
            box = st.in_box(s, p, mine)
        bought = _buys(tuple(min(box[i], coins // COST[i]) for i in range(4)))
        if bought:
            out += [
                group(ActionGroup, ("recruit", (ids[t],), bought))
                for t in st.recruit_places(rules, s, p, mine)
            ]
        if coins >= st.castle_cost(rules, s, p) and st.castles_left(s) > 0:
            singles += [group(ActionGroup, ("castle", (ids[t],), SINGLE)) for t in free if not castle[t]]
        if not s["crown_bought"][p] and st.crown_cards_left(s) > 0 and coins >= CROWN_CARD_COST:
            singles.append(group(ActionGroup, ("crown", (), SINGLE)))
    out += fortify
    out += singles
    return out


LEGAL = {"turn": legal_turn}
