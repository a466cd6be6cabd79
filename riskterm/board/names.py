"""Made-up place names for a generated board: each world draws its own small set of sounds (onsets, vowels,
endings), so its names sound alike, and builds every name from them; none is taken from a list of real
places. Names stay short enough for the map (a root of 4 to 9 letters, at most 14 with a word added)."""

from __future__ import annotations

import random
import re

ONSETS = (
    "b",
    "br",
    "c",
    "d",
    "dr",
    "f",
    "g",
    "gr",
    "h",
    "k",
    "kr",
    "l",
    "m",
    "n",
    "p",
    "r",
    "s",
    "sk",
    "st",
    "t",
    "tr",
    "v",
    "w",
    "z",
    "th",
    "sh",
    "y",
    "fl",
    "gl",
    "bl",
)
VOWELS = ("a", "e", "i", "o", "u")
DIPHTHONGS = ("ai", "ei", "au", "ou", "ae", "ia", "eo")
CODAS = ("n", "r", "l", "s", "th", "nd", "rn", "m", "k", "st", "v", "x", "rd", "lm", "nt", "sk")
# Endings for a region's name (a land or a sea) and words a territory's name may carry.
REGION_ENDINGS = ("ia", "ara", "or", "land", "mark", "ea", "eth", "ovar", "una", "esh")
PLACE_WORDS = (
    "Hills",
    "Vale",
    "Fells",
    "March",
    "Reach",
    "Downs",
    "Heath",
    "Moor",
    "Steppe",
    "Woods",
    "Fen",
    "Plain",
    "Ridge",
    "Crags",
)
COAST_WORDS = ("Coast", "Bay", "Shore", "Cape", "Sound", "Strand")
SIDES = ("North", "South", "East", "West", "Upper", "Lower", "Old", "New", "High", "Far")
# Letter runs a made-up name must not hold: hard to read, or reading as a word no one wants on a map.
AWKWARD = (
    "aa",
    "ii",
    "uu",
    "yy",
    "eee",
    "ooo",
    "yi",
    "iy",
    "uo",
    "wu",
    "yu",
    "qa",
    "qe",
    "qi",
    "qo",
    "qy",
    "kk",
    "shsh",
    "thth",
    "hh",
    "ww",
    "sks",
    "tht",
    "shk",
    "chk",
    "xs",
    "ass",
    "anus",
    "cum",
    "fuk",
    "fuc",
    "shit",
    "nig",
    "cunt",
    "dick",
    "cock",
    "tit",
    "sex",
    "porn",
    "rape",
    "piss",
    "nazi",
    "kkk",
    "fag",
    "slut",
    "whor",
    "hitl",
    "fok",
    "fak",
    "fuc",
    "kak",
    "poo",
    "pee",
    "nob",
    "bum",
)


HARD_TO_SAY = re.compile(
    r"x.|[^aeioutsy]h|vc|kc|ck|tl|dl|(.)\1|(..)\2"
)  # an x inside, "kh", doubled letters or pairs


class NameMaker:
    """A world's names: seeded, so the same generator state gives the same names; each name given once."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.onsets = rng.sample(ONSETS, 11)
        self.vowels = [*rng.sample(VOWELS, 4), *rng.sample(VOWELS, 4), rng.choice(DIPHTHONGS)]  # one sound
        self.codas = ["", "", "", "", *rng.sample(CODAS, 5)]  # of its own, the plain vowels most
        self.used: set[str] = set()

    def _syllable(self, first: bool) -> str:
        r = self.rng
        onset = r.choice(self.onsets) if r.random() < (0.85 if first else 0.95) else ""
        return onset + r.choice(self.vowels) + r.choice(self.codas)

    def root(self, lo: int = 4, hi: int = 9) -> str:
        """A fresh word of lo..hi letters, capitalised, read well (no awkward letter runs)."""
        for _ in range(400):
            parts = 2 if self.rng.random() < 0.7 else 3
            word = "".join(self._syllable(i == 0) for i in range(parts))
            if (
                not lo <= len(word) <= hi
                or any(a in word for a in AWKWARD)
                or _clusters(word) > 2
                or HARD_TO_SAY.search(word)
            ):
                continue
            word = word.capitalize()
            if word not in self.used:
                self.used.add(word)
                return word
        raise RuntimeError("no new name left")  # not reached: thousands of words per world

    def world(self) -> str:
        return self.root(5, 8)

    def region(self) -> str:
        for _ in range(100):
            stem = self.root(3, 6)
            ending = self.rng.choice(REGION_ENDINGS)
            name = (stem.rstrip("aeiouy") if ending[0] in "aeiou" else stem) + ending
            low = name.lower()
            if (
                4 <= len(name) <= 11
                and name not in self.used
                and not any(a in low for a in AWKWARD)
                and not HARD_TO_SAY.search(low)
                and _clusters(low) <= 2
            ):
                self.used.add(name)
                return name
        return self.root()

    def territory(self, coastal: bool) -> str:
        """A territory's name: most often a single word; sometimes with a side ('East Varn') or a word for the
        land or the coast ('Varn Hills', 'Olm Bay')."""
        r = self.rng.random()
        if r < 0.62:
            return self.root()
        for _ in range(100):
            if r < 0.8:
                name = f"{self.rng.choice(SIDES)} {self.root(3, 7)}"
            else:
                words = COAST_WORDS if coastal and self.rng.random() < 0.6 else PLACE_WORDS
                name = f"{self.root(3, 7)} {self.rng.choice(words)}"
            if len(name) <= 14 and name not in self.used:
                self.used.add(name)
                return name
        return self.root()


def _clusters(word: str) -> int:
    """The longest run of consonants in the word ('th' and 'sh' as one), and of vowels (3 is too many)."""
    best = run = vowels = 0
    for ch in word.replace("th", "θ").replace("sh", "ʃ"):
        vowels = vowels + 1 if ch in "aeiouy" else 0
        if vowels > 2:
            return 9
        run = 0 if ch in "aeiouy" else run + 1
        best = max(best, run)
    return best


def slug(name: str) -> str:
    """The id of a name: lower case, words joined by '_'."""
    out = "".join(ch if ch.isalnum() else "_" for ch in name.lower())
    return "_".join(p for p in out.split("_") if p)
