"""What classic needs of a board other than the classic world: a card kind on every territory (or on none:
then the kinds are dealt in turn, infantry, cavalry, artillery, in the board's order), and a territory for
every seat (the two-player game's neutral is a seat)."""

from __future__ import annotations

from functools import cache

from riskterm.board import Board
from riskterm.engine.cards import WILD
from riskterm.rules.classic.state import START_ARMIES, TWO_PLAYER_ARMIES, WILDS

CARD_KINDS = ("infantry", "cavalry", "artillery")
WORLD_TERRITORIES = 42  # the board the rulebook's table of starting armies is for


def start_armies(board: Board, players: int) -> int:
    """Each seat's starting armies: the rulebook's table on a board of 42 territories; on a board of more or
    fewer, our reading scales it by the territories over 42 (rounded), so that the armies beyond one per
    territory keep their share of the board, and never fewer than the territories a seat is dealt."""
    base = TWO_PLAYER_ARMIES if players == 2 else START_ARMIES[players]
    n = len(board)
    if n == WORLD_TERRITORIES:
        return base
    seats = players + 1 if players == 2 else players
    return max(-(-n // seats), (base * n + WORLD_TERRITORIES // 2) // WORLD_TERRITORIES)


@cache
def card_kinds(board: Board) -> dict[str, str]:
    """Each card's kind: the territory's `card`, or, on a board with none, the kinds in turn (our reading).
    Made once per board (a Board is hashed by identity); the dict is shared: never change it."""
    given = {t.id: t.get("card") for t in board.territories}
    if not any(given.values()):
        kinds = {t.id: CARD_KINDS[t.index % len(CARD_KINDS)] for t in board.territories}
    else:
        kinds = {tid: str(k) for tid, k in given.items()}
    kinds.update({w: WILD for w in WILDS})
    return kinds


def board_problem(board: Board, players: int | None) -> str | None:
    kinds = [t.get("card") for t in board.territories]
    if any(kinds):
        for t in board.territories:
            kind = t.get("card")
            if kind not in CARD_KINDS:
                found = "none" if kind is None else f"'{kind}'"
                return (
                    f"The board '{board.name}' gives {t.name} the card kind {found}: classic needs "
                    f"{', '.join(CARD_KINDS)} on every territory, or no card kind at all."
                )
    if players is not None:
        seats = players + 1 if players == 2 else players  # the two-player game's neutral holds territories
        if len(board) < seats:
            return (
                f"The board '{board.name}' has {len(board)} territories, too few for {players} players "
                f"(classic needs at least {seats})."
            )
    return None
