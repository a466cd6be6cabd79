"""Risk: Europe orders and bonus actions within a player's turn: Expand, Split Expand, Manoeuvre, Tax, Spend
(recruit, castle, crown card), and the bonus actions Fortify and Siege Assault (King Me acts on reveal)."""

from __future__ import annotations

from itertools import product
from typing import Any

from riskterm.engine.actions import Action, act
from riskterm.engine.state import State, touch
from riskterm.rules.base import Event
from riskterm.rules.europe_battle import default_losses
from riskterm.rules.europe_bonus import EuropeBonus
from riskterm.rules.europe_data import (
    CARD,
    CONSTANTINOPLE,
    COST,
    CROWN_CARD_COST,
    ORDER_NAMES,
    ORDER_OF_ACTION,
    SIEGE,
    SIEGE_ESCORT_FOOTMEN,
    TAX_TILES,
    cost_of,
)
from riskterm.rules.europe_state import Units

TURN_KINDS = ("expand", "split", "manoeuvre", "tax", "recruit", "castle", "crown", "fortify", "siege", "end")


def parse_units(args: tuple[Any, ...]) -> Units | None:
    """Up to four counts (footmen, archers, cavalry, siege weapons); missing ones are 0."""
    if len(args) > 4 or any(not isinstance(x, int) or x < 0 for x in args):
        return None
    return [*args, *([0] * (4 - len(args)))]  # type: ignore[list-item]


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


class EuropeOrders(EuropeBonus):
    """Mixin with the turn actions: _why_<kind>, _do_<kind> and _legal_turn."""

    # ------------------------------------------------------------------ which order
    def _order_block(self, s: State, kind: str) -> str | None:
        ts = s["ts"]
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

    def _from_to(self, a: Action, n_units: bool = True) -> tuple[int | None, int | None, Units | None]:
        if len(a.args) < 2:
            return None, None, None
        f, t = self.t(a.args[0]), self.t(a.args[1])  # type: ignore[attr-defined]
        u = parse_units(a.args[2:]) if n_units else None
        return f, t, u

    def _group_why(self, s: State, f: int, u: Units | None, keep: int, why_keep: str) -> str | None:
        if u is None:
            return "Give the units as up to four numbers: footmen, archers, cavalry, siege weapons."
        if not sum(u):
            return "Move at least one unit."
        have = s["units"][f]
        for i, n in enumerate(u):
            if n > have[i]:
                return f"{self.tname(f)} has only {have[i]} of that unit type."  # type: ignore[attr-defined]
        if sum(have) - sum(u) < keep:
            return why_keep
        return None

    # ------------------------------------------------------------------ expand and split expand
    def _why_expand(self, s: State, a: Action) -> str | None:
        return self._why_expanding(s, a, "expand")

    def _why_split(self, s: State, a: Action) -> str | None:
        return self._why_expanding(s, a, "split")

    def _why_expanding(self, s: State, a: Action, kind: str) -> str | None:
        block = self._order_block(s, kind)
        if block:
            return block
        f, t, u = self._from_to(a)
        if f is None or t is None:
            return f"Write it like this: '{kind} saxony bohemia 5 0 1 0' (from, to, footmen, archers, cavalry, siege)."
        p = s["current"]
        ts = s["ts"]
        tn = self.tname  # type: ignore[attr-defined]
        if s["owner"][f] != p:
            return f"You do not control {tn(f)}."
        if kind == "split" and ts["order"] == "split":
            if f != ts["split_from"]:
                return f"A Split Expand moves from one territory: {tn(ts['split_from'])}."
            if t in ts["split_to"]:
                return f"You already expanded into {tn(t)}; the second part goes to another territory."
        if t not in self.board.adj[f]:
            return f"{tn(t)} is not next to {tn(f)} (no border or sea-line)."
        if s["owner"][t] == p:
            return f"{tn(t)} is already yours: use the Manoeuvre order to move there."
        if self.disputed(s, t):
            return f"{tn(t)} is already in dispute: no army may expand into it."
        n_att = sum(self.att_units(s, f))
        keep = max(1, n_att)
        why = self._group_why(s, f, u, keep,
                              f"You must leave at least {keep} unit{'s' if keep > 1 else ''} in {tn(f)}"
                              + (" (as many as the attacking army there)." if n_att > 1 else "."))
        if why:
            return why
        if s["owner"][t] != -1 and s["castle"][t] and not u[SIEGE]:  # type: ignore[index]
            return f"{tn(t)} has a castle: your expanding army needs a siege weapon to enter it."
        return None

    def _do_expand(self, s: State, a: Action, ev: list[Event]) -> None:
        self._expanding(s, a, ev, "expand")

    def _do_split(self, s: State, a: Action, ev: list[Event]) -> None:
        self._expanding(s, a, ev, "split")

    def _expanding(self, s: State, a: Action, ev: list[Event], kind: str) -> None:
        f, t, u = self._from_to(a)
        assert f is not None and t is not None and u is not None
        p = s["current"]
        self.set_units(s, f, [x - y for x, y in zip(s["units"][f], u, strict=True)])
        q = s["owner"][t]
        if q == -1:
            s["owner"][t] = p
            self.set_units(s, t, u)
            tax = self.city_tax.get(t, 0)
            ev.append(self._ev(s, kind, frm=self.board.tid(f), to=self.board.tid(t), units=u, defender=-1,
                               crowns=self.city_crowns.get(t, 0), tax=tax, castle=bool(s["castle"][t])))
            if tax:
                self.gain(s, p, tax)
            self.refresh_crowns(s)
        else:
            self.set_att(s, t, p, u)
            ev.append(self._ev(s, kind, frm=self.board.tid(f), to=self.board.tid(t), units=u, defender=q))
        ts = s["ts"] = dict(s["ts"])
        berlin = self.holds_tile(s, p, "saxony")
        if kind == "expand":
            ts.update(order="expand", done=True, free_man=berlin)
        else:
            to = [*ts["split_to"], t] if ts["order"] == "split" else [t]
            ts.update(order="split", split_from=f, split_to=to, done=len(to) >= 2, free_man=berlin)

    # ------------------------------------------------------------------ manoeuvre
    def _why_manoeuvre(self, s: State, a: Action) -> str | None:
        block = self._order_block(s, "manoeuvre")
        if block:
            return block
        f, t, u = self._from_to(a)
        if f is None or t is None:
            return "Write it like this: 'manoeuvre saxony bohemia 5 0 1 0' (from, to, footmen, archers, cavalry, siege)."
        p = s["current"]
        tn = self.tname  # type: ignore[attr-defined]
        if s["owner"][f] != p:
            return f"You do not control {tn(f)}."
        if self.disputed(s, f):
            return f"{tn(f)} is in dispute: army units never retreat from a battle."
        if f == t:
            return "Choose two different territories."
        if s["owner"][t] != p and self.attacker(s, t) != p:
            return f"{tn(t)} is neither yours nor a battle of yours."
        if not self._reachable(s, p, f, t):
            return (f"{tn(t)} is not within two territories of {tn(f)} through your own undisputed "
                    "territories (units stop when they enter a disputed territory).")
        keep = 1 if (self.is_city(f) or s["castle"][f]) else 0
        return self._group_why(s, f, u, keep, f"Leave at least one unit in {tn(f)}: it is a city or castle territory.")

    def _reachable(self, s: State, p: int, f: int, t: int) -> bool:
        adj = self.board.adj
        if t in adj[f]:
            return True
        return any(s["owner"][m] == p and not self.disputed(s, m) and t in adj[m] for m in adj[f])

    def _do_manoeuvre(self, s: State, a: Action, ev: list[Event]) -> None:
        f, t, u = self._from_to(a)
        assert f is not None and t is not None and u is not None
        p = s["current"]
        left = [x - y for x, y in zip(s["units"][f], u, strict=True)]
        self.set_units(s, f, left)
        emptied = not sum(left)
        if emptied:
            self.unclaim(s, f)
        if s["owner"][t] == p:
            self.add_units(s, t, u)
        else:
            self.set_att(s, t, p, [x + y for x, y in zip(self.att_units(s, t), u, strict=True)])
        ts = s["ts"] = dict(s["ts"])
        free = bool(ts["free_man"])
        ev.append(self._ev(s, "manoeuvre", frm=self.board.tid(f), to=self.board.tid(t), units=u, free=free,
                           emptied=emptied))
        if free:
            ts.update(free_man=False, bonus_used=True)
        else:
            ts.update(order="manoeuvre", done=True)
        self.refresh_crowns(s)

    # ------------------------------------------------------------------ tax
    def _why_tax(self, s: State, a: Action) -> str | None:
        block = self._order_block(s, "tax")
        if block:
            return block
        t = self.t(a.args[0]) if len(a.args) == 1 else None  # type: ignore[attr-defined]
        if t is None:
            return "Tax one of your cities: 'tax saxony'."
        if not self.is_city(t) or s["owner"][t] != s["current"]:
            return f"{self.tname(t)} is not a city territory you control."  # type: ignore[attr-defined]
        if self.disputed(s, t):
            return f"{self.tname(t)} is in dispute: no tax is collected from disputed territories."  # type: ignore[attr-defined]
        return None

    def _do_tax(self, s: State, a: Action, ev: list[Event]) -> None:
        t = self.t(a.args[0])  # type: ignore[attr-defined]
        p = s["current"]
        line = self.supply_line(s, p, t)
        coins = sum(self.city_tax[x] if self.is_city(x) else 1 for x in line)
        self.gain(s, p, coins)
        ev.append(self._ev(s, "tax", city=self.board.tid(t), coins=coins, territories=len(line),
                           cities=[self.board.tid(x) for x in line if self.is_city(x)]))
        for tile, free in TAX_TILES.items():
            x = self.board.index[tile]
            if x in line:
                box = self.in_box(s, p)
                got = [min(n, box[i]) for i, n in enumerate(free)]
                if sum(got):
                    self.add_units(s, x, got)
                ev.append(self._ev(s, "tile_units", tile=tile, units=got))
        s["ts"] = {**s["ts"], "order": "tax", "done": True}

    # ------------------------------------------------------------------ spend
    def _why_recruit(self, s: State, a: Action) -> str | None:
        block = self._order_block(s, "recruit")
        if block:
            return block
        t = self.t(a.args[0]) if a.args else None  # type: ignore[attr-defined]
        u = parse_units(a.args[1:])
        if t is None or u is None or not sum(u):
            return "Recruit like this: 'recruit saxony 3 1 0 0' (where, footmen, archers, cavalry, siege weapons)."
        p = s["current"]
        if t not in self.recruit_places(s, p):
            return (f"You can recruit only in your undisputed city and castle territories; "
                    f"{self.tname(t)} is not one.")  # type: ignore[attr-defined]
        box = self.in_box(s, p)
        for i, n in enumerate(u):
            if n > box[i]:
                return f"Only {box[i]} of that unit type are left in your army reserve."
        cost = cost_of(u)
        if cost > s["coins"][p]:
            return f"That costs {cost} coins and you have {s['coins'][p]}."
        return None

    def _do_recruit(self, s: State, a: Action, ev: list[Event]) -> None:
        t = self.t(a.args[0])  # type: ignore[attr-defined]
        u = parse_units(a.args[1:])
        assert u is not None
        p = s["current"]
        self.pay(s, p, cost_of(u))
        self.add_units(s, t, u)
        escort = 0
        if u[SIEGE] and self.holds_tile(s, p, CONSTANTINOPLE):
            escort = min(SIEGE_ESCORT_FOOTMEN * u[SIEGE], self.in_box(s, p)[0])
            if escort:
                self.add_units(s, t, [escort, 0, 0, 0])
        ev.append(self._ev(s, "recruit", territory=self.board.tid(t), units=u, coins=cost_of(u), escort=escort))
        s["ts"] = {**s["ts"], "order": "spend"}

    def _why_castle(self, s: State, a: Action) -> str | None:
        block = self._order_block(s, "castle")
        if block:
            return block
        t = self.t(a.args[0]) if len(a.args) == 1 else None  # type: ignore[attr-defined]
        if t is None:
            return "Build a castle like this: 'castle bohemia'."
        p = s["current"]
        tn = self.tname(t)  # type: ignore[attr-defined]
        if s["owner"][t] != p:
            return f"You do not control {tn}."
        if self.disputed(s, t):
            return f"{tn} is in dispute: no castle can be built there."
        if s["castle"][t]:
            return f"{tn} already has a castle."
        if self.castles_left(s) <= 0:
            return "All eight castles have been built."
        cost = self.castle_cost(s, p)
        if s["coins"][p] < cost:
            return f"A castle costs {cost} coins and you have {s['coins'][p]}."
        return None

    def _do_castle(self, s: State, a: Action, ev: list[Event]) -> None:
        t = self.t(a.args[0])  # type: ignore[attr-defined]
        p = s["current"]
        cost = self.castle_cost(s, p)
        self.pay(s, p, cost)
        touch(s, "castle")[t] = True
        ev.append(self._ev(s, "castle", territory=self.board.tid(t), coins=cost))
        s["ts"] = {**s["ts"], "order": "spend"}

    def _why_crown(self, s: State, a: Action) -> str | None:
        block = self._order_block(s, "crown")
        if block:
            return block
        p = s["current"]
        if a.args:
            return "'crown' takes no arguments."
        if s["crown_bought"][p]:
            return "You may buy only one crown card per round."
        if self.crown_cards_left(s) <= 0:
            return "No crown cards are left to buy."
        if s["coins"][p] < CROWN_CARD_COST:
            return f"A crown card costs {CROWN_CARD_COST} coins and you have {s['coins'][p]}."
        return None

    def _do_crown(self, s: State, a: Action, ev: list[Event]) -> None:
        p = s["current"]
        self.pay(s, p, CROWN_CARD_COST)
        touch(s, "crown_cards")[p] += 1
        touch(s, "crown_bought")[p] = True
        self.refresh_crowns(s)
        ev.append(self._ev(s, "crown_card", coins=CROWN_CARD_COST, crowns=s["crowns"][p]))
        s["ts"] = {**s["ts"], "order": "spend"}

    # ------------------------------------------------------------------ legal actions in a turn
    def _legal_turn(self, s: State) -> list[Action]:
        p = s["current"]
        owner, units = s["owner"], s["units"]
        tid = self.board.tid
        ts = s["ts"]
        out: list[Action] = [act("end")]
        cands: list[Action] = []
        mine = [t for t, o in enumerate(owner) if o == p]
        card = CARD[ts["card"]]
        if card.bonus == "fortify":
            cands += [act("fortify", tid(t)) for t in mine]
        if card.bonus == "siege":
            cands += [act("siege", tid(f), tid(t)) for f in mine if units[f][SIEGE] for t in self.board.land_adj[f]]
        for kind in ("expand", "split"):
            if self._order_block(s, kind):
                continue
            second = kind == "split" and ts["order"] == "split"
            for f in ([ts["split_from"]] if second else mine):
                menu = unit_menu(units[f], max(1, sum(self.att_units(s, f))))
                for t in self.board.adj_sorted[f]:
                    if owner[t] == p or self.disputed(s, t) or (second and t in ts["split_to"]):
                        continue
                    walled = owner[t] != -1 and s["castle"][t]
                    out += [act(kind, tid(f), tid(t), *g) for g in menu if g[SIEGE] or not walled]
        if not self._order_block(s, "manoeuvre"):
            for f in mine:
                if self.disputed(s, f):
                    continue
                menu = unit_menu(units[f], 1 if (self.is_city(f) or s["castle"][f]) else 0)
                if not menu:
                    continue
                near = set(self.board.adj[f])
                for m in self.board.adj[f]:
                    if owner[m] == p and not self.disputed(s, m):
                        near |= self.board.adj[m]
                for t in sorted(near - {f}):
                    if owner[t] == p or self.attacker(s, t) == p:
                        out += [act("manoeuvre", tid(f), tid(t), *g) for g in menu]
        if not self._order_block(s, "tax"):
            cands += [act("tax", tid(t)) for t in self.cities_of(s, p)]
        if not self._order_block(s, "recruit"):
            coins = s["coins"][p]
            box = self.in_box(s, p)
            buys: set[tuple[int, ...]] = set()
            for i in range(4):
                most = min(box[i], coins // COST[i])
                for n in range(1, most + 1):
                    buys.add(tuple(n if j == i else 0 for j in range(4)))
            places = self.recruit_places(s, p)
            out += [act("recruit", tid(t), *g) for t in places for g in sorted(buys)]
            cands += [act("castle", tid(t)) for t in mine] + [act("crown")]
        seen: set[Action] = set()
        for c in cands:
            if c not in seen and self.why_illegal(s, c) is None:  # type: ignore[attr-defined]
                seen.add(c)
                out.append(c)
        return out
