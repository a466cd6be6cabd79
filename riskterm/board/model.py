"""The board as frozen data: territories, regions, borders and the ASCII art. Territories are also numbered
(their order in the file) so the engine can keep owners and armies in plain lists."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from riskterm.board.picture import Picture

SEA_CHARS = frozenset(".:-|/\\~'")


@dataclass(frozen=True)
class Territory:
    id: str
    name: str
    index: int
    region: str
    neighbours: tuple[str, ...]
    sea_neighbours: tuple[str, ...]
    glyph: str  # its character in the art ('' on a board drawn only from its picture)
    label: tuple[int, int]  # where its army count goes: in the art, else in the picture
    data: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)


@dataclass(frozen=True)
class Region:
    id: str
    name: str
    kind: str
    bonus: int
    territories: tuple[str, ...]


@dataclass(frozen=True, eq=False)
class Board:
    id: str
    name: str
    notes: str
    territories: tuple[Territory, ...]
    regions: tuple[Region, ...]
    art: tuple[str, ...]
    extra: dict[str, Any]
    digest: str  # sha256 of the board's facts (not its art), kept in save files
    file_digests: tuple[
        str, ...
    ] = ()  # sha256 of the file (and of its earlier versions), as older saves hold
    source: str = field(default="", repr=False)  # the file's text: a save of a game on a board riskterm does
    # not ship holds it, so the game replays wherever the file is
    picture: Picture | None = field(default=None, repr=False)  # a raster the map is drawn from at any size
    # (imported and generated boards); a board without one is drawn from its hand-made art
    author: str = ""  # who drew the map, as its file says (optional)

    def __post_init__(self) -> None:
        idx = {t.id: t.index for t in self.territories}
        set_ = object.__setattr__
        set_(self, "index", idx)
        set_(self, "ids", tuple(t.id for t in self.territories))
        set_(self, "by_id", {t.id: t for t in self.territories})
        set_(self, "region_by_id", {r.id: r for r in self.regions})
        set_(self, "land_adj", tuple(frozenset(idx[n] for n in t.neighbours) for t in self.territories))
        set_(self, "sea_adj", tuple(frozenset(idx[n] for n in t.sea_neighbours) for t in self.territories))
        set_(self, "adj", tuple(a | b for a, b in zip(self.land_adj, self.sea_adj, strict=True)))
        set_(self, "adj_sorted", tuple(tuple(sorted(a)) for a in self.adj))
        set_(self, "region_members", tuple(tuple(idx[t] for t in r.territories) for r in self.regions))
        reg_index = {r.id: i for i, r in enumerate(self.regions)}
        set_(self, "region_of", tuple(reg_index[t.region] for t in self.territories))

    # declared for type checkers; set in __post_init__
    index: dict[str, int] = field(init=False, repr=False)
    ids: tuple[str, ...] = field(init=False, repr=False)  # territory ids by index (tid, for hot loops)
    by_id: dict[str, Territory] = field(init=False, repr=False)
    region_by_id: dict[str, Region] = field(init=False, repr=False)
    land_adj: tuple[frozenset[int], ...] = field(init=False, repr=False)
    sea_adj: tuple[frozenset[int], ...] = field(init=False, repr=False)
    adj: tuple[frozenset[int], ...] = field(init=False, repr=False)
    adj_sorted: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    region_members: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    region_of: tuple[int, ...] = field(init=False, repr=False)

    def __len__(self) -> int:
        return len(self.territories)

    def tid(self, index: int) -> str:
        return self.territories[index].id

    def tname(self, tid: str | int) -> str:
        t = self.territories[tid] if isinstance(tid, int) else self.by_id[tid]
        return t.name

    def find(self, text: str) -> list[Territory]:
        """Territories whose id or name contains `text` (case-insensitive), exact matches first."""
        q = text.strip().lower().replace(" ", "_")
        exact = [t for t in self.territories if t.id == q or t.name.lower() == text.strip().lower()]
        if exact:
            return exact
        return [t for t in self.territories if q in t.id or text.strip().lower() in t.name.lower()]

    def summary(self) -> str:
        borders = sum(len(t.neighbours) for t in self.territories) // 2
        seas = sum(len(t.sea_neighbours) for t in self.territories) // 2
        width = max((len(r) for r in self.art), default=0)
        drawing = (
            f"picture {self.picture.width}x{self.picture.height}"
            if self.picture is not None
            else f"art {width}x{len(self.art)}"
        )

        def count(n: int, what: str) -> str:
            return f"{n} {what}{'' if n == 1 else 's'}"

        return (
            f"{self.id}: {len(self.territories)} territories, {count(len(self.regions), 'region')}, "
            f"{count(borders, 'land border')}, {count(seas, 'sea-line')}, {drawing}"
        )
