"""Risk: Europe battles as pure functions of explicit dice ("The Battle", risk-europe.txt).

Ranked attack order, repeated until one army is gone: rank 1 siege weapons (2 dice each, hit on 3+), rank 2
archers (5+), rank 3 cavalry (3+), rank 4 the general attack (attacker up to 3 dice, defender up to 2, highest
against highest, ties to the defender, at most two hits). After every rank each side removes its own losses.
A castle defender may re-roll all of its own dice of one rank per repetition of the order."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from riskterm.engine.dice import resolve
from riskterm.rules.europe.data import ARCH, CAV, SIEGE

RANK_NAMES = {1: "siege weapons", 2: "archers", 3: "cavalry", 4: "general attack"}
RANK_TYPE = {1: SIEGE, 2: ARCH, 3: CAV}
DICE_PER_UNIT = {1: 2, 2: 1, 3: 1}
HITS_ON = {1: 3, 2: 5, 3: 3}
LOSS_ORDER = (0, 1, 2, 3)  # the default: footmen first, then archers, cavalry, siege weapons (cheapest first)

Units = list[int]


def rank_dice(rank: int, att: Units, dfn: Units) -> tuple[int, int]:
    """How many dice attacker and defender roll in this rank."""
    if rank in RANK_TYPE:
        i = RANK_TYPE[rank]
        return DICE_PER_UNIT[rank] * att[i], DICE_PER_UNIT[rank] * dfn[i]
    return min(3, sum(att)), min(2, sum(dfn))


def rank_hits(rank: int, att_dice: list[int], def_dice: list[int]) -> tuple[int, int]:
    """(hits scored on the defender, hits scored on the attacker) for one rank's dice."""
    if rank in HITS_ON:
        need = HITS_ON[rank]
        return sum(d >= need for d in att_dice), sum(d >= need for d in def_dice)
    att_loss, def_loss = resolve(att_dice, def_dice)
    return def_loss, att_loss


def default_losses(units: Units, hits: int) -> Units:
    """The losses removed by default: the cheapest units first (footmen, archers, cavalry, siege weapons)."""
    out = [0, 0, 0, 0]
    left = hits
    for i in LOSS_ORDER:
        take = min(left, units[i])
        out[i] = take
        left -= take
    return out


def loss_choice_matters(units: Units, hits: int) -> bool:
    """Whether the owner has a real choice (more than one unit type present and not everything dies)."""
    return hits > 0 and hits < sum(units) and sum(1 for n in units if n) > 1


def all_loss_mixes(units: Units, hits: int, limit: int = 400) -> list[Units]:
    """Every way to remove exactly min(hits, total) units (capped at `limit` mixes)."""
    h = min(hits, sum(units))
    out: list[Units] = []
    for f in range(min(h, units[0]), -1, -1):
        for a in range(min(h - f, units[1]), -1, -1):
            for c in range(min(h - f - a, units[2]), -1, -1):
                s = h - f - a - c
                if 0 <= s <= units[3]:
                    out.append([f, a, c, s])
                    if len(out) >= limit:
                        return out
    return out


def next_rank(rank: int) -> tuple[int, bool]:
    """The rank after this one, and whether the order starts again (a new repetition)."""
    return (1, True) if rank == 4 else (rank + 1, False)


LossPolicy = Callable[[Units, int], Units]
RerollPolicy = Callable[[int, list[int], list[int]], bool]


def fight(
    att: Units,
    dfn: Units,
    dice: Iterator[int],
    castle: bool = False,
    reroll: RerollPolicy | None = None,
    att_losses: LossPolicy = default_losses,
    def_losses: LossPolicy = default_losses,
    max_cycles: int = 1000,
) -> tuple[Units, Units, list[dict[str, Any]]]:
    """A whole battle from an explicit stream of dice: per rank the attacker's dice, then the defender's,
    then (if the castle defender re-rolls) the defender's new dice. Returns the armies left and a log."""
    a, d = list(att), list(dfn)
    log: list[dict[str, Any]] = []
    rank, used = 1, False
    for _ in range(max_cycles * 4):
        if not sum(a) or not sum(d):
            break
        na, nd = rank_dice(rank, a, d)
        if na or nd:
            ad = [next(dice) for _ in range(na)]
            dd = [next(dice) for _ in range(nd)]
            rerolled = False
            if castle and not used and nd and reroll is not None and reroll(rank, ad, dd):
                dd = [next(dice) for _ in range(nd)]
                used = rerolled = True
            on_d, on_a = rank_hits(rank, ad, dd)
            la = att_losses(a, min(on_a, sum(a)))
            ld = def_losses(d, min(on_d, sum(d)))
            a = [x - y for x, y in zip(a, la, strict=True)]
            d = [x - y for x, y in zip(d, ld, strict=True)]
            log.append(
                {
                    "rank": rank,
                    "att_dice": ad,
                    "def_dice": dd,
                    "rerolled": rerolled,
                    "att_loss": la,
                    "def_loss": ld,
                }
            )
        rank, again = next_rank(rank)
        if again:
            used = False
    return a, d, log
