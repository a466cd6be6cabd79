"""The modern-units rulebook's unit tables (riskterm/rules/data/modern-units.yaml) and the unit-mix notation.

The rulebook names five units but its table of costs and values is missing, so the tables are house values.
The file holds more than one table: a game plays with the table named in its options (`units`), new games
with the file's default, and a game whose options name none (saved before there were several tables) with
`original`, the table those games were played with. Every table lists the same units in the same order with
the same letters, so unit mixes ("2H1T") mean the same in all of them; only costs and values differ.

A unit mix is a list of counts in the table's unit order."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

UNITS_FILE = Path(__file__).parent.parent / "data" / "modern-units.yaml"
LEGACY_TABLE = "original"  # the table of games whose options name none
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


Table = tuple[UnitType, ...]


def _unit(u: Mapping[str, Any]) -> UnitType:
    return UnitType(
        str(u["id"]),
        str(u["name"]),
        str(u["letter"]).upper(),
        int(u["cost"]),
        int(u["attack"]),
        int(u["defence"]),
        bool(u.get("sea", False)),
    )


def load_tables(path: Path = UNITS_FILE) -> tuple[dict[str, Table], str]:
    """Every table in the file by name, and the name of the default one; ValueError on a broken file."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    tables = {str(name): tuple(_unit(u) for u in rows) for name, rows in data["tables"].items()}
    default = str(data["default"])
    if default not in tables or LEGACY_TABLE not in tables:
        raise ValueError(f"{path}: the default table and the '{LEGACY_TABLE}' table must both be there")
    first = tables[LEGACY_TABLE]
    for name, units in tables.items():
        letters = [u.letter for u in units]
        if len(set(letters)) != len(letters) or any(len(x) != 1 or not x.isalpha() for x in letters):
            raise ValueError(f"{path}: every unit of table '{name}' needs its own one-letter code")
        if [(u.id, u.letter, u.sea) for u in units] != [(u.id, u.letter, u.sea) for u in first]:
            raise ValueError(f"{path}: table '{name}' must list the same units in the same order")
        if any(u.cost < 1 or not 0 <= u.attack <= 6 or not 0 <= u.defence <= 6 for u in units):
            raise ValueError(f"{path}: costs must be 1 or more and values 0 to 6 (table '{name}')")
    return tables, default


TABLES, DEFAULT_TABLE = load_tables()
UNITS: Table = TABLES[DEFAULT_TABLE]  # the table of new games
NU = len(UNITS)


def table_of(options: Mapping[str, Any]) -> Table:
    """The unit table a game plays with, from its options (none named: the table of older saves)."""
    return TABLES[options.get("units") or LEGACY_TABLE]


def units_of(s: Mapping[str, Any]) -> Table:
    return table_of(s["options"])


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


def unit_index(units: Sequence[UnitType], arg: Any) -> int | None:
    """The unit an argument names (its id, letter or name), or None."""
    if not isinstance(arg, str):
        return None
    a = arg.lower()
    for k, u in enumerate(units):
        if a in (u.id, u.letter.lower(), u.name.lower().replace(" ", "_")):
            return k
    return None
