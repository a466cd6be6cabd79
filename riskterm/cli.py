"""The `riskterm` command. Each subcommand lives in riskterm/commands/<name>.py with `add_arguments(parser)`
and `run(args) -> int`. Only the module of the command being run is imported (its arguments are added to its
own sub-parser only), so `riskterm odds 3 2` never loads the rules, the board or Textual; only `play`,
`resume` and `replay` import Textual, and only when they run."""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from riskterm import __version__
from riskterm.errors import RiskError

TYPE_CHECKING = False  # importing typing costs milliseconds at start-up; type checkers read this as True
if TYPE_CHECKING:
    from typing import NoReturn

COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("play", "start a game in the terminal app (the default command)"),
    "resume": ("resume", "reopen the latest unfinished game, or a given save file"),
    "replay": ("replay", "step through a saved game turn by turn"),
    "odds": ("odds", "exact chance of taking a territory: riskterm odds ATTACKERS DEFENDERS"),
    "validate-map": ("validate_map", "check board files and report every problem"),
    "simulate": ("simulate", "play whole games between computer players without a screen"),
    "check-save": ("check_save", "replay a save file and report whether it is sound"),
    "stats": ("stats", "statistics of a saved game"),
}


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
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
    parser = Parser(prog="riskterm", formatter_class=_formatter,
                    description="Risk in the terminal: classic, europe, risiko and modern rulebooks.",
                    epilog="Run 'riskterm COMMAND --help' for a command's options. With no command, 'play' runs.")
    parser.add_argument("--version", action="version", version=f"riskterm {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    modules: dict[str, object] = {}
    for name, (mod_name, help_text) in COMMANDS.items():
        if only and name != only:  # `riskterm odds ...` needs odds' sub-parser alone: each costs start-up time
            continue
        p = sub.add_parser(name, help=help_text, description=help_text[0].upper() + help_text[1:] + ".",
                           formatter_class=_formatter)
        if only == "":  # the top level's help and errors only list the commands
            continue
        try:
            mod = importlib.import_module(f"riskterm.commands.{mod_name}")
        except ModuleNotFoundError as e:
            if e.name != f"riskterm.commands.{mod_name}":
                raise
            mod = None
        if mod is not None:
            mod.add_arguments(p)  # type: ignore[attr-defined]
        modules[name] = mod
    return parser, modules


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help", "--version")):
        argv = ["play", *argv]
    try:
        parser, modules = build_parser(argv[0] if argv[0] in COMMANDS else "")
        args = parser.parse_args(argv)
        mod = modules.get(args.command)
        if mod is None:
            print(f"riskterm: the '{args.command}' command is not built yet.", file=sys.stderr)
            return 2
        return int(mod.run(args) or 0)  # type: ignore[attr-defined]
    except RiskError as e:
        print(f"riskterm: {_safe(str(e))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:  # never show a traceback: keep it in a crash log instead
        where = _write_crash_log()
        print(f"riskterm: something went wrong inside riskterm ({type(e).__name__}: {_safe(str(e))[:300]}); "
              f"details are in {where}.", file=sys.stderr)
        return 1


def _safe(text: str) -> str:
    """A message made of text from files and the command line, printable on a terminal line by line."""
    from riskterm.setup_options import printable

    return "\n".join(printable(line) for line in text.split("\n"))


def _write_crash_log() -> str:
    import traceback

    try:
        from riskterm.paths import data_dir

        d = data_dir()
        d.mkdir(parents=True, exist_ok=True)
        path = d / "crash.log"
        # non-blocking and regular files only: a FIFO or device planted as crash.log must not hang us
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0), 0o644)
        with os.fdopen(fd, "a", encoding="utf-8") as f:
            import stat

            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return "(no log could be written)"
            f.write(traceback.format_exc() + "\n")
        return str(path)
    except OSError:
        return "(no log could be written)"


if __name__ == "__main__":
    raise SystemExit(main())
