"""The classic package's shape: small modules, no import cycles, a rules object with no state of
its own (one is shared by the app and its computer thread), and a rules screen listing every reading."""

import ast
import threading
from pathlib import Path

from helpers import position

import riskterm.rules.classic as pkg
from riskterm.rules.classic import ClassicRules
from riskterm.rules.headless import advance

# 'no module over about 400 lines' of the compact style the rulebook was written in; ruff's format (one
# argument a line where a call is long) makes the same code about 10% longer
FORMATTED_LIMIT = 450

HERE = Path(pkg.__file__).parent


def _imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if (
            isinstance(node, ast.ImportFrom)
            and node.module
            and node.module.startswith("riskterm.rules.classic")
        ):
            out.add(node.module.removeprefix("riskterm.rules.classic").lstrip(".") or "__init__")
            out.update(a.name for a in node.names if node.module == "riskterm.rules.classic")
    return out


def test_modules_are_small_and_import_one_way():
    """'no module over about 400 lines', 'no cycles', text.py imports nothing from __init__."""
    mods = {p.stem: p for p in HERE.glob("*.py")}
    assert {"__init__", "state", "events", "setup", "turn", "battle", "cards", "text"} <= set(mods)
    for p in mods.values():
        assert len(p.read_text().splitlines()) <= FORMATTED_LIMIT, p.name
    graph = {name: _imports(p) - {name} for name, p in mods.items()}
    assert "__init__" not in set().union(*(graph[m] for m in mods if m != "__init__"))
    done: set[str] = set()

    def visit(m, path):
        assert m not in path, f"import cycle {path + [m]}"
        if m not in done:
            for n in graph.get(m, ()):
                visit(n, path + [m])
            done.add(m)

    for m in graph:
        visit(m, [])


def test_rules_object_keeps_nothing_between_calls(classic):
    """No mutable cache on the rules object: checking and applying leave its attributes as they were, and
    headless.advance (for a caller that has just checked) gives apply's state."""
    before = {
        k: (v if isinstance(v, (tuple, str)) else dict(v) if isinstance(v, dict) else v)
        for k, v in vars(classic).items()
    }
    s = position(classic, {"alaska": 0, "alberta": 1}, {"alaska": 10, "alberta": 3})
    for a in classic.legal_actions(s):
        assert classic.why_illegal(s, a) is None
        assert classic.apply(s, a).state == advance(classic, s, a)
    assert set(vars(classic)) == {"board", "card_kind"} and vars(classic).keys() == before.keys()
    assert all(vars(classic)[k] == v for k, v in before.items())


def test_checks_from_two_threads_do_not_mix():
    """One rules object shared by the app and a computer thread: answers depend on the state asked about only."""
    rules = ClassicRules()
    a = position(rules, {"alaska": 0, "alberta": 1}, {"alaska": 10})
    b = position(rules, {"alaska": 0, "alberta": 1}, {"alaska": 1})
    bad: list[str] = []

    def run(s, want):
        for _ in range(2000):
            if (rules.why_illegal(s, rules.legal_actions(a)[0]) is None) != want:
                bad.append("mixed")

    ts = [threading.Thread(target=run, args=(a, True)), threading.Thread(target=run, args=(b, False))]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert not bad


def test_rules_screen_states_the_rules_and_lists_the_readings(classic):
    """The defender-dice rule is a rule (the notes: 'Defenders use two dice if they have two or more
    troops, but only one die if they have a single troop'), and the readings list the card that makes a
    sixth, the blitz, and the two-player game."""
    text = classic.presenter().rules_text
    rules, readings = text.split("## Our readings")
    assert "Defenders use two dice if they have two or more troops" in rules
    assert "defender" not in readings.lower().split("two-player")[0]
    for words in (
        "makes your sixth waits for your next turn",
        "never ends below",
        "two-player game",
        "draw pile runs out",
        "turn limit",
    ):
        assert words in readings, words
    assert "you choose which one gets them" in rules and "eliminated the other" in rules


def test_every_event_is_declared_and_made_as_the_table_says(classic):
    """Events are typed from one table (events.EVENTS): kind, barrier and secret keys as declared, the card
    drawn addressed to its drawer."""
    import random

    from riskterm.engine.events import Event
    from riskterm.rules.classic.events import EVENTS

    rnd = random.Random(3)
    s, ev = classic.new_game(["A", "B", "C"], seed=3, options={"quick_start": True})
    seen = set()
    for _ in range(1500):
        for e in ev:
            assert isinstance(e, Event) and e.kind in EVENTS
            assert (e.barrier, e.secret) == (EVENTS[e.kind].barrier, EVENTS[e.kind].secret)
            assert (e.to is not None) == bool(e.secret)
            seen.add(e.kind)
        if classic.is_over(s):
            break
        acts = classic.legal_actions(s)
        blitz = [a for a in acts if a.kind == "blitz"]
        a = (
            rnd.choice(blitz)
            if blitz and rnd.random() < 0.8
            else acts[-1]
            if s["phase"] != "reinforce"
            else rnd.choice(acts)
        )
        s, ev = classic.apply(s, a)
    assert {"battle", "conquer", "move", "card", "turn", "end_turn", "place"} <= seen
