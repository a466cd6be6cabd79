"""Headless commands import only what they use (the timings are in bench/bench_startup.py;
this checks the structure that gives them, without timing anything)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import sys, io, contextlib\n"
    "from riskterm.cli import main\n"
    "with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
    "    code = main(sys.argv[1:])\n"
    "print(repr([code, sorted(sys.modules)]))"
)


def modules_of(*argv: str) -> tuple[int, set[str]]:
    r = subprocess.run(
        [sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    code, mods = ast.literal_eval(r.stdout)
    return code, set(mods)


def loaded(mods: set[str], *prefixes: str) -> set[str]:
    return {m for m in mods if any(m == p or m.startswith(p + ".") for p in prefixes)}


@pytest.mark.parametrize("argv", [["odds", "3", "2"], ["odds", "100", "100", "--json"]])
def test_odds_imports_no_parser_no_rules_no_board(argv: list[str]) -> None:
    code, mods = modules_of(*argv)
    assert code == 0
    assert not loaded(
        mods,
        "argparse",
        "yaml",
        "riskterm.rules",
        "riskterm.board",
        "riskterm.record",
        "riskterm.session",
        "textual",
        "rich",
        "json" if "--json" not in argv else "textual",
    )


def test_validate_map_and_check_save_import_no_screen_and_no_other_command() -> None:
    code, mods = modules_of("validate-map", str(ROOT / "maps" / "classic.yaml"))
    assert code == 0
    assert not loaded(
        mods, "riskterm.rules", "riskterm.session", "riskterm.record", "riskterm.ai", "textual", "rich"
    )
    assert loaded(mods, "riskterm.commands") == {
        "riskterm.commands",
        "riskterm.commands.parsing",
        "riskterm.commands.validate_map",
    }
    code, mods = modules_of("check-save", "/no/such/save.json")
    assert code == 2
    assert not loaded(mods, "textual", "rich", "riskterm.ai", "riskterm.tui")
