"""RisiKo! Più (../shared/rules/risiko-piu.txt) on maps/risiko.yaml.

Setup phases: fortress -> claim -> deploy -> hide. A turn: supply (place the Supplementary Armies) -> the
cards are drawn -> main (play cards, place Reinforcement armies, announce attacks, the final move)
with an attack in progress in phases battle / defend (the defender's answer) / occupy, a Spy in spy_answer /
spy_choose, and the redistribution after a fortress falls in redistribute. The state is a JSON-plain dict;
see risiko_setup._new_game for its keys."""

from __future__ import annotations

from typing import Any

from riskterm.engine.actions import Action, act
from riskterm.engine.state import State
from riskterm.rules.base import ActionSpec, Event, Rules, Transition
from riskterm.rules.risiko_battle import BattleMixin
from riskterm.rules.risiko_cards import (
    CardsMixin,
    active_seats,
    card_name,
    draw_for_turn,
    first_of,
    kind_of,
    seat_of,
    seat_token,
)
from riskterm.rules.risiko_conquest import ConquestMixin
from riskterm.rules.risiko_setup import SetupMixin
from riskterm.rules.risiko_text import RULES_TEXT, describe_event, prompt_text

PHASE_ACTIONS: dict[str, tuple[str, ...]] = {
    "fortress": ("fortress",),
    "claim": ("claim",),
    "deploy": ("place",),
    "hide": ("hide",),
    "supply": ("place",),
    "main": ("place", "reinforce", "spy", "diplomat", "reveal", "attack", "admiral", "move", "end"),
    "battle": ("general", "reveal", "roll", "retreat"),
    "defend": ("marshal", "reveal", "defend"),
    "occupy": ("occupy",),
    "spy_answer": ("block", "allow"),
    "spy_choose": ("discard",),
    "redistribute": ("garrison", "pass"),
}
CARD_OF_ACTION = {"reinforce": "reinforcement"}
NEEDS_NO_RESERVE = ("spy", "diplomat", "reveal", "attack", "admiral", "move", "end")


class RisikoRules(CardsMixin, SetupMixin, BattleMixin, ConquestMixin, Rules):
    name = "risiko"
    title = "RisiKo! Più"
    board_id = "risiko"
    min_players = 3
    max_players = 6
    turn_cap = 800  # player-turns; a game that reaches it is a draw
    house_options = (("defender", "Ask the defender", ("always", "when_needed"), "always"),)
    rules_text = RULES_TEXT
    action_specs = (
        ActionSpec("fortress", "enter", "Place fortress", ("territory",), "place your fortress in your Empire"),
        ActionSpec("claim", "enter", "Claim", ("territory",), "occupy a free territory with one army"),
        ActionSpec("place", "enter", "Place", ("territory", "int"), "place armies on a territory you hold"),
        ActionSpec("hide", "enter", "Hide armies", ("territory",), "secretly choose your Hidden Armies' territory"),
        ActionSpec("reinforce", "r", "Reinforcement", ("card",), "play a Reinforcement card onto the track"),
        ActionSpec("spy", "y", "Spy", ("card", "choice"), "look at a player's cards and eliminate one"),
        ActionSpec("block", "b", "Block the Spy", ("card",), "answer a Spy with a Spy: both are discarded"),
        ActionSpec("allow", "l", "Let the Spy look", (), "do not answer the Spy"),
        ActionSpec("discard", "x", "Eliminate card", ("card",), "eliminate one of the spied cards"),
        ActionSpec("diplomat", "d", "Diplomat", ("card", "choice"), "impose a truce until your next turn"),
        ActionSpec("attack", "a", "Attack", ("territory", "territory"), "announce an attack: from, to"),
        ActionSpec("admiral", "n", "Admiral", ("card", "territory", "territory", "int"),
                   "attack by sea with the flagship: card, port, target, armies embarked"),
        ActionSpec("general", "g", "General", ("card",), "+1 to your highest die until beaten"),
        ActionSpec("marshal", "m", "Marshal", ("card",), "+1 to your highest defence die until beaten"),
        ActionSpec("reveal", "v", "Hidden Armies", ("territory",), "reveal your Hidden Armies (once only)"),
        ActionSpec("roll", "enter", "Roll", ("int",), "attack with 1-3 armies (2 against a fortress)"),
        ActionSpec("defend", "enter", "Defend", ("int",), "defend with 1-3 dice in each battle of this attack"),
        ActionSpec("retreat", "t", "End attack", (), "end this attack"),
        ActionSpec("occupy", "enter", "Occupy", ("int",), "how many armies occupy the conquered territory"),
        ActionSpec("garrison", "enter", "Garrison", ("territory", "territory"),
                   "move one army onto a territory freed by the fallen fortress"),
        ActionSpec("pass", "p", "Leave the rest", (), "leave the remaining freed territories to the others"),
        ActionSpec("move", "f", "Move", ("territory", "territory", "int"), "the final move; ends your turn"),
        ActionSpec("end", "e", "End turn", (), "end your turn"),
    )

    # ------------------------------------------------------------------ helpers
    def _ev(self, s: State, type_: str, **kw: Any) -> Event:
        return {"type": type_, "turn": s["turn"], "player": s["current"], **kw}

    def empires_held(self, s: State, p: int) -> list[str]:
        owner = s["owner"]
        return [e for e in self.empire_ids() if all(owner[t] == p for t in self.members(e))]

    def supply(self, s: State, p: int) -> tuple[int, dict[str, int]]:
        """Supplementary Armies: 2 per enemy banner on your fortress, 4 per independent block, 6 per Empire,
        15 for all 11 independents (instead of the three blocks' 4 each: our reading)."""
        owner = s["owner"]
        sup = self.board.extra["supplementary_armies"]
        parts: dict[str, int] = {}
        enemy = len([b for b in s["banners"][p] if b != s["empire"][p]])
        if enemy:
            parts["banners"] = enemy * sup["per_enemy_banner_on_own_fortress"]
        emp = len(self.empires_held(s, p))
        if emp:
            parts["empires"] = emp * sup["per_complete_empire"]
        blocks = [r for r in self.board.regions if r.kind == "independent"]
        full = [r for r in blocks if all(owner[self.board.index[t]] == p for t in r.territories)]
        if len(full) == len(blocks):
            parts["independents"] = sup["all_11_independents"]
        elif full:
            parts["blocks"] = len(full) * sup["per_complete_independent_block"]
        return sum(parts.values()), parts

    def check_win(self, s: State, ev: list[Event]) -> bool:
        """'A player WINS who occupies completely 3 Empires in addition to their own.' The current player is
        looked at first; the last player left also wins."""
        alive = active_seats(s)
        cands = [s["current"]] + [p for p in alive if p != s["current"]]
        for p in cands:
            if s["players"][p]["out"]:
                continue
            held = self.empires_held(s, p)
            if len(alive) == 1 or (s["empire"][p] in held and len(held) >= 4):
                s["winner"], s["phase"] = p, "over"
                ev.append({"type": "win", "turn": s["turn"], "player": p, "empires": held,
                           "last": len(alive) == 1})
                return True
        return False

    # ------------------------------------------------------------------ legality
    def why_illegal(self, s: State, a: Action) -> str | None:
        handler = getattr(self, f"_why_{a.kind}", None)
        if handler is None:
            return f"'{a.kind}' is not an action of this game."
        if a.kind not in PHASE_ACTIONS.get(s["phase"], ()):
            return f"You cannot {a.kind} now: {self.prompt(s)}"
        if s["phase"] == "main" and s["reserve"] and a.kind in NEEDS_NO_RESERVE:
            return f"Place your {s['reserve']} armies first."
        try:
            return handler(s, a)
        except (TypeError, ValueError, IndexError, KeyError):
            return f"'{a}' is not written right; see the help screen for the notation."

    def _why_place(self, s: State, a: Action) -> str | None:
        if not 1 <= len(a.args) <= 2 or (len(a.args) == 2 and not isinstance(a.args[1], int)):
            return "Place armies like this: 'place london 3'."
        t = self._tix(a.args[0])
        if t is None:
            return f"There is no territory called '{a.args[0]}'."
        if s["owner"][t] != s["actor"]:
            return f"You do not hold {self.tname(t)}."
        if s["phase"] == "deploy":
            return self._why_place_setup(s, a)
        n = a.args[1] if len(a.args) == 2 else 1
        if not 1 <= n <= s["reserve"]:  # type: ignore[operator]
            return f"Place 1 to {s['reserve']} armies." if s["reserve"] else "You have no armies to place."
        return None

    def _why_move(self, s: State, a: Action) -> str | None:
        if len(a.args) != 3 or not isinstance(a.args[2], int):
            return "Move like this: 'move paris burgundy 4' (from, to, armies); it ends your turn."
        f, t = self._tix(a.args[0]), self._tix(a.args[1])
        if f is None or t is None:
            return f"There is no territory called '{a.args[0] if f is None else a.args[1]}'."
        p = s["current"]
        if s["owner"][f] != p or s["owner"][t] != p:
            return "Move between two territories you occupy."
        if t not in self.board.adj[f]:
            return f"{self.tname(t)} is not adjacent to {self.tname(f)}."
        if not 1 <= a.args[2] <= s["armies"][f] - 1:
            return f"Move 1 to {s['armies'][f] - 1} armies, leaving one as a garrison in {self.tname(f)}."
        return None

    def _why_end(self, s: State, a: Action) -> str | None:
        return None if not a.args else "'end' takes no arguments."

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, s: State) -> list[Action]:
        if self.is_over(s):
            return []
        ph, p, actor = s["phase"], s["current"], s["actor"]
        owner, armies, b = s["owner"], s["armies"], self.board
        tid = b.tid
        own = [t for t, o in enumerate(owner) if o == actor]
        if ph == "fortress":
            return [act("fortress", tid(t)) for t in self.members(s["empire"][actor])]
        if ph == "claim":
            return [act("claim", tid(t)) for t, o in enumerate(owner) if o == -1]
        if ph == "deploy":
            return [act("place", tid(t), self.deploy_size(s, actor)) for t in own]
        if ph == "hide":
            return [act("hide", tid(t)) for t in range(len(owner)) if t not in s["fortress"]]
        if ph == "supply" or (ph == "main" and s["reserve"]):
            out = [act("place", tid(t), n) for t in own for n in range(1, s["reserve"] + 1)]
            if ph == "main":
                out += self._card_plays(s, p, ("reinforce",))
            return out
        if ph == "main":
            out = self._card_plays(s, p, ("reinforce", "spy", "diplomat"))
            out += [act("reveal", tid(t)) for t in own if self.is_legal(s, act("reveal", tid(t)))]
            for f in own:
                if armies[f] < 2:
                    continue
                for t in b.adj_sorted[f]:
                    if owner[t] != p and self._why_target(s, p, t) is None:
                        out.append(act("attack", tid(f), tid(t)))
                for t in b.adj_sorted[f]:
                    if owner[t] == p:
                        out += [act("move", tid(f), tid(t), n) for n in range(1, armies[f])]
            adm = first_of(s["hands"][p], "admiral")
            if adm and not s["flagship_used"]:
                for f in own:
                    if armies[f] < 2 or not b.territories[f].get("coastal"):
                        continue
                    for t, o in enumerate(owner):
                        if o not in (p, -1) and b.territories[t].get("coastal") and self.sea_route(f, t) \
                                and self._why_target(s, p, t) is None:
                            out += [act("admiral", adm, tid(f), tid(t), n) for n in range(1, armies[f])]
            return out + [act("end")]
        at = s["attack"]
        if ph == "battle":
            out = self._card_plays(s, p, ("general",)) if not at["general"] else []
            if not at["admiral"] and self.is_legal(s, act("reveal", tid(at["from"]))):
                out.append(act("reveal", tid(at["from"])))
            hi = min(self.dice_cap(s, at["to"]), self.attacker_armies(s))
            return out + [act("roll", n) for n in range(1, hi + 1)] + [act("retreat")]
        if ph == "defend":
            out = self._card_plays(s, actor, ("marshal",)) if not at["marshal"] else []
            if self.is_legal(s, act("reveal", tid(at["to"]))):
                out.append(act("reveal", tid(at["to"])))
            hi = min(self.dice_cap(s, at["to"]), armies[at["to"]])
            return out + [act("defend", n) for n in range(1, hi + 1)]
        if ph == "occupy":
            pend = s["pending"]
            return [act("occupy", n) for n in range(pend["min"], pend["min"] + armies[pend["from"]])]
        if ph == "spy_answer":
            c = first_of(s["hands"][actor], "spy")
            return ([act("block", c)] if c else []) + [act("allow")]
        if ph == "spy_choose":
            seen: list[str] = []
            for c in s["hands"][s["spy"]["target"]]:
                if c not in seen:
                    seen.append(c)
            return [act("discard", c) for c in seen]
        if ph == "redistribute":
            free = self.free_left(s)
            out = [act("garrison", tid(f), tid(t)) for f in self.garrison_sources(s, actor) for t in free]
            if self.why_illegal(s, act("pass")) is None:
                out.append(act("pass"))
            return out
        return []

    def _card_plays(self, s: State, p: int, kinds: tuple[str, ...]) -> list[Action]:
        """One card of each kind is offered (cards of a kind are alike); targets for Spy and Diplomat."""
        out = []
        hand = s["hands"][p]
        for k in kinds:
            c = first_of(hand, CARD_OF_ACTION.get(k, k))
            if c is None:
                continue
            if k in ("spy", "diplomat"):
                cands = [act(k, c, seat_token(q)) for q in active_seats(s) if q != p]
            else:
                cands = [act(k, c)]
            out += [x for x in cands if self.is_legal(s, x)]
        return out

    # ------------------------------------------------------------------ apply
    def _apply(self, s: State, a: Action) -> Transition:
        s = _draft(s)
        ev: list[Event] = []
        if a.kind == "place" and s["phase"] == "deploy":
            self._do_place_setup(s, a, ev)
        else:
            getattr(self, f"_do_{a.kind}")(s, a, ev)
        return Transition(s, ev)

    def _do_place(self, s: State, a: Action, ev: list[Event]) -> None:
        t = self.board.index[a.args[0]]
        n = a.args[1] if len(a.args) == 2 else 1
        s["armies"][t] += n
        s["reserve"] -= n
        ev.append(self._ev(s, "place", territory=a.args[0], armies=n))
        if s["phase"] == "supply" and not s["reserve"]:
            self._draw_cards(s, ev)

    def _draw_cards(self, s: State, ev: list[Event]) -> None:
        draw_for_turn(s, s["current"], ev)
        s["phase"] = "main"

    def _do_move(self, s: State, a: Action, ev: list[Event]) -> None:
        f, t, n = self.board.index[a.args[0]], self.board.index[a.args[1]], a.args[2]
        s["armies"][f] -= n
        s["armies"][t] += n
        ev.append(self._ev(s, "move", frm=a.args[0], to=a.args[1], armies=n))
        self._do_end(s, act("end"), ev)

    def _do_end(self, s: State, a: Action, ev: list[Event]) -> None:
        ev.append(self._ev(s, "end_turn"))
        order = s["order"]
        p = s["current"]
        for k in range(1, len(order) + 1):
            q = order[(order.index(p) + k) % len(order)]
            if not s["players"][q]["out"]:
                self.begin_turn(s, q, ev)
                return

    def begin_turn(self, s: State, p: int, ev: list[Event]) -> None:
        s["current"] = s["actor"] = p
        s["turn"] += 1
        if s["turn"] > s["options"]["turn_cap"]:
            s["draw"], s["phase"] = True, "over"
            ev.append(self._ev(s, "draw_game", cap=s["options"]["turn_cap"]))
            return
        self.end_truces_of(s, p, ev)
        s["attacked"] = s["flagship_used"] = False
        total, parts = self.supply(s, p)
        s["reserve"] = total
        ev.append(self._ev(s, "turn", supply=total, parts=parts))
        if total:
            s["phase"] = "supply"
        else:
            self._draw_cards(s, ev)

    # ------------------------------------------------------------------ views and panels
    def view(self, s: State, seat: int | None) -> State:
        v = dict(s)
        spy = s.get("spy")
        show = {seat}
        if spy and spy["stage"] == "choose" and spy["by"] == seat:
            show.add(spy["target"])
        v["hands"] = [h if i in show else ["?"] * len(h) for i, h in enumerate(s["hands"])]
        v["deck"] = ["?"] * len(s["deck"])
        v["hidden"] = [hs if i == seat else [dict(h, territory=h["territory"] if h["used"] else "?") for h in hs]
                       for i, hs in enumerate(s["hidden"])]
        v["rng"] = 0
        return v

    def private_lines(self, s: State, seat: int) -> list[str]:
        hand = s["hands"][seat]
        lines = []
        if hand:
            counts: dict[str, int] = {}
            for c in hand:
                counts[kind_of(c)] = counts.get(kind_of(c), 0) + 1
            lines.append("Cards: " + ", ".join(f"{n} {k.title()}" for k, n in counts.items()))
            lines.append("  (" + " ".join(hand) + ")")
        else:
            lines.append("No cards.")
        for h in s["hidden"][seat]:
            if not h["used"]:
                val = self.track_value(s)
                lines.append(f"Hidden Armies in {self.board.tname(h['territory'])}: worth {val} now"
                             + ("" if val else " (no Reinforcement card played yet)"))
        spy = s.get("spy")
        if spy and spy["by"] == seat and spy["stage"] == "choose":
            q = spy["target"]
            lines.append(f"{s['players'][q]['name']} holds: " + ", ".join(
                f"{card_name(c)} ({c})" for c in s["hands"][q]))
        return lines

    def scores(self, s: State) -> list[int]:
        return [len(self.empires_held(s, p)) for p in range(len(s["players"]))]

    def player_stats(self, s: State) -> list[dict[str, Any]]:
        out = []
        for i, pl in enumerate(s["players"]):
            terrs = [t for t, o in enumerate(s["owner"]) if o == i]
            f = s["fortress"][i]
            out.append({
                "name": pl["name"], "out": pl["out"], "seat": seat_token(i),
                "territories": len(terrs), "armies": sum(s["armies"][t] for t in terrs),
                "cards": len(s["hands"][i]),
                "empire": self.board.region_by_id[s["empire"][i]].name,
                "fortress": self.tname(f) if f is not None else None,
                "banners": [self.board.region_by_id[b].name for b in s["banners"][i]],
                "empires": [self.board.region_by_id[e].name for e in self.empires_held(s, i)],
                "regions": [r.name for r in self.board.regions
                            if all(s["owner"][self.board.index[t]] == i for t in r.territories)],
                "supply": 0 if pl["out"] else self.supply(s, i)[0],
                "income": 0 if pl["out"] else self.supply(s, i)[0],
                "truces": [s["players"][t["with"] if t["by"] == i else t["by"]]["name"] for t in s["truces"]
                           if i in (t["by"], t["with"])],
                "hidden_unused": sum(1 for h in s["hidden"][i] if not h["used"]),
                "order": s["order"].index(i) + 1,
            })
        return out

    def label_of(self, s: State, t: int) -> str:
        n = s["armies"][t]
        text = str(n) if n else "·"  # a free territory (setup, or left free after a fortress fell)
        if t in s["fortress"] and len(text) <= 2:
            return "♜" + text
        return text

    def arg_label(self, s: State, value: Any) -> str:
        """'general3' -> 'General', 'p2' -> the player's name, a territory id -> its name."""
        if kind_of(value):
            return card_name(str(value))
        q = seat_of(value, len(s["players"]))
        if q is not None:
            return str(s["players"][q]["name"])
        return super().arg_label(s, value)

    def table_lines(self, s: State) -> list[str]:
        """The reinforcement track, the cards in play in an attack (General, Marshal, the flagship) and the
        truces: what everyone sees on the table."""
        names = self.names(s)
        track = self.board.extra["reinforcement_track"]
        k = len(s["track"])
        cells = " ".join(f"[{v}]" if i < k else str(v) for i, v in enumerate(track))
        nxt = f"next card gives {track[k]}" if k < len(track) else "full"
        lines = [f"Reinforcement track: {cells} ({nxt}; Hidden Armies worth {self.track_value(s)})"]
        at = s.get("attack")
        if at:
            src = self.tname(at["from"])
            if at["admiral"]:
                lines.append(f"Flagship: {src} ~> {self.tname(at['to'])}, {at['ship']} armies aboard")
            else:
                lines.append(f"Attack: {src} -> {self.tname(at['to'])}")
            if at["general"]:
                lines.append(f"General in play: {names[s['current']]} (+1 to the highest attack die)")
            if at["marshal"]:
                lines.append(f"Marshal in play: {names[at['defender']]} (+1 to the highest defence die)")
        for t in s["truces"]:
            lines.append(f"Truce: {names[t['by']]} and {names[t['with']]} until {names[t['by']]}'s next turn")
        lines.append(f"Deck {len(s['deck'])}, discard pile {len(s['discard'])}")
        return lines

    def prompt(self, s: State) -> str:
        return prompt_text(self, s)

    def describe(self, e: Event, names: list[str], seat: int | None = None) -> str:
        return describe_event(self, e, names, seat)


def _draft(s: State) -> State:
    """Copy every container an action may change (a few small lists): the old state is never touched."""
    s = dict(s)
    for k in ("owner", "armies", "to_place", "fortress", "deck", "discard", "track", "truces", "players"):
        s[k] = list(s[k])
    s["banners"] = [list(b) for b in s["banners"]]
    s["hands"] = [list(h) for h in s["hands"]]
    s["hidden"] = [list(h) for h in s["hidden"]]
    for k in ("attack", "pending", "spy", "redistribute"):
        if s.get(k):
            s[k] = dict(s[k])
    return s
