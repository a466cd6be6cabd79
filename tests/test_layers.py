"""Layers point one way: the engine, the rules, the game record and the computer
players load neither Textual nor rich, so headless commands and the computer thread stay light and the app is
the only package that imports them. Checked in a fresh interpreter, as an import-linter contract would."""

from __future__ import annotations

import json
import subprocess
import sys

CORE = [
    "riskterm.engine",
    "riskterm.engine.events",
    "riskterm.engine.dice",
    "riskterm.engine.odds",
    "riskterm.rules",
    "riskterm.session",
    "riskterm.board",
    "riskterm.tutor",
]
RULEBOOKS = ["classic", "europe", "risiko", "modern"]
RECORD = [
    "riskterm.record",
    "riskterm.record.stats",
    "riskterm.record.log",
    "riskterm.record.timeline",
    "riskterm.record.autosave",
    "riskterm.record.load",
]
AI = ["riskterm.ai", "riskterm.ai.simulate"]
LEDGER = [
    "riskterm.ledger.store",
    "riskterm.ledger.ratings",
    "riskterm.ledger.report",
    "riskterm.ledger.recorder",
]

PROBE = """
import importlib, json, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
print(json.dumps(sorted({m.split('.')[0] for m in sys.modules} & {'textual', 'rich'})))
"""


def ui_modules_loaded(*modules: str) -> list[str]:
    r = subprocess.run([sys.executable, "-c", PROBE, *modules], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    loaded: list[str] = json.loads(r.stdout)
    return loaded


def test_engine_and_rules_load_no_ui() -> None:
    from riskterm.rules import available_variants

    books = [f"riskterm.rules.{v}" for v in dict.fromkeys([*RULEBOOKS, *available_variants()])]
    assert ui_modules_loaded(*CORE, *books) == []


def test_record_loads_no_ui() -> None:
    assert ui_modules_loaded(*RECORD, *LEDGER) == []


def test_computer_players_load_no_ui() -> None:
    assert ui_modules_loaded(*AI) == []


def test_headless_commands_load_no_ui() -> None:
    commands = ["odds", "validate_map", "check_save", "simulate", "stats", "ledger"]
    assert ui_modules_loaded("riskterm.cli", *(f"riskterm.commands.{c}" for c in commands)) == []
