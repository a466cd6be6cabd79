"""What a set of Risk cards is worth, by the `cards` option: `progressive` (the rulebook's own scale, 4, 6, 8,
10, 12, 15, then 5 more a set, by the sets anyone has traded so far), `fixed` (as the later editions pay: three
infantry 4, three cavalry 6, three artillery 8, one of each 10) or `none` (a game without cards: none is
drawn, so none is ever traded). classic-risk.txt, 'Trading in Cards for Armies'.

Kept apart from cards.py (the trading rule itself) so the two change independently."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from riskterm.engine.cards import WILD, set_value
from riskterm.rules.classic.board import CARD_KINDS
from riskterm.rules.classic.state import CARDS, ClassicState

PROGRESSIVE, FIXED, NONE = CARDS
# the later editions' fixed values: three alike by kind, one of each
FIXED_VALUES = {"infantry": 4, "cavalry": 6, "artillery": 8}
ONE_OF_EACH = 10


def cards_option(s: ClassicState) -> str:
    """This game's card option: a game started without it (every game before it existed, and any game at the
    default, whose state leaves it out) plays the rulebook's progressive scale."""
    value = s["options"].get("cards", PROGRESSIVE)
    return value if value in CARDS else PROGRESSIVE


def fixed_worth(kinds: Sequence[str]) -> int:
    """A set's value under `fixed`: each wild stands for the kind that makes the set worth most (any two and
    a wild make a set, so the wild may complete three alike or one of each)."""
    plain = [k for k in kinds if k != WILD]
    best = 0
    for filled in product(CARD_KINDS, repeat=len(kinds) - len(plain)):
        three = plain + list(filled)
        if len(set(three)) == 3:
            best = max(best, ONE_OF_EACH)
        elif len(set(three)) == 1:
            best = max(best, FIXED_VALUES.get(three[0], 0))
    return best


def set_worth(s: ClassicState, kinds: Sequence[str]) -> int:
    """Armies for trading a set of these kinds now (the +2 for a held territory apart)."""
    if cards_option(s) == FIXED:
        return fixed_worth(kinds)
    return set_value(s["sets_traded"])


def cards_in_play(s: ClassicState) -> bool:
    """Whether this game has Risk cards at all (not so with `cards=none`)."""
    return cards_option(s) != NONE


def worth_line(s: ClassicState) -> str:
    """What a set is worth now, for the private panel and the coach."""
    option = cards_option(s)
    if option == FIXED:
        return "sets are worth a fixed 4 (3 infantry), 6 (3 cavalry), 8 (3 artillery), 10 (one of each)"
    if option == NONE:
        return "this game has no cards"
    return f"the next set is worth {set_value(s['sets_traded'])}"
