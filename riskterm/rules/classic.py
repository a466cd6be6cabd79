"""World Domination Risk (../shared/rules/classic-risk.txt, with classic-risk-notes.txt).

Phases: claim -> setup -> (reinforce -> attack [-> occupy] -> fortify) per turn. The state is a JSON-plain
dict; see `_new_game` for its keys."""

from __future__ import annotations

from typing import Any

from riskterm.engine.actions import Action, act
from riskterm.engine.cards import WILD, is_set, possible_sets, set_value
from riskterm.engine.rng import Rng, battle_dice, roll_off, seed_state
from riskterm.engine.state import State, draft, touch, touch_item
from riskterm.rules.base import ActionSpec, Event, PlayerSetup, Rules, Transition
from riskterm.rules.classic_text import RULES_TEXT, describe_event

START_ARMIES = {3: 35, 4: 30, 5: 25, 6: 20}
TWO_PLAYER_ARMIES = 40
NEUTRAL_NAME = "Neutral"


class ClassicRules(Rules):
    name = "classic"
    title = "World Domination Risk"
    board_id = "classic"
    min_players = 2
    max_players = 6
    turn_cap = 1500
    rules_text = RULES_TEXT
    action_specs = (
        ActionSpec("claim", "enter", "Claim", ("territory",), "claim an unoccupied territory with one army"),
        ActionSpec("place", "enter", "Place", ("territory", "int"), "place armies on a territory you hold"),
        ActionSpec("trade", "c", "Trade cards", ("card", "card", "card"), "trade a set of three cards for armies"),
        ActionSpec("attack", "a", "Attack", ("territory", "territory", "int"), "roll once: from, to, dice"),
        ActionSpec("blitz", "b", "Blitz", ("territory", "territory", "int"),
                   "keep rolling with the most dice until the territory falls or you are down to N armies"),
        ActionSpec("move", "enter", "Move in", ("int",), "move armies into the territory you conquered"),
        ActionSpec("stop", "s", "Stop attacking", (), "end the attack phase and go on to fortify"),
        ActionSpec("fortify", "f", "Fortify", ("territory", "territory", "int"), "one move between your territories"),
        ActionSpec("end", "e", "End turn", (), "end your turn"),
    )

    def __init__(self, board=None):
        super().__init__(board)
        self.card_kind: dict[str, str] = {t.id: str(t.get("card", "infantry")) for t in self.board.territories}
        self.card_kind.update({"wild1": WILD, "wild2": WILD})
        self._ids: tuple[str, ...] = tuple(t.id for t in self.board.territories)
        # bound handlers of the actions the phases allow (the hot path looks them up without getattr)
        kinds = {k for ks in _PHASE_ACTIONS.values() for k in ks}
        self._why_of = {k: getattr(self, f"_why_{k}") for k in kinds}
        self._do_of = {k: getattr(self, f"_do_{k}") for k in kinds}
        self._passed: tuple[Any, ...] | None = None  # see apply()

    # ------------------------------------------------------------------ setup
    def _new_game(self, players: list[PlayerSetup], seed: int, options: dict[str, Any]) -> Transition:
        n = len(players)
        rng = Rng(seed_state(seed))
        two = n == 2
        seats = [{"name": p.name, "colour": p.colour, "ai": p.ai, "neutral": False, "out": False} for p in players]
        if two:
            seats.append({"name": NEUTRAL_NAME, "colour": "grey", "ai": None, "neutral": True, "out": False})
        nt = len(self.board.territories)
        deck = [t.id for t in self.board.territories] + ["wild1", "wild2"]
        rng.shuffle(deck)
        first, rolls = roll_off(rng, list(range(n)))
        fortify_rule = options.get("fortify", "adjacent")
        if fortify_rule not in ("adjacent", "connected"):
            fortify_rule = "adjacent"
        armies_each = TWO_PLAYER_ARMIES if two else START_ARMIES[n]
        s: State = {
            "variant": self.name, "board": self.board.id, "seed": seed, "rng": 0,
            "players": seats, "owner": [-1] * nt, "armies": [0] * nt,
            "hands": [[] for _ in seats], "deck": deck, "discard": [], "sets_traded": 0,
            "phase": "claim", "actor": first, "current": first, "first": first, "turn": 0,
            "to_place": [armies_each] * len(seats), "reserve": 0, "conquered": False, "bonus_used": False,
            "pending": None, "resume": None, "winner": None, "draw": False,
            "options": {"quick_start": bool(options.get("quick_start")), "fortify": fortify_rule,
                        "turn_cap": int(options.get("turn_cap", self.turn_cap))},
        }
        events: list[Event] = [{"type": "first_player", "player": first, "rolls": rolls, "turn": 0}]
        if two or s["options"]["quick_start"]:
            self._deal(s, rng, first, events)
            s["phase"] = "setup"
            if s["options"]["quick_start"]:
                for p in range(n):
                    self._spread(s, rng, p)
        s["rng"] = rng.state
        if s["phase"] == "setup" and not any(s["to_place"][p] for p in range(n)):
            self._begin_turn(s, first, events)
        return Transition(s, events)

    def _deal(self, s: State, rng: Rng, first: int, events: list[Event]) -> None:
        """Deal every territory in turn order (the neutral last), one army on each."""
        people = [p for p in range(len(s["players"])) if not s["players"][p]["neutral"]]
        k = people.index(first)
        order = people[k:] + people[:k] + [p for p in range(len(s["players"])) if s["players"][p]["neutral"]]
        terrs = list(range(len(self.board.territories)))
        rng.shuffle(terrs)
        for k, t in enumerate(terrs):
            p = order[k % len(order)]
            s["owner"][t] = p
            s["armies"][t] = 1
            s["to_place"][p] -= 1
        events.append({"type": "dealt", "turn": 0})
        for p, pl in enumerate(s["players"]):
            if pl["neutral"]:
                self._spread(s, rng, p)

    def _spread(self, s: State, rng: Rng, p: int) -> None:
        own = [t for t, o in enumerate(s["owner"]) if o == p]
        for _ in range(s["to_place"][p]):
            s["armies"][rng.choice(own)] += 1
        s["to_place"][p] = 0

    # ------------------------------------------------------------------ queries
    def seats_in_play(self, s: State) -> list[int]:
        return [i for i, p in enumerate(s["players"]) if not p["neutral"] and not p["out"]]

    def next_seat(self, s: State, seat: int) -> int:
        n = len(s["players"])
        for k in range(1, n + 1):
            q = (seat + k) % n
            p = s["players"][q]
            if not p["neutral"] and not p["out"]:
                return q
        return seat

    def territories_of(self, s: State, p: int) -> list[int]:
        return [t for t, o in enumerate(s["owner"]) if o == p]

    def regions_held(self, s: State, p: int) -> list[int]:
        owner = s["owner"]
        return [r for r, members in enumerate(self.board.region_members) if all(owner[t] == p for t in members)]

    def base_reinforcements(self, s: State, p: int) -> int:
        """Territories / 3 (at least 3) plus the bonus of every continent held."""
        n = s["owner"].count(p)
        bonus = sum(self.board.regions[r].bonus for r in self.regions_held(s, p))
        return max(3, n // 3) + bonus

    def sets_in_hand(self, s: State, p: int) -> list[tuple[str, str, str]]:
        return possible_sets(s["hands"][p], self.card_kind)

    def trade_value(self, s: State) -> int:
        return set_value(s["sets_traded"])

    def can_fortify(self, s: State, p: int, a: int, b: int) -> bool:
        if b in self.board.adj[a]:
            return True
        if s["options"]["fortify"] != "connected":
            return False
        owner, adj = s["owner"], self.board.adj
        seen, stack = {a}, [a]
        while stack:
            x = stack.pop()
            for y in adj[x]:
                if y not in seen and owner[y] == p:
                    if y == b:
                        return True
                    seen.add(y)
                    stack.append(y)
        return False

    # ------------------------------------------------------------------ legality
    def why_illegal(self, s: State, a: Action) -> str | None:
        handler = self._why_of.get(a.kind) or getattr(self, f"_why_{a.kind}", None)
        if handler is None:
            return f"'{a.kind}' is not an action of this game."
        if a.kind not in _PHASE_ACTIONS.get(s["phase"], ()):
            return f"You cannot {a.kind} now: {self.prompt(s)}"
        try:
            why = handler(s, a)
        except (TypeError, ValueError, IndexError):
            return f"'{a}' is not written right; see the help screen for the notation."
        if why is None:  # remember what the answer depended on, for apply()
            try:
                p = s["current"]
                self._passed = (a, s["owner"], s["armies"], s["hands"][p], s["pending"], s["options"], s["phase"],
                                p, s["reserve"], s["resume"])
            except (KeyError, IndexError, TypeError):  # a state made by hand without them: no shortcut
                self._passed = None
        return why

    def apply(self, s: State, a: Action | str) -> Transition:
        """Rules.apply, without checking `a` a second time when why_illegal has just passed this very action
        on this state or on a view of it (a computer player checks its choice on its view, which shares the
        state's board lists, pending move, options and the player's own hand: every value legality reads).
        States are never changed in place, so the same lists hold the same values."""
        m = self._passed
        if (m is not None and m[0] is a and m[1] is s["owner"] and m[2] is s["armies"] and m[7] == s["current"]
                and m[3] is s["hands"][m[7]] and m[4] is s["pending"] and m[5] is s["options"]
                and m[6] == s["phase"] and m[8] == s["reserve"] and m[9] == s["resume"]
                and s.get("winner") is None and not s.get("draw")):
            return self._apply(s, a)  # type: ignore[arg-type]
        return super().apply(s, a)

    def _own(self, s: State, tid: Any, what: str = "territory") -> tuple[int | None, str | None]:
        t = self.t(tid)
        if t is None:
            return None, f"There is no territory called '{tid}'."
        if s["owner"][t] != s["current"]:
            return None, f"You do not hold {self.tname(t)}."
        return t, None

    def _why_claim(self, s: State, a: Action) -> str | None:
        if len(a.args) != 1:
            return "Claim one territory: 'claim alaska'."
        t = self.t(a.args[0])
        if t is None:
            return f"There is no territory called '{a.args[0]}'."
        if s["owner"][t] != -1:
            return f"{self.tname(t)} is already claimed; choose an unoccupied territory."
        return None

    def _why_place(self, s: State, a: Action) -> str | None:
        if not 1 <= len(a.args) <= 2:
            return "Place armies like this: 'place alaska 3'."
        n = a.args[1] if len(a.args) == 2 else 1
        if not isinstance(n, int) or n < 1:
            return "Place at least one army."
        t, why = self._own(s, a.args[0])
        if why:
            return why
        if s["phase"] == "setup":
            if n != 1:
                return "During setup armies are placed one at a time."
            return None
        p = s["current"]
        if len(s["hands"][p]) >= 5:
            return f"You hold {len(s['hands'][p])} cards: trade in a set before placing armies."
        if n > s["reserve"]:
            return f"You have only {s['reserve']} armies left to place."
        return None

    def _why_trade(self, s: State, a: Action) -> str | None:
        p = s["current"]
        hand = s["hands"][p]
        if len(a.args) != 3 or len(set(a.args)) != 3:
            return "Trade three different cards: 'trade alaska peru wild1'."
        for c in a.args:
            if c not in hand:
                return f"You do not hold the card '{c}'."
        if s["resume"] and len(hand) < 5:
            return "You have traded down to 4 cards or fewer; you must stop trading now."
        if not is_set([self.card_kind[c] for c in a.args]):  # type: ignore[index]
            return "Those three cards are not a set: three alike, one of each, or any two with a wild."
        return None

    def _why_attack(self, s: State, a: Action) -> str | None:
        if len(a.args) != 3 or not isinstance(a.args[2], int):
            return "Attack like this: 'attack alaska kamchatka 3' (from, to, dice)."
        why = self._why_battle(s, a.args[0], a.args[1])
        if why:
            return why
        d = a.args[2]
        f = self.board.index[a.args[0]]  # type: ignore[index]
        if not 1 <= d <= 3:
            return "The attacker rolls 1, 2 or 3 dice."
        if s["armies"][f] < d + 1:
            return f"To roll {d} dice you need at least {d + 1} armies in {self.tname(f)}."
        return None

    def _why_blitz(self, s: State, a: Action) -> str | None:
        if len(a.args) not in (2, 3) or (len(a.args) == 3 and not isinstance(a.args[2], int)):
            return "Blitz like this: 'blitz alaska kamchatka 1' (from, to, stop when down to N armies)."
        why = self._why_battle(s, a.args[0], a.args[1])
        if why:
            return why
        stop = a.args[2] if len(a.args) == 3 else 1
        f = self.board.index[a.args[0]]  # type: ignore[index]
        if not isinstance(stop, int) or stop < 1:
            return "The stop number must be 1 or more: one army always stays behind."
        if s["armies"][f] <= stop:
            return f"{self.tname(f)} already has {stop} armies or fewer."
        return None

    def _why_battle(self, s: State, fid: Any, tid: Any) -> str | None:
        f, why = self._own(s, fid)
        if why:
            return why
        t = self.t(tid)
        if t is None:
            return f"There is no territory called '{tid}'."
        if s["owner"][t] == s["current"]:
            return f"You cannot attack your own territory {self.tname(t)}."
        if t not in self.board.adj[f]:  # type: ignore[index]
            return f"{self.tname(t)} is not next to {self.tname(f)} (no border or sea-line)."
        if s["armies"][f] < 2:  # type: ignore[index]
            return f"You need at least 2 armies in {self.tname(f)} to attack from it."  # type: ignore[arg-type]
        return None

    def _why_move(self, s: State, a: Action) -> str | None:
        pend = s["pending"]
        if len(a.args) != 1 or not isinstance(a.args[0], int):
            return "Say how many armies move in: 'move 3'."
        n, hi = a.args[0], s["armies"][pend["from"]] - 1
        if n < pend["min"]:
            return f"Move in at least {pend['min']} armies, as many as the dice you rolled."
        if n > hi:
            return f"You can move at most {hi} armies: one must stay in {self.tname(pend['from'])}."
        return None

    def _why_stop(self, s: State, a: Action) -> str | None:
        return None if not a.args else "'stop' takes no arguments."

    def _why_end(self, s: State, a: Action) -> str | None:
        return None if not a.args else "'end' takes no arguments."

    def _why_fortify(self, s: State, a: Action) -> str | None:
        if len(a.args) != 3 or not isinstance(a.args[2], int):
            return "Fortify like this: 'fortify ontario quebec 4' (from, to, armies)."
        f, why = self._own(s, a.args[0])
        if why:
            return why
        t, why = self._own(s, a.args[1])
        if why:
            return why
        if f == t:
            return "Choose two different territories."
        n = a.args[2]
        if n < 1:
            return "Move at least one army."
        if n > s["armies"][f] - 1:
            return f"You can move at most {s['armies'][f] - 1} armies: one must stay in {self.tname(f)}."
        if not self.can_fortify(s, s["current"], f, t):  # type: ignore[arg-type]
            how = "connected through your territories to" if s["options"]["fortify"] == "connected" else "next to"
            return f"{self.tname(t)} is not {how} {self.tname(f)}."  # type: ignore[arg-type]
        return None

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, s: State) -> list[Action]:
        if self.is_over(s):
            return []
        phase, p = s["phase"], s["current"]
        owner, armies, adj = s["owner"], s["armies"], self.board.adj_sorted
        if phase == "claim":
            return [act("claim", self.board.tid(t)) for t, o in enumerate(owner) if o == -1]
        if phase == "setup":
            return [act("place", self.board.tid(t), 1) for t, o in enumerate(owner) if o == p]
        if phase == "reinforce":
            out = [act("trade", *c) for c in self.sets_in_hand(s, p)
                   if self.why_illegal(s, act("trade", *c)) is None]
            if len(s["hands"][p]) < 5:
                out += [act("place", self.board.tid(t), n) for t, o in enumerate(owner) if o == p
                        for n in range(1, s["reserve"] + 1)]
            return out
        if phase == "attack":
            out = []
            for f, o in enumerate(owner):
                if o != p or armies[f] < 2:
                    continue
                fid = self.board.tid(f)
                for t in adj[f]:
                    if owner[t] != p:
                        tid = self.board.tid(t)
                        out += [act("attack", fid, tid, d) for d in range(1, min(3, armies[f] - 1) + 1)]
                        out.append(act("blitz", fid, tid, 1))
            return out + [act("stop"), act("end")]
        if phase == "occupy":
            pend = s["pending"]
            return [act("move", n) for n in range(pend["min"], armies[pend["from"]])]
        if phase == "fortify":
            out = []
            for f, o in enumerate(owner):
                if o != p or armies[f] < 2:
                    continue
                for t, o2 in enumerate(owner):
                    if o2 == p and t != f and self.can_fortify(s, p, f, t):
                        out += [act("fortify", self.board.tid(f), self.board.tid(t), n) for n in range(1, armies[f])]
            return out + [act("end")]
        return []

    # ------------------------------------------------------------------ apply
    def _apply(self, s: State, a: Action) -> Transition:
        s = draft(s, *_DRAFTED.get(a.kind, ("owner", "armies")))
        events: list[Event] = []
        (self._do_of.get(a.kind) or getattr(self, f"_do_{a.kind}"))(s, a, events)
        return Transition(s, events)

    def _ev(self, s: State, type_: str, **kw: Any) -> Event:
        return {"type": type_, "turn": s["turn"], "player": s["current"], **kw}

    def _do_claim(self, s: State, a: Action, ev: list[Event]) -> None:
        t, p = self.board.index[a.args[0]], s["current"]  # type: ignore[index]
        s["owner"][t], s["armies"][t] = p, 1
        touch(s, "to_place")[p] -= 1
        ev.append(self._ev(s, "claim", territory=a.args[0]))
        if -1 in s["owner"]:
            self._pass_setup(s)
        else:
            s["phase"] = "setup"
            self._pass_setup(s, ev)

    def _pass_setup(self, s: State, ev: list[Event] | None = None) -> None:
        """Hand the setup on to the next player with armies left; start the game when none has any."""
        p = s["current"]
        n = len(s["players"])
        for k in range(1, n + 1):
            q = (p + k) % n
            if not s["players"][q]["neutral"] and s["to_place"][q] > 0:
                s["current"] = s["actor"] = q
                return
        self._begin_turn(s, s["first"], ev if ev is not None else [])

    def _do_place(self, s: State, a: Action, ev: list[Event]) -> None:
        t = self.board.index[a.args[0]]  # type: ignore[index]
        n = a.args[1] if len(a.args) == 2 else 1
        s["armies"][t] += n
        ev.append(self._ev(s, "place", territory=a.args[0], armies=n))
        if s["phase"] == "setup":
            touch(s, "to_place")[s["current"]] -= 1
            self._pass_setup(s, ev)
            return
        s["reserve"] -= n
        self._after_reinforce(s)

    def _after_reinforce(self, s: State) -> None:
        if s["reserve"] == 0 and len(s["hands"][s["current"]]) < 5:
            s["phase"] = "attack"
            s["resume"] = None

    def _do_trade(self, s: State, a: Action, ev: list[Event]) -> None:
        p = s["current"]
        hand = touch_item(s, "hands", p)
        for c in a.args:
            hand.remove(c)
        touch(s, "discard").extend(a.args)
        value = set_value(s["sets_traded"])
        s["sets_traded"] += 1
        s["reserve"] += value
        bonus_at = None
        if not s["bonus_used"]:
            for c in a.args:
                t = self.board.index.get(c)  # type: ignore[arg-type]
                if t is not None and s["owner"][t] == p:
                    s["armies"][t] += 2
                    s["bonus_used"] = True
                    bonus_at = c
                    break
        ev.append(self._ev(s, "trade", cards=list(a.args), armies=value, bonus=bonus_at))
        self._after_reinforce(s)

    def _do_attack(self, s: State, a: Action, ev: list[Event]) -> None:
        f, t = self.board.index[a.args[0]], self.board.index[a.args[1]]  # type: ignore[index]
        self._battle(s, f, t, a.args[2], ev)  # type: ignore[arg-type]

    def _do_blitz(self, s: State, a: Action, ev: list[Event]) -> None:
        index = self.board.index
        f, t = index[a.args[0]], index[a.args[1]]  # type: ignore[index]
        stop = max(1, a.args[2] if len(a.args) == 3 else 1)  # type: ignore[type-var]
        # owner and armies are the draft's own lists (apply copied them); a conquest keeps them the same lists
        owner, armies, p = s["owner"], s["armies"], s["current"]
        while s["phase"] == "attack" and owner[t] != p and armies[f] > stop:
            self._battle(s, f, t, min(3, armies[f] - 1), ev)
            if s["winner"] is not None or s["draw"]:  # self.is_over(s)
                return

    def _battle(self, s: State, f: int, t: int, d: int, ev: list[Event]) -> None:
        armies = s["armies"]
        q = s["owner"][t]
        s["rng"], att, dfn = battle_dice(s["rng"], d, 2 if armies[t] >= 2 else armies[t])
        # resolve(att, dfn), the dice being sorted high to low already
        al = dl = 0
        for x, y in zip(att, dfn, strict=False):
            if x > y:
                dl += 1
            else:
                al += 1
        armies[f] -= al
        armies[t] -= dl
        ids = self._ids
        ev.append({"type": "battle", "turn": s["turn"], "player": s["current"], "defender": q, "frm": ids[f],
                   "to": ids[t], "att": att, "dfn": dfn, "att_loss": al, "def_loss": dl})
        if armies[t] == 0:
            self._conquer(s, f, t, d, q, ev)

    def _conquer(self, s: State, f: int, t: int, d: int, q: int, ev: list[Event]) -> None:
        p = s["current"]
        owner = s["owner"]
        owner[t] = p
        s["conquered"] = True
        ids = self._ids
        ev.append({"type": "conquer", "turn": s["turn"], "player": p, "frm": ids[f], "to": ids[t], "defender": q})
        if q not in owner:
            players = touch_item(s, "players", q)
            players["out"] = True
            taken = list(s["hands"][q])
            hands = touch(s, "hands")
            hands[q] = []
            hands[p] = hands[p] + taken
            ev.append(self._ev(s, "eliminate", defender=q, cards=len(taken)))
            if len(s["hands"][p]) >= 6:
                s["resume"] = "attack"  # trade down to 4 or fewer right after moving in
        if owner.count(p) == len(owner):  # all(o == p for o in owner)
            s["armies"][t] = s["armies"][f] - 1
            s["armies"][f] = 1
            s["winner"] = p
            s["phase"] = "over"
            ev.append(self._ev(s, "win"))
            return
        s["pending"] = {"from": f, "to": t, "min": d}
        s["phase"] = "occupy"
        if s["armies"][f] - 1 == d:  # no choice to make: move in the dice rolled
            self._move_in(s, f, t, d, ev)

    def _do_move(self, s: State, a: Action, ev: list[Event]) -> None:
        pend = s["pending"]
        self._move_in(s, pend["from"], pend["to"], a.args[0], ev)  # type: ignore[arg-type]

    def _move_in(self, s: State, f: int, t: int, n: int, ev: list[Event]) -> None:
        armies = s["armies"]
        armies[f] -= n
        armies[t] += n
        ids = self._ids
        ev.append({"type": "move", "turn": s["turn"], "player": s["current"], "frm": ids[f], "to": ids[t],
                   "armies": n})
        s["pending"] = None
        if s["resume"]:
            s["phase"] = "reinforce"  # 6+ cards after an elimination: trade now, place, then attack on
        else:
            s["phase"] = "attack"

    def _do_stop(self, s: State, a: Action, ev: list[Event]) -> None:
        self._draw_card(s, ev)
        s["phase"] = "fortify"
        ev.append(self._ev(s, "phase", phase="fortify"))

    def _do_fortify(self, s: State, a: Action, ev: list[Event]) -> None:
        f, t = self.board.index[a.args[0]], self.board.index[a.args[1]]  # type: ignore[index]
        n = a.args[2]
        s["armies"][f] -= n  # type: ignore[operator]
        s["armies"][t] += n  # type: ignore[operator]
        ev.append(self._ev(s, "fortify", frm=a.args[0], to=a.args[1], armies=n))
        self._do_end(s, act("end"), ev)

    def _do_end(self, s: State, a: Action, ev: list[Event]) -> None:
        if s["phase"] == "attack":
            self._draw_card(s, ev)
        ev.append(self._ev(s, "end_turn"))
        self._begin_turn(s, self.next_seat(s, s["current"]), ev)

    def _draw_card(self, s: State, ev: list[Event]) -> None:
        if not s["conquered"] or s.get("card_drawn"):
            return
        s["card_drawn"] = True
        if not s["deck"] and s["discard"]:
            rng = Rng(s["rng"])
            deck = list(s["discard"])
            rng.shuffle(deck)
            s["rng"], s["deck"], s["discard"] = rng.state, deck, []
            ev.append(self._ev(s, "reshuffle", cards=len(deck)))
        if not s["deck"]:
            return
        deck = touch(s, "deck")
        card = deck.pop()
        touch_item(s, "hands", s["current"]).append(card)
        ev.append(self._ev(s, "card", card=card, private=s["current"]))

    def _begin_turn(self, s: State, p: int, ev: list[Event]) -> None:
        s["current"] = s["actor"] = p
        s["turn"] += 1
        s["conquered"] = s["bonus_used"] = s["card_drawn"] = False
        s["resume"] = None
        s["reserve"] = self.base_reinforcements(s, p)
        s["phase"] = "reinforce"
        if s["turn"] > s["options"]["turn_cap"]:
            s["draw"] = True
            s["phase"] = "over"
            ev.append(self._ev(s, "draw_game", cap=s["options"]["turn_cap"]))
            return
        ev.append(self._ev(s, "turn", reserve=s["reserve"]))

    # ------------------------------------------------------------------ views and panels
    def view(self, s: State, seat: int | None) -> State:
        v = dict(s)
        v["hands"] = [h if i == seat else ["?"] * len(h) for i, h in enumerate(s["hands"])]
        v["deck"] = ["?"] * len(s["deck"])
        v["rng"] = 0
        return v

    def private_lines(self, s: State, seat: int) -> list[str]:
        hand = s["hands"][seat]
        if not hand:
            return ["No cards."]
        lines = [f"{self.card_kind[c].title():9} {self.board.tname(c) if c in self.board.index else 'Wild'}"
                 for c in hand]
        sets = self.sets_in_hand(s, seat)
        lines.append(f"{len(sets)} set(s) possible; next set is worth {self.trade_value(s)}.")
        return lines

    def scores(self, s: State) -> list[int]:
        return [s["owner"].count(i) for i in range(len(s["players"]))]

    def player_stats(self, s: State) -> list[dict[str, Any]]:
        out = []
        for i, pl in enumerate(s["players"]):
            terrs = self.territories_of(s, i)
            out.append({
                "name": pl["name"], "neutral": pl["neutral"], "out": pl["out"],
                "territories": len(terrs), "armies": sum(s["armies"][t] for t in terrs),
                "cards": len(s["hands"][i]),
                "regions": [self.board.regions[r].name for r in self.regions_held(s, i)],
                "income": 0 if pl["neutral"] or pl["out"] else self.base_reinforcements(s, i),
            })
        return out

    def prompt(self, s: State) -> str:
        if s.get("winner") is not None:
            return f"{s['players'][s['winner']]['name']} has conquered the world."
        if s.get("draw"):
            return "The game ended in a draw at the turn limit."
        p = s["current"]
        name = s["players"][p]["name"]
        ph = s["phase"]
        if ph == "claim":
            return f"{name}: claim an unoccupied territory ({s['to_place'][p]} armies left)."
        if ph == "setup":
            return f"{name}: place one army on a territory you hold ({s['to_place'][p]} left)."
        if ph == "reinforce":
            hand = len(s["hands"][p])
            if hand >= 5:
                return f"{name}: you hold {hand} cards and must trade in a set."
            return f"{name}: place {s['reserve']} armies on your territories."
        if ph == "attack":
            return f"{name}: attack from a territory with 2+ armies, or stop to fortify."
        if ph == "occupy":
            pend = s["pending"]
            return (f"{name}: move at least {pend['min']} armies into {self.tname(pend['to'])} "
                    f"(up to {s['armies'][pend['from']] - 1}).")
        if ph == "fortify":
            return f"{name}: move armies once between your territories, or end your turn."
        return ""

    def describe(self, e: Event, names: list[str], seat: int | None = None) -> str:
        return describe_event(self, e, names, seat)

    def attack_odds(self, s: State, prefix: Action) -> tuple[float, float, float] | None:
        """Odds of an attack being chosen (attack/blitz from, to [, blitz stop]): the classic dice."""
        from riskterm.engine.battle import attack_odds

        if prefix.kind not in ("attack", "blitz") or len(prefix.args) < 2:
            return None
        src, dst = self.t(prefix.args[0]), self.t(prefix.args[1])
        if src is None or dst is None:
            return None
        stop = prefix.args[2] if prefix.kind == "blitz" and len(prefix.args) > 2 else 1
        a, d = s["armies"][src] - int(stop), s["armies"][dst]
        return attack_odds(a, d) if a >= 1 and d >= 1 else None

    house_options = (("fortify", "Fortify", ("adjacent", "connected"), "adjacent"),)


# The lists an action changes in place, which _apply copies first (every other action: owner and armies).
_DRAFTED: dict[str, tuple[str, ...]] = {
    "end": (), "stop": (), "move": ("armies",), "place": ("armies",), "trade": ("armies",), "fortify": ("armies",),
}

_PHASE_ACTIONS = {
    "claim": ("claim",),
    "setup": ("place",),
    "reinforce": ("place", "trade"),
    "attack": ("attack", "blitz", "stop", "end"),
    "occupy": ("move",),
    "fortify": ("fortify", "end"),
}
