"""The game screen's keys: the rulebook's action keys (from its ActionSpecs) and the fixed keys, made into
the bindings of a game screen class for the rulebook and into the help table."""

from __future__ import annotations

import functools
import types
from typing import Any, TypeVar, cast

from textual.binding import Binding
from textual.screen import Screen

from riskterm.rules.base import Rules

# (keys to try in order, action, label, what it does, shown in the footer)
STATIC_KEYS: list[tuple[tuple[str, ...], str, str, str, bool]] = [
    (
        ("enter",),
        "confirm",
        "Choose",
        "pick the highlighted territory or number; start the phase's main action",
        True,
    ),
    (("tab",), "cycle(1)", "Next", "highlight the next legal territory (also Right/Down)", True),
    (("shift+tab",), "cycle(-1)", "Prev", "highlight the previous legal territory (also Left/Up)", False),
    (("right", "down"), "cycle(1)", "Next", "", False),
    (("left", "up"), "cycle(-1)", "Prev", "", False),
    (("plus", "equals_sign"), "adjust(1)", "+1", "raise the number (digits type it)", True),
    (("minus",), "adjust(-1)", "-1", "lower the number", True),
    (("space",), "menu", "Actions", "list every action you can take now and pick one", True),
    (
        ("A",),
        "auto_setup",
        "Auto-place the rest",
        "set-up: the app makes the rest of your set-up for you (the normal computer player's choices)",
        True,
    ),
    (("slash",), "search", "Find", "type part of a territory name", True),
    (("escape",), "back", "Back", "undo the last choice of this action", True),
    (
        ("u", "ctrl+z"),
        "undo",
        "Undo",
        "take back your last move (not across a dice roll, a card drawn or a secret revealed)",
        True,
    ),
    (("ctrl+y", "ctrl+r"), "redo", "Redo", "redo a move you took back", True),
    (
        ("R", "ctrl+e"),
        "regions",
        "Regions",
        "colour the map by region (continents, Empires, blocks) with a legend",
        True,
    ),
    (("v", "ctrl+v"), "speed", "Speed", "cycle the computer players' speed", True),
    (("g",), "results", "Results", "the game-over screen again, once the game has ended", True),
    (("ctrl+l",), "record('log')", "Log", "the whole game log as you may read it, with filters", True),
    (("ctrl+g",), "record('charts')", "Charts", "charts of territories, armies, cards and luck so far", True),
    (("h",), "coach", "Coach", "what the hard computer player would do now in your place, and why", True),
    (("f1", "question_mark"), "help", "Help", "this screen: keys and the rulebook summary", True),
]
SPEEDS = (("instant", 0.0), ("fast", 0.15), ("normal", 0.5), ("slow", 1.2))


@functools.cache
def bindings_for(rules: Rules) -> tuple[tuple[Binding, ...], tuple[tuple[str, str, str], ...]]:
    """Bindings (action kinds from the rulebook's specs, then the fixed keys) and the help rows. A rulebook
    key wins over a fixed key; the fixed action then keeps its other key (europe's 'g' Siege: results stay
    off the keys, Ctrl+V still cycles the speed)."""
    out: list[Binding] = []
    rows: list[tuple[str, str, str]] = []
    used: set[str] = set()
    for spec in rules.presenter().action_specs:
        if spec.key and spec.key != "enter":
            if spec.key not in used:  # one binding per key: it acts on whichever kind with that key is legal
                used.add(spec.key)
                out.append(Binding(spec.key, f"key('{spec.key}')", spec.label))
            rows.append((spec.key, spec.label, spec.description))
        elif spec.key == "enter":
            rows.append(("enter", spec.label, spec.description + " (the phase's main action)"))
    for keys, action, label, desc, show in STATIC_KEYS:
        free = [k for k in keys if k not in used]
        if not action.startswith(("cycle", "adjust", "help")):  # those take every free key, the others one
            free = free[:1]
        if not free:
            continue
        used.update(free)
        out.append(Binding(",".join(free), action, label, show=show))
        if desc:
            rows.append(("/".join(free), label, desc))
    return tuple(out), tuple(rows)


S = TypeVar("S", bound=Screen[Any])


def keyed(screen: type[S], rules: Rules) -> type[S]:
    """`screen` with the rulebook's keys. Textual reads a screen's keys from its class (BINDINGS), so the keys
    of a rulebook make a subclass: the rulebook's bindings (bindings_for), then the screen's own (a lesson's
    'n'), and none inherited (Screen's Tab and Shift+Tab are the board's keys here)."""
    return _keyed(screen, bindings_for(rules)[0])


@functools.cache
def _keyed(screen: type[S], binds: tuple[Binding, ...]) -> type[S]:
    own = vars(screen).get("BINDINGS", [])
    made = types.new_class(
        screen.__name__,
        (screen,),
        {"inherit_bindings": False},
        lambda ns: ns.update(BINDINGS=[*binds, *own], __module__=screen.__module__),
    )
    return cast("type[S]", made)
