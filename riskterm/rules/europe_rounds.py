"""Risk: Europe game flow: the secret bid, kingdom placement, choosing and revealing King's Orders cards,
battles in disputed territories at the end of the round, elimination and the end of the game."""

from __future__ import annotations

from riskterm.engine.actions import Action, act
from riskterm.engine.rng import Rng, roll_off
from riskterm.engine.state import State, touch, touch_item
from riskterm.rules.base import Event
from riskterm.rules.europe_battle import all_loss_mixes, default_losses, next_rank, rank_dice, rank_hits
from riskterm.rules.europe_data import (
    CARD,
    CROWNS_TO_WIN,
    DECK,
    FIRST_MARKER_COINS,
    RAID_COINS,
    START_FOOTMEN,
    STOCKHOLM,
)
from riskterm.rules.europe_orders import EuropeOrders, parse_units


class EuropeRounds(EuropeOrders):
    # ------------------------------------------------------------------ bid
    def _why_bid(self, s: State, a: Action) -> str | None:
        p = s["actor"]
        if len(a.args) != 1 or not isinstance(a.args[0], int):
            return "Bid a number of coins: 'bid 2'."
        if not 0 <= a.args[0] <= s["coins"][p]:
            return f"Bid between 0 and {s['coins'][p]} coins."
        return None

    def _do_bid(self, s: State, a: Action, ev: list[Event]) -> None:
        p = s["actor"]
        touch(s, "bids")[p] = a.args[0]
        ev.append(self._ev(s, "bid", player=p, coins=a.args[0], private=p))
        waiting = [q for q in range(len(s["players"])) if s["bids"][q] is None]
        if waiting:
            s["actor"] = s["current"] = waiting[0]
            return
        bids = s["bids"]
        top = max(bids)
        tied = [q for q, b in enumerate(bids) if b == top]
        rolls: list[dict[str, int]] = []
        if len(tied) > 1:
            rng = Rng(s["rng"])
            first, rolls = roll_off(rng, tied)
            s["rng"] = rng.state
        else:
            first = tied[0]
        self.pay(s, first, top)
        s["first"] = first
        ev.append(self._ev(s, "bid_reveal", player=first, bids=list(bids), rolls=rolls, paid=top))
        s["phase"] = "kingdom"
        n = len(s["players"])
        s["seq"] = [(first + k) % n for k in range(n)]
        s["seq_i"] = 0
        s["actor"] = s["current"] = first

    # ------------------------------------------------------------------ kingdom placement
    def _why_kingdom(self, s: State, a: Action) -> str | None:
        if len(a.args) not in (1, 3):
            return "Place your kingdom: 'kingdom saxony franconia 4' (city, adjacent territory, footmen there)."
        c = self.t(a.args[0])  # type: ignore[attr-defined]
        if c is None or c not in self.gold:
            return "Choose one of the eight Gold Crown Cities (London, Paris, Madrid, Rome, Berlin, Constantinople, Stockholm, Kiev)."
        if s["owner"][c] != -1:
            return f"{self.city_name[c]} is already taken."
        if len(a.args) == 1:
            return None
        t, n = self.t(a.args[1]), a.args[2]  # type: ignore[attr-defined]
        if t is None or t not in self.board.adj[c]:
            return f"The second territory must be next to {self.city_name[c]}."
        if self.is_city(t) or s["owner"][t] != -1:
            return f"{self.tname(t)} must be an unclaimed non-city territory."  # type: ignore[attr-defined]
        if not isinstance(n, int) or not 0 <= n < START_FOOTMEN:
            return f"Put 0 to {START_FOOTMEN - 1} footmen there (the rest stay in the city)."
        return None

    def _do_kingdom(self, s: State, a: Action, ev: list[Event]) -> None:
        p = s["current"]
        c = self.board.index[a.args[0]]  # type: ignore[index]
        n = a.args[2] if len(a.args) == 3 else 0
        s["owner"][c] = p
        touch(s, "castle")[c] = True
        self.set_units(s, c, [START_FOOTMEN - n, 0, 0, 0])  # type: ignore[operator]
        if n:
            t = self.board.index[a.args[1]]  # type: ignore[index]
            s["owner"][t] = p
            self.set_units(s, t, [n, 0, 0, 0])  # type: ignore[list-item]
        self.gain(s, p, self.city_tax[c])
        self.refresh_crowns(s)
        ev.append(self._ev(s, "kingdom", city=a.args[0], other=a.args[1] if n else None, footmen=n,
                           tax=self.city_tax[c], crowns=s["crowns"][p]))
        s["seq_i"] += 1
        if s["seq_i"] < len(s["seq"]):
            s["actor"] = s["current"] = s["seq"][s["seq_i"]]
            return
        self._begin_round(s, ev)

    # ------------------------------------------------------------------ rounds and cards
    def _begin_round(self, s: State, ev: list[Event]) -> None:
        s["round"] += 1
        if s["round"] > s["options"]["round_cap"]:
            s["draw"] = True
            s["phase"] = "over"
            ev.append(self._ev(s, "draw_game", cap=s["options"]["round_cap"]))
            return
        n = len(s["players"])
        s["crown_bought"] = [False] * n
        hands = touch(s, "hands")
        for p in self.alive(s):
            if len(hands[p]) < 2:
                hands[p] = list(DECK)
                touch(s, "discard")[p] = []
                ev.append(self._ev(s, "refill", player=p))
        first = s["first"]
        s["seq"] = [q for q in ((first + k) % n for k in range(n)) if not s["players"][q]["out"]]
        s["seq_i"] = 0
        s["card_turn"] = 1
        s["phase"] = "orders"
        s["actor"] = s["current"] = s["seq"][0]
        ev.append(self._ev(s, "round", player=first, round=s["round"]))

    def _why_orders(self, s: State, a: Action) -> str | None:
        hand = s["hands"][s["actor"]]
        if len(a.args) != 2 or a.args[0] == a.args[1]:
            return "Choose two different cards, top card first: 'orders fortify1 taxspend1'."
        for c in a.args:
            if c not in hand:
                return f"You do not hold the card '{c}'."
        return None

    def _do_orders(self, s: State, a: Action, ev: list[Event]) -> None:
        p = s["actor"]
        hand = touch_item(s, "hands", p)
        for c in a.args:
            hand.remove(c)
        touch(s, "chosen")[p] = list(a.args)
        ev.append(self._ev(s, "orders_chosen", player=p, cards=list(a.args), private=p))
        s["seq_i"] += 1
        if s["seq_i"] < len(s["seq"]):
            s["actor"] = s["current"] = s["seq"][s["seq_i"]]
            return
        s["phase"] = "turn"
        s["seq_i"] = 0
        self._begin_turn(s, ev)

    def _begin_turn(self, s: State, ev: list[Event]) -> None:
        p = s["seq"][s["seq_i"]]
        s["actor"] = s["current"] = p
        s["turn"] += 1
        card = s["chosen"][p][s["card_turn"] - 1]
        touch_item(s, "revealed", p).append(card)
        s["ts"] = {"card": card, "order": None, "done": False, "bonus_used": False, "split_from": None,
                   "split_to": [], "free_man": False}
        ev.append(self._ev(s, "reveal", card=card, card_turn=s["card_turn"]))
        if CARD[card].bonus == "king":
            s["first"] = p
            s["ts"]["bonus_used"] = True
            ev.append(self._ev(s, "king_me"))

    def _why_end(self, s: State, a: Action) -> str | None:
        return None if not a.args else "'end' takes no arguments."

    def _do_end(self, s: State, a: Action, ev: list[Event]) -> None:
        ev.append(self._ev(s, "end_turn"))
        s["ts"] = None
        s["seq_i"] += 1
        if s["seq_i"] >= len(s["seq"]):
            if s["card_turn"] == 1:
                s["card_turn"] = 2
                s["seq_i"] = 0
            else:
                self._begin_battles(s, ev)
                return
        self._begin_turn(s, ev)

    # ------------------------------------------------------------------ losses chosen by their owner
    def _start_losses(self, s: State, ev: list[Event]) -> None:
        """Ask the first queued player for their losses, or go back to where play was."""
        if s["losses"]:
            s["phase"] = "losses"
            s["actor"] = s["losses"][0]["seat"]
            return
        if s["battle"] is not None:
            self._battle_next(s, ev)
        else:
            s["phase"] = "turn"
            s["actor"] = s["current"]

    def _loss_units(self, s: State) -> list[int]:
        q = s["losses"][0]
        return list(s["units"][q["t"]]) if q["side"] == "own" else self.att_units(s, q["t"])

    def _why_lose(self, s: State, a: Action) -> str | None:
        u = parse_units(a.args)
        q = s["losses"][0]
        have = self._loss_units(s)
        if u is None or sum(u) != q["hits"] or any(x > y for x, y in zip(u, have, strict=True)):
            return f"Remove exactly {q['hits']} of your units in {self.tname(q['t'])}: 'lose 2 0 1 0'."  # type: ignore[attr-defined]
        return None

    def _why_auto(self, s: State, a: Action) -> str | None:
        return None if not a.args else "'auto' takes no arguments."

    def _do_lose(self, s: State, a: Action, ev: list[Event]) -> None:
        q = s["losses"][0]
        u = parse_units(a.args) if a.kind == "lose" else default_losses(self._loss_units(s), q["hits"])
        s["losses"] = s["losses"][1:]
        self._remove(s, q["seat"], q["t"], q["side"], u, ev)  # type: ignore[arg-type]
        self._start_losses(s, ev)

    _do_auto = _do_lose

    def _legal_losses(self, s: State) -> list[Action]:
        q = s["losses"][0]
        return [act("auto")] + [act("lose", *u) for u in all_loss_mixes(self._loss_units(s), q["hits"])]

    # ------------------------------------------------------------------ battles
    def _begin_battles(self, s: State, ev: list[Event]) -> None:
        s["phase"] = "battles"
        s["current"] = s["actor"] = s["first"]
        self._battle_next(s, ev)

    def _battle_next(self, s: State, ev: list[Event]) -> None:
        """Go on with the battle in progress, or start the only one left, or wait for the First Player."""
        b = s["battle"]
        if b is not None:
            self._battle_roll(s, ev)
            return
        left = sorted(int(k) for k in s["att"])
        if not left:
            self._end_round(s, ev)
            return
        s["phase"] = "battles"
        s["current"] = s["actor"] = s["first"]
        if len(left) == 1:
            self._start_battle(s, left[0], ev)

    def _why_battle(self, s: State, a: Action) -> str | None:
        t = self.t(a.args[0]) if len(a.args) == 1 else None  # type: ignore[attr-defined]
        if t is None or not self.disputed(s, t):
            return "Choose a disputed territory for the next battle: 'battle bohemia'."
        return None

    def _do_battle(self, s: State, a: Action, ev: list[Event]) -> None:
        self._start_battle(s, self.board.index[a.args[0]], ev)  # type: ignore[index]

    def _start_battle(self, s: State, t: int, ev: list[Event]) -> None:
        a = self.attacker(s, t)
        s["battle"] = {"t": t, "att": a, "def": s["owner"][t], "rank": 1, "cycle": 1, "reroll_used": False,
                       "att_dice": [], "def_dice": []}
        ev.append(self._ev(s, "battle_start", territory=self.board.tid(t), attacker=a, defender=s["owner"][t],
                           att_units=self.att_units(s, t), def_units=list(s["units"][t]),
                           castle=bool(s["castle"][t])))
        self._battle_roll(s, ev)

    def _battle_roll(self, s: State, ev: list[Event]) -> None:
        """Roll ranks until a player must decide (castle re-roll, losses) or the battle is over."""
        while True:
            b = s["battle"]
            t = b["t"]
            att, dfn = self.att_units(s, t), s["units"][t]
            if not sum(att) or not sum(dfn):
                self._finish_battle(s, ev)
                return
            na, nd = rank_dice(b["rank"], att, dfn)
            if not (na or nd):
                self._advance_rank(s)
                continue
            rng = Rng(s["rng"])
            ad = sorted((rng.die() for _ in range(na)), reverse=True)
            dd = sorted((rng.die() for _ in range(nd)), reverse=True)
            s["rng"] = rng.state
            s["battle"] = b = {**b, "att_dice": ad, "def_dice": dd}
            ev.append(self._ev(s, "roll", territory=self.board.tid(t), rank=b["rank"], cycle=b["cycle"],
                               att_dice=ad, def_dice=dd, attacker=b["att"], defender=b["def"]))
            if s["castle"][t] and nd and not b["reroll_used"]:
                s["phase"] = "reroll"
                s["actor"] = b["def"]
                return
            if self._score_rank(s, ev):
                return

    def _advance_rank(self, s: State) -> None:
        b = s["battle"]
        rank, again = next_rank(b["rank"])
        s["battle"] = {**b, "rank": rank, "cycle": b["cycle"] + (1 if again else 0),
                       "reroll_used": False if again else b["reroll_used"]}

    def _score_rank(self, s: State, ev: list[Event]) -> bool:
        """Mark this rank's hits; True when a player must now choose losses (play waits for them)."""
        b = s["battle"]
        t = b["t"]
        on_def, on_att = rank_hits(b["rank"], b["att_dice"], b["def_dice"])
        ev.append(self._ev(s, "hits", territory=self.board.tid(t), rank=b["rank"], on_att=on_att, on_def=on_def))
        self._advance_rank(s)
        self._queue_loss(s, b["att"], t, "att", on_att, ev)
        self._queue_loss(s, b["def"], t, "own", on_def, ev)
        if s["losses"]:
            self._start_losses(s, ev)
            return True
        return False

    def _why_reroll(self, s: State, a: Action) -> str | None:
        return None if not a.args else f"'{a.kind}' takes no arguments."

    _why_keep = _why_reroll

    def _do_reroll(self, s: State, a: Action, ev: list[Event]) -> None:
        b = s["battle"]
        rng = Rng(s["rng"])
        dd = sorted((rng.die() for _ in b["def_dice"]), reverse=True)
        s["rng"] = rng.state
        s["battle"] = {**b, "def_dice": dd, "reroll_used": True}
        ev.append(self._ev(s, "reroll", player=b["def"], territory=self.board.tid(b["t"]), rank=b["rank"],
                           old=b["def_dice"], def_dice=dd))
        self._after_reroll(s, ev)

    def _do_keep(self, s: State, a: Action, ev: list[Event]) -> None:
        self._after_reroll(s, ev)

    def _after_reroll(self, s: State, ev: list[Event]) -> None:
        s["phase"] = "battles"
        s["actor"] = s["current"]
        if not self._score_rank(s, ev):
            self._battle_roll(s, ev)

    def _finish_battle(self, s: State, ev: list[Event]) -> None:
        b = s["battle"]
        t, a, d = b["t"], b["att"], b["def"]
        att = self.att_units(s, t)
        self.set_att(s, t, a, None)
        if sum(att):
            s["owner"][t] = a
            self.set_units(s, t, att)
            result = "attacker"
        elif sum(s["units"][t]):
            result = "defender"
        else:
            self.unclaim(s, t)
            result = "none"
        s["battle"] = None
        self.refresh_crowns(s)
        raid = RAID_COINS if result == "attacker" and self.holds_tile(s, a, STOCKHOLM) else 0
        if raid:
            self.gain(s, a, raid)
        ev.append(self._ev(s, "battle_end", territory=self.board.tid(t), attacker=a, defender=d, result=result,
                           raid=raid, castle=bool(s["castle"][t]), crowns=self.city_crowns.get(t, 0)))
        s["phase"] = "battles"
        s["actor"] = s["current"] = s["first"]
        self._battle_next(s, ev)

    # ------------------------------------------------------------------ end of the round
    def _end_round(self, s: State, ev: list[Event]) -> None:
        n = len(s["players"])
        discard = touch(s, "discard")
        for p in range(n):
            discard[p] = discard[p] + s["revealed"][p]
        s["revealed"] = [[] for _ in range(n)]
        s["chosen"] = [[] for _ in range(n)]
        for p in self.alive(s):
            if self.cities_of(s, p):
                if s["players"][p]["saved"]:
                    self.set_player(s, p, saved=False)
                continue
            if s["crown_cards"][p] and not s["players"][p]["saved"]:
                self.set_player(s, p, saved=True)
                ev.append(self._ev(s, "saved", player=p))
            else:
                self._eliminate(s, p, ev)
        self.refresh_crowns(s)
        ev.append(self._ev(s, "round_end", round=s["round"], crowns=list(s["crowns"])))
        alive = self.alive(s)
        win = self._winner(s)
        if len(alive) == 1:
            win = alive[0]
        if win is not None:
            s["winner"] = win
            s["phase"] = "over"
            s["actor"] = s["current"] = win
            ev.append(self._ev(s, "win", player=win, crowns=s["crowns"][win]))
            return
        if s["first"] not in alive:
            s["first"] = min(alive, key=lambda q: (q - s["first"]) % n)
        self._begin_round(s, ev)

    def tie_key(self, s: State, p: int) -> tuple[int, int, int]:
        coins = s["coins"][p] + (FIRST_MARKER_COINS if s["first"] == p else 0)
        return s["crowns"][p], len(self.territories_of(s, p)), coins

    def _winner(self, s: State) -> int | None:
        """7+ crowns at the end of a round; the most crowns, ties by territories, then coins (the marker counts 10).
        A tie that remains after that decides nothing: play goes on (our reading)."""
        cands = [p for p in self.alive(s) if s["crowns"][p] >= CROWNS_TO_WIN]
        if not cands:
            return None
        keys = {p: self.tie_key(s, p) for p in cands}
        best = max(keys.values())
        top = [p for p in cands if keys[p] == best]
        return top[0] if len(top) == 1 else None

    def _eliminate(self, s: State, p: int, ev: list[Event]) -> None:
        for t, o in enumerate(s["owner"]):
            if o == p:
                self.unclaim(s, t)
        touch(s, "coins")[p] = 0
        gone = s["crown_cards"][p]
        touch(s, "crown_cards")[p] = 0
        s["crown_cards_gone"] += gone
        self.set_player(s, p, out=True, saved=False)
        touch(s, "hands")[p] = []
        ev.append(self._ev(s, "eliminate", player=p, crown_cards=gone))

    def _legal_flow(self, s: State) -> list[Action] | None:
        ph = s["phase"]
        if ph == "bid":
            return [act("bid", n) for n in range(s["coins"][s["actor"]] + 1)]
        if ph == "kingdom":
            out: list[Action] = []
            for c in sorted(self.gold):
                if s["owner"][c] != -1:
                    continue
                cid = self.board.tid(c)
                free = [t for t in self.board.adj_sorted[c] if not self.is_city(t) and s["owner"][t] == -1]
                if not free:
                    out.append(act("kingdom", cid))
                for t in free:
                    out += [act("kingdom", cid, self.board.tid(t), n) for n in range(START_FOOTMEN)]
            return out
        if ph == "orders":
            hand = s["hands"][s["actor"]]
            return [act("orders", x, y) for x in hand for y in hand if x != y]
        if ph == "battles":
            return [act("battle", self.board.tid(int(k))) for k in sorted(s["att"], key=int)]
        if ph == "reroll":
            return [act("reroll"), act("keep")]
        if ph == "losses":
            return self._legal_losses(s)
        return None
