"""Classic Risk card sets: three alike, one of each, or any two with a wild; escalating set values."""

from __future__ import annotations

from itertools import combinations

SET_VALUES = (4, 6, 8, 10, 12, 15)
WILD = "wild"


def set_value(sets_traded_before: int) -> int:
    """Armies for the next set: 4, 6, 8, 10, 12, 15, then 5 more for each later set."""
    if sets_traded_before < len(SET_VALUES):
        return SET_VALUES[sets_traded_before]
    return 15 + 5 * (sets_traded_before - len(SET_VALUES) + 1)


def is_set(kinds: list[str]) -> bool:
    """kinds: the three cards' symbols, 'wild' for a wild card."""
    if len(kinds) != 3:
        return False
    plain = [k for k in kinds if k != WILD]
    if len(plain) <= 2:
        return True  # any two plus a wild (or two wilds)
    return len(set(plain)) in (1, 3)


def possible_sets(hand: list[str], kind_of: dict[str, str]) -> list[tuple[str, str, str]]:
    """Every set in a hand (cards in hand order), without repeats."""
    kinds = [kind_of[c] for c in hand]
    known = _IS_SET
    out = []
    for i, j, k in combinations(range(len(hand)), 3):
        key = (kinds[i], kinds[j], kinds[k])
        ok = known.get(key)
        if ok is None:
            ok = known[key] = is_set(list(key))
        if ok:
            out.append((hand[i], hand[j], hand[k]))
    return out


# is_set by the three symbols in hand order, asked once per triple (a board has a handful of symbols)
_IS_SET: dict[tuple[str, str, str], bool] = {}
