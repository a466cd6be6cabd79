"""A territory's name cut to the room the map gives it, keeping the word that tells it apart (no Textual here):
'South Africa' -> 'S. Africa' -> 'S.Africa' -> 'S.Afr', 'Baker Street' -> 'Baker St' -> 'Baker',
'Ross-shire' -> 'Ross', 'Western United States' -> 'W. United States' -> 'W.Unit Stat' -> 'W. US'. The words a map's names
share (sides, 'Street', '-shire') go short or go first; the distinctive word is cut last."""

from __future__ import annotations

import re

SMALL_WORDS = {"of", "the", "de", "and", "&", "la", "le", "du", "des", "del", "di", "da", "von", "van"}
# words that say where or what kind (before the name they qualify): their short form
SIDES = {
    "north": "N.",
    "northern": "N.",
    "south": "S.",
    "southern": "S.",
    "east": "E.",
    "eastern": "E.",
    "west": "W.",
    "western": "W.",
    "northwest": "NW",
    "northeast": "NE",
    "southwest": "SW",
    "southeast": "SE",
    "central": "C.",
    "upper": "U.",
    "lower": "L.",
    "great": "Gt",
    "greater": "Gt",
    "new": "N.",
    "saint": "St",
    "mount": "Mt",
    "little": "L.",
    "middle": "Mid",
    "duchy": "D.",
    "county": "Co.",
    "isle": "I.",
    "lake": "L.",
    "cape": "C.",
    "port": "Pt",
    "fort": "Ft",
}
# words that say what kind of place (after its name): their short form
KINDS = {
    "street": "St",
    "road": "Rd",
    "lane": "Ln",
    "square": "Sq",
    "park": "Pk",
    "avenue": "Av",
    "islands": "Is",
    "island": "I.",
    "isles": "Is",
    "mountains": "Mts",
    "mountain": "Mt",
    "territory": "Terr",
    "territories": "Terr",
    "province": "Prov",
    "coast": "Cst",
    "plains": "Pl",
    "forest": "For",
    "hills": "Hls",
    "valley": "Vly",
    "river": "R.",
    "bay": "B.",
    "sea": "Sea",
    "circus": "Circ",
    "gardens": "Gdns",
    "garden": "Gdn",
    "station": "Stn",
    "bridge": "Br",
    "gate": "Gt",
    "cross": "X",
    "empire": "Emp",
    "desert": "Des",
    "peninsula": "Pen",
}
# '-shire' in 'Ross-shire', 'shire' in 'Lincolnshire': the kind of place, written onto the name
SUFFIX = re.compile(r"-[a-z][a-z-]*$|(?<=[a-z]{4})shire$")


def _words(name: str) -> list[tuple[str, str, str]]:
    """(kind, word, short form) of each word: 'small', 'side', 'kind' or 'main' (the distinctive ones)."""
    out = []
    words = name.split()
    for i, w in enumerate(words):
        low = w.lower().rstrip(".,")
        if low in SMALL_WORDS and (0 < i < len(words) - 1 or i == 0 and low == "the" and len(words) > 1):
            out.append(("small", w, ""))
        elif low in SIDES and i < len(words) - 1:
            out.append(("side", w, SIDES[low]))
        elif (
            i == 0 and len(words) > 2 and words[1].lower() in SMALL_WORDS - {"and", "&", "the"}
        ):  # 'Kingdom of Sicily': 'K. Sicily'
            out.append(("side", w, w[0].upper() + "."))
        elif low in KINDS and i > 0:
            out.append(("kind", w, KINDS[low]))
        else:
            out.append(("main", w, w))
    if not any(k == "main" for k, _, _ in out):  # 'Middle East', 'North Sea': the last word is the name
        k, w, _ = out[-1]
        out[-1] = ("main", w, w)
    if (
        sum(len(w) for k, w, _ in out if k == "main") < 4
    ):  # 'Old Forest' is no 'Old': its kind is its name too
        out = [("main", w, w) if k == "kind" else (k, w, s) for k, w, s in out]
    return out


def _join(parts: list[str]) -> str:
    """The words left (an empty one is a word dropped), joined by spaces."""
    return " ".join(p for p in parts if p)


def short_forms(name: str, width: int) -> list[str]:
    """Every way of writing the name in `width` characters at most, best first (the name itself when it
    fits); the layout takes the first, or a later one where the first is another territory's label too."""
    if width <= 0:
        return []
    words = _words(name)
    mains = [w for k, w, _ in words if k == "main"]
    stripped = [SUFFIX.sub("", w) if SUFFIX.sub("", w) else w for w in mains]
    # the forms, longest first
    abbreviated = [s if k in ("side", "kind") else w for k, w, s in words]
    no_small = [
        s if k in ("side", "kind") else "" if k == "small" else SUFFIX.sub("", w) or w for k, w, s in words
    ]
    no_kind = [
        s if k == "side" else "" if k in ("small", "kind") else SUFFIX.sub("", w) or w for k, w, s in words
    ]
    sides = [s for k, _, s in words if k == "side"]
    # the sides run into the name after a '.': 'S.Africa', but 'NW Terr', 'Gt Britain'
    prefix = "".join(s if s.endswith(".") else s + " " for s in sides)
    tries = [name, _join(abbreviated), _join(no_small), _join(no_kind), prefix + " ".join(stripped)]
    # then the distinctive words cut, the longest first, down to three letters each
    cut = list(stripped)
    least = 4 if len(cut) > 1 else 2 if prefix else 3  # letters a cut word keeps: 'S.Af', 'Ukr', 'Unit Stat'
    while True:
        tries.append(prefix + " ".join(w.rstrip("'.-") for w in cut))
        longest = max(range(len(cut)), key=lambda i: len(cut[i]))
        if len(cut[longest]) <= least:
            break
        cut[longest] = cut[longest][:-1]
    if len(stripped) > 1 and prefix:  # 'W. US': after a side the distinctive words as initials
        initials = "".join(w[0].upper() for w in stripped)
        tries[5:5] = [_join([*sides, initials]), prefix + initials]
    elif len(stripped) > 1:  # the longest distinctive word alone ('Tokyo', 'Morgul')
        alone = max(stripped, key=len)
        tries += [alone[:k].rstrip("'.-") for k in range(len(alone), 2, -1)]
    # the last resorts: initials, then the name's first letters
    last = ["".join(w[0] for k, w, _ in words if w[0].isalnum() and k != "small"), name]
    out: list[str] = []
    for t in tries:
        t = t.strip()
        if t and len(t) <= width and t not in out:
            out.append(t)
    for t in last:
        t = t[:width].strip()
        if t and t not in out:
            out.append(t)
    return out


def short_name(name: str, width: int) -> str:
    """The name in `width` characters at most, keeping its distinctive word: 'Ukraine', 'Ukra',
    'North Africa', 'N. Africa', 'N.Afr', 'Baker St', 'Baker', 'Ross' (for 'Ross-shire')."""
    forms = short_forms(name, width)
    return forms[0] if forms else ""
