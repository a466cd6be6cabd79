"""`riskterm import-map FILE.map` reads the two common hobby formats, told apart by their sections: Domination
(`[countries]`, board/domination.py) and Conquest (`[Territories]`, board/conquest.py)."""

from __future__ import annotations

from pathlib import Path

from riskterm.board.conquest import import_conquest, is_conquest
from riskterm.board.domination import MAP_BYTES, Imported, decode_text, import_domination, read_map_file


def import_map(path: str | Path) -> Imported:
    """The board document of a Domination or Conquest .map file and the files it names; MapError with one
    sentence."""
    path = Path(path)
    text = decode_text(read_map_file(path, MAP_BYTES, "map file"))
    if is_conquest(text):
        return import_conquest(path, text)
    return import_domination(path, text)
