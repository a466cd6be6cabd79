"""A count for each type of unit, for the rulebooks whose lists offer only representative sets of units
(modern: all, one type alone, one unit): the player picks how many of each type go ('2R1C'). No Textual here;
the screen is dialogs.CountScreen."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from riskterm.engine.actions import Action
from riskterm.tui.picker import Picker

UNIT_MIX = re.compile(r"(?:\d+[A-Za-z])+")  # '2H1T': two of one type, one of another
PART = re.compile(r"(\d+)([A-Za-z])")
COUNTS = object()  # the list's "choose how many of each type" entry


@dataclass
class Counts:
    """Open the count screen: each type's letter, name and most that may go; the action so far."""

    title: str
    types: list[tuple[str, str, int]]
    head: Action


def unit_pool(p: Picker) -> list[tuple[str, int]] | None:
    """When the next argument is the last and a set of units: each type (letter) with the most of it any listed
    set sends, in the order the sets name them; None otherwise (or when the list already holds every set)."""
    n = len(p.args)
    sets = [str(a.args[n]) for a in p.matching() if len(a.args) == n + 1]
    if not sets or not all(UNIT_MIX.fullmatch(x) for x in sets):
        return None
    most: dict[str, int] = {}
    for x in sets:
        for count, letter in PART.findall(x):
            most[letter] = max(most.get(letter, 0), int(count))
    total = 1
    for m in most.values():
        total *= m + 1
    return list(most.items()) if total - 1 > len(set(sets)) else None


def mix_text(counts: list[tuple[str, int]]) -> str:
    """[('R', 2), ('C', 0), ('H', 1)] -> '2R1H'."""
    return "".join(f"{n}{letter}" for letter, n in counts if n)


def counts_for(p: Picker, title: str, name_of: Any) -> Counts | None:
    """The count screen for this step, naming each type with `name_of('1R')` ('1 Rocket Launcher')."""
    pool = unit_pool(p)
    if pool is None or p.kind is None:
        return None
    types = [(letter, str(name_of(f"1{letter}")).removeprefix("1 "), most) for letter, most in pool]
    return Counts(title, types, Action(p.kind, tuple(p.args)))
