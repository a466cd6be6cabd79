"""How far apart the six default player colours stay, for normal vision and under colour-vision deficiencies.

    python bench/colours_cvd.py

Simulation: Machado, Oliveira & Fernandes (2009), severity 1.0 (full protanopia, deuteranopia, tritanopia),
applied in linear sRGB. Distance: CIEDE2000 (CIELAB, D65). Prints, per vision, the closest pair of players, the
closest player to the map's sea, to the unowned-land grey and to a dark and a light terminal background.
As a rule of thumb a CIEDE2000 distance above ~10 is told apart at a glance on a small patch, 20+ easily;
every player also carries its owner letter, so colour is never the only cue."""

from __future__ import annotations

import itertools
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from riskterm.tui.board import NOBODY_BG, SEA_BG  # noqa: E402
from riskterm.tui.colours import DEFAULT_ORDER, hex_rgb, rgb  # noqa: E402

MACHADO = {
    "protan": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deutan": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritan": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
BACKGROUNDS = {
    "sea": SEA_BG,
    "unowned": NOBODY_BG if isinstance(NOBODY_BG, str) else NOBODY_BG[0],
    "dark theme": "#121212",
    "light theme": "#f5f5f5",
}


def _lin(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(c: float) -> float:
    c = max(0.0, min(1.0, c))
    return 255 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055)


def simulate(colour: str, vision: str) -> tuple[float, float, float]:
    r, g, b = (_lin(v) for v in hex_rgb(colour))
    if vision == "normal":
        return tuple(_gamma(v) for v in (r, g, b))  # type: ignore[return-value]
    m = MACHADO[vision]
    return tuple(_gamma(row[0] * r + row[1] * g + row[2] * b) for row in m)  # type: ignore[return-value]


def lab(rgb255: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = (_lin(v) for v in rgb255)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(l1: tuple[float, float, float], l2: tuple[float, float, float]) -> float:
    L1, a1, b1 = l1
    L2, a2, b2 = l2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    cm = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(cm**7 / (cm**7 + 25**7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dl, dc = L2 - L1, c2p - c1p
    dh = (
        0.0
        if c1p * c2p == 0
        else (h2p - h1p if abs(h2p - h1p) <= 180 else h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360)
    )
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lm, cmp_ = (L1 + L2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hm = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hm = (h1p + h2p) / 2
    else:
        hm = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hm - 30))
        + 0.24 * math.cos(math.radians(2 * hm))
        + 0.32 * math.cos(math.radians(3 * hm + 6))
        - 0.20 * math.cos(math.radians(4 * hm - 63))
    )
    sl = 1 + 0.015 * (lm - 50) ** 2 / math.sqrt(20 + (lm - 50) ** 2)
    sc, sh = 1 + 0.045 * cmp_, 1 + 0.015 * cmp_ * t
    rt = (
        -2
        * math.sqrt(cmp_**7 / (cmp_**7 + 25**7))
        * math.sin(math.radians(60 * math.exp(-(((hm - 275) / 25) ** 2))))
    )
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dH / sh) ** 2 + rt * (dc / sc) * (dH / sh))


def distance(a: str, b: str, vision: str) -> float:
    return ciede2000(lab(simulate(a, vision)), lab(simulate(b, vision)))


def report(names: tuple[str, ...] = DEFAULT_ORDER) -> dict[str, tuple[float, str]]:
    colours = {n: rgb(n)[0] for n in names}
    out = {}
    for vision in ("normal", *MACHADO):
        pairs = [
            (distance(colours[a], colours[b], vision), f"{a}/{b}")
            for a, b in itertools.combinations(names, 2)
        ]
        d, pair = min(pairs)
        line = f"{vision:7} closest players {pair:15} {d:5.1f}"
        out[vision] = (d, pair)
        for bname, bg in BACKGROUNDS.items():
            bd, who = min((distance(colours[n], bg, vision), n) for n in names)
            line += f" | {bname} {who} {bd:4.1f}"
        print(line)
    return out


if __name__ == "__main__":
    print("players:", ", ".join(f"{n} {rgb(n)[0]}" for n in DEFAULT_ORDER))
    report()
