"""Pieces every rulebook's log lines share: dice as dice faces, territory and player names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riskterm.board import Board
from riskterm.engine.events import Event

DICE_FACES = "⚀⚁⚂⚃⚄⚅"


def dice_text(dice: list[int], letters: str = "", empty: str = "") -> str:
    """'⚅6 ⚃4 ⚀1'; with `letters`, each die is prefixed by its unit letter ('H⚅6 T⚃4')."""
    if not dice:
        return empty
    if letters and len(letters) == len(dice):
        return " ".join(f"{c}{DICE_FACES[d - 1]}{d}" for c, d in zip(letters, dice, strict=True))
    return " ".join(f"{DICE_FACES[d - 1]}{d}" for d in dice)


def counted(n: int, one: str, many: str = "") -> str:
    """'1 die', '3 dice', '1 coin': a number with its noun in the right number (`many` defaults to one+'s')."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def a_or_an(word: str) -> str:
    """'an Admiral', 'a Spy'."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def losses_text(attacker: int, defender: int) -> str:
    """'attacker loses 1, defender loses 2'; a side that lost nothing is left out ('-0' read as a typo)."""
    parts = [f"{side} loses {n}" for side, n in (("attacker", attacker), ("defender", defender)) if n]
    return ", ".join(parts) or "nobody loses anything"


def luck_note(e: dict[str, Any]) -> str:
    """' (by the luck setting; the dice alone: ...)' for a roll whose losses the luck setting changed."""
    said = e.get("dice_loss")
    return f" (by the luck setting; the dice alone: {losses_text(*said)})" if isinstance(said, list) else ""


def territory_namer(board: Board) -> Callable[[Any], str]:
    """A territory's display name from its id or index; anything else as written."""

    def tn(tid: Any) -> str:
        return board.tname(tid) if isinstance(tid, int) or tid in board.index else str(tid)

    return tn


def player_namer(names: list[str], unknown: str | None = None) -> Callable[[Any], str]:
    """A seat's name; `unknown` (or 'Player N') for a seat the names do not cover."""

    def nm(i: Any) -> str:
        if isinstance(i, int) and 0 <= i < len(names):
            return names[i]
        return unknown if unknown is not None else f"Player {i + 1 if isinstance(i, int) else i}"

    return nm


def battle_run_text(events: list[Event], tn: Callable[[Any], str], nm: Callable[[Any], str]) -> str:
    """'Bob Kamchatka → Alaska: 13 rolls; attacker loses 4, defender loses 7.' for a run of battle events
    that say their attacker ('player'), 'frm', 'to' and each roll's 'att_loss' and 'def_loss'."""
    e = events[0].data
    lost = [sum(int(x.data.get(k, 0)) for x in events) for k in ("att_loss", "def_loss")]
    return f"{nm(e['player'])} {tn(e['frm'])} → {tn(e['to'])}: {len(events)} rolls; {losses_text(*lost)}."
