"""Shared test support for every rulebook (tests/ is on sys.path through tests/conftest.py):
`from support import with_dice, dice_left`. See support/dice.py; support/shape.py checks a state against its
rulebook's TypedDict."""

from support.dice import dice_left, scripted_stream, with_dice
from support.shape import shape_problems

__all__ = ["dice_left", "scripted_stream", "shape_problems", "with_dice"]
