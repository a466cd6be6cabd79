"""RisiKo! Più setup: turn order by die roll, banners drawn at random, fortresses, the Empire's armies,
claiming one army at a time, then five at a time, then the secret Hidden Armies."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riskterm.engine.actions import Action
from riskterm.engine.rng import Rng, seed_state
from riskterm.engine.state import State
from riskterm.rules.risiko_cards import make_deck

if TYPE_CHECKING:
    from riskterm.rules.base import Event, PlayerSetup

# "3 players: 35 armies to each player. 4 players: 30 ... 5 players: 25 ... 6 players: 20."
START_ARMIES = {3: 35, 4: 30, 5: 25, 6: 20}
DEPLOY_STEP = 5
SETUP_PHASES = ("fortress", "claim", "deploy", "hide")


def order_by_dice(rng: Rng, seats: list[int]) -> tuple[list[int], list[dict[str, int]]]:
    """Everyone rolls a die; highest first, the others in descending order; ties roll again among the tied
    (only to order those tied). Returns (play order, the rounds of rolls)."""
    rounds: list[dict[str, int]] = []

    def rank(group: list[int]) -> list[int]:
        if len(group) <= 1:
            return group
        rolls = {p: rng.die() for p in group}
        rounds.append({str(p): v for p, v in rolls.items()})
        out: list[int] = []
        for v in sorted(set(rolls.values()), reverse=True):
            out += rank([p for p in group if rolls[p] == v])
        return out

    return rank(list(seats)), rounds


class SetupMixin:
    board: Any
    name: str
    turn_cap: int

    if TYPE_CHECKING:  # provided by RisikoRules / Rules
        def tname(self, i: int) -> str: ...  # pragma: no cover

        def _ev(self, s: State, type_: str, **kw: Any) -> Event: ...  # pragma: no cover

        def begin_turn(self, s: State, p: int, ev: list[Event]) -> None: ...  # pragma: no cover

    def empire_ids(self) -> list[str]:
        return [r.id for r in self.board.regions if r.kind == "empire"]

    def members(self, region_id: str) -> list[int]:
        return [self.board.index[t] for t in self.board.region_by_id[region_id].territories]

    def _new_game(self, players: list[PlayerSetup], seed: int, options: dict[str, Any]) -> Any:
        from riskterm.rules.base import Transition

        n = len(players)
        rng = Rng(seed_state(seed))
        nt = len(self.board.territories)
        order, rolls = order_by_dice(rng, list(range(n)))
        banners = self.empire_ids()
        rng.shuffle(banners)
        empire: list[str] = [""] * n
        for k, p in enumerate(order):
            empire[p] = banners[k]  # drawn WITHOUT LOOKING, in turn order
        deck = make_deck()
        rng.shuffle(deck)
        s: State = {
            "variant": self.name, "board": self.board.id, "seed": seed, "rng": 0,
            "players": [{"name": p.name, "colour": p.colour, "ai": p.ai, "out": False} for p in players],
            "owner": [-1] * nt, "armies": [0] * nt,
            "order": order, "first": order[0], "rolls": rolls,
            "empire": empire, "fortress": [None] * n, "banners": [[e] for e in empire],
            "to_place": [START_ARMIES[n]] * n, "reserve": 0,
            "deck": deck, "discard": [], "hands": [[] for _ in range(n)], "track": [],
            "hidden": [[] for _ in range(n)], "truces": [],
            "attack": None, "pending": None, "spy": None, "redistribute": None,
            "attacked": False, "flagship_used": False,
            "phase": "fortress", "actor": order[0], "current": order[0], "turn": 0,
            "winner": None, "draw": False,
            "options": {"turn_cap": int(options.get("turn_cap", self.turn_cap)),
                        "quick_start": bool(options.get("quick_start")),
                        "defender": "when_needed" if options.get("defender") == "when_needed" else "always"},
        }
        ev: list[Event] = [{"type": "order", "turn": 0, "player": order[0], "order": order, "rolls": rolls}]
        for p in order:
            ev.append({"type": "banner", "turn": 0, "player": p, "empire": empire[p]})
        if s["options"]["quick_start"]:
            self._quick_start(s, rng, ev)
        s["rng"] = rng.state
        return Transition(s, ev)

    def _quick_start(self, s: State, rng: Rng, ev: list[Event]) -> None:
        """Option: fortresses, claims and the armies placed at random; the Hidden Armies are still chosen."""
        for p in s["order"]:
            s["fortress"][p] = rng.choice(self.members(s["empire"][p]))
            ev.append({"type": "fortress", "turn": 0, "player": p, "territory": self.board.tid(s["fortress"][p])})
        self._occupy_empires(s, ev)
        k = 0
        free = [t for t, o in enumerate(s["owner"]) if o == -1]
        rng.shuffle(free)
        order = s["order"]
        for t in free:
            p = order[k % len(order)]
            k += 1
            s["owner"][t], s["armies"][t] = p, 1
            s["to_place"][p] -= 1
        for p in order:
            own = [t for t, o in enumerate(s["owner"]) if o == p]
            while s["to_place"][p] > 0:
                n = min(DEPLOY_STEP, s["to_place"][p])
                s["armies"][rng.choice(own)] += n
                s["to_place"][p] -= n
        ev.append({"type": "dealt", "turn": 0, "player": order[0]})
        s["phase"] = "hide"
        s["current"] = s["actor"] = order[0]

    def _occupy_empires(self, s: State, ev: list[Event]) -> None:
        """'Each player occupies, with one army, each territory of their own Empire.'"""
        for p in s["order"]:
            for t in self.members(s["empire"][p]):
                s["owner"][t], s["armies"][t] = p, 1
                s["to_place"][p] -= 1
            ev.append({"type": "empire_occupied", "turn": 0, "player": p, "empire": s["empire"][p]})

    def _next_in_order(self, s: State, p: int) -> int:
        order = s["order"]
        return order[(order.index(p) + 1) % len(order)]

    # ---- fortress
    def _why_fortress(self, s: State, a: Action) -> str | None:
        if len(a.args) != 1:
            return "Place your fortress on a territory of your Empire: 'fortress london'."
        t = self.board.index.get(a.args[0]) if isinstance(a.args[0], str) else None
        if t is None:
            return f"There is no territory called '{a.args[0]}'."
        emp = s["empire"][s["actor"]]
        if t not in self.members(emp):
            return f"Your banner is the {self.board.region_by_id[emp].name}: place the fortress on one of its territories."
        return None

    def _do_fortress(self, s: State, a: Action, ev: list[Event]) -> None:
        p = s["actor"]
        s["fortress"][p] = self.board.index[a.args[0]]
        ev.append(self._ev(s, "fortress", territory=a.args[0]))
        rest = [q for q in s["order"] if s["fortress"][q] is None]
        if rest:
            s["current"] = s["actor"] = rest[0]
            return
        self._occupy_empires(s, ev)
        s["phase"] = "claim"
        s["current"] = s["actor"] = s["first"]
        self._setup_next(s, ev, stay=True)

    # ---- claim and deploy
    def _setup_next(self, s: State, ev: list[Event], stay: bool = False) -> None:
        """Hand on to the next player (in turn order) who has armies left; change phase when due."""
        if s["phase"] == "claim" and -1 not in s["owner"]:
            s["phase"] = "deploy"
            ev.append({"type": "all_claimed", "turn": 0, "player": s["current"]})
        if s["phase"] == "claim" and not any(s["to_place"][p] for p in s["order"]):
            s["phase"] = "deploy"  # cannot happen with 35/30/25/20 armies, but never stall
        p = s["current"]
        cand = [p] if stay else []
        q = p
        for _ in range(len(s["order"])):
            q = self._next_in_order(s, q)
            cand.append(q)
        for q in cand:
            if s["to_place"][q] > 0:
                s["current"] = s["actor"] = q
                return
        s["phase"] = "hide"
        s["current"] = s["actor"] = s["first"]
        ev.append({"type": "hide_start", "turn": 0, "player": s["first"]})

    def _why_claim(self, s: State, a: Action) -> str | None:
        if len(a.args) != 1:
            return "Claim one free territory: 'claim madrid'."
        t = self.board.index.get(a.args[0]) if isinstance(a.args[0], str) else None
        if t is None:
            return f"There is no territory called '{a.args[0]}'."
        if s["owner"][t] != -1:
            return f"{self.tname(t)} is already occupied; choose a free territory."
        return None

    def _do_claim(self, s: State, a: Action, ev: list[Event]) -> None:
        p, t = s["actor"], self.board.index[a.args[0]]
        s["owner"][t], s["armies"][t] = p, 1
        s["to_place"][p] -= 1
        ev.append(self._ev(s, "claim", territory=a.args[0]))
        self._setup_next(s, ev)

    def deploy_size(self, s: State, p: int) -> int:
        return min(DEPLOY_STEP, s["to_place"][p])

    def _why_place_setup(self, s: State, a: Action) -> str | None:
        p = s["actor"]
        need = self.deploy_size(s, p)
        n = a.args[1] if len(a.args) == 2 else need
        if n != need:
            return f"Place exactly {need} armies on one territory (5 at a time, the last ones together)."
        return None

    def _do_place_setup(self, s: State, a: Action, ev: list[Event]) -> None:
        p, t = s["actor"], self.board.index[a.args[0]]
        n = self.deploy_size(s, p)
        s["armies"][t] += n
        s["to_place"][p] -= n
        ev.append(self._ev(s, "place", territory=a.args[0], armies=n))
        self._setup_next(s, ev)

    # ---- hidden armies
    def _why_hide(self, s: State, a: Action) -> str | None:
        if len(a.args) != 1:
            return "Choose the territory of your Hidden Armies: 'hide venice'."
        t = self.board.index.get(a.args[0]) if isinstance(a.args[0], str) else None
        if t is None:
            return f"There is no territory called '{a.args[0]}'."
        if t in s["fortress"]:
            return "Hidden Armies may be on any territory except one occupied by a fortress."
        return None

    def _do_hide(self, s: State, a: Action, ev: list[Event]) -> None:
        p = s["actor"]
        s["hidden"][p] = [{"territory": a.args[0], "used": False, "from": p}]
        ev.append(self._ev(s, "hide", territory=a.args[0], private=p))
        rest = [q for q in s["order"] if not s["hidden"][q]]
        if rest:
            s["current"] = s["actor"] = rest[0]
            return
        self.begin_turn(s, s["first"], ev)
