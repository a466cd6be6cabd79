"""RisiKo! Più attacks: land and flagship (Admiral) attacks, General and Marshal, Hidden Armies, occupation.
The fall of a fortress (elimination and redistribution) is in risiko_conquest.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riskterm.engine.actions import Action
from riskterm.engine.battle import resolve
from riskterm.engine.rng import Rng
from riskterm.engine.state import State
from riskterm.rules.risiko_cards import kind_of

if TYPE_CHECKING:
    from riskterm.rules.base import Event

MAX_DICE = 3
FORTRESS_DICE = 2  # "when a fortress is attacked, no more than 2 dice may be played" (both sides)


def roll_dice(rng: Rng, n: int) -> list[int]:
    """All dice of the game come from here (tests replace it to fight battles from explicit dice)."""
    return rng.dice(n)


def battle_result(att: list[int], dfn: list[int], general: bool = False, marshal: bool = False
                  ) -> tuple[int, int, bool, bool]:
    """(attacker losses, defender losses, General beaten, Marshal beaten) for explicit dice.
    General: discarded when the defender's highest score is EQUAL to or HIGHER than the attacker's.
    Marshal: discarded when the attacker's highest score is HIGHER than the defender's."""
    al, dl = resolve(att, dfn, 1 if general else 0, 1 if marshal else 0)
    a0 = max(att) + (1 if general else 0)
    d0 = max(dfn) + (1 if marshal else 0)
    return al, dl, general and d0 >= a0, marshal and a0 > d0


class BattleMixin:
    board: Any

    if TYPE_CHECKING:  # provided by RisikoRules / Rules
        def tname(self, i: int) -> str: ...  # pragma: no cover

        def _ev(self, s: State, type_: str, **kw: Any) -> Event: ...  # pragma: no cover

        def truce_between(self, s: State, p: int, q: int) -> bool: ...  # pragma: no cover

        def track_value(self, s: State) -> int: ...  # pragma: no cover

        def check_win(self, s: State, ev: list[Event]) -> bool: ...  # pragma: no cover

        def _fall_of_fortress(self, s: State, q: int, t: int, f: int | None, ev: list[Event]) -> None: ...

    # ------------------------------------------------------------------ queries
    def _tix(self, tid: Any) -> int | None:
        return self.board.index.get(tid) if isinstance(tid, str) else None

    def is_fortress(self, s: State, t: int) -> bool:
        return t in s["fortress"]

    def dice_cap(self, s: State, t: int) -> int:
        return FORTRESS_DICE if self.is_fortress(s, t) else MAX_DICE

    def attack_odds(self, s: State, prefix: Action) -> tuple[float, float, float] | None:
        """The app's odds panel for an attack being announced (from, to) or rolled on: see risiko_odds."""
        from riskterm.rules.risiko_odds import risiko_odds

        at = s.get("attack")
        if prefix.kind == "roll" and at:
            f, t, a = at["from"], at["to"], self.attacker_armies(s)
        elif prefix.kind == "attack" and len(prefix.args) >= 2:
            f, t = self._tix(prefix.args[0]), self._tix(prefix.args[1])
            if f is None or t is None or s["owner"][t] < 0:
                return None
            a = s["armies"][f] - 1
        else:
            return None
        d = s["armies"][t]
        return risiko_odds(a, d, self.dice_cap(s, t)) if a >= 1 and d >= 1 else None

    def sea_route(self, a: int, b: int) -> bool:
        """The flagship sails between two coasts on the same water: the open seas are one body; the Black
        Sea is enclosed (only Black Sea coasts to Black Sea coasts). Turkey touches both."""
        ta, tb = self.board.territories[a], self.board.territories[b]
        sa, sb = set(ta.get("seas") or []), set(tb.get("seas") or [])
        if "black_sea" in sa and "black_sea" in sb:
            return True
        return bool(sa - {"black_sea"}) and bool(sb - {"black_sea"})

    def attacker_armies(self, s: State) -> int:
        """Armies that may still roll in the attack in progress."""
        at = s["attack"]
        return at["ship"] if at["admiral"] else s["armies"][at["from"]] - 1

    def hidden_here(self, s: State, p: int, t: int) -> int | None:
        """Index of an unused Hidden Armies record of p on territory t."""
        tid = self.board.tid(t)
        for k, h in enumerate(s["hidden"][p]):
            if not h["used"] and h["territory"] == tid:
                return k
        return None

    def _why_target(self, s: State, p: int, t: int) -> str | None:
        q = s["owner"][t]
        if q == p:
            return f"You cannot attack your own territory {self.tname(t)}."
        if q >= 0 and self.truce_between(s, p, q):
            return f"You have a truce with {s['players'][q]['name']}: no attacks between you this round."
        return None

    # ------------------------------------------------------------------ announcing an attack
    def _why_attack(self, s: State, a: Action) -> str | None:
        if len(a.args) != 2:
            return "Announce the attack: 'attack paris burgundy' (from, to)."
        p = s["current"]
        f, t = self._tix(a.args[0]), self._tix(a.args[1])
        if f is None or t is None:
            return f"There is no territory called '{a.args[0] if f is None else a.args[1]}'."
        if s["owner"][f] != p:
            return f"You do not hold {self.tname(f)}."
        if t not in self.board.adj[f]:
            return f"{self.tname(t)} is not next to {self.tname(f)} (no border or dotted line)."
        if s["armies"][f] < 2:
            return f"You need at least 2 armies in {self.tname(f)}: one always stays as a garrison."
        return self._why_target(s, p, t)

    def _do_attack(self, s: State, a: Action, ev: list[Event]) -> None:
        f, t = self.board.index[a.args[0]], self.board.index[a.args[1]]
        s["attacked"] = True
        q = s["owner"][t]
        if q == -1:  # a territory left free after a fortress conquest: walk in
            ev.append(self._ev(s, "walk_in", frm=a.args[0], to=a.args[1]))
            self._take(s, f, t, 1, None, ev)
            return
        s["attack"] = {"from": f, "to": t, "defender": q, "general": None, "marshal": None, "admiral": None,
                       "ship": 0, "asked": False, "def_dice": 0, "att_dice": 0, "battles": 0}
        s["phase"] = "battle"
        ev.append(self._ev(s, "attack", frm=a.args[0], to=a.args[1], defender=q))

    def _why_admiral(self, s: State, a: Action) -> str | None:
        if len(a.args) != 4 or not isinstance(a.args[3], int):
            return "Play the Admiral: 'admiral admiral2 brittany portugal 6' (card, port, target, armies embarked)."
        c, port, target, n = a.args
        p = s["current"]
        if c not in s["hands"][p] or kind_of(c) != "admiral":
            return "You do not hold that Admiral card."
        if s["flagship_used"]:
            return "The Admiral may be played ONCE ONLY per turn."
        f, t = self._tix(port), self._tix(target)
        if f is None or t is None:
            return f"There is no territory called '{port if f is None else target}'."
        if s["owner"][f] != p:
            return f"You do not hold {self.tname(f)}."
        if not self.board.territories[f].get("coastal"):
            return f"{self.tname(f)} does not touch the sea: the flagship cannot embark there."
        if not self.board.territories[t].get("coastal"):
            return f"{self.tname(t)} does not touch the sea."
        if s["owner"][t] == -1:
            return "The flagship is used exclusively to attack an enemy territory."
        why = self._why_target(s, p, t)
        if why:
            return why
        if not self.sea_route(f, t):
            return "The flagship on the Black Sea sails only between territories that border the Black Sea."
        if not 1 <= n <= s["armies"][f] - 1:
            return f"Embark 1 to {s['armies'][f] - 1} armies: one stays as a garrison in {self.tname(f)}."
        return None

    def _do_admiral(self, s: State, a: Action, ev: list[Event]) -> None:
        c, port, target, n = a.args
        f, t = self.board.index[port], self.board.index[target]
        p = s["current"]
        s["hands"][p].remove(c)
        s["armies"][f] -= n
        s["attacked"] = s["flagship_used"] = True
        q = s["owner"][t]
        sea = "black_sea" if "black_sea" in (self.board.territories[t].get("seas") or []) and \
            "black_sea" in (self.board.territories[f].get("seas") or []) else "open_sea"
        s["attack"] = {"from": f, "to": t, "defender": q, "general": None, "marshal": None, "admiral": c,
                       "ship": n, "asked": False, "def_dice": 0, "att_dice": 0, "battles": 0}
        s["phase"] = "battle"
        ev.append(self._ev(s, "admiral", card=c, frm=port, to=target, armies=n, defender=q, sea=sea))

    # ------------------------------------------------------------------ in the battle
    def _why_general(self, s: State, a: Action) -> str | None:
        if len(a.args) != 1:
            return "Play one General card: 'general general2'."
        if a.args[0] not in s["hands"][s["current"]] or kind_of(a.args[0]) != "general":
            return "You do not hold that General card."
        if s["attack"]["general"]:
            return "A General is already in play in this attack."
        return None

    def _do_general(self, s: State, a: Action, ev: list[Event]) -> None:
        c = str(a.args[0])
        s["hands"][s["current"]].remove(c)
        s["attack"]["general"] = c
        ev.append(self._ev(s, "general", card=c))

    def _why_marshal(self, s: State, a: Action) -> str | None:
        if len(a.args) != 1:
            return "Play one Marshal card: 'marshal marshal4'."
        if a.args[0] not in s["hands"][s["actor"]] or kind_of(a.args[0]) != "marshal":
            return "You do not hold that Marshal card."
        if s["attack"]["marshal"]:
            return "A Marshal is already in play in this attack."
        return None

    def _do_marshal(self, s: State, a: Action, ev: list[Event]) -> None:
        c = str(a.args[0])
        q = s["actor"]
        s["hands"][q].remove(c)
        s["attack"]["marshal"] = c
        ev.append(self._ev(s, "marshal", card=c, defender=q))

    def _why_reveal(self, s: State, a: Action) -> str | None:
        if len(a.args) != 1:
            return "Reveal your Hidden Armies on a territory: 'reveal venice'."
        t = self._tix(a.args[0])
        if t is None:
            return f"There is no territory called '{a.args[0]}'."
        p = s["actor"]
        if s["phase"] == "defend" and t != s["attack"]["to"]:
            return "In defence, Hidden Armies appear only on the territory attacked."
        if s["phase"] == "battle" and (s["attack"]["admiral"] or t != s["attack"]["from"]):
            return "During an attack, Hidden Armies appear only on the territory you attack from."
        if s["owner"][t] != p:
            return "To use your Hidden Armies you must occupy the territory where they were hidden."
        if self.hidden_here(s, p, t) is None:
            return f"You have no unused Hidden Armies in {self.tname(t)}."
        if not self.track_value(s):
            return "No Reinforcement card has been played yet: the Hidden Armies would number nothing."
        return None

    def _do_reveal(self, s: State, a: Action, ev: list[Event]) -> None:
        p, t = s["actor"], self.board.index[a.args[0]]
        k = self.hidden_here(s, p, t)
        assert k is not None
        s["hidden"][p][k] = dict(s["hidden"][p][k], used=True)
        n = self.track_value(s)
        s["armies"][t] += n
        ev.append(self._ev(s, "hidden_reveal", territory=a.args[0], armies=n, by=p))

    def _why_roll(self, s: State, a: Action) -> str | None:
        if len(a.args) != 1 or not isinstance(a.args[0], int):
            return "Say how many armies attack in this battle: 'roll 3'."
        at = s["attack"]
        hi = min(self.dice_cap(s, at["to"]), self.attacker_armies(s))
        if not 1 <= a.args[0] <= hi:
            why = " (a fortress is attacked: at most 2 dice)" if self.is_fortress(s, at["to"]) else ""
            return f"Roll 1 to {hi} dice{why}."
        return None

    def _do_roll(self, s: State, a: Action, ev: list[Event]) -> None:
        at = s["attack"]
        at["att_dice"] = a.args[0]
        if not at["asked"] and s["options"].get("defender") == "when_needed" and not self._defender_choice(s):
            at["asked"], at["def_dice"] = True, MAX_DICE  # nothing to decide: the most dice allowed
            ev.append(self._ev(s, "defend", defender=at["defender"], dice=MAX_DICE, auto=True))
        if not at["asked"]:
            s["phase"], s["actor"] = "defend", at["defender"]
            return
        self._fight(s, ev)

    def _defender_choice(self, s: State) -> bool:
        """Option 'when_needed': does the defender hold a Marshal (none in play) or usable Hidden Armies on
        the territory attacked?"""
        at = s["attack"]
        q, t = at["defender"], at["to"]
        if not at["marshal"] and any(kind_of(c) == "marshal" for c in s["hands"][q]):
            return True
        return self.hidden_here(s, q, t) is not None and self.track_value(s) > 0

    def _why_defend(self, s: State, a: Action) -> str | None:
        if len(a.args) != 1 or not isinstance(a.args[0], int):
            return "Say how many armies defend in each battle of this attack: 'defend 3'."
        hi = min(self.dice_cap(s, s["attack"]["to"]), s["armies"][s["attack"]["to"]])
        if not 1 <= a.args[0] <= hi:
            return f"Defend with 1 to {hi} dice."
        return None

    def _do_defend(self, s: State, a: Action, ev: list[Event]) -> None:
        at = s["attack"]
        at["asked"], at["def_dice"] = True, a.args[0]
        ev.append(self._ev(s, "defend", defender=at["defender"], dice=a.args[0]))
        s["phase"], s["actor"] = "battle", s["current"]
        self._fight(s, ev)

    def _fight(self, s: State, ev: list[Event]) -> None:
        at = s["attack"]
        f, t, q = at["from"], at["to"], at["defender"]
        cap = self.dice_cap(s, t)
        d = min(at["def_dice"], cap, s["armies"][t])
        rng = Rng(s["rng"])
        att = roll_dice(rng, at["att_dice"])
        dfn = roll_dice(rng, d)
        s["rng"] = rng.state
        al, dl, g_out, m_out = battle_result(att, dfn, bool(at["general"]), bool(at["marshal"]))
        if at["admiral"]:
            at["ship"] -= al
        else:
            s["armies"][f] -= al
        s["armies"][t] -= dl
        at["battles"] += 1
        ev.append(self._ev(s, "battle", defender=q, frm=self.board.tid(f), to=self.board.tid(t), att=att,
                           dfn=dfn, att_loss=al, def_loss=dl, general=bool(at["general"]),
                           marshal=bool(at["marshal"]), sea=bool(at["admiral"])))
        if g_out:
            s["discard"].append(at["general"])
            ev.append(self._ev(s, "general_beaten", card=at["general"]))
            at["general"] = None
        if m_out:
            s["discard"].append(at["marshal"])
            ev.append(self._ev(s, "marshal_beaten", card=at["marshal"], defender=q))
            at["marshal"] = None
            at["asked"] = False  # "If you have one, you may play another Marshal card."
        s["phase"], s["actor"] = "battle", s["current"]
        if s["armies"][t] == 0:
            if at["admiral"]:  # "land all the armies remaining on the flagship in the conquered territory"
                n = at["ship"]
                at["ship"] = 0
                self._end_attack(s, True, ev)
                self._take(s, None, t, n, q, ev)
            else:
                n = min(at["att_dice"], s["armies"][f] - 1)
                self._end_attack(s, True, ev)
                self._take(s, f, t, n, q, ev)
        elif self.attacker_armies(s) < 1:
            self._end_attack(s, False, ev)

    def _why_retreat(self, s: State, a: Action) -> str | None:
        return None if not a.args else "'retreat' takes no arguments."

    def _do_retreat(self, s: State, a: Action, ev: list[Event]) -> None:
        self._end_attack(s, False, ev)

    def _end_attack(self, s: State, won: bool, ev: list[Event]) -> None:
        """The conclusion of an attack: a General or Marshal not eliminated goes back to its owner's hand;
        the Admiral back to its owner if the attack was won, else discarded (the armies still on the
        flagship sail back to the port)."""
        at = s["attack"]
        p, q = s["current"], at["defender"]
        if at["general"]:
            s["hands"][p].append(at["general"])
        if at["marshal"]:
            s["hands"][q].append(at["marshal"])
        if at["admiral"]:
            if won:
                s["hands"][p].append(at["admiral"])
            else:
                s["discard"].append(at["admiral"])
                if at["ship"]:
                    s["armies"][at["from"]] += at["ship"]
        ev.append(self._ev(s, "attack_end", won=won, to=self.board.tid(at["to"]), defender=q,
                           general_back=bool(at["general"]), marshal_back=bool(at["marshal"]),
                           admiral=at["admiral"] and ("back" if won else "discarded"),
                           ship_back=0 if won else at["ship"]))
        s["attack"] = None
        s["phase"], s["actor"] = "main", p

    # ------------------------------------------------------------------ conquest
    def _take(self, s: State, f: int | None, t: int, n: int, q: int | None, ev: list[Event]) -> None:
        """Territory t falls to the current player: n armies move in now (from f, or from the flagship when
        f is None). With armies left behind in f the player may move more in (phase occupy)."""
        p = s["current"]
        s["owner"][t] = p
        s["armies"][t] = n
        if f is not None:
            s["armies"][f] -= n
        ev.append(self._ev(s, "conquer", to=self.board.tid(t), defender=q, armies=n))
        s["pending"] = {"from": f, "to": t, "min": n, "defender": q,
                        "fortress": q is not None and s["fortress"][q] == t}
        if f is not None and s["armies"][f] > 1:
            s["phase"] = "occupy"
        else:
            self._after_take(s, ev)

    def _why_occupy(self, s: State, a: Action) -> str | None:
        if len(a.args) != 1 or not isinstance(a.args[0], int):
            return "Say how many armies occupy the territory in all: 'occupy 5'."
        pend = s["pending"]
        lo, hi = pend["min"], pend["min"] + s["armies"][pend["from"]] - 1
        if not lo <= a.args[0] <= hi:
            return (f"Occupy with {lo} to {hi} armies: at least as many as the dice of the last roll, leaving "
                    f"one in {self.tname(pend['from'])}.")
        return None

    def _do_occupy(self, s: State, a: Action, ev: list[Event]) -> None:
        pend = s["pending"]
        extra = a.args[0] - pend["min"]
        s["armies"][pend["from"]] -= extra
        s["armies"][pend["to"]] += extra
        if extra:
            ev.append(self._ev(s, "occupy", frm=self.board.tid(pend["from"]), to=self.board.tid(pend["to"]),
                               armies=a.args[0]))
        self._after_take(s, ev)

    def _after_take(self, s: State, ev: list[Event]) -> None:
        pend = s["pending"]
        s["pending"] = None
        s["phase"], s["actor"] = "main", s["current"]
        if pend["fortress"]:
            self._fall_of_fortress(s, pend["defender"], pend["to"], pend["from"], ev)
        else:
            self.check_win(s, ev)
