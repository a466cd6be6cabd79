"""The `riskterm` command. Each subcommand lives in riskterm/commands/<name>.py with `add_arguments(parser)`
and `run(args) -> int`. Only the module of the command being run is imported (its arguments are added to its
own sub-parser only), so `riskterm odds 3 2` never loads the rules, the board or Textual; only `play`,
`resume` and `replay` import Textual, and only when they run. The parser (argparse) lives in
riskterm/commands/parsing.py; a command may offer `parse_plain(argv)` for the plain command lines it can read
without argparse (odds: two numbers), which start faster."""

from __future__ import annotations

import sys
from typing import Any

from riskterm.commands import COMMANDS
from riskterm.errors import RiskError


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help", "--version")):
        argv = ["play", *argv]
    try:
        args, mod = _plain(argv)
        if args is None:
            from riskterm.commands.parsing import build_parser

            parser, modules = build_parser(argv[0] if argv[0] in COMMANDS else "")
            args = parser.parse_args(argv)
            mod = modules.get(args.command)
        if mod is None:
            print(f"riskterm: the '{args.command}' command is not built yet.", file=sys.stderr)
            return 2
        return int(mod.run(args) or 0)
    except RiskError as e:
        print(f"riskterm: {_safe(str(e))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:  # never show a traceback: keep it in a crash log instead
        from riskterm.crash import crash_sentence, write_crash_log

        print(crash_sentence(e, write_crash_log(e)), file=sys.stderr)
        return 1


def _plain(argv: list[str]) -> tuple[Any, Any]:
    """(arguments, module) when the command reads this command line without argparse, else (None, None)."""
    if argv[0] != "odds":  # the only command whose every run is short enough for argparse to matter
        return None, None
    from riskterm.commands import odds

    args = odds.parse_plain(argv[1:])
    return (args, odds) if args is not None else (None, None)


def _safe(text: str) -> str:
    """A message made of text from files and the command line, printable on a terminal line by line."""
    from riskterm.setup_options import printable

    return "\n".join(printable(line) for line in text.split("\n"))


if __name__ == "__main__":
    raise SystemExit(main())
