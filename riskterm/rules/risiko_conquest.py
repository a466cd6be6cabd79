"""RisiKo! Più: the conquest of a fortress, with every step of the rulebook: the fortress removed, its banners
moved, the loser's armies removed, one army on each freed territory (the winner first, then the others in
turn), the loser's cards and unused Hidden Armies to the winner."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riskterm.engine.actions import Action
from riskterm.engine.state import State
from riskterm.rules.risiko_cards import active_seats, void_diplomats

if TYPE_CHECKING:
    from riskterm.rules.base import Event


class ConquestMixin:
    board: Any

    if TYPE_CHECKING:  # provided by RisikoRules / Rules
        def tname(self, i: int) -> str: ...  # pragma: no cover

        def _ev(self, s: State, type_: str, **kw: Any) -> Event: ...  # pragma: no cover

        def _tix(self, tid: Any) -> int | None: ...  # pragma: no cover

        def check_win(self, s: State, ev: list[Event]) -> bool: ...  # pragma: no cover

    def _fall_of_fortress(self, s: State, q: int, t: int, f: int | None, ev: list[Event]) -> None:
        """'When you have defeated the last army on the territory garrisoned by a fortress, you conquer it and
        the player who owned it is eliminated from the game.'"""
        p = s["current"]
        s["fortress"][q] = None
        ev.append(self._ev(s, "fortress_removed", territory=self.board.tid(t), defender=q))
        moved = s["banners"][q]
        s["banners"][p] = s["banners"][p] + moved
        s["banners"][q] = []
        ev.append(self._ev(s, "banners", defender=q, banners=moved))
        freed = [k for k, o in enumerate(s["owner"]) if o == q]
        removed = sum(s["armies"][k] for k in freed)
        for k in freed:
            s["owner"][k], s["armies"][k] = -1, 0
        s["players"][q] = dict(s["players"][q], out=True)
        ev.append(self._ev(s, "eliminate", defender=q, armies=removed, freed=[self.board.tid(k) for k in freed]))
        s["truces"] = self._drop_truces_of(s, q)
        sources = [t] + ([f] if f is not None else [])
        s["redistribute"] = {"winner": p, "loser": q, "free": [self.board.tid(k) for k in freed],
                             "sources": sources, "stage": "winner", "next": p}
        self._redistribute_next(s, ev)

    def _drop_truces_of(self, s: State, q: int) -> list[dict[str, Any]]:
        keep = []
        for x in s["truces"]:
            if x["by"] == q or x["with"] == q:
                s["discard"].append(x["card"])
            else:
                keep.append(x)
        return keep

    # ------------------------------------------------------------------ redistribution
    def free_left(self, s: State) -> list[int]:
        return [self.board.index[x] for x in s["redistribute"]["free"] if s["owner"][self.board.index[x]] == -1]

    def garrison_sources(self, s: State, r: int) -> list[int]:
        """Territories seat r may take one army from: its own with 2 or more armies; the winner starts
        with the armies it attacked with."""
        own = [k for k, o in enumerate(s["owner"]) if o == r and s["armies"][k] >= 2]
        rd = s["redistribute"]
        if r == rd["winner"] and rd["stage"] == "winner":
            first = [k for k in rd["sources"] if k in own]
            if first:
                return first
        return own

    def _redistribute_next(self, s: State, ev: list[Event]) -> None:
        rd = s["redistribute"]
        if not self.free_left(s):
            return self._finish_fortress(s, ev)
        if rd["stage"] == "winner":
            if self.garrison_sources(s, rd["winner"]):
                s["phase"], s["actor"] = "redistribute", rd["winner"]
                return None
            rd["stage"] = "others"
        others = [r for r in active_seats(s) if r != rd["winner"]]
        order = s["order"]
        start = order.index(rd["next"])
        for k in range(1, len(order) + 1):
            r = order[(start + k) % len(order)]
            if r in others and self.garrison_sources(s, r):
                s["phase"], s["actor"] = "redistribute", r
                return None
        if self.free_left(s):
            ev.append(self._ev(s, "left_free", territories=[self.board.tid(k) for k in self.free_left(s)]))
        return self._finish_fortress(s, ev)

    def _why_garrison(self, s: State, a: Action) -> str | None:
        if len(a.args) != 2:
            return "Move one army onto a freed territory: 'garrison paris burgundy' (from, to)."
        f, t = self._tix(a.args[0]), self._tix(a.args[1])
        if f is None or t is None:
            return f"There is no territory called '{a.args[0] if f is None else a.args[1]}'."
        r = s["actor"]
        if t not in self.free_left(s):
            return f"{self.tname(t)} is not a territory left free by the defeated player."
        if f not in self.garrison_sources(s, r):
            if s["owner"][f] == r and s["armies"][f] >= 2:
                return "Start with the armies you attacked with."
            return f"Take the army from one of your territories with 2 or more armies, not {self.tname(f)}."
        return None

    def _do_garrison(self, s: State, a: Action, ev: list[Event]) -> None:
        f, t = self.board.index[a.args[0]], self.board.index[a.args[1]]
        r = s["actor"]
        s["armies"][f] -= 1
        s["owner"][t], s["armies"][t] = r, 1
        s["redistribute"]["next"] = r
        ev.append({"type": "garrison", "turn": s["turn"], "player": r, "frm": a.args[0], "to": a.args[1]})
        self._redistribute_next(s, ev)

    def _why_pass(self, s: State, a: Action) -> str | None:
        if a.args:
            return "'pass' takes no arguments."
        if s["actor"] != s["redistribute"]["winner"] or s["redistribute"]["stage"] != "winner":
            return "Each territory the winner leaves must be occupied, in turn, by the other players."
        return None

    def _do_pass(self, s: State, a: Action, ev: list[Event]) -> None:
        s["redistribute"]["stage"] = "others"
        ev.append(self._ev(s, "pass", left=len(self.free_left(s))))
        self._redistribute_next(s, ev)

    def _finish_fortress(self, s: State, ev: list[Event]) -> None:
        """'Add the cards of the defeated player to your own. Take possession of the Hidden Armies of the
        defeated player, if these have not yet been used.'"""
        rd = s["redistribute"]
        p, q = rd["winner"], rd["loser"]
        cards = s["hands"][q]
        s["hands"][p] = s["hands"][p] + cards
        s["hands"][q] = []
        ev.append(self._ev(s, "cards_taken", defender=q, cards=len(cards)))
        unused = [h for h in s["hidden"][q] if not h["used"]]
        s["hidden"][p] = s["hidden"][p] + unused
        s["hidden"][q] = [h for h in s["hidden"][q] if h["used"]]
        ev.append(self._ev(s, "hidden_taken", defender=q, count=len(unused)))
        s["redistribute"] = None
        s["phase"], s["actor"] = "main", s["current"]
        if len(active_seats(s)) == 2:
            void_diplomats(s, ev)
        self.check_win(s, ev)
