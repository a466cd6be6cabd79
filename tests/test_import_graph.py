"""No import circle in riskterm/: every explicit import (top level, inside functions, under TYPE_CHECKING;
relative ones resolved) is an edge of a graph whose strongly connected components must be single modules. The
implicit edge from a module to its parent package (importing a.b runs a/__init__.py) is left out: a package
that gathers its modules is not a circle."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "riskterm"


def modules(root: Path = ROOT) -> dict[str, Path]:
    out = {}
    for p in root.rglob("*.py"):
        parts = list(p.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = p
    return out


def import_graph(mods: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the riskterm modules it imports anywhere in its text."""

    def resolve(name: str) -> str | None:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name or None

    edges: dict[str, set[str]] = {m: set() for m in mods}
    for m, p in mods.items():
        package = m if p.name == "__init__.py" else m.rpartition(".")[0]
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    base = ".".join(up + ([node.module] if node.module else []))
                # `from pkg import mod` imports the module pkg.mod; `from mod import name` the module mod
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base for a in node.names]
            for t in targets:
                r = resolve(t)
                if r is not None and r != m:
                    edges[m].add(r)
    return edges


def circles(edges: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = set()
                while True:
                    x = stack.pop()
                    on_stack.discard(x)
                    comp.add(x)
                    if x == v:
                        break
                if len(comp) > 1:
                    found.append(frozenset(comp))
    return found


def test_the_graph_sees_every_kind_of_import(tmp_path: Path) -> None:
    """The walk finds imports at the top, in functions, under TYPE_CHECKING and relative ones."""
    pkg = tmp_path / "riskterm"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "a.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from riskterm import b\n"
    )
    (pkg / "b.py").write_text("def f():\n    from riskterm.sub.c import x\n")
    (pkg / "sub" / "c.py").write_text("from .. import a\nx = 1\n")
    (pkg / "d.py").write_text("import riskterm.sub\n")
    found = circles(import_graph(modules(pkg)))
    assert found == [frozenset({"riskterm.a", "riskterm.b", "riskterm.sub.c"})]


def test_no_import_circle() -> None:
    left = [sorted(c) for c in circles(import_graph(modules()))]
    assert not left, f"import circles: {left}"
