"""Modern units Risk (../shared/rules/modern-units.txt) on the classic world board, 3 to 5 players.

A game is played in rounds. Round 1 is the setup: territories dealt, one Humber on each, starting credits, buying,
a die roll for the first placer, units placed one at a time. From round 2 every round starts with credits for
everyone, buying, and a die roll for the order of play; then each player in that order places their purchases
and attacks and moves. Combat (modern_battle.py) is a pure function of the dice (modern_combat.py).

State keys beyond the common ones (owner, armies = total units, actor, current, phase, turn, winner, draw,
players, rng, seed): `units` (per territory, a count per unit type in modern-units.yaml order), `credits` and
`bought` (purchases waiting to be placed) per seat, `spent` (per territory, units that already crossed a border
this turn), `round`, `order` and `pos` (the order of play this round and whose turn it is in it), `battle` (the
attack under way, see modern_battle.py), `income` (credits received at the start of this round)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from riskterm.engine.actions import Action, act
from riskterm.engine.rng import Rng, roll_off, seed_state
from riskterm.engine.state import State, draft, touch, touch_item
from riskterm.rules.base import ActionSpec, Event, PlayerSetup, Transition
from riskterm.rules.modern_battle import BattleMixin
from riskterm.rules.modern_combat import NU, UNITS, loss_order, mix_text, mix_words, parse_mix
from riskterm.rules.modern_text import RULES_TEXT, describe_event

DEAL = {3: 14, 4: 10, 5: 8}
START_CREDITS = {3: 42, 4: 35, 5: 32}
CREDITS_PER_TERRITORY = 2
GOAL = 28
ROUND_CAP = 200
MAX_BUY_LISTED = 30


def order_roll(rng: Rng, seats: list[int]) -> tuple[list[int], list[dict[str, int]]]:
    """Everyone rolls a die; the order of play is highest first; tied players roll again among themselves
    to settle their places. Returns (order, the rolls of every throw)."""
    throws: list[dict[str, int]] = []

    def settle(group: list[int]) -> list[int]:
        if len(group) <= 1:
            return group
        rolls = {p: rng.die() for p in group}
        throws.append({str(p): v for p, v in rolls.items()})
        out: list[int] = []
        for v in sorted(set(rolls.values()), reverse=True):
            out += settle([p for p in group if rolls[p] == v])
        return out

    return settle(list(seats)), throws


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


class ModernRules(BattleMixin):
    name = "modern"
    title = "Modern units Risk"
    board_id = "classic"
    min_players = 3
    max_players = 5
    turn_cap = ROUND_CAP  # rounds
    rules_text = RULES_TEXT
    units = UNITS
    action_specs = (
        ActionSpec("buy", "b", "Buy", ("choice", "int"), "buy units with your credits: unit, how many"),
        ActionSpec("done", "d", "Done buying", (), "finish buying (credits left over are kept)"),
        ActionSpec("place", "enter", "Place", ("territory", "choice", "int"),
                   "place purchased units on a territory you hold: territory, unit, how many"),
        ActionSpec("move", "m", "Move", ("territory", "territory", "choice"),
                   "move units one border (from, to, units like 2H1T or all); sea-lines: Hovercraft and "
                   "Helicopters only"),
        ActionSpec("attack", "a", "Attack", ("territory", "territory", "choice"),
                   "attack: target, then source and units (repeat source and units to attack from several)"),
        ActionSpec("lose", "l", "Choose losses", ("choice",),
                   "the units you give up (no argument: the default, cheapest first)"),
        ActionSpec("continue", "c", "Continue", (), "fight another round of combat"),
        ActionSpec("retreat", "r", "Retreat", (), "the attacking units go back where they came from"),
        ActionSpec("occupy", "o", "Move in", ("choice",),
                   "move units into the conquered territory: source and units, 'all', or nothing for the "
                   "default (all but one unit in a territory the attack would leave empty)"),
        ActionSpec("end", "e", "End turn", (), "end your turn"),
    )

    # ------------------------------------------------------------------ setup
    def _new_game(self, players: list[PlayerSetup], seed: int, options: dict[str, Any]) -> Transition:
        n = len(players)
        nt = len(self.board.territories)
        house = {**options, **(options.get("house") or {})}
        rng = Rng(seed_state(seed))
        terrs = list(range(nt))
        rng.shuffle(terrs)
        owner, units = [-1] * nt, [[0] * NU for _ in range(nt)]
        for k, t in enumerate(terrs[:DEAL[n] * n]):
            owner[t] = k % n
            units[t][0] = 1  # one Humber (the first unit in the file) on each dealt territory
        s: State = {
            "variant": self.name, "board": self.board.id, "seed": seed, "rng": 0,
            "players": [{"name": p.name, "colour": p.colour, "ai": p.ai, "out": False} for p in players],
            "owner": owner, "armies": [sum(u) for u in units], "units": units,
            "credits": [START_CREDITS[n]] * n, "income": [START_CREDITS[n]] * n, "bought": [[0] * NU for _ in range(n)],
            "spent": [[0] * NU for _ in range(nt)],
            "round": 1, "order": list(range(n)), "pos": 0, "first": 0,
            "phase": "buy", "actor": 0, "current": 0, "turn": 0, "battle": None,
            "winner": None, "draw": False,
            "options": {"defender_chooses": bool(house.get("defender_chooses", True)),
                        "turn_cap": int(options.get("turn_cap", self.turn_cap)),
                        "goal": int(options.get("goal", GOAL))},
        }
        s["rng"] = rng.state
        events: list[Event] = [{"type": "dealt", "turn": 0, "player": 0, "each": DEAL[n],
                                "credits": START_CREDITS[n]}]
        return Transition(s, events)

    # ------------------------------------------------------------------ queries
    def alive(self, s: State) -> list[int]:
        return [i for i, p in enumerate(s["players"]) if not p["out"]]

    def territories_of(self, s: State, p: int) -> list[int]:
        return [t for t, o in enumerate(s["owner"]) if o == p]

    def regions_held(self, s: State, p: int) -> list[int]:
        owner = s["owner"]
        return [r for r, members in enumerate(self.board.region_members) if all(owner[t] == p for t in members)]

    def income_of(self, s: State, p: int) -> int:
        """2 credits per territory held plus each whole continent's bonus, as credits."""
        return (CREDITS_PER_TERRITORY * s["owner"].count(p)
                + sum(self.board.regions[r].bonus for r in self.regions_held(s, p)))

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

    def _keep_one(self, s: State, f: int, mix: list[int]) -> str:
        """The units, less the cheapest one when sending them all would leave f empty."""
        m = list(mix)
        if sum(m) == s["armies"][f] and sum(m) > 1:
            k = next(k for k in loss_order(True, self.units) if m[k])
            m[k] -= 1
        return mix_text(m, self.units)

    # ------------------------------------------------------------------ apply
    def _apply(self, s: State, a: Action) -> Transition:
        s = draft(s, "owner", "armies")
        events: list[Event] = []
        getattr(self, f"_do_{a.kind}")(s, a, events)
        return Transition(s, events)

    def _ev(self, s: State, type_: str, **kw: Any) -> Event:
        return {"type": type_, "turn": s["turn"], "player": s["current"], **kw}

    def add_units(self, s: State, t: int, mix: list[int], spent: bool = False) -> None:
        """Add (or with negative counts remove) units in t; keeps armies, owner (-1 when emptied) in step."""
        row = touch_item(s, "units", t)
        for k, n in enumerate(mix):
            row[k] += n
        s["armies"][t] = sum(row)
        if spent:
            sp = touch_item(s, "spent", t)
            for k, n in enumerate(mix):
                sp[k] += n
        sp_row = s["spent"][t]
        if any(b > a for a, b in zip(row, sp_row, strict=True)):
            sp = touch_item(s, "spent", t)
            for k in range(NU):
                sp[k] = min(sp[k], row[k])
        if s["armies"][t] == 0:
            s["owner"][t] = -1

    def _do_buy(self, s: State, a: Action, ev: list[Event]) -> None:
        p, k = s["current"], self.unit_index(a.args[0])
        n = a.args[1] if len(a.args) == 2 else 1
        assert k is not None and isinstance(n, int)
        touch(s, "credits")[p] -= self.units[k].cost * n
        touch_item(s, "bought", p)[k] += n
        ev.append(self._ev(s, "buy", unit=self.units[k].id, count=n, cost=self.units[k].cost * n))

    def _do_done(self, s: State, a: Action, ev: list[Event]) -> None:
        ev.append(self._ev(s, "done_buying", bought=mix_text(s["bought"][s["current"]], self.units),
                           credits=s["credits"][s["current"]]))
        order = s["order"]
        i = order.index(s["current"]) + 1
        while i < len(order) and s["players"][order[i]]["out"]:
            i += 1
        if i < len(order):
            s["current"] = s["actor"] = order[i]
            return
        rng = Rng(s["rng"])
        if s["round"] == 1:
            first, rolls = roll_off(rng, self.alive(s))
            s["rng"] = rng.state
            n = len(s["players"])
            s["first"] = first
            s["order"] = [(first + k) % n for k in range(n)]
            s["current"] = s["actor"] = first
            ev.append({"type": "first_player", "turn": 0, "player": first, "rolls": rolls})
            s["phase"] = "setup"
            if not any(s["bought"][first]):
                self._next_placer(s, ev)
            return
        order, throws = order_roll(rng, self.alive(s))
        s["rng"] = rng.state
        s["order"] = order
        ev.append({"type": "roll", "what": "order", "turn": s["turn"], "player": order[0], "rolls": throws,
                   "order": order})
        self._start_turns(s, ev)

    def _do_place(self, s: State, a: Action, ev: list[Event]) -> None:
        p, t, k = s["current"], self.board.index[a.args[0]], self.unit_index(a.args[1])  # type: ignore[index]
        n = a.args[2] if len(a.args) == 3 else 1
        assert k is not None and isinstance(n, int)
        mix = [0] * NU
        mix[k] = n
        self.add_units(s, t, mix)
        touch_item(s, "bought", p)[k] -= n
        ev.append(self._ev(s, "place", territory=a.args[0], unit=self.units[k].id, count=n))
        if s["phase"] == "setup":
            self._next_placer(s, ev)
        elif not any(s["bought"][p]):
            s["phase"] = "attack"

    def _next_placer(self, s: State, ev: list[Event]) -> None:
        """Setup placing: one unit each, in turn from the left of the first placer, skipping the finished."""
        n = len(s["players"])
        for k in range(1, n + 1):
            q = (s["current"] + k) % n
            if any(s["bought"][q]):
                s["current"] = s["actor"] = q
                return
        self._start_turns(s, ev)

    def _start_turns(self, s: State, ev: list[Event]) -> None:
        s["pos"] = -1
        self._next_turn(s, ev)

    def _next_turn(self, s: State, ev: list[Event]) -> None:
        order = s["order"]
        s["pos"] += 1
        while s["pos"] < len(order) and s["players"][order[s["pos"]]]["out"]:
            s["pos"] += 1
        if s["pos"] >= len(order):
            self._end_round(s, ev)
            return
        p = order[s["pos"]]
        s["current"] = s["actor"] = p
        s["turn"] += 1
        s["spent"] = [[0] * NU for _ in s["owner"]]
        s["phase"] = "place" if any(s["bought"][p]) else "attack"
        ev.append(self._ev(s, "turn", round=s["round"], waiting=mix_text(s["bought"][p], self.units)))

    def _do_move(self, s: State, a: Action, ev: list[Event]) -> None:
        f, t = self.board.index[a.args[0]], self.board.index[a.args[1]]  # type: ignore[index]
        mix = self.mix_arg(s, f, t, a.args[2])
        assert mix is not None
        p, was = s["current"], s["owner"][t]
        self.add_units(s, f, [-n for n in mix])
        self.add_units(s, t, mix, spent=True)
        s["owner"][t] = p
        ev.append(self._ev(s, "move", frm=a.args[0], to=a.args[1], units=mix_text(mix, self.units),
                           claimed=was == -1))
        if s["owner"][f] == -1:
            ev.append(self._ev(s, "abandon", territory=a.args[0]))

    def _do_end(self, s: State, a: Action, ev: list[Event]) -> None:
        ev.append(self._ev(s, "end_turn"))
        self._next_turn(s, ev)

    def _end_round(self, s: State, ev: list[Event]) -> None:
        goal = s["options"]["goal"]
        best = max(self.alive(s), key=lambda p: s["owner"].count(p))
        if s["owner"].count(best) >= goal:
            self._win(s, best, ev, "goal")
            return
        if s["round"] >= s["options"]["turn_cap"]:
            s["draw"] = True
            s["phase"] = "over"
            ev.append(self._ev(s, "draw_game", cap=s["options"]["turn_cap"]))
            return
        s["round"] += 1
        alive = self.alive(s)
        income = [self.income_of(s, p) if p in alive else 0 for p in range(len(s["players"]))]
        s["income"] = income
        s["credits"] = [c + i for c, i in zip(s["credits"], income, strict=True)]
        s["order"] = [p for p in s["order"] if p in alive]
        s["phase"] = "buy"
        s["current"] = s["actor"] = s["order"][0]
        ev.append({"type": "round", "turn": s["turn"], "player": s["current"], "round": s["round"],
                   "income": income})

    def _win(self, s: State, p: int, ev: list[Event], why: str) -> None:
        s["winner"] = p
        s["phase"] = "over"
        s["battle"] = None
        ev.append({"type": "win", "turn": s["turn"], "player": p, "why": why, "territories": s["owner"].count(p)})

    def check_out(self, s: State, ev: list[Event]) -> None:
        """Players holding no territory are out (their waiting purchases are lost); the last one left wins."""
        for q in self.alive(s):
            if q not in s["owner"]:
                touch_item(s, "players", q)["out"] = True
                touch(s, "bought")[q] = [0] * NU
                ev.append(self._ev(s, "eliminate", defender=q))
        alive = self.alive(s)
        if len(alive) == 1 and s["winner"] is None:
            self._win(s, alive[0], ev, "last")

    # ------------------------------------------------------------------ views and panels
    def view(self, s: State, seat: int | None) -> State:
        """Nothing is secret in this rulebook (purchases are made openly); only the random stream is hidden."""
        v = dict(s)
        v["rng"] = 0
        return v

    def scores(self, s: State) -> list[int]:
        return [s["owner"].count(i) for i in range(len(s["players"]))]

    def label_of(self, s: State, t: int) -> str:
        """The number of units, with '~' when some of them may cross sea-lines; '0' on an empty territory."""
        n = s["armies"][t]
        if not n:
            return "0"
        sea = any(s["units"][t][k] for k, u in enumerate(self.units) if u.sea)
        return (str(n) + ("~" if sea else ""))[:3]

    def unit_lines(self, s: State, t: int) -> list[str]:
        """The territory panel: each unit type present with its count and values."""
        return [f"{n:3} {u.name:16} A{u.attack} D{u.defence}{' sea' if u.sea else ''}"
                for n, u in zip(s["units"][t], self.units, strict=True) if n]

    def player_stats(self, s: State) -> list[dict[str, Any]]:
        out = []
        order = s["order"]
        for i, pl in enumerate(s["players"]):
            terrs = self.territories_of(s, i)
            mix = [sum(s["units"][t][k] for t in terrs) for k in range(NU)]
            out.append({
                "name": pl["name"], "out": pl["out"], "territories": len(terrs), "armies": sum(mix),
                "units": mix_text(mix, self.units), "credits": s["credits"][i],
                "waiting": mix_text(s["bought"][i], self.units),
                "income": 0 if pl["out"] else self.income_of(s, i),
                "regions": [self.board.regions[r].name for r in self.regions_held(s, i)],
                "order": order.index(i) + 1 if i in order else None,
            })
        return out

    def private_lines(self, s: State, seat: int) -> list[str]:
        return [f"Credits: {s['credits'][seat]}", f"Waiting to be placed: {mix_words(s['bought'][seat])}",
                "Order this round: " + ", ".join(s["players"][p]["name"] for p in s["order"])]

    def prompt(self, s: State) -> str:
        if s.get("winner") is not None:
            return f"{s['players'][s['winner']]['name']} wins."
        if s.get("draw"):
            return "The game ended in a draw at the round limit."
        p = s["current"]
        name = s["players"][p]["name"]
        ph = s["phase"]
        if ph == "buy":
            return f"{name}: buy units with your {s['credits'][p]} credits, then 'done'."
        if ph == "setup":
            return f"{name}: place one of your new units ({mix_words(s['bought'][p])} left) on a territory you hold."
        if ph == "place":
            return f"{name}: place your new units ({mix_words(s['bought'][p])}) on territories you hold."
        if ph == "attack":
            return f"{name}: attack or move (each unit crosses one border per turn), or end your turn."
        return self.battle_prompt(s)

    def describe(self, e: Event, names: list[str], seat: int | None = None) -> str:
        return describe_event(self, e, names, seat)


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
