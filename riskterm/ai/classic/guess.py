"""One guess at what a seat's view hides, for hard's search in the goal modes: the search plays each sample of
a candidate from such a guess on through the rivals' turns, so a rival that meets its goal before the seat's
next turn shows in the play-outs (the normal heuristic plays the rivals, as the normal players it models do).

- Secret Mission Risk: each rival's mission drawn from the seat's belief (mission_rivals.Watch: read from
  where it conquers), no card twice, a destroy card of its own colour or of a player already out read as the
  territory card it becomes.
- Assassin: a ring of the seats still in, each hunting the next, through the seat and its own target.
- Both: the rivals' hands and the deck dealt from the cards the seat has not seen (its hand, the discards).

Pure functions of the view and a random generator drawn from the search's stream: nothing the view hides is
read, so the guess is the same whatever the hidden truth is."""

from __future__ import annotations

import random

from riskterm.ai.classic.mission_rivals import Watch, rivals
from riskterm.ai.core.board_info import BoardInfo
from riskterm.engine.state import State
from riskterm.rules.classic.mission_cards import for_24
from riskterm.rules.classic.state import WILDS


def guessed(info: BoardInfo, view: State, p: int, rng: random.Random, watch: Watch | None) -> State:
    """The view with the rivals' goals (as the mode has them: `missions` or `targets`) and the hidden cards
    filled in."""
    out = dict(view)
    if "targets" in view:
        out["targets"] = ring(view, p, rng)
    elif watch is not None and "missions" in view:
        out["missions"] = missions(info, watch, view, p, rng)
    out.update(cards(info, view, p, rng))
    return out


def missions(info: BoardInfo, watch: Watch, view: State, p: int, rng: random.Random) -> list[object]:
    """Each rival's mission drawn from p's belief about it (watch.belief), no card twice."""
    out = list(view["missions"])
    taken: set[int] = set()
    for q in rivals(view, p):
        if out[q] is not None:
            continue
        belief = watch.belief(q)
        ks = [k for k in range(len(watch.cards)) if k not in taken]
        if not ks:
            break
        k = rng.choices(ks, [belief[k] + 1e-9 for k in ks])[0]
        taken.add(k)
        c = watch.cards[k]
        if c["card"] == "destroy" and (c["target"] == q or view["players"][c["target"]]["out"]):
            c = for_24(info.board, c)
        out[q] = c
    return out


def ring(view: State, p: int, rng: random.Random) -> list[int | None]:
    """Assassin's targets: the seats still in, in a random ring through p and p's own target (every seat
    hunted by exactly one other)."""
    targets: list[int | None] = list(view["targets"])
    mine = targets[p]
    if mine is None:
        return targets
    rest = [q for q in rivals(view, p) if q != mine]
    rng.shuffle(rest)
    order = [p, mine, *rest]
    for k, q in enumerate(order):
        targets[q] = order[(k + 1) % len(order)]
    return targets


def cards(info: BoardInfo, view: State, p: int, rng: random.Random) -> dict[str, list[object]]:
    """The rivals' hands and the deck dealt from the cards p has not seen; nothing when the counts do not add
    up (a board whose cards are not one per territory and the wilds)."""
    hands = view["hands"]
    seen = set(hands[p]) | set(view["discard"])
    pool: list[object] = [c for c in (*info.ids, *WILDS) if c not in seen]
    hidden = sum(len(h) for q, h in enumerate(hands) if q != p) + len(view["deck"])
    if len(pool) != hidden:
        return {}
    rng.shuffle(pool)
    dealt: list[object] = []
    for q, h in enumerate(hands):
        if q == p:
            dealt.append(h)
        else:
            dealt.append(pool[: len(h)])
            del pool[: len(h)]
    return {"hands": dealt, "deck": pool}
