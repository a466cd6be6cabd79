"""Risk: Europe bonus actions (Fortify, Siege Assault; King Me acts on reveal) and the removal of losses that
their owner chooses ("the opponent removes one army unit of his or her choice")."""

from __future__ import annotations

from typing import Any

from riskterm.engine.actions import Action
from riskterm.engine.rng import Rng
from riskterm.engine.state import State
from riskterm.rules.base import Event
from riskterm.rules.europe_battle import default_losses, loss_choice_matters
from riskterm.rules.europe_data import CARD, FORTIFY_CASTLE, FORTIFY_CITY, SIEGE
from riskterm.rules.europe_state import EuropeState, Units


class EuropeBonus(EuropeState):
    """Mixin: _why/_do for fortify and siege, and the loss queue."""

    def _ev(self, s: State, type_: str, **kw: Any) -> Event:
        raise NotImplementedError

    def _start_losses(self, s: State, ev: list[Event]) -> None:
        raise NotImplementedError

    def _from_to(self, a: Action, n_units: bool = True) -> tuple[int | None, int | None, Units | None]:
        raise NotImplementedError

    # ------------------------------------------------------------------ bonus actions
    def _bonus_block(self, s: State, bonus: str, name: str) -> str | None:
        ts = s["ts"]
        if CARD[ts["card"]].bonus != bonus:
            return f"Your card has no {name} bonus action."
        if ts["bonus_used"]:
            return f"You have already used (or given up) this card's {name}."
        return None

    def _why_fortify(self, s: State, a: Action) -> str | None:
        block = self._bonus_block(s, "fortify", "Fortify")
        if block:
            return block
        t = self.t(a.args[0]) if len(a.args) == 1 else None  # type: ignore[attr-defined]
        if t is None:
            return "Fortify like this: 'fortify saxony'."
        tn = self.tname(t)  # type: ignore[attr-defined]
        if s["owner"][t] != s["current"]:
            return f"You do not control {tn} (in a disputed territory only the defender may fortify)."
        if not (self.is_city(t) or s["castle"][t]):
            return f"{tn} is neither a city nor a castle territory."
        if self.in_box(s, s["current"])[0] <= 0:
            return "No footmen are left in your army reserve."
        return None

    def _do_fortify(self, s: State, a: Action, ev: list[Event]) -> None:
        t = self.t(a.args[0])  # type: ignore[attr-defined]
        n = FORTIFY_CASTLE if s["castle"][t] else FORTIFY_CITY
        n = min(n, self.in_box(s, s["current"])[0])
        self.add_units(s, t, [n, 0, 0, 0])
        s["ts"] = {**s["ts"], "bonus_used": True}
        ev.append(self._ev(s, "fortify", territory=self.board.tid(t), footmen=n))

    def _why_siege(self, s: State, a: Action) -> str | None:
        block = self._bonus_block(s, "siege", "Siege Assault")
        if block:
            return block
        f, t, _ = self._from_to(a, n_units=False)
        if f is None or t is None or len(a.args) != 2:
            return "Siege Assault like this: 'siege saxony bohemia' (from, into)."
        p = s["current"]
        tn = self.tname  # type: ignore[attr-defined]
        if s["owner"][f] != p:
            return f"You do not control {tn(f)}."
        if not s["units"][f][SIEGE]:
            return f"{tn(f)} has no siege weapon."
        if self.disputed(s, f) or self.disputed(s, t):
            return "Siege Assaults may not be made from or into disputed territories."
        if t not in self.board.land_adj[f]:
            if t in self.board.sea_adj[f]:
                return "Siege Assaults may not be made across sea-lines."
            return f"{tn(t)} is not next to {tn(f)}."
        if s["owner"][t] in (-1, p):
            return f"{tn(t)} is not an enemy territory."
        return None

    def _do_siege(self, s: State, a: Action, ev: list[Event]) -> None:
        f, t, _ = self._from_to(a, n_units=False)
        assert f is not None and t is not None
        rng = Rng(s["rng"])
        n = 2 * s["units"][f][SIEGE]
        dice = sorted((rng.die() for _ in range(n)), reverse=True)
        s["rng"] = rng.state
        hits = sum(d >= 3 for d in dice)
        q = s["owner"][t]
        s["ts"] = {**s["ts"], "bonus_used": True}
        ev.append(self._ev(s, "roll", siege=True, frm=self.board.tid(f), to=self.board.tid(t), dice=dice, hits=hits, defender=q))
        self._queue_loss(s, q, t, "own", hits, ev)
        self._start_losses(s, ev)

    def _queue_loss(self, s: State, seat: int, t: int, side: str, hits: int, ev: list[Event]) -> None:
        """Remove `hits` units of seat's army in t now when there is no choice, else queue the choice."""
        units = s["units"][t] if side == "own" else self.att_units(s, t)
        hits = min(hits, sum(units))
        if not hits:
            return
        if loss_choice_matters(units, hits):
            s["losses"] = [*s["losses"], {"seat": seat, "t": t, "side": side, "hits": hits}]
            return
        self._remove(s, seat, t, side, default_losses(units, hits), ev)

    def _remove(self, s: State, seat: int, t: int, side: str, lost: Units, ev: list[Event]) -> None:
        if side == "own":
            left = [x - y for x, y in zip(s["units"][t], lost, strict=True)]
            self.set_units(s, t, left)
        else:
            left = [x - y for x, y in zip(self.att_units(s, t), lost, strict=True)]
            self.set_att(s, t, seat, left)
        ev.append(self._ev(s, "losses", seat=seat, territory=self.board.tid(t), units=lost))
        if side == "own" and not sum(left) and not self.disputed(s, t):
            self.unclaim(s, t)  # a Siege Assault emptied it: the crowns go back to the reserve
            self.refresh_crowns(s)
            ev.append(self._ev(s, "unclaimed", territory=self.board.tid(t), seat=seat))
