"""Risk: Europe state queries and small state edits shared by the rulebook modules.

State keys beyond the common ones: `units` (per territory [footmen, archers, cavalry, siege] of its owner),
`att` (disputed territories: str(index) -> {"seat", "units"} of the attacking army), `castle` (per territory),
`coins`, `crowns` (the Crown Tracker: crowns of cities held plus crown cards), `crown_cards`, `crown_cards_gone`,
`crown_bought` (this round), `hands`, `chosen` (the two face-down cards, top first), `revealed`, `discard`,
`bids`, `first` (First Player Marker), `round`, `seq` (this round's turn order), `seq_i`, `card_turn`, `ts`
(the turn in progress), `battle`, `losses` (removals waiting for a player's choice)."""

from __future__ import annotations

from typing import Any

from riskterm.board import Board
from riskterm.engine.state import State, touch, touch_item
from riskterm.rules.europe_data import (
    BERLIN,
    BERLIN_CASTLE_DISCOUNT,
    BOX,
    CASTLE_COST,
    CASTLES_TOTAL,
    CROWN_CARDS_TOTAL,
)

Units = list[int]


class EuropeState:
    """Mixin: needs `self.board`."""

    board: Board

    def _init_tables(self) -> None:
        b = self.board
        self.city_tax: dict[int, int] = {}
        self.city_crowns: dict[int, int] = {}
        self.gold: set[int] = set()
        self.city_name: dict[int, str] = {}
        for t in b.territories:
            c = t.get("city")
            if c:
                self.city_tax[t.index] = int(c.get("tax", 0))
                self.city_crowns[t.index] = int(c.get("crowns", 1))
                self.city_name[t.index] = str(c.get("name", t.name))
                if c.get("gold"):
                    self.gold.add(t.index)
        self.tile_at: dict[str, int] = {t.id: t.index for t in b.territories if t.index in self.gold}

    # ------------------------------------------------------------------ simple queries
    def is_city(self, t: int) -> bool:
        return t in self.city_tax

    def disputed(self, s: State, t: int) -> bool:
        return str(t) in s["att"]

    def attacker(self, s: State, t: int) -> int:
        a = s["att"].get(str(t))
        return a["seat"] if a else -1

    def att_units(self, s: State, t: int) -> Units:
        a = s["att"].get(str(t))
        return list(a["units"]) if a else [0, 0, 0, 0]

    def alive(self, s: State) -> list[int]:
        return [i for i, p in enumerate(s["players"]) if not p["out"]]

    def holds_tile(self, s: State, p: int, tile_tid: str) -> bool:
        t = self.tile_at.get(tile_tid)
        return t is not None and s["owner"][t] == p

    def tiles_of(self, s: State, p: int) -> list[str]:
        return [tid for tid, t in self.tile_at.items() if s["owner"][t] == p]

    def cities_of(self, s: State, p: int) -> list[int]:
        return [t for t in self.city_tax if s["owner"][t] == p]

    def territories_of(self, s: State, p: int) -> list[int]:
        return [t for t, o in enumerate(s["owner"]) if o == p]

    def crowns_of(self, s: State, p: int) -> int:
        return sum(self.city_crowns[t] for t in self.city_tax if s["owner"][t] == p) + s["crown_cards"][p]

    def on_board(self, s: State, p: int) -> Units:
        """Figures of player p on the board (own territories and attacking armies)."""
        tot = [0, 0, 0, 0]
        for t, o in enumerate(s["owner"]):
            if o == p:
                u = s["units"][t]
                for i in range(4):
                    tot[i] += u[i]
        for a in s["att"].values():
            if a["seat"] == p:
                for i in range(4):
                    tot[i] += a["units"][i]
        return tot

    def in_box(self, s: State, p: int) -> Units:
        """Figures still in p's army reserve (the box limits 35/12/12/4 minus those on the board)."""
        ob = self.on_board(s, p)
        return [BOX[i] - ob[i] for i in range(4)]

    def castles_left(self, s: State) -> int:
        return CASTLES_TOTAL - sum(1 for c in s["castle"] if c)

    def crown_cards_left(self, s: State) -> int:
        return CROWN_CARDS_TOTAL - sum(s["crown_cards"]) - s["crown_cards_gone"]

    def castle_cost(self, s: State, p: int) -> int:
        return CASTLE_COST - (BERLIN_CASTLE_DISCOUNT if self.holds_tile(s, p, BERLIN) else 0)

    def supply_line(self, s: State, p: int, start: int) -> list[int]:
        """Territories of p connected to `start` through p's undisputed territories (borders and sea-lines);
        empty when start is not p's or is disputed."""
        owner, att = s["owner"], s["att"]
        if owner[start] != p or str(start) in att:
            return []
        seen, stack = {start}, [start]
        while stack:
            x = stack.pop()
            for y in self.board.adj[x]:
                if y not in seen and owner[y] == p and str(y) not in att:
                    seen.add(y)
                    stack.append(y)
        return sorted(seen)

    def tax_value(self, s: State, p: int, city: int) -> int:
        line = self.supply_line(s, p, city)
        return sum(self.city_tax.get(t, 0) if self.is_city(t) else 1 for t in line)

    def recruit_places(self, s: State, p: int) -> list[int]:
        """Undisputed cities and castle territories of p, plus (Kiev's Advanced Recruitment) every undisputed
        non-city territory supply-linked to Kiev."""
        owner, att = s["owner"], s["att"]
        out = {t for t, o in enumerate(owner) if o == p and str(t) not in att and (self.is_city(t) or s["castle"][t])}
        kiev = self.tile_at.get("rusland")
        if kiev is not None and owner[kiev] == p:
            out.update(self.supply_line(s, p, kiev))
        return sorted(out)

    # ------------------------------------------------------------------ edits (on a draft)
    def set_units(self, s: State, t: int, u: Units) -> None:
        """Owner's units in t (the `units` and `armies` lists must already be copies)."""
        s["units"][t] = list(u)
        s["armies"][t] = sum(u) + sum(self.att_units(s, t))

    def add_units(self, s: State, t: int, u: Units | tuple[int, ...]) -> None:
        self.set_units(s, t, [x + y for x, y in zip(s["units"][t], u, strict=True)])

    def set_att(self, s: State, t: int, seat: int, u: Units | None) -> None:
        att = s["att"] = dict(s["att"])
        if u is None or not sum(u):
            att.pop(str(t), None)
        else:
            att[str(t)] = {"seat": seat, "units": list(u)}
        s["armies"][t] = sum(s["units"][t]) + sum(self.att_units(s, t))

    def unclaim(self, s: State, t: int) -> None:
        """Nobody holds t any more: its units are gone and any crowns return to the reserve."""
        s["owner"][t] = -1
        self.set_units(s, t, [0, 0, 0, 0])

    def refresh_crowns(self, s: State) -> None:
        s["crowns"] = [self.crowns_of(s, p) for p in range(len(s["players"]))]

    def pay(self, s: State, p: int, n: int) -> None:
        touch(s, "coins")[p] -= n

    def gain(self, s: State, p: int, n: int) -> None:
        touch(s, "coins")[p] += n

    def set_player(self, s: State, p: int, **kw: Any) -> None:
        touch_item(s, "players", p).update(kw)
