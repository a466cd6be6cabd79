"""Risk: Europe (../shared/rules/risk-europe.txt), for 2 to 4 players.

Phases: bid -> kingdom -> per round: orders (secret card picks) -> turn (Turn 1 and Turn 2 in turn order) ->
battles (with reroll and losses sub-steps) -> the next round or the end. Secret choices are asked one seat
after another (`actor`). The modules: europe_data (constants, cards), europe_battle (pure battle functions),
europe_state (queries), europe_orders (orders and bonus actions), europe_rounds (flow, battles, end),
europe_text (rules text, log lines).

legal_actions lists every legal action, except that unit mixes of large armies are offered as a menu (all
that may go, half, one of each type, ...); why_illegal and apply accept any mix."""

from __future__ import annotations

from typing import Any, ClassVar

from riskterm.board import Board
from riskterm.engine.actions import Action
from riskterm.engine.rng import seed_state
from riskterm.engine.state import State, draft
from riskterm.rules.base import ActionSpec, Event, PlayerSetup, Rules, Transition
from riskterm.rules.europe_battle import RANK_NAMES
from riskterm.rules.europe_data import CARD, DECK, ORDER_NAMES, ROUND_CAP, START_COINS, units_text
from riskterm.rules.europe_orders import TURN_KINDS
from riskterm.rules.europe_rounds import EuropeRounds
from riskterm.rules.europe_text import RULES_TEXT, describe_event, dice_text

_PHASE_ACTIONS: dict[str, tuple[str, ...]] = {
    "bid": ("bid",),
    "kingdom": ("kingdom",),
    "orders": ("orders",),
    "turn": TURN_KINDS,
    "battles": ("battle",),
    "reroll": ("reroll", "keep"),
    "losses": ("lose", "auto"),
}
_U = ("int", "int", "int", "int")


class EuropeRules(EuropeRounds, Rules):
    name = "europe"
    title = "Risk: Europe"
    board_id = "europe"
    min_players = 2
    max_players = 4
    turn_cap = ROUND_CAP  # rounds
    rules_text = RULES_TEXT
    action_specs = (
        ActionSpec("bid", "enter", "Bid", ("int",), "secret bid of coins for the First Player Marker"),
        ActionSpec("kingdom", "enter", "Place kingdom", ("territory", "territory", "int"),
                   "Gold Crown City, adjacent non-city territory, footmen there (0-9; the rest in the city)"),
        ActionSpec("orders", "enter", "Choose cards", ("card", "card"), "two King's Orders cards, top card first"),
        ActionSpec("expand", "x", "Expand", ("territory", "territory", *_U),
                   "from, into, footmen, archers, cavalry, siege weapons"),
        ActionSpec("split", "p", "Split Expand", ("territory", "territory", *_U),
                   "one part of a Split Expand: from, into, units (twice, same origin)"),
        ActionSpec("manoeuvre", "m", "Manoeuvre", ("territory", "territory", *_U),
                   "from, to (up to two territories away through your own), units"),
        ActionSpec("tax", "t", "Tax", ("territory",), "collect the tax of a city's supply line"),
        ActionSpec("recruit", "r", "Recruit", ("territory", *_U), "buy units in a city or castle territory"),
        ActionSpec("castle", "c", "Build castle", ("territory",), "build a castle (12 coins)"),
        ActionSpec("crown", "k", "Buy crown card", (), "buy a crown card (10 coins, one per round)"),
        ActionSpec("fortify", "f", "Fortify", ("territory",), "bonus: 3 footmen in a city, 4 in a castle territory"),
        ActionSpec("siege", "g", "Siege Assault", ("territory", "territory"), "bonus: siege weapons bombard over land"),
        ActionSpec("end", "e", "End turn", (), "finish this card"),
        ActionSpec("battle", "enter", "Fight battle", ("territory",), "First Player: the next battle to fight"),
        ActionSpec("reroll", "r", "Re-roll", (), "castle defence: re-roll your dice of this rank"),
        ActionSpec("keep", "enter", "Keep dice", (), "keep this rank's dice"),
        ActionSpec("auto", "enter", "Default losses", (), "remove the cheapest units first"),
        ActionSpec("lose", "l", "Choose losses", _U, "footmen, archers, cavalry, siege weapons to remove"),
    )

    # Short names of the King's Orders cards (the app prints "<kind> <card id>" for card arguments).
    card_kind: ClassVar[dict[str, str]] = {
        "taxspend1": "Tax/Spend", "taxspend2": "Tax/Spend", "kingme": "King Me+Tax/Spend",
        "split1": "Split/Manoeuvre", "split2": "Split/Manoeuvre", "siege": "Siege+Expand/Manoeuvre",
        "fortify1": "Fortify+Expand/Manoeuvre", "fortify2": "Fortify+Expand/Manoeuvre",
    }

    def __init__(self, board: Board | None = None):
        super().__init__(board)
        self._init_tables()

    # ------------------------------------------------------------------ setup
    def _new_game(self, players: list[PlayerSetup], seed: int, options: dict[str, Any]) -> Transition:
        n, nt = len(players), len(self.board.territories)
        s: State = {
            "variant": self.name, "board": self.board.id, "seed": seed, "rng": seed_state(seed),
            "players": [{"name": p.name, "colour": p.colour, "ai": p.ai, "out": False, "saved": False}
                        for p in players],
            "owner": [-1] * nt, "armies": [0] * nt, "units": [[0, 0, 0, 0] for _ in range(nt)], "att": {},
            "castle": [False] * nt, "coins": [START_COINS] * n, "crowns": [0] * n, "crown_cards": [0] * n,
            "crown_cards_gone": 0, "crown_bought": [False] * n,
            "hands": [list(DECK) for _ in range(n)], "chosen": [[] for _ in range(n)],
            "revealed": [[] for _ in range(n)], "discard": [[] for _ in range(n)], "bids": [None] * n,
            "first": 0, "round": 0, "turn": 0, "seq": [], "seq_i": 0, "card_turn": 1, "ts": None,
            "battle": None, "losses": [], "phase": "bid", "actor": 0, "current": 0, "winner": None, "draw": False,
            "options": {"round_cap": int(options.get("turn_cap", options.get("round_cap", self.turn_cap)))},
        }
        return Transition(s, [])

    # ------------------------------------------------------------------ legality
    def why_illegal(self, s: State, a: Action) -> str | None:
        handler = getattr(self, f"_why_{a.kind}", None)
        if handler is None or a.kind not in _ALL_KINDS:
            return f"'{a.kind}' is not an action of Risk: Europe."
        if self.is_over(s):
            return "The game is over."
        if a.kind not in _PHASE_ACTIONS.get(s["phase"], ()):
            return f"You cannot {a.kind} now: {self.prompt(s)}"
        try:
            return handler(s, a)
        except (TypeError, ValueError, IndexError, KeyError):
            return f"'{a}' is not written right; see the help screen for the notation."

    def legal_actions(self, s: State) -> list[Action]:
        if self.is_over(s):
            return []
        if s["phase"] == "turn":
            return self._legal_turn(s)
        return self._legal_flow(s) or []

    # ------------------------------------------------------------------ apply
    def _apply(self, s: State, a: Action) -> Transition:
        s = draft(s, "owner", "armies", "units")
        ev: list[Event] = []
        ts = s.get("ts")
        if s["phase"] == "turn" and ts and ts["order"] == "split" and not ts["done"] and a.kind != "split":
            s["ts"] = {**ts, "done": True}  # anything else ends a half-done Split Expand
        getattr(self, f"_do_{a.kind}")(s, a, ev)
        return Transition(s, ev)

    def _ev(self, s: State, type_: str, **kw: Any) -> Event:
        e: Event = {"type": type_, "turn": s["turn"], "player": s["current"]}
        e.update(kw)
        return e

    # ------------------------------------------------------------------ views and panels
    def view(self, s: State, seat: int | None) -> State:
        v = dict(s)
        v["rng"] = 0
        v["hands"] = [h if i == seat else ["?"] * len(h) for i, h in enumerate(s["hands"])]
        v["chosen"] = [c if i == seat else [x if k < len(s["revealed"][i]) else "?" for k, x in enumerate(c)]
                       for i, c in enumerate(s["chosen"])]
        if s["phase"] == "bid":
            v["bids"] = [b if i == seat or b is None else "?" for i, b in enumerate(s["bids"])]
        return v

    def scores(self, s: State) -> list[int]:
        return list(s["crowns"])

    def label_of(self, s: State, t: int) -> str:
        """Units in the territory ('!' when disputed); an empty territory shows '*' for a city, '#' for a castle,
        '·' otherwise (never blank, so the board always marks the label point)."""
        n = s["armies"][t]
        if self.disputed(s, t):
            return f"{n}!" if n < 100 else str(n)
        if n:
            return str(n)
        return "*" if self.is_city(t) else "#" if s["castle"][t] else "·"

    def badge_of(self, s: State, t: int) -> str:
        """'♔' on a city (its crowns), '♜' on a castle, both on a city with a castle."""
        return ("♔" if self.is_city(t) else "") + ("♜" if s["castle"][t] else "")

    def player_stats(self, s: State) -> list[dict[str, Any]]:
        out = []
        for i, pl in enumerate(s["players"]):
            terrs = self.territories_of(s, i)
            out.append({
                "name": pl["name"], "out": pl["out"], "saved": pl["saved"],
                "territories": len(terrs), "armies": sum(self.on_board(s, i)),
                "units": units_text(self.on_board(s, i)), "coins": s["coins"][i], "crowns": s["crowns"][i],
                "crown_cards": s["crown_cards"][i], "cities": [self.city_name[t] for t in self.cities_of(s, i)],
                "castles": sum(1 for t in terrs if s["castle"][t]),
                "tiles": [self.city_name[self.tile_at[x]] for x in self.tiles_of(s, i)],
                "cards": len(s["hands"][i]), "cards_in_hand": len(s["hands"][i]), "first_player": s["first"] == i and s["phase"] != "bid",
                "revealed": [CARD[c].label for c in s["revealed"][i]],
            })
        return out

    def turn_order(self, s: State) -> list[int]:
        return list(s["seq"])

    def private_lines(self, s: State, seat: int) -> list[str]:
        lines = []
        if s["phase"] == "bid" and s["bids"][seat] is not None:
            lines.append(f"Your secret bid: {s['bids'][seat]} coins.")
        chosen = s["chosen"][seat]
        if chosen:
            lines.append(f"Top card (Turn 1): {CARD[chosen[0]].label}")
            lines.append(f"Bottom card (Turn 2): {CARD[chosen[1]].label}")
        hand = s["hands"][seat]
        lines.append("Cards in hand: " + (", ".join(CARD[c].label for c in hand) if hand else "none"))
        return lines

    def prompt(self, s: State) -> str:
        if s.get("winner") is not None:
            return f"{s['players'][s['winner']]['name']} controls {s['crowns'][s['winner']]} crowns and wins."
        if s.get("draw"):
            return "The game ended in a draw at the round limit."
        ph, a = s["phase"], s["actor"]
        name = s["players"][a]["name"]
        if ph == "bid":
            return f"{name}: bid secretly for the First Player Marker (0-{s['coins'][a]} coins)."
        if ph == "kingdom":
            return f"{name}: choose a Gold Crown City for your kingdom and place 10 footmen."
        if ph == "orders":
            return f"{name}: secretly choose two King's Orders cards for round {s['round']}, top card first."
        if ph == "turn":
            ts = s["ts"]
            card = CARD[ts["card"]]
            if ts["order"] is None:
                a1, a2 = (ORDER_NAMES[o] for o in card.orders)
                bonus = "" if card.bonus in (None, "king") or ts["bonus_used"] else f" (bonus: {card.bonus})"
                return f"{name}: {card.label} - carry out {a1} or {a2}{bonus}, or end the turn."
            if ts["order"] == "split" and not ts["done"]:
                return (f"{name}: Split Expand from {self.tname(ts['split_from'])} into one more territory, "
                        "or end the turn.")
            more = " (more purchases allowed)" if ts["order"] == "spend" else ""
            free = " You may Manoeuvre for free (Berlin)." if ts["free_man"] else ""
            return f"{name}: {ORDER_NAMES[ts['order']]} done{more}; end the turn when finished.{free}"
        if ph == "battles":
            return f"{name}: choose the next battle to fight."
        if ph == "reroll":
            b = s["battle"]
            rank = RANK_NAMES[b["rank"]]
            return (f"{name}: castle defence in {self.tname(b['t'])}, {rank}: the attacker rolled "
                    f"{dice_text(b['att_dice'])}, you rolled {dice_text(b['def_dice'])} - re-roll yours or keep them?")
        if ph == "losses":
            q = s["losses"][0]
            return f"{name}: remove {q['hits']} of your units in {self.tname(q['t'])} (default: cheapest first)."
        return ""

    def arg_label(self, s: State, value: Any) -> str:
        """A King's Orders card by its face ('Fortify + Expand or Manoeuvre'), a territory by its name."""
        if isinstance(value, str) and value in CARD:
            return CARD[value].label
        return super().arg_label(s, value)

    def describe(self, e: Event, names: list[str], seat: int | None = None) -> str:
        return describe_event(self, e, names, seat)


_ALL_KINDS = frozenset(k for kinds in _PHASE_ACTIONS.values() for k in kinds)
