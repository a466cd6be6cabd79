"""The rulebooks, by name. Each lives in its own module and is imported only when asked for."""

from __future__ import annotations

import importlib

from riskterm.board import Board, load_board
from riskterm.errors import BoardError, UnknownVariantError
from riskterm.rules.base import ActionSpec, PlayerSetup, Rules, Transition

# name -> (module, class, title)
VARIANTS: dict[str, tuple[str, str, str]] = {
    "classic": ("riskterm.rules.classic", "ClassicRules", "World Domination Risk"),
    "europe": ("riskterm.rules.europe", "EuropeRules", "Risk: Europe"),
    "risiko": ("riskterm.rules.risiko", "RisikoRules", "RisiKo! Più"),
    "modern": ("riskterm.rules.modern", "ModernRules", "Modern units Risk"),
}
DEFAULT_VARIANT = "classic"  # what `riskterm play` and `simulate` play when no rulebook is named
ALIASES = {
    "world": "classic",
    "risk": "classic",
    "piu": "risiko",
    "più": "risiko",
    "castle": "risiko",
    "units": "modern",
}


def variant_class(name: str) -> type[Rules]:
    key = ALIASES.get(name.lower(), name.lower())
    if key not in VARIANTS:
        raise UnknownVariantError(
            f"There is no rulebook called '{name}'; choose one of {', '.join(VARIANTS)}."
        )
    module, cls, title = VARIANTS[key]
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name == module:
            raise UnknownVariantError(f"The {title} rulebook ('{key}') is not built yet.") from None
        raise
    rules_cls: type[Rules] = getattr(mod, cls)
    return rules_cls


def find_variant(name: str, board: Board | None = None, players: int | None = None) -> Rules:
    """A ready rulebook by name or alias, on `board` (None: the rulebook's own board). BoardError when the
    rulebook cannot be played on that board (with `players` seats, when given)."""
    cls = variant_class(name)
    if board is not None:
        check_board(cls, board, players)
    return cls(board)


def check_board(cls: type[Rules], board: Board, players: int | None = None) -> None:
    """BoardError, one sentence, unless the rulebook `cls` can be played on `board` (by `players` seats)."""
    if not is_own_board(cls, board):
        if not cls.any_board:
            raise BoardError(
                f"{cls.title} is played only on its own board ('{cls.board_id}'), not on "
                f"'{board.name}': its board carries facts of its own."
            )
        why = cls.board_problem(board, players)
        if why:
            raise BoardError(why)


def is_own_board(cls: type[Rules], board: Board) -> bool:
    """The board is the rulebook's own (by its facts, wherever the file was read from)."""
    return board.id == cls.board_id and board.digest == load_board(cls.board_id).digest


def other_board(rules: Rules) -> str:
    """The name of the board a game is played on when it is not the rulebook's own (for titles), else ''."""
    return "" if is_own_board(type(rules), rules.board) else rules.board.name


def available_variants() -> list[str]:
    """The rulebooks that are built, found without importing them (the new-game screen lists them all and
    imports only the one chosen)."""
    import importlib.util

    return [name for name, (module, _, _) in VARIANTS.items() if importlib.util.find_spec(module) is not None]


__all__ = [
    "DEFAULT_VARIANT",
    "VARIANTS",
    "ActionSpec",
    "PlayerSetup",
    "Rules",
    "Transition",
    "available_variants",
    "check_board",
    "find_variant",
    "is_own_board",
    "other_board",
    "variant_class",
]
