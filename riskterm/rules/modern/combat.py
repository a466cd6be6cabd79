"""The modern-units rulebook's combat as pure functions of explicit dice: hits, and the choices of losses.

The battle phases (battle.py) draw the dice (Rng.faces: one per unit, in unit order) and hand them here.
Every function takes the game's unit table (units.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from riskterm.engine.rng import Rng
from riskterm.rules.modern.units import UNITS, Mix, UnitType, expand

T = TypeVar("T")


# ---------------------------------------------------------------------- hits
def hits_die(
    k: int, die: int, attacking: bool, units: Sequence[UnitType] = UNITS, literal: bool = False
) -> bool:
    """Does this die, rolled for a unit of type k, hit? By default a die hits when it shows the unit's value
    or less: the attack value when attacking, the defence value when defending. `literal` is the house
    reading of the defence roll word for word ("for every roll under the attack value, the defender scores
    a hit"): a defending die hits when it shows less than the unit's attack value."""
    u = units[k]
    if attacking:
        return die <= u.attack
    return die < u.attack if literal else die <= u.defence


def hit_flags(
    types: Sequence[int],
    dice: Sequence[int],
    attacking: bool,
    units: Sequence[UnitType] = UNITS,
    literal: bool = False,
) -> list[bool]:
    """Per die: does it hit? (see hits_die)"""
    if len(types) != len(dice):
        raise ValueError("one die per unit")
    return [hits_die(k, d, attacking, units, literal) for k, d in zip(types, dice, strict=True)]


def hit_faces(units: Sequence[UnitType], attacking: bool, literal: bool = False) -> tuple[int, ...]:
    """Per unit type, the highest face that hits (hits_die: a die hits when it shows this or less)."""
    return _per_table(
        units,
        ("hit", attacking, literal),
        lambda: tuple(u.attack if attacking else u.attack - 1 if literal else u.defence for u in units),
    )


def count_hits(
    types: Sequence[int],
    dice: Sequence[int],
    attacking: bool,
    units: Sequence[UnitType] = UNITS,
    literal: bool = False,
) -> int:
    """sum(hit_flags(...)), by each unit type's highest hitting face (every round of every battle asks)."""
    if len(types) != len(dice):
        raise ValueError("one die per unit")
    top = hit_faces(units, attacking, literal)
    return sum([die <= top[k] for k, die in zip(types, dice, strict=True)])


def roll_hits(stream: int, runs: Sequence[tuple[int, int]]) -> tuple[int | list[int], int]:
    """(the stream after, the hits) of rolling one die per unit, for runs of (the highest face that hits, how
    many units) in unit order: the same draws and hits as Rng(stream).faces(n) counted by count_hits (24
    faces per 64-bit draw, the first face its lowest base-6 digit), without making the faces: four digits at
    a time are counted by a table lookup (a round nobody reads the dice of: the headless games)."""
    rng = Rng(stream)
    hits = left = z = 0
    for top, n in runs:
        below = _below(top)
        four = below[4]
        while n:
            if not left:
                z, left = rng.u64(), 24
            take = n if n < left else left
            n -= take
            left -= take
            while take >= 4:
                hits += four[z % 1296]
                z //= 1296
                take -= 4
            if take:
                size = _POWERS[take]
                hits += below[take][z % size]
                z //= size
    return rng.state, hits


_POWERS = (1, 6, 36, 216, 1296)
_BELOW: dict[int, tuple[bytes, ...]] = {}


def _below(top: int) -> tuple[bytes, ...]:
    """Per k <= 4: for each x < 6^k, how many of its k base-6 digits d make a hitting face d + 1 <= top."""
    known = _BELOW.get(top)
    if known is None:
        rows = [b"\0"]
        for k in range(1, 5):
            prev = rows[-1]
            rows.append(bytes([(x % 6 < top) + prev[x // 6] for x in range(6**k)]))
        known = _BELOW[top] = tuple(rows)
    return known


def combat_round(
    attackers: Sequence[int],
    defenders: Sequence[int],
    att_dice: Sequence[int],
    def_dice: Sequence[int],
    units: Sequence[UnitType] = UNITS,
    literal: bool = False,
) -> tuple[int, int]:
    """One round of combat from explicit dice. `attackers` and `defenders` are mixes (the defenders present at
    the start of the round, lost ones included); the dice go to the units in unit order. Returns
    (hits scored by the attacker, hits scored by the defender)."""
    return (
        count_hits(expand(attackers), att_dice, True, units),
        count_hits(expand(defenders), def_dice, False, units, literal),
    )


# Facts of a unit table worked out once per table (by identity: the tables are the module's own tuples, kept
# alive here so that an id is never reused) and question: asked in every round of every battle.
_PER_TABLE: dict[tuple[int, object], tuple[Sequence[UnitType], Any]] = {}


def _per_table(units: Sequence[UnitType], question: object, build: Callable[[], T]) -> T:
    key = (id(units), question)
    known = _PER_TABLE.get(key)
    if known is None or known[0] is not units:
        if len(_PER_TABLE) > 256:
            _PER_TABLE.clear()
        known = _PER_TABLE[key] = (units, build())
    out: T = known[1]
    return out


# ---------------------------------------------------------------------- losses
def loss_order(attacking: bool, units: Sequence[UnitType] = UNITS) -> list[int]:
    """The default order in which units are given up: cheapest first, then the weaker in the role."""

    def order() -> tuple[int, ...]:
        return tuple(
            sorted(
                range(len(units)),
                key=lambda k: (units[k].cost, units[k].attack if attacking else units[k].defence, k),
            )
        )

    return list(_per_table(units, ("loss order", attacking), order))


def default_losses(pool: Sequence[int], hits: int, attacking: bool, units: Sequence[UnitType] = UNITS) -> Mix:
    """The default choice of `hits` losses from a mix: cheapest first."""
    out = [0] * len(pool)
    left = min(hits, sum(pool))
    for k in loss_order(attacking, units):
        take = min(left, pool[k])
        out[k] += take
        left -= take
    return out


def default_losses_multi(
    pools: Sequence[Sequence[int]],
    hits: int,
    attacking: bool,
    units: Sequence[UnitType] = UNITS,
    home: Sequence[int] | None = None,
) -> list[Mix]:
    """Cheapest first across several groups (an attack from several territories); among equal units, from
    the group whose territory has the most units left (`home`: units staying there, not fighting), so that
    sources keep the 2 units they need to go on."""
    if len(pools) == 1:  # one group: the cheapest first, as from a single mix
        return [default_losses(pools[0], hits, attacking, units)]
    home = home or [0] * len(pools)
    out = [[0] * len(p) for p in pools]
    left = [list(p) for p in pools]
    need = min(hits, sum(sum(p) for p in pools))
    order = loss_order(attacking, units)
    while need:
        for k in order:
            cands = [g for g in range(len(pools)) if left[g][k]]
            if cands:
                g = max(cands, key=lambda g: (sum(left[g]) + home[g], -g))
                left[g][k] -= 1
                out[g][k] += 1
                need -= 1
                break
    return out


def loss_choices(pools: Sequence[Sequence[int]], hits: int, limit: int = 60) -> Iterator[list[Mix]]:
    """Ways to take exactly min(hits, total) losses from the groups (at most `limit` of them)."""
    flat = [n for p in pools for n in p]
    need = min(hits, sum(flat))
    width = len(pools[0]) if pools else 0
    count = 0
    cur = [0] * len(flat)

    def rec(i: int, left: int) -> Iterator[list[int]]:
        if i == len(flat):
            if left == 0:
                yield list(cur)
            return
        rest = sum(flat[i + 1 :])
        for n in range(min(flat[i], left), -1, -1):
            if left - n > rest:
                break
            cur[i] = n
            yield from rec(i + 1, left - n)
        cur[i] = 0

    for f in rec(0, need):
        yield [f[g * width : (g + 1) * width] for g in range(len(pools))]
        count += 1
        if count >= limit:
            return


def forced(pools: Sequence[Sequence[int]], hits: int) -> bool:
    """True when there is only one way to take the losses (none, all, or all units alike in one group)."""
    total = sum(sum(p) for p in pools)
    if hits <= 0 or hits >= total:
        return True
    return sum(1 for p in pools for n in p if n) == 1
