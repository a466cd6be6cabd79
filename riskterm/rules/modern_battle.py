"""Attacks in the modern-units rulebook: gathering units from several territories and rounds of combat.

`s["battle"]` while an attack is under way: {"target": t, "defender": seat, "sources": [[t, mix], ...] (the
attacking units still in the fight, by the territory they came from; they stay counted in that territory's
`units` until they move in), "round": n, "def_start": mix (the defenders at the start of this round),
"att_hits": n, "def_hits": n}.

Each round: the attacker rolls one die per attacking unit ('battle' event); the defender chooses its losses
(phase 'defend', the defender acts; skipped when there is no choice or the house option gives the default);
the defender rolls for every unit present at the start of the round, lost ones included ('roll' event); the
attacker chooses its losses (phase 'casualties'); then the attacker continues or retreats (phase 'decide'), or
after a win moves in the units it chooses (phase 'occupy')."""

from __future__ import annotations

from typing import Any

from riskterm.engine.actions import Action, act
from riskterm.engine.rng import Rng
from riskterm.engine.state import State, touch_item
from riskterm.rules.base import Event, Rules
from riskterm.rules.modern_combat import (
    NU,
    UnitType,
    count_hits,
    default_losses,
    default_losses_multi,
    expand,
    fits,
    forced,
    loss_choices,
    loss_order,
    mix_text,
    mix_words,
    parse_mix,
    roll,
)

LOSS_CHOICES_LISTED = 40


class BattleMixin(Rules):
    units: tuple[UnitType, ...]

    # provided by ModernRules
    def add_units(self, s: State, t: int, mix: list[int], spent: bool = False) -> None:
        raise NotImplementedError

    def mix_arg(self, s: State, f: int, t: int, arg: Any) -> list[int] | None:
        raise NotImplementedError

    def check_out(self, s: State, ev: list[Event]) -> None:
        raise NotImplementedError

    def _next_turn(self, s: State, ev: list[Event]) -> None:
        raise NotImplementedError

    def _ev(self, s: State, type_: str, **kw: Any) -> Event:
        raise NotImplementedError

    def roll_dice(self, rng: Rng, n: int) -> list[int]:
        """The dice of one side's roll, one per unit in unit order (tests replace this to give the dice)."""
        return roll(rng, n)

    # ------------------------------------------------------------------ helpers
    def _pools(self, s: State) -> list[list[int]]:
        return [list(m) for _, m in s["battle"]["sources"]]

    def _home(self, s: State) -> list[int]:
        """Units staying in each source territory (not in the fight)."""
        return [s["armies"][f] - sum(m) for f, m in s["battle"]["sources"]]

    def _src_ids(self, s: State) -> list[str]:
        return [self.board.tid(f) for f, _ in s["battle"]["sources"]]

    def _set_battle(self, s: State, **kw: Any) -> dict[str, Any]:
        b = dict(s["battle"], **kw)
        s["battle"] = b
        return b

    def _mark_spent(self, s: State, t: int, mix: list[int]) -> None:
        if any(mix):
            sp = touch_item(s, "spent", t)
            for k, n in enumerate(mix):
                sp[k] = min(sp[k] + n, s["units"][t][k])

    # ------------------------------------------------------------------ legality
    def _why_lose(self, s: State, a: Action) -> str | None:
        b = s["battle"]
        if s["phase"] == "defend":
            pool = s["units"][b["target"]]
            need = min(b["att_hits"], sum(pool))
            if not a.args:
                return None
            if len(a.args) != 1:
                return "Choose your losses like this: 'lose 2H1T' (or just 'lose' for the cheapest first)."
            mix = parse_mix(a.args[0], self.units)  # type: ignore[arg-type]
            if mix is None or not fits(mix, pool):
                return f"'{a.args[0]}' is not a set of your units in {self.tname(b['target'])}."
            if sum(mix) != need:
                return f"You must lose exactly {need} unit{'s' if need != 1 else ''}."
            return None
        losses = self._attacker_loss_arg(s, a.args)
        need = min(b["def_hits"], sum(sum(p) for p in self._pools(s)))
        if isinstance(losses, str):
            return losses
        if sum(sum(m) for m in losses) != need:
            return f"You must lose exactly {need} unit{'s' if need != 1 else ''}."
        return None

    def _attacker_loss_arg(self, s: State, args: tuple[Any, ...]) -> list[list[int]] | str:
        """Parse 'lose [src mix ...]' (or 'lose mix' with a single source) into losses per source."""
        b = s["battle"]
        pools = self._pools(s)
        if not args:
            return default_losses_multi(pools, b["def_hits"], True, self.units, self._home(s))
        return self._mixes_per_source(
            s, pools, args, False, "are fighting",
            "Choose losses like this: 'lose egypt 1H north_africa 1R' (source, units, ...).")

    def _mixes_per_source(self, s: State, pools: list[list[int]], args: tuple[Any, ...], allow_all: bool,
                          have: str, usage: str) -> list[list[int]] | str:
        """Parse 'source mix source mix ...' (or one mix when one source fights) into a mix per source, each
        within what that source has in `pools`; `allow_all` lets 'all' stand for a source's whole pool."""
        b = s["battle"]
        if len(args) == 1 and len(pools) == 1:
            args = (self.board.tid(b["sources"][0][0]), args[0])
        if len(args) % 2:
            return usage
        out = [[0] * NU for _ in pools]
        srcs = [f for f, _ in b["sources"]]
        for fid, arg in zip(args[::2], args[1::2], strict=True):
            f = self.t(fid)
            if f not in srcs:
                return f"No attacking units came from '{fid}'."
            i = srcs.index(f)
            mix = pools[i] if allow_all and arg == "all" else parse_mix(arg, self.units)
            if mix is None:
                return f"'{arg}' is not a set of units (write it like 2H1T)."
            out[i] = [x + y for x, y in zip(out[i], mix, strict=True)]
            if not fits(out[i], pools[i]):
                return f"Only {mix_words(pools[i])} from {self.tname(f)} {have}."
        return out

    def _why_continue(self, s: State, a: Action) -> str | None:
        return None if not a.args else "'continue' takes no arguments."

    def _why_retreat(self, s: State, a: Action) -> str | None:
        return None if not a.args else "'retreat' takes no arguments."

    def _why_occupy(self, s: State, a: Action) -> str | None:
        moves = self._occupy_arg(s, a.args)
        if isinstance(moves, str):
            return moves
        if not any(any(m) for m in moves):
            return "Move at least one unit in."
        return None

    def _occupy_arg(self, s: State, args: tuple[Any, ...]) -> list[list[int]] | str:
        pools = self._pools(s)
        if not args:
            return self.default_occupy(s)
        if args == ("all",):
            return pools
        return self._mixes_per_source(
            s, pools, args, True, "survived the attack",
            "Move in like this: 'occupy egypt 1T north_africa 1R' (source, units, ...), or 'occupy all'.")

    def default_occupy(self, s: State) -> list[list[int]]:
        """Every surviving attacker moves in, except that a territory the attack would leave empty keeps
        its cheapest unit (when something else still moves in)."""
        out = [list(m) for m in self._pools(s)]
        order = loss_order(True, self.units)
        for i, (f, _) in enumerate(s["battle"]["sources"]):
            if any(out[i]) and sum(s["units"][f]) == sum(out[i]) and sum(sum(m) for m in out) > 1:
                k = next(k for k in order if out[i][k])
                out[i][k] -= 1
        return out

    # ------------------------------------------------------------------ legal actions
    def legal_battle(self, s: State) -> list[Action]:
        ph, b = s["phase"], s["battle"]
        if ph == "decide":
            return [act("continue"), act("retreat")]
        if ph == "defend":
            pool = list(s["units"][b["target"]])
            out = [act("lose")]
            for (m,) in loss_choices([pool], b["att_hits"], LOSS_CHOICES_LISTED):
                out.append(act("lose", mix_text(m, self.units)))
            return out
        ids = self._src_ids(s)
        pools = self._pools(s)
        if ph == "casualties":
            out = [act("lose")]
            for ms in loss_choices(pools, b["def_hits"], LOSS_CHOICES_LISTED):
                args: list[str | int] = []
                for fid, m in zip(ids, ms, strict=True):
                    if any(m):
                        args += [fid, mix_text(m, self.units)]
                out.append(act("lose", *args))
            return list(dict.fromkeys(out))
        if ph == "occupy":
            out = [act("occupy"), act("occupy", "all")]
            for fid, m in zip(ids, pools, strict=True):
                if any(m):
                    out.append(act("occupy", fid, mix_text(m, self.units)))
                    for k, n in enumerate(m):
                        if n:
                            one = [0] * NU
                            one[k] = 1
                            out.append(act("occupy", fid, mix_text(one, self.units)))
            return list(dict.fromkeys(out))
        return []

    # ------------------------------------------------------------------ apply
    def _do_attack(self, s: State, a: Action, ev: list[Event]) -> None:
        t = self.board.index[a.args[0]]  # type: ignore[index]
        sources = []
        for fid, arg in zip(a.args[1::2], a.args[2::2], strict=True):
            f = self.board.index[fid]  # type: ignore[index]
            sources.append([f, self.mix_arg(s, f, t, arg)])
        s["battle"] = {"target": t, "defender": s["owner"][t], "sources": sources, "round": 0,
                       "def_start": [0] * NU, "att_hits": 0, "def_hits": 0}
        ev.append(self._ev(s, "attack", to=a.args[0], defender=s["owner"][t],
                           frm=[[self.board.tid(f), mix_text(m, self.units)] for f, m in sources]))
        self._combat_round(s, ev)

    def _combat_round(self, s: State, ev: list[Event]) -> None:
        b = s["battle"]
        t = b["target"]
        types = [k for _, m in b["sources"] for k in expand(m)]
        rng = Rng(s["rng"])
        dice = self.roll_dice(rng, len(types))
        s["rng"] = rng.state
        hits = count_hits(types, dice, True, self.units)
        b = self._set_battle(s, round=b["round"] + 1, def_start=list(s["units"][t]), att_hits=hits, def_hits=0)
        ev.append(self._ev(s, "battle", to=self.board.tid(t), defender=b["defender"], round=b["round"],
                           frm=self._src_ids(s), units="".join(self.units[k].letter for k in types),
                           att=dice, hits=hits))
        pool = b["def_start"]
        if forced([pool], hits) or not s["options"]["defender_chooses"]:
            self._defender_loses(s, default_losses(pool, hits, False, self.units), ev)
        else:
            s["phase"] = "defend"
            s["actor"] = b["defender"]

    def _do_lose(self, s: State, a: Action, ev: list[Event]) -> None:
        b = s["battle"]
        if s["phase"] == "defend":
            if a.args:
                mix = parse_mix(a.args[0], self.units)  # type: ignore[arg-type]
            else:
                mix = default_losses(s["units"][b["target"]], b["att_hits"], False, self.units)
            assert mix is not None
            self._defender_loses(s, mix, ev)
            return
        losses = self._attacker_loss_arg(s, a.args)
        assert not isinstance(losses, str)
        self._attacker_loses(s, losses, ev)

    def _defender_loses(self, s: State, loss: list[int], ev: list[Event]) -> None:
        b = s["battle"]
        t = b["target"]
        if any(loss):
            self.add_units(s, t, [-n for n in loss])
        ev.append(self._ev(s, "losses", side="defender", who=b["defender"], territory=self.board.tid(t),
                           units=mix_text(loss, self.units)))
        types = expand(b["def_start"])  # every unit present at the start of the round, lost ones included
        rng = Rng(s["rng"])
        dice = self.roll_dice(rng, len(types))
        s["rng"] = rng.state
        hits = count_hits(types, dice, False, self.units)
        self._set_battle(s, def_hits=hits)
        ev.append(self._ev(s, "roll", what="defence", defender=b["defender"], to=self.board.tid(t),
                           units="".join(self.units[k].letter for k in types), dice=dice, hits=hits))
        s["actor"] = s["current"]
        pools = self._pools(s)
        if forced(pools, hits):
            self._attacker_loses(s, default_losses_multi(pools, hits, True, self.units, self._home(s)), ev)
        else:
            s["phase"] = "casualties"

    def _attacker_loses(self, s: State, losses: list[list[int]], ev: list[Event]) -> None:
        b = s["battle"]
        sources = []
        for (f, m), loss in zip(b["sources"], losses, strict=True):
            if any(loss):
                self.add_units(s, f, [-n for n in loss])
            sources.append([f, [x - y for x, y in zip(m, loss, strict=True)]])
        b = self._set_battle(s, sources=sources)
        ev.append(self._ev(s, "losses", side="attacker", who=s["current"],
                           units=[[self.board.tid(f), mix_text(m, self.units)]
                                  for (f, _), m in zip(b["sources"], losses, strict=True) if any(m)]))
        self._after_round(s, ev)

    def _after_round(self, s: State, ev: list[Event]) -> None:
        b = s["battle"]
        t = b["target"]
        left = sum(sum(m) for _, m in b["sources"])
        if s["armies"][t] == 0:
            if left:
                s["phase"] = "occupy"
                s["actor"] = s["current"]
                ev.append(self._ev(s, "won", to=self.board.tid(t), defender=b["defender"]))
                self.check_out(s, ev)
                if not self.is_over(s) and left == 1:
                    self._occupy(s, self._pools(s), ev)
                return
            ev.append(self._ev(s, "emptied", to=self.board.tid(t), defender=b["defender"]))
            self._end_battle(s, ev)
            return
        if left:
            sources = []
            for f, m in b["sources"]:
                if any(m) and s["armies"][f] < 2:
                    # the rulebook's example: a source left with one unit breaks off to hold it
                    self._mark_spent(s, f, m)
                    ev.append(self._ev(s, "break_off", frm=self.board.tid(f), units=mix_text(m, self.units)))
                    m = [0] * NU
                sources.append([f, m])
            b = self._set_battle(s, sources=sources)
            left = sum(sum(m) for _, m in sources)
        if not left:
            ev.append(self._ev(s, "repelled", to=self.board.tid(t), defender=b["defender"]))
            self._end_battle(s, ev)
            return
        s["phase"] = "decide"
        s["actor"] = s["current"]

    def _do_continue(self, s: State, a: Action, ev: list[Event]) -> None:
        self._combat_round(s, ev)

    def _do_retreat(self, s: State, a: Action, ev: list[Event]) -> None:
        ev.append(self._ev(s, "retreat", to=self.board.tid(s["battle"]["target"])))
        self._end_battle(s, ev)

    def _do_occupy(self, s: State, a: Action, ev: list[Event]) -> None:
        moves = self._occupy_arg(s, a.args)
        assert not isinstance(moves, str)
        self._occupy(s, moves, ev)

    def _occupy(self, s: State, moves: list[list[int]], ev: list[Event]) -> None:
        b = s["battle"]
        t, p = b["target"], s["current"]
        sources = []
        for (f, m), mv in zip(b["sources"], moves, strict=True):
            if any(mv):
                self.add_units(s, f, [-n for n in mv])
                self.add_units(s, t, mv, spent=True)
            sources.append([f, [x - y for x, y in zip(m, mv, strict=True)]])
        s["owner"][t] = p
        self._set_battle(s, sources=sources)
        total = [sum(mv[k] for mv in moves) for k in range(NU)]
        ev.append(self._ev(s, "conquer", to=self.board.tid(t), defender=b["defender"],
                           units=mix_text(total, self.units)))
        for f, _ in sources:
            if s["owner"][f] == -1:
                ev.append(self._ev(s, "abandon", territory=self.board.tid(f)))
        self._end_battle(s, ev)

    def _end_battle(self, s: State, ev: list[Event]) -> None:
        """The units still in the fight go back where they came from (their border crossing is used)."""
        for f, m in s["battle"]["sources"]:
            if s["owner"][f] == s["current"]:
                self._mark_spent(s, f, m)
        s["battle"] = None
        s["phase"] = "attack"
        s["actor"] = s["current"]
        self.check_out(s, ev)
        if not self.is_over(s) and s["players"][s["current"]]["out"]:
            self._next_turn(s, ev)

    def battle_prompt(self, s: State) -> str:
        b = s["battle"]
        names = [p["name"] for p in s["players"]]
        where = self.tname(b["target"])
        if s["phase"] == "defend":
            n = min(b["att_hits"], sum(s["units"][b["target"]]))
            return (f"{names[b['defender']]}: the attack on {where} scored {b['att_hits']} hits; choose your "
                    f"{n} losses (or 'lose' for the cheapest first).")
        if s["phase"] == "casualties":
            n = min(b["def_hits"], sum(sum(m) for _, m in b["sources"]))
            return f"{names[s['current']]}: the defence of {where} scored {n} hits; choose your losses."
        if s["phase"] == "decide":
            return (f"{names[s['current']]}: continue the attack on {where} "
                    f"({mix_words(s['units'][b['target']])} left) or retreat.")
        if s["phase"] == "occupy":
            return f"{names[s['current']]}: {where} is yours; choose the units that move in."
        return ""
