"""The command-line options that choose a game, shared by the commands that start one (`play`, `simulate`):
the rulebook, the board, the house rules and the mode."""

from __future__ import annotations

import argparse


def add_board(p: argparse.ArgumentParser) -> None:
    """--variant and --map."""
    p.add_argument(
        "--variant", default=None, help="rulebook: classic, europe, risiko or modern (default classic)"
    )
    p.add_argument(
        "--map",
        default=None,
        metavar="FILE",
        help="the board: a board file (YAML) or a board's name; for rulebooks that play on any board "
        "(default: the rulebook's own)",
    )


def add_rules(p: argparse.ArgumentParser) -> None:
    """--house (repeated) and --mode."""
    p.add_argument(
        "--house",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a house rule of the rulebook, e.g. fortify=connected (classic), defender=when_needed "
        "(risiko), defender_chooses=no (modern); may be repeated",
    )
    p.add_argument(
        "--mode",
        default=None,
        metavar="NAME",
        help="a mode of play the rulebook offers (its rules screen describes them); the same as "
        "--house mode=NAME",
    )
