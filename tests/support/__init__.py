"""Shared test support for every rulebook (tests/ is on sys.path through tests/conftest.py):
`from support import with_dice, dice_left`. See support/dice.py."""

from support.dice import dice_left, scripted_stream, with_dice

__all__ = ["dice_left", "scripted_stream", "with_dice"]
