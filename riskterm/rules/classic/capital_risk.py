"""Capital Risk, the mode (mode.py): its hooks over the game, whose rules capitals.py holds, and what it says:
the rules screen's section with our readings, log lines, prompts, the map's headquarters mark and the panels.
Every function answers for a state before the headquarters are chosen with nothing (an empty list, None, '')."""

from __future__ import annotations

from typing import ClassVar

from riskterm.engine.events import Event
from riskterm.rules.base import Book, Log, Outcome
from riskterm.rules.classic.capitals import (
    NONE,
    PHASE,
    after_conquest,
    choose_first,
    goal,
    held,
    hide,
    in_play,
    revealed,
    whose_capital,
)
from riskterm.rules.classic.capitals import outcome as capitals_won
from riskterm.rules.classic.mode import HouseOption, Mode
from riskterm.rules.classic.state import CAPITALS_GOAL, ClassicState
from riskterm.rules.effects import MapMark
from riskterm.rules.logtext import player_namer, territory_namer

MARK = "★"
MARKS = (MapMark(MARK, "a headquarters (Capital Risk); its owner is on the territory panel"),)

RULES_TEXT = f"""
## Capital Risk (mode `capitals`)
- Set up as above. Once every starting army is placed, each player in turn, from the one who placed first,
  chooses one of their own territories as their **headquarters**, in secret (the keyboard is handed over for
  each choice); when all have chosen, every headquarters is revealed at once and marked {MARK} on the map.
- The territory card of each headquarters leaves the deck: it lies face up before whoever holds that
  headquarters. Take a headquarters and you take its card; these cards are never traded.
- Losing your own headquarters does not put you out: you play on, and may take it back.
- **Goal:** hold every headquarters, your own among them. You win at once, whatever step it is.
- *Shorter game* (house rule `capitals_goal=shorter`): hold your own headquarters and any two others with 4
  players, any three others with 5 or 6 (with 2 or 3 players: every headquarters, as in the full game).
- *Our readings:* with two players the neutral army has no headquarters: you win by holding both players'.
  A headquarters whose owner is out still counts: the winner must hold it too (in the shorter game it is one
  of the others).
"""


def prompt(rules: Book, s: ClassicState) -> str:
    """The prompt while the headquarters are chosen, and when the game is won by them; '' otherwise."""
    if not in_play(s):
        return ""
    win = s.get("winner")
    if win is not None:
        name = s["players"][win]["name"]
        return f"{name} holds {held(s, win)} headquarters, their own among them, and wins."
    if s["phase"] == PHASE:
        name = s["players"][s["current"]]["name"]
        return f"{name}: choose your headquarters, in secret, among your territories."
    return ""


def describe(rules: Book, e: Event, names: list[str], seat: int | None) -> str | None:
    """A Capital Risk event's log line (the choice's territory for its chooser only); None for other events."""
    k = e.kind
    d = e.data
    if k not in ("choose_capitals", "capital", "capitals_revealed", "capital_taken") and not (
        k == "win" and d.get("by") == "capitals"
    ):
        return None
    tn, nm = territory_namer(rules.board), player_namer(names)
    who = nm(d.get("player", 0))
    if k == "choose_capitals":
        return "Capital Risk: each player now chooses a headquarters, in secret."
    if k == "capital":
        if seat is not None and seat == e.to and "territory" in d:
            return f"{who} chooses {tn(d['territory'])} as headquarters (secret until all have chosen)."
        return f"{who} has chosen a headquarters."
    if k == "capitals_revealed":
        shown = ", ".join(f"{nm(int(q))} {tn(t)}" for q, t in d["capitals"].items())
        return f"Headquarters revealed: {shown}."
    if k == "capital_taken":
        whose = "their own" if d["owner"] == d["player"] else f"{nm(d['owner'])}'s"
        return f"{who} takes {whose} headquarters {tn(d['territory'])}, and its card."
    return f"{who} holds the headquarters the game asks for and wins!"


def badge_of(s: ClassicState, t: int) -> str:
    """The headquarters mark, where this view shows one."""
    return MARK if whose_capital(s, t) is not None else ""


def territory_lines(rules: Book, s: ClassicState, t: int) -> list[str]:
    q = whose_capital(s, t)
    if q is None:
        return []
    whose = s["players"][q]["name"]
    if not revealed(s):
        return [f"{MARK} your headquarters, {whose} (secret until all have chosen)"]
    return [f"{MARK} headquarters of {whose}" + (" (out)" if s["players"][q]["out"] else "")]


def table_lines(rules: Book, s: ClassicState) -> list[str]:
    """Every headquarters once revealed: whose, where, who holds it (and its card); the goal."""
    if not in_play(s) or not revealed(s):
        return []
    names = [p["name"] for p in s["players"]]
    parts = []
    for q, t in enumerate(s["capitals"]):
        if t == NONE:
            continue
        holder = s["owner"][t]
        by = "" if holder == q else f" (held by {names[holder]})"
        parts.append(f"{names[q]}: {rules.tname(t)}{by}")
    every = sum(1 for t in s["capitals"] if t != NONE)
    need = goal(s)
    aim = "every headquarters" if need == every else f"your own and {need - 1} other headquarters"
    return [f"{MARK} Headquarters: " + "; ".join(parts), f"Win by holding {aim}."]


def private_lines(rules: Book, s: ClassicState, seat: int) -> list[str]:
    """The seat's own choice while the others are still choosing."""
    if not in_play(s) or revealed(s):
        return []
    t = s["capitals"][seat] if seat < len(s["capitals"]) else NONE
    if t == NONE:
        return ["Choose your headquarters: the others will not see it until all have chosen."]
    return [f"Your headquarters: {rules.tname(t)} (secret until all have chosen)."]


class CapitalRisk(Mode):
    key = "capitals"
    title = "Capital Risk"
    # (a state keeps capitals_goal only away from its default, in any mode: state.DEFAULT_SILENT)
    house_options: ClassVar[tuple[HouseOption, ...]] = (
        ("capitals_goal", "Capital Risk: win by holding", CAPITALS_GOAL),
    )
    rules_text = RULES_TEXT

    def setup_done(self, rules: Book, s: ClassicState, events: Log) -> None:
        choose_first(rules, s, events)

    def outcome(self, rules: Book, s: ClassicState) -> Outcome | None:
        return capitals_won(s)

    def conquered(self, rules: Book, s: ClassicState, t: int, q: int, events: Log) -> None:
        after_conquest(rules, s, t, q, events)

    def hide(self, s: ClassicState, v: ClassicState, seat: int | None) -> None:
        hide(v, seat)

    def private_lines(self, rules: Book, s: ClassicState, seat: int) -> list[str]:
        return private_lines(rules, s, seat)

    def prompt(self, rules: Book, s: ClassicState) -> str:
        return prompt(rules, s)

    def describe(self, rules: Book, e: Event, names: list[str], seat: int | None) -> str | None:
        return describe(rules, e, names, seat)

    def marks_of(self, s: ClassicState) -> tuple[MapMark, ...]:
        return MARKS if in_play(s) else ()

    def badge_of(self, s: ClassicState, t: int) -> str:
        return badge_of(s, t)

    def territory_lines(self, rules: Book, s: ClassicState, t: int) -> list[str]:
        return territory_lines(rules, s, t)

    def table_lines(self, rules: Book, s: ClassicState) -> list[str]:
        return table_lines(rules, s)
