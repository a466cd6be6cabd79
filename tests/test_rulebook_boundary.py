"""A rulebook owns its facts: outside rules/<name>/, ai/<name>/ and the two registries (rules/__init__.py,
ai/__init__.py), no module names a rulebook (a quoted name, an import of riskterm.rules.<name> or
riskterm.ai.<name>) or one of the rulebooks' action kinds (a quoted kind: the app asks the Rules object), nor
compares an event's kind with one of a rulebook's event kinds."""

from __future__ import annotations

import ast
from pathlib import Path

from riskterm.rules import VARIANTS, variant_class

ROOT = Path(__file__).resolve().parent.parent / "riskterm"
REGISTRIES = {"rules/__init__.py", "ai/__init__.py"}

# Files that may still name a rulebook (path under riskterm/ -> why): none, and it should stay so.
ALLOWED: dict[str, str] = {}


def rulebook_names() -> set[str]:
    return set(VARIANTS)


def action_kinds() -> set[str]:
    kinds: set[str] = set()
    for name in VARIANTS:
        cls = variant_class(name)
        kinds |= set(cls.handlers) | {k for ks in cls.PHASES.values() for k in ks}
        kinds |= {spec.kind for spec in cls.presenter_class.action_specs}
    return kinds


def event_kinds() -> set[str]:
    kinds: set[str] = set()
    for name in VARIANTS:
        kinds |= set(variant_class(name).EVENTS)
    return kinds


def _kind_tests(tree: ast.AST) -> list[tuple[int, str]]:
    """The strings compared with a `.kind` (`e.kind == "draw_game"`, `a.kind in ("attack", ...)`)."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(isinstance(x, ast.Attribute) and x.attr == "kind" for x in sides):
                for x in sides:
                    for c in ast.walk(x):
                        if isinstance(c, ast.Constant) and isinstance(c.value, str):
                            out.append((c.lineno, c.value))
    return out


def owned_by_a_rulebook(rel: str, names: set[str]) -> bool:
    parts = rel.split("/")
    return rel in REGISTRIES or (parts[0] in ("rules", "ai") and len(parts) > 2 and parts[1] in names)


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def _key_names(tree: ast.AST) -> set[int]:
    """The keys of `Binding("end", ...)`: a key called like an action kind is a key."""
    out = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", getattr(node.func, "attr", "")) == "Binding"
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            out.add(id(node.args[0]))
    return out


def naming(source: str, names: set[str], kinds: set[str], events: frozenset[str] = frozenset()) -> list[str]:
    """What a module's text names of the rulebooks: 'line N: <what>' each (`events`: event kinds, found where
    a `.kind` is compared with them)."""
    tree = ast.parse(source)
    skip = _docstrings(tree) | _key_names(tree)
    packages = tuple(f"riskterm.{pkg}.{n}" for pkg in ("rules", "ai") for n in names)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            if node.value in names or node.value in kinds or node.value.startswith(packages):
                found.append(f"line {node.lineno}: {node.value!r}")
        elif isinstance(node, ast.Import):
            found += [
                f"line {node.lineno}: import {a.name}" for a in node.names if a.name.startswith(packages)
            ]
        elif isinstance(node, ast.ImportFrom) and node.module:
            mods = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            found += [
                f"line {node.lineno}: from {node.module} import ..."
                for m in mods[:1]
                if any(
                    x == p or x.startswith(p + ".") or x.startswith(p + "_") for x in mods for p in packages
                )
            ]
    found += [f"line {n}: event {v!r}" for n, v in _kind_tests(tree) if v in events]
    return found


def test_the_check_sees_names_kinds_and_imports() -> None:
    text = (
        '"""Docstrings may say classic."""\nfrom riskterm.rules.europe.data import CARD\n'
        'from riskterm.ai import classic_plan\nBinding("end", "go(-1)")\nx = "blitz"\ny = "play"\n'
    )
    assert naming(text, {"classic", "europe"}, {"blitz", "end"}) == [
        "line 2: from riskterm.rules.europe.data import ...",
        "line 3: from riskterm.ai import ...",
        "line 5: 'blitz'",
    ]
    events = 'if e.kind == "draw_game" or "turn" in s:\n    pass\n'
    assert naming(events, set(), set(), frozenset({"draw_game", "turn"})) == ["line 1: event 'draw_game'"]


def test_no_module_outside_the_rulebooks_names_one() -> None:
    names, kinds, events = rulebook_names(), action_kinds(), frozenset(event_kinds())
    bad = {}
    for p in sorted(ROOT.rglob("*.py")):
        rel = p.relative_to(ROOT).as_posix()
        if owned_by_a_rulebook(rel, names) or rel in ALLOWED:
            continue
        found = naming(p.read_text(encoding="utf-8"), names, kinds, events)
        if found:
            bad[rel] = found
    assert not bad, f"rulebook names outside the rulebooks: {bad}"


def test_the_allowed_list_holds_no_clean_file() -> None:
    """A file cleaned (or moved) leaves the list."""
    names, kinds = rulebook_names(), action_kinds()
    clean = [
        rel
        for rel in ALLOWED
        if not (ROOT / rel).exists() or not naming((ROOT / rel).read_text(), names, kinds)
    ]
    assert not clean, f"clean now, remove from ALLOWED: {clean}"
