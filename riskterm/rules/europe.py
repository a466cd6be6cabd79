"""Risk: Europe (../shared/rules/risk-europe.txt), for 2 to 4 players.

Phases: bid -> kingdom -> per round: orders (secret card picks) -> turn (Turn 1 and Turn 2 in turn order) ->
battles (with reroll and losses sub-steps) -> the next round or the end. Secret choices are asked one seat
after another (`actor`). The modules: europe_data (constants, cards), europe_battle (pure battle functions),
europe_state (queries), europe_orders (orders and bonus actions), europe_rounds (flow, battles, end),
europe_text (rules text, log lines).

legal_actions lists every legal action, except that unit mixes of large armies are offered as a menu (all
that may go, half, one of each type, ...); why_illegal and apply accept any mix."""

from __future__ import annotations

from typing import Any

from riskterm.board import Board
from riskterm.engine.actions import Action, act
from riskterm.engine.rng import seed_state
from riskterm.engine.state import State, draft
from riskterm.rules.base import ActionSpec, Event, PlayerSetup, Rules, Transition
from riskterm.rules.europe_battle import RANK_NAMES
from riskterm.rules.europe_data import (
    CARD,
    COST,
    CROWN_CARD_COST,
    DECK,
    ORDER_NAMES,
    ROUND_CAP,
    START_COINS,
    UNIT_NAMES,
    UNIT_ONE,
    units_text,
)
from riskterm.rules.europe_orders import TURN_KINDS
from riskterm.rules.europe_rounds import EuropeRounds
from riskterm.rules.europe_text import (
    BONUS_NAMES,
    RULES_TEXT,
    card_parts,
    card_text,
    describe_event,
    dice_text,
)

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

    # ------------------------------------------------------------------ for the app's choosers (no Textual)
    def order_cards(self, s: State, seat: int) -> list[dict[str, Any]]:
        """The King's Orders cards in `seat`'s hand, for the chooser, each once: {'id' (the action's argument),
        'name' (its face: 'Fortify + Expand or Manoeuvre'), 'orders' (the two order names), 'bonus' (the bonus
        action's name or None), 'text' (what it does, from the rulebook), 'parts' ([(bonus or order name, what it
        does)], bonus first)}. The chosen pair is laid down with
        'orders <top> <bottom>': the top card is played in Turn 1, the bottom card in Turn 2. Another seat's
        hand is hidden in a view: it gives an empty list then."""
        out = []
        for c in s["hands"][seat]:
            if c not in CARD:
                continue
            card = CARD[c]
            out.append({"id": c, "name": card.label, "orders": [ORDER_NAMES[o] for o in card.orders],
                        "bonus": BONUS_NAMES.get(card.bonus or ""), "text": card_text(c),
                        "parts": card_parts(c)})
        return out

    def shop(self, s: State) -> dict[str, Any] | None:
        """While the acting player may Spend (its card offers Spend and no other order was carried out, or it is
        spending already), else None:
        {'kind': 'spend' - not an action kind, so the generic purchase screen stays closed: Risk: Europe's
         purchases are the actions 'recruit <territory> <footmen> <archers> <cavalry> <siege weapons>',
         'castle <territory>' and 'crown';
         'money': coins left; 'note': what the Spend order allows;
         'items': [(item id, name, cost, what it is worth)] for the four units, the castle and the crown card;
         'units': [{'id', 'name', 'plural', 'cost', 'left' (still in the army reserve), 'most' (as many as the
          coins and the reserve allow)}] in the order of the recruit action's counts;
         'places': the territory ids where units may be recruited now;
         'castle': {'cost', 'left' (in the reserve), 'places' (territory ids where one may be built now)};
         'crown': {'cost', 'left', 'why' (None when one may be bought now, else the sentence why not)}}."""
        if self.is_over(s) or s["phase"] != "turn" or not s.get("ts") or self._order_block(s, "recruit"):
            return None
        p = s["current"]
        coins = s["coins"][p]
        box = self.in_box(s, p)
        units = [{"id": UNIT_ONE[i].replace(" ", "_"), "name": UNIT_ONE[i].capitalize(), "plural": UNIT_NAMES[i],
                  "cost": COST[i], "left": box[i], "most": min(box[i], coins // COST[i])} for i in range(4)]
        castle_places = [self.board.tid(t) for t in self.territories_of(s, p)
                         if self._why_castle(s, act("castle", self.board.tid(t))) is None]
        ccost = self.castle_cost(s, p)
        why_crown = self._why_crown(s, act("crown"))
        items = [(u["id"], u["name"], u["cost"], f"{u['left']} left in your army reserve") for u in units]
        items.append(("castle", "Castle", ccost, f"{self.castles_left(s)} left; protects a territory, "
                      "recruiting there"))
        items.append(("crown", "Crown card", CROWN_CARD_COST,
                      f"{self.crown_cards_left(s)} left; one crown, one per round"))
        return {"kind": "spend", "money": coins, "items": items, "units": units,
                "note": "Spend: recruit units in your undisputed city and castle territories, build castles, "
                        "buy one crown card per round.",
                "places": [self.board.tid(t) for t in self.recruit_places(s, p)],
                "castle": {"cost": ccost, "left": self.castles_left(s), "places": castle_places},
                "crown": {"cost": CROWN_CARD_COST, "left": self.crown_cards_left(s), "why": why_crown}}

    def describe(self, e: Event, names: list[str], seat: int | None = None) -> str:
        return describe_event(self, e, names, seat)


_ALL_KINDS = frozenset(k for kinds in _PHASE_ACTIONS.values() for k in kinds)
