"""Player colours (background, text) and the marks that tell owners apart without colour."""

from __future__ import annotations

from typing import Any

PALETTE: dict[str, tuple[str, str]] = {
    # the six defaults: chosen (bench/colours_cvd.py) so that every pair stays CIEDE2000 >= 18 apart for normal
    # vision and under simulated protanopia, deuteranopia and tritanopia, and >= 15 from the sea and unowned grey
    "red": ("#95110d", "#ffffff"),
    "blue": ("#4849d4", "#ffffff"),
    "green": ("#059962", "#ffffff"),
    "yellow": ("#f0e442", "#000000"),
    "magenta": ("#fa6eaf", "#000000"),
    "cyan": ("#60d5fd", "#000000"),
    "orange": ("#d07020", "#000000"),
    "pink": ("#d070a0", "#000000"),
    "brown": ("#8a5a30", "#ffffff"),
    "white": ("#d0d0d0", "#000000"),
    "grey": ("#6a6a6a", "#ffffff"),
    "gray": ("#6a6a6a", "#ffffff"),
    "black": ("#303030", "#ffffff"),
}
DEFAULT_ORDER = ("red", "blue", "green", "yellow", "magenta", "cyan")
NOBODY = ("#3a4654", "#a0b0c0")


def seat_colours(players: list[dict[str, Any]]) -> list[str]:
    """Each seat's colour name: its own if it has one we know, else the next unused default."""
    used = {p.get("colour") for p in players if p.get("colour") in PALETTE}
    spare = [c for c in DEFAULT_ORDER if c not in used]
    out = []
    for p in players:
        c = p.get("colour")
        if c not in PALETTE:
            c = spare.pop(0) if spare else "white"
        out.append(c)
    return out


def seat_marks(players: list[dict[str, Any]]) -> list[str]:
    """One character per seat painted over its territories: the name's first letter, or a digit if shared."""
    firsts = [p["name"][:1].upper() or "?" for p in players]
    out = []
    for i, (p, f) in enumerate(zip(players, firsts, strict=True)):
        if p.get("neutral"):
            out.append("·")
        elif firsts.count(f) > 1:
            out.append(str(i + 1))
        else:
            out.append(f)
    return out


def rgb(colour: str) -> tuple[str, str]:
    return PALETTE.get(colour, PALETTE["white"])


def hex_rgb(c: str) -> tuple[int, int, int]:
    c = c.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def blend(a: str, b: str, t: float) -> str:
    x, y = hex_rgb(a), hex_rgb(b)
    r, g, bl = (round(p + (q - p) * t) for p, q in zip(x, y, strict=True))
    return f"#{r:02x}{g:02x}{bl:02x}"
