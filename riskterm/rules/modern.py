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

from typing import Any

from riskterm.engine.actions import Action
from riskterm.engine.rng import Rng, roll_off, seed_state
from riskterm.engine.state import State, draft, touch, touch_item
from riskterm.rules.base import ActionSpec, Event, PlayerSetup, Transition
from riskterm.rules.modern_combat import NU, UNITS, mix_text, mix_words, parse_mix
from riskterm.rules.modern_legal import LegalMixin
from riskterm.rules.modern_text import RULES_TEXT, describe_event

DEAL = {3: 14, 4: 10, 5: 8}
START_CREDITS = {3: 42, 4: 35, 5: 32}
CREDITS_PER_TERRITORY = 2
GOAL = 28
ROUND_CAP = 200


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


class ModernRules(LegalMixin):
    name = "modern"
    title = "Modern units Risk"
    board_id = "classic"
    min_players = 3
    max_players = 5
    turn_cap = ROUND_CAP  # rounds
    house_options = (("defender_chooses", "Defender chooses losses", (True, False), True),)
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
                   "attack: target, then source and units (repeat source and units to attack from several)",
                   joiner=" ← "),
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
                        "turn_cap": int(options.get("turn_cap") or self.turn_cap),
                        "goal": int(options.get("goal") or GOAL)},
        }
        s["rng"] = rng.state
        events: list[Event] = [{"type": "dealt", "turn": 0, "player": 0, "each": DEAL[n],
                                "credits": START_CREDITS[n]}]
        return Transition(s, events)

    # ------------------------------------------------------------------ queries
    def income_of(self, s: State, p: int) -> int:
        """2 credits per territory held plus each whole continent's bonus, as credits."""
        return (CREDITS_PER_TERRITORY * s["owner"].count(p)
                + sum(self.board.regions[r].bonus for r in self.regions_held(s, p)))

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
            roller, rolls = roll_off(rng, self.alive(s))
            s["rng"] = rng.state
            n = len(s["players"])
            # whoever places the first new unit takes the first turn: the highest roller, or when they
            # bought nothing the next player to their left who did
            first = next((q for q in ((roller + k) % n for k in range(n)) if any(s["bought"][q])), roller)
            s["first"] = first
            s["order"] = [(first + k) % n for k in range(n)]
            s["current"] = s["actor"] = first
            ev.append({"type": "first_player", "turn": 0, "player": roller, "first": first, "rolls": rolls})
            if any(s["bought"][first]):
                s["phase"] = "setup"
            else:
                self._start_turns(s, ev)
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

    def territory_lines(self, s: State, t: int) -> list[str]:
        """The territory panel: who holds it, then each unit type present with its count and values, and how
        many of them have already crossed a border this turn."""
        o = s["owner"][t]
        who = s["players"][o]["name"] if o >= 0 else "nobody (empty)"
        lines = [f"{self.tname(t)}: {who}"]
        spent = s["spent"][t] if o == s["current"] else [0] * NU
        for n, u, used in zip(s["units"][t], self.units, spent, strict=True):
            if n:
                moved = f", {used} moved" if used else ""
                lines.append(f"{n:3} {u.name:16} A{u.attack} D{u.defence}{' sea' if u.sea else ''}{moved}")
        return lines

    def arg_label(self, s: State, value: Any) -> str:
        """How the app names an action argument: territories by name, units by name, '2H1T' in words."""
        if isinstance(value, str):
            if value in self.board.index:
                return self.board.tname(value)
            if value == "all":
                return "all that may go"
            k = self.unit_index(value)
            if k is not None:
                return self.units[k].name
            mix = parse_mix(value, self.units)
            if mix is not None:
                return mix_words(mix, self.units)
        return str(value)

    def table_lines(self, s: State) -> list[str]:
        """The round, the order of play, and the battle under way."""
        names = self.names(s)
        lines = [f"Round {s['round']}: " + " → ".join(
            ("▶" if i == s["pos"] and s["phase"] not in ("buy", "setup") else "") + names[p]
            for i, p in enumerate(s["order"]) if not s["players"][p]["out"])]
        b = s.get("battle")
        if b:
            att = "; ".join(f"{mix_words(m, self.units)} from {self.tname(f)}" for f, m in b["sources"] if any(m))
            lines.append(f"Battle for {self.tname(b['target'])} (round {b['round']}): {att or 'nothing'} against "
                         f"{mix_words(s['units'][b['target']], self.units)}")
        return lines

    def shop(self, s: State) -> dict[str, Any] | None:
        """The purchase screen in the buy phase: the credits left and the unit table."""
        if s["phase"] != "buy" or self.is_over(s):
            return None
        return {"kind": "buy", "money": s["credits"][s["current"]],
                "note": "Bought so far: " + mix_words(s["bought"][s["current"]], self.units),
                "items": [(u.id, u.name, u.cost, f"attack {u.attack}, defence {u.defence}"
                           + (", crosses sea-lines" if u.sea else "")) for u in self.units]}

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
