"""Hand-built Risk: Europe positions for tests, puzzles and computer-player experiments: a state in Turn 1 of
round 1 (or any phase) with the given territories, armies, castles and coins."""

from __future__ import annotations

from typing import Any

from riskterm.engine.state import State
from riskterm.rules.europe.data import DECK
from riskterm.rules.europe.state import as_europe, crowns_of


def scenario(
    rules: Any,
    players: int = 3,
    units: dict[str, tuple[int, list[int]]] | None = None,
    att: dict[str, tuple[int, list[int]]] | None = None,
    castles: tuple[str, ...] = (),
    coins: list[int] | None = None,
    card: str = "fortify1",
    current: int = 0,
    first: int = 0,
    seed: int = 1,
    **kw: Any,
) -> State:
    """`units`: territory id -> (owner seat, [footmen, archers, cavalry, siege]); `att`: disputed territory id ->
    (attacking seat, units). Seat `current` is playing `card` (revealed, Turn 1); every other seat has laid
    down two cards. Extra keyword arguments overwrite state keys."""
    s, _ = rules.new_game([f"P{i}" for i in range(players)], seed)
    s = dict(s)
    n, nt = players, len(rules.board.territories)
    owner, units_l, armies = [-1] * nt, [[0, 0, 0, 0] for _ in range(nt)], [0] * nt
    for tid, (p, u) in (units or {}).items():
        t = rules.board.index[tid]
        owner[t], units_l[t] = p, list(u)
    a: dict[str, Any] = {}
    for tid, (p, u) in (att or {}).items():
        a[str(rules.board.index[tid])] = {"seat": p, "units": list(u)}
    for t in range(nt):
        armies[t] = sum(units_l[t]) + sum(a[str(t)]["units"]) if str(t) in a else sum(units_l[t])
    castle = [False] * nt
    for tid in castles:
        castle[rules.board.index[tid]] = True
    other = "taxspend1" if card != "taxspend1" else "taxspend2"
    chosen = [[card, other] if p == current else ["split1", "taxspend2"] for p in range(n)]
    hands = [[c for c in DECK if c not in chosen[p]] for p in range(n)]
    seq = [(first + k) % n for k in range(n)]
    s.update(
        owner=owner,
        units=units_l,
        armies=armies,
        att=a,
        castle=castle,
        coins=list(coins) if coins is not None else [5] * n,
        bids=[0] * n,
        first=first,
        round=1,
        turn=1,
        hands=hands,
        chosen=chosen,
        revealed=[[card] if p == current else [] for p in range(n)],
        seq=seq,
        seq_i=seq.index(current),
        card_turn=1,
        phase="turn",
        actor=current,
        current=current,
        ts={
            "card": card,
            "order": None,
            "done": False,
            "bonus_used": card == "kingme",
            "split_from": None,
            "split_to": [],
            "free_man": False,
        },
    )
    s.update(kw)
    s["crowns"] = [crowns_of(rules, as_europe(s), p) for p in range(n)]
    return s
