"""Set-up judgement for the classic computer players above easy: which territory to claim, where each set-up
army goes, and (two players) where the neutral army goes. Pure functions of a view and the board info.

Why claims and set-up look like this (seat fairness): claiming greedily by region value alone and
shunning every region someone else had entered sorted the board into whole continents by turn position
(first claimer North America, second Asia, third Europe and Africa), and stacking every set-up army on one
territory let the first two players sweep the third's single armies before it moved: the third in turn order
won 15% of 3-player games. Claims now also block a region one opponent is gathering and vary among
near-equal picks, and part of the set-up armies (half at normal, a fifth at hard) guard the borders facing
the biggest enemy stacks."""

from __future__ import annotations

import random
from itertools import compress

from riskterm.ai.classic.plan import Weights, frontier, placement, target_region
from riskterm.ai.core.board_info import BoardInfo
from riskterm.engine.state import State

CLAIM_CROWD = 0.3  # how much others' territories in a region put a claimer off it
CLAIM_DENY = 0.5  # claiming into a region a single opponent is gathering blocks its bonus
CLAIM_NEAR = 0.03  # per own neighbour of the territory (claims that hang together)
CLAIM_VARIETY = 0.3  # random spread among near-equal claims (no pattern fixed by turn position)


def claim_choice(info: BoardInfo, owner: list[int], p: int, rng: random.Random) -> int:
    """The unclaimed territory to claim: in a region we hold much of, or one a single opponent is gathering
    (blocking it), little crowded by others, next to our own."""
    counts: dict[
        int, tuple[int, int, float]
    ] = {}  # region: (p's, others', blocking value), once per decision
    region_of, members, value, near_p = info.region_of, info.members, info.region_value, info.adj_getters
    rnd = rng.random
    best, best_score = -1, 0.0
    for t in compress(range(len(owner)), map((-1).__eq__, owner)):  # max(free, key=score): the first best
        r = region_of[t]
        m = members[r]
        c = counts.get(r)
        if c is None:
            mine = theirs = free = 0
            others: set[int] = set()
            for u in m:
                o = owner[u]
                if o == p:
                    mine += 1
                elif o == -1:
                    free += 1
                else:
                    theirs += 1
                    others.add(o)
            # one opponent alone in the region could still complete it: the fewer free places, the likelier
            deny = CLAIM_DENY * value[r] * theirs / free if mine == 0 and len(others) == 1 else 0.0
            c = counts[r] = (mine, theirs, deny)
        mine, theirs, deny = c
        near = near_p[t](owner).count(p)
        score = (
            value[r] * (1.0 + 2.0 * mine / len(m)) * (1.0 - CLAIM_CROWD * theirs / len(m))
            + deny
            + CLAIM_NEAR * near
            + CLAIM_VARIETY * rnd()
        )
        if best < 0 or score > best_score:
            best, best_score = t, score
    if best < 0:
        raise ValueError("no territory left to claim")
    return best


def biggest_enemy_next(info: BoardInfo, owner: list[int], armies: list[int], p: int, t: int) -> int:
    """The biggest stack next to t that is neither p's nor unclaimed."""
    return max((armies[u] for u in info.adj[t] if owner[u] != p and owner[u] >= 0), default=0)


def setup_choice(info: BoardInfo, view: State, p: int, w: Weights) -> int:
    """Where p's next set-up army goes: the attack stack (where the reinforcement plan would put it) while it
    holds at most the level's setup_stack share of the armies placed so far, otherwise the border most outnumbered by the
    biggest enemy stack next to it (so the players placing first cannot sweep single armies)."""
    owner, armies = view["owner"], view["armies"]
    star = placement(info, view, p, 1, w)[0][0]
    placed = sum(compress(armies, map(p.__eq__, owner))) - owner.count(p)  # armies beyond one per territory
    if armies[star] - 1 <= w.setup_stack * placed:
        return star
    # (the list placement read: BoardInfo.frontier keeps it for these owners)
    front = frontier(info, owner, p) or [t for t, o in enumerate(owner) if o == p]
    return max(front, key=lambda t: (biggest_enemy_next(info, owner, armies, p, t) - armies[t], -armies[t]))


NEUTRAL_REGION = 2.0  # per share of a region the opponent holds, times the region's value
NEUTRAL_OWN = 2.0  # the same against a neutral army in a region we are working on (it only costs us)
NEUTRAL_WALL = 0.04  # per army a neutral stack is short of the biggest opponent stack next to it


def neutral_choice(info: BoardInfo, view: State, p: int, neutral: int, w: Weights) -> int:
    """Where p puts a neutral army (two-player set-up): where it hinders the opponent most (in regions the
    opponent holds much of, in front of the opponent's big stacks), never in a region p works on itself."""
    owner: list[int] = view["owner"]
    armies: list[int] = view["armies"]
    people = {q for q, pl in enumerate(view["players"]) if q not in (p, neutral) and not pl.get("out")}
    target = target_region(info, owner, armies, p, 0) if w.plan else None

    def score(t: int) -> float:
        r = info.region_of[t]
        m = info.members[r]
        mine = sum(1 for u in m if owner[u] == p)
        theirs = max((sum(1 for u in m if owner[u] == q) for q in people), default=0)
        value = info.region_value[r]
        if r == target or mine >= theirs:  # our own plan: armies here are ours to beat
            s = -NEUTRAL_OWN * value * mine / len(m)
        else:  # the more of it already theirs, the dearer each neutral army makes it (spread over the region)
            s = NEUTRAL_REGION * value * theirs / len(m) * 3.0 / (2.0 + armies[t])
        facing = max((armies[u] for u in info.adj[t] if owner[u] in people), default=0)
        s += NEUTRAL_WALL * max(0, facing + 2 - armies[t])
        if not facing and any(owner[u] == p for u in info.adj[t]):  # stands only in our way
            s -= 0.2
        return s

    return max((t for t, o in enumerate(owner) if o == neutral), key=score)
