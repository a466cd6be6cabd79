"""What is legal in the modern-units rulebook: the queries about units and borders, why_illegal's sentences
and the list of legal actions (with representative unit mixes)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from riskterm.engine.actions import Action, act
from riskterm.engine.state import State
from riskterm.rules.modern_battle import BattleMixin
from riskterm.rules.modern_combat import NU, loss_order, mix_text, parse_mix

MAX_BUY_LISTED = 30


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


class LegalMixin(BattleMixin):
    # ------------------------------------------------------------------ queries
    def alive(self, s: State) -> list[int]:
        return [i for i, p in enumerate(s["players"]) if not p["out"]]

    def territories_of(self, s: State, p: int) -> list[int]:
        return [t for t, o in enumerate(s["owner"]) if o == p]

    def regions_held(self, s: State, p: int) -> list[int]:
        owner = s["owner"]
        return [r for r, members in enumerate(self.board.region_members) if all(owner[t] == p for t in members)]

    def unit_index(self, arg: Any) -> int | None:
        if not isinstance(arg, str):
            return None
        a = arg.lower()
        for k, u in enumerate(self.units):
            if a in (u.id, u.letter.lower(), u.name.lower().replace(" ", "_")):
                return k
        return None

    def crossing(self, f: int, t: int) -> str | None:
        """'land', 'sea' or None (not adjacent)."""
        if t in self.board.land_adj[f]:
            return "land"
        if t in self.board.sea_adj[f]:
            return "sea"
        return None

    def may_cross(self, k: int, how: str | None) -> bool:
        return how == "land" or (how == "sea" and self.units[k].sea)

    def free(self, s: State, t: int) -> list[int]:
        """Units in t that may still cross a border this turn."""
        return [a - b for a, b in zip(s["units"][t], s["spent"][t], strict=True)]

    def movable(self, s: State, f: int, t: int) -> list[int]:
        """Units in f that may still cross into t this turn."""
        how = self.crossing(f, t)
        return [n if self.may_cross(k, how) else 0 for k, n in enumerate(self.free(s, f))]

    def mix_arg(self, s: State, f: int, t: int, arg: Any) -> list[int] | None:
        if arg == "all":
            return self.movable(s, f, t)
        if isinstance(arg, int):
            return None
        return parse_mix(arg, self.units)

    # ------------------------------------------------------------------ legality
    def why_illegal(self, s: State, a: Action) -> str | None:
        handler = getattr(self, f"_why_{a.kind}", None)
        if handler is None:
            return f"'{a.kind}' is not an action of this game."
        if a.kind not in _PHASE_ACTIONS.get(s["phase"], ()):
            return f"You cannot {a.kind} now: {self.prompt(s)}"
        try:
            return handler(s, a)
        except (TypeError, ValueError, IndexError, KeyError):
            return f"'{a}' is not written right; see the help screen for the notation."

    def _territory(self, tid: Any) -> tuple[int | None, str | None]:
        t = self.t(tid)
        if t is None:
            return None, f"There is no territory called '{tid}'."
        return t, None

    def _own(self, s: State, tid: Any) -> tuple[int | None, str | None]:
        t, why = self._territory(tid)
        if why:
            return None, why
        if s["owner"][t] != s["current"]:
            return None, f"You do not hold {self.tname(t)}."  # type: ignore[arg-type]
        return t, None

    def _why_buy(self, s: State, a: Action) -> str | None:
        if len(a.args) not in (1, 2):
            return "Buy like this: 'buy tank 2'."
        k = self.unit_index(a.args[0])
        if k is None:
            return f"There is no unit called '{a.args[0]}'; buy one of: {', '.join(u.id for u in self.units)}."
        n = a.args[1] if len(a.args) == 2 else 1
        if not isinstance(n, int) or n < 1:
            return "Buy at least one unit."
        cost, have = self.units[k].cost * n, s["credits"][s["current"]]
        if cost > have:
            return f"{n} {self.units[k].name} cost {cost} credits; you have {have}."
        return None

    def _why_done(self, s: State, a: Action) -> str | None:
        return None if not a.args else "'done' takes no arguments."

    def _why_place(self, s: State, a: Action) -> str | None:
        if len(a.args) not in (2, 3):
            return "Place like this: 'place egypt tank 1'."
        t, why = self._own(s, a.args[0])
        if why:
            return why
        k = self.unit_index(a.args[1])
        if k is None:
            return f"There is no unit called '{a.args[1]}'."
        n = a.args[2] if len(a.args) == 3 else 1
        if not isinstance(n, int) or n < 1:
            return "Place at least one unit."
        if s["phase"] == "setup" and n != 1:
            return "At the start of the game units are placed one at a time."
        waiting = s["bought"][s["current"]][k]
        if n > waiting:
            return f"You have {waiting} {self.units[k].name} waiting to be placed."
        return None

    def _why_move(self, s: State, a: Action) -> str | None:
        if len(a.args) != 3:
            return "Move like this: 'move egypt east_africa 2H1T' (or 'all')."
        f, why = self._own(s, a.args[0])
        if why:
            return why
        t, why = self._territory(a.args[1])
        if why:
            return why
        if s["owner"][t] not in (-1, s["current"]):
            return f"{self.tname(t)} is held by {s['players'][s['owner'][t]]['name']}: attack it instead."  # type: ignore[arg-type]
        return self._why_cross(s, f, t, a.args[2])  # type: ignore[arg-type]

    def _why_cross(self, s: State, f: int, t: int, arg: Any) -> str | None:
        how = self.crossing(f, t)
        if how is None:
            return f"{self.tname(t)} does not border {self.tname(f)}."
        mix = self.mix_arg(s, f, t, arg)
        if mix is None:
            return f"'{arg}' is not a set of units: write it like 2H1T (letters {self._letters()}) or 'all'."
        if not any(mix):
            return f"No units in {self.tname(f)} may cross to {self.tname(t)} now."
        if how == "sea":
            bad = [self.units[k].name for k, n in enumerate(mix) if n and not self.units[k].sea]
            if bad:
                return (f"{self.tname(f)} and {self.tname(t)} are joined by a sea-line: only Hovercraft and "
                        f"Helicopters cross it, not {bad[0]}s.")
        free = self.free(s, f)
        for k, n in enumerate(mix):
            if n > free[k]:
                return (f"{self.tname(f)} has only {free[k]} {self.units[k].name} that may still cross a border "
                        "this turn (a unit crosses one border per turn).")
        return None

    def _why_attack(self, s: State, a: Action) -> str | None:
        if len(a.args) < 3 or len(a.args) % 2 != 1:
            return "Attack like this: 'attack east_africa egypt 1H1T north_africa 1R' (target, then sources)."
        t, why = self._territory(a.args[0])
        if why:
            return why
        q = s["owner"][t]
        if q == s["current"]:
            return f"You hold {self.tname(t)} yourself."  # type: ignore[arg-type]
        if q == -1:
            return f"{self.tname(t)} is empty: move into it instead."  # type: ignore[arg-type]
        seen = set()
        for fid, arg in zip(a.args[1::2], a.args[2::2], strict=True):
            f, why = self._own(s, fid)
            if why:
                return why
            if f in seen:
                return f"{self.tname(f)} is named twice."  # type: ignore[arg-type]
            seen.add(f)
            if s["armies"][f] < 2:
                return f"You must have at least 2 units in {self.tname(f)} to attack from it."  # type: ignore[arg-type]
            why = self._why_cross(s, f, t, arg)  # type: ignore[arg-type]
            if why:
                return why
        return None

    def _why_end(self, s: State, a: Action) -> str | None:
        return None if not a.args else "'end' takes no arguments."

    def _letters(self) -> str:
        return ", ".join(f"{u.letter} {u.name}" for u in self.units)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, s: State) -> list[Action]:
        """Every action kind that is legal now. Where an action takes a set of units the list gives a
        representative choice (all; all but one unit kept home where the attack would empty a territory;
        each unit type alone; a single unit; from every neighbouring territory at once; the default losses);
        why_illegal and apply accept any set of units."""
        if self.is_over(s):
            return []
        ph, p = s["phase"], s["current"]
        if ph == "buy":
            c = s["credits"][p]
            return [act("buy", u.id, n) for u in self.units for n in range(1, min(c // u.cost, MAX_BUY_LISTED) + 1)
                    ] + [act("done")]
        if ph in ("setup", "place"):
            mine = self.territories_of(s, p)
            out = []
            for k, n in enumerate(s["bought"][p]):
                if n:
                    for t in mine:
                        out.append(act("place", self.board.tid(t), self.units[k].id, 1))
                        if ph == "place" and n > 1:
                            out.append(act("place", self.board.tid(t), self.units[k].id, n))
            return out
        if ph == "attack":
            return self._legal_main(s, p) + [act("end")]
        return self.legal_battle(s)

    def _legal_main(self, s: State, p: int) -> list[Action]:
        owner, armies, tid = s["owner"], s["armies"], self.board.tid
        land, sea = self.board.land_adj, self.board.sea_adj
        sea_only = [k for k, u in enumerate(self.units) if u.sea]
        free: dict[int, list[int]] = {}
        for f, o in enumerate(owner):
            if o == p:
                row = self.free(s, f)
                if any(row):
                    free[f] = row
        by_sea: dict[int, list[int]] = {}
        for f, row in free.items():
            by_sea[f] = [n if k in sea_only else 0 for k, n in enumerate(row)]

        def movable(f: int, t: int) -> list[int]:
            return free[f] if t in land[f] else by_sea[f] if t in sea[f] else [0] * NU

        out = []
        for f in free:
            for t in self.board.adj_sorted[f]:
                if owner[t] in (-1, p):
                    out += [act("move", tid(f), tid(t), m) for m in _options(tuple(movable(f, t)))]
        for t, q in enumerate(owner):
            if q in (-1, p):
                continue
            srcs = [f for f in self.board.adj_sorted[t] if f in free and armies[f] >= 2 and any(movable(f, t))]
            for f in srcs:
                opts = _options(tuple(movable(f, t)))
                held = self._keep_one(s, f, movable(f, t))
                out += [act("attack", tid(t), tid(f), m) for m in dict.fromkeys(opts + (held,))]
            if len(srcs) > 1:
                every: list[str | int] = [tid(t)]
                safe: list[str | int] = [tid(t)]
                for f in srcs:
                    every += [tid(f), mix_text(movable(f, t), self.units)]
                    safe += [tid(f), self._keep_one(s, f, movable(f, t))]
                out.append(act("attack", *every))
                if safe != every:
                    out.append(act("attack", *safe))
        return out

    def attack_sources(self, s: State, target: int) -> list[tuple[int, list[int]]]:
        """For an attack screen: each territory of the player to move that may attack `target` now, with the
        units that may join (not yet moved this turn, and able to cross that border)."""
        p = s["current"]
        if s["phase"] != "attack" or s["owner"][target] in (-1, p):
            return []
        out = []
        for f in self.board.adj_sorted[target]:
            if s["owner"][f] == p and s["armies"][f] >= 2:
                m = self.movable(s, f, target)
                if any(m):
                    out.append((f, m))
        return out

    def _keep_one(self, s: State, f: int, mix: list[int]) -> str:
        """The units, less the cheapest one when sending them all would leave f empty."""
        m = list(mix)
        if sum(m) == s["armies"][f] and sum(m) > 1:
            k = next(k for k in loss_order(True, self.units) if m[k])
            m[k] -= 1
        return mix_text(m, self.units)


_PHASE_ACTIONS = {
    "buy": ("buy", "done"),
    "setup": ("place",),
    "place": ("place",),
    "attack": ("move", "attack", "end"),
    "defend": ("lose",),
    "casualties": ("lose",),
    "decide": ("continue", "retreat"),
    "occupy": ("occupy",),
}
