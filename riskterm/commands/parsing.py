"""The command line's parser (argparse): the top level, and the sub-parser of the command being run only, with
that command's module imported; see riskterm/cli.py."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from typing import NoReturn

from riskterm import __version__
from riskterm.commands import COMMANDS


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        from riskterm.setup_options import printable

        message = printable(message)  # it quotes the arguments, which may hold terminal escapes
        msg = message[0].upper() + message[1:] if message else "bad arguments"
        self.exit(2, f"riskterm: {msg.rstrip('.')}. Try '{self.prog} --help'.\n")


def _formatter(prog: str) -> argparse.HelpFormatter:
    """argparse's help formatter, told the width so it does not import shutil (and its archive modules) at
    every start, only to size a help text that is rarely printed."""
    try:
        width = int(os.environ.get("COLUMNS", "")) or os.get_terminal_size(sys.stdout.fileno()).columns
    except (ValueError, OSError, AttributeError):
        width = 80
    return argparse.HelpFormatter(prog, width=max(width - 2, 40))


def build_parser(only: str | None = None) -> tuple[Parser, dict[str, object]]:
    """The parser with the sub-parser of command `only` alone; with `only` empty, every command's sub-parser
    without its arguments (what `riskterm --help` and an unknown command need); with None, everything."""
    parser = Parser(
        prog="riskterm",
        formatter_class=_formatter,
        description="Risk in the terminal: classic, europe, risiko and modern rulebooks.",
        epilog="Run 'riskterm COMMAND --help' for a command's options. With no command, 'play' runs.",
    )
    parser.add_argument("--version", action="version", version=f"riskterm {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    modules: dict[str, object] = {}
    for name, (mod_name, help_text) in COMMANDS.items():
        if (
            only and name != only
        ):  # `riskterm odds ...` needs odds' sub-parser alone: each costs start-up time
            continue
        p = sub.add_parser(
            name,
            help=help_text,
            description=help_text[0].upper() + help_text[1:] + ".",
            formatter_class=_formatter,
        )
        if only == "":  # the top level's help and errors only list the commands
            continue
        try:
            mod = importlib.import_module(f"riskterm.commands.{mod_name}")
        except ModuleNotFoundError as e:
            if e.name != f"riskterm.commands.{mod_name}":
                raise
            mod = None
        if mod is not None:
            mod.add_arguments(p)
        modules[name] = mod
    return parser, modules
