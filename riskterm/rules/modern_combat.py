"""The modern-units rulebook's units and combat, as data and pure functions.

Units come from riskterm/rules/data/modern-units.yaml (house values). A unit mix is a list of counts in the
file's unit order, written "2H1T" in the action notation. Combat is a pure function of explicit dice: the
rulebook state machine in modern.py only draws the dice and hands them here."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import yaml

from riskterm.engine.rng import Rng

UNITS_FILE = Path(__file__).parent / "data" / "modern-units.yaml"
Mix = list[int]


@dataclass(frozen=True)
class UnitType:
    id: str
    name: str
    letter: str
    cost: int
    attack: int
    defence: int
    sea: bool


def load_units(path: Path = UNITS_FILE) -> tuple[UnitType, ...]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    out = []
    for u in data["units"]:
        out.append(UnitType(str(u["id"]), str(u["name"]), str(u["letter"]).upper(), int(u["cost"]),
                            int(u["attack"]), int(u["defence"]), bool(u.get("sea", False))))
    letters = [u.letter for u in out]
    if len(set(letters)) != len(letters) or any(len(x) != 1 or not x.isalpha() for x in letters):
        raise ValueError(f"{path}: every unit needs its own one-letter code")
    if any(u.cost < 1 or not 0 <= u.attack <= 6 or not 0 <= u.defence <= 6 for u in out):
        raise ValueError(f"{path}: costs must be 1 or more and values 0 to 6")
    return tuple(out)


UNITS: tuple[UnitType, ...] = load_units()
NU = len(UNITS)


# ---------------------------------------------------------------------- unit mixes
_MIX_RE = re.compile(r"(\d*)([A-Za-z])")


def parse_mix(text: str | int, units: Sequence[UnitType] = UNITS) -> Mix | None:
    """'2H1T' -> [2, 1, 0, 0, 0]; 'H' is one Humber; '0' (or 0) no units; None when not a mix ('all' is
    handled by the rulebook, which knows which units may go)."""
    if text == 0 or text == "0":
        return [0] * len(units)
    if not isinstance(text, str) or not text:
        return None
    pos, mix = 0, [0] * len(units)
    letters = {u.letter: i for i, u in enumerate(units)}
    for m in _MIX_RE.finditer(text):
        if m.start() != pos:
            return None
        k = letters.get(m.group(2).upper())
        if k is None:
            return None
        mix[k] += int(m.group(1)) if m.group(1) else 1
        pos = m.end()
    return mix if pos == len(text) else None


def mix_text(mix: Sequence[int], units: Sequence[UnitType] = UNITS) -> str:
    """[2, 1, 0, 0, 0] -> '2H1T' (the empty mix is '0')."""
    return "".join(f"{n}{u.letter}" for n, u in zip(mix, units, strict=True) if n) or "0"


def mix_words(mix: Sequence[int], units: Sequence[UnitType] = UNITS) -> str:
    """[2, 1, 0, 0, 0] -> '2 Humbers, 1 Tank'."""
    parts = [f"{n} {u.name}{'s' if n != 1 else ''}" for n, u in zip(mix, units, strict=True) if n]
    return ", ".join(parts) or "no units"


def expand(mix: Sequence[int]) -> list[int]:
    """Unit types one by one, in unit order: [1, 1, 0, 0, 1] -> [0, 1, 4]."""
    return [k for k, n in enumerate(mix) for _ in range(n)]


def fits(mix: Sequence[int], pool: Sequence[int]) -> bool:
    return all(0 <= a <= b for a, b in zip(mix, pool, strict=True))


# ---------------------------------------------------------------------- dice and hits
def roll(rng: Rng, n: int) -> list[int]:
    """n dice in the order drawn (not sorted: each die belongs to one unit), 24 per 64-bit draw."""
    out: list[int] = []
    while len(out) < n:
        z = rng.u64()
        for _ in range(min(24, n - len(out))):
            z, r = divmod(z, 6)
            out.append(r + 1)
    return out


def hit_flags(types: Sequence[int], dice: Sequence[int], attacking: bool,
              units: Sequence[UnitType] = UNITS) -> list[bool]:
    """Per die: does it hit? A die hits when it shows the unit's value or less."""
    if len(types) != len(dice):
        raise ValueError("one die per unit")
    return [d <= (units[k].attack if attacking else units[k].defence) for k, d in zip(types, dice, strict=True)]


def count_hits(types: Sequence[int], dice: Sequence[int], attacking: bool,
               units: Sequence[UnitType] = UNITS) -> int:
    return sum(hit_flags(types, dice, attacking, units))


def combat_round(attackers: Sequence[int], defenders: Sequence[int], att_dice: Sequence[int],
                 def_dice: Sequence[int], units: Sequence[UnitType] = UNITS) -> tuple[int, int]:
    """One round of combat from explicit dice. `attackers` and `defenders` are mixes (the defenders present at
    the start of the round, lost ones included); the dice go to the units in unit order. Returns
    (hits scored by the attacker, hits scored by the defender)."""
    return (count_hits(expand(attackers), att_dice, True, units),
            count_hits(expand(defenders), def_dice, False, units))


# ---------------------------------------------------------------------- losses
def loss_order(attacking: bool, units: Sequence[UnitType] = UNITS) -> list[int]:
    """The default order in which units are given up: cheapest first, then the weaker in the role."""
    return sorted(range(len(units)), key=lambda k: (units[k].cost, units[k].attack if attacking
                                                    else units[k].defence, k))


def default_losses(pool: Sequence[int], hits: int, attacking: bool, units: Sequence[UnitType] = UNITS) -> Mix:
    """The default choice of `hits` losses from a mix: cheapest first."""
    out = [0] * len(pool)
    left = min(hits, sum(pool))
    for k in loss_order(attacking, units):
        take = min(left, pool[k])
        out[k] += take
        left -= take
    return out


def default_losses_multi(pools: Sequence[Sequence[int]], hits: int, attacking: bool,
                         units: Sequence[UnitType] = UNITS, home: Sequence[int] | None = None) -> list[Mix]:
    """Cheapest first across several groups (an attack from several territories); among equal units, from
    the group whose territory has the most units left (`home`: units staying there, not fighting), so that
    sources keep the 2 units they need to go on."""
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
        rest = sum(flat[i + 1:])
        for n in range(min(flat[i], left), -1, -1):
            if left - n > rest:
                break
            cur[i] = n
            yield from rec(i + 1, left - n)
        cur[i] = 0

    for f in rec(0, need):
        yield [f[g * width:(g + 1) * width] for g in range(len(pools))]
        count += 1
        if count >= limit:
            return


def forced(pools: Sequence[Sequence[int]], hits: int) -> bool:
    """True when there is only one way to take the losses (none, all, or all units alike in one group)."""
    total = sum(sum(p) for p in pools)
    if hits <= 0 or hits >= total:
        return True
    return sum(1 for p in pools for n in p if n) == 1
