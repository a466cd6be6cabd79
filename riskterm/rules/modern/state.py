"""Every key of a modern-units game state, in one place. States are JSON-plain dicts, never changed in place
(rules functions change a `draft` copy); a unit mix is a list of counts in the unit table's order."""

from __future__ import annotations

from typing import Any, Literal, TypedDict, cast

from riskterm.engine.state import CoreState, State, present


class Player(TypedDict):
    name: str
    colour: str
    ai: str | None  # None for a person, else a computer level
    out: bool  # holds no territory any more


class Options(TypedDict, total=False):
    defender_chooses: bool  # False: the defender's losses are always the cheapest first (no hand-off)
    defence_roll: str  # "own_value" (default: die <= defence value) or "literal" (die < attack value)
    units: str  # the unit table's name in modern-units.yaml; missing in older saves: the "original" table
    lone_survivor: (
        str  # "always_asked" (the default), "asked" (only when it would empty its home) or "moves_in"
    )
    turn_cap: int  # rounds after which the game is a draw
    goal: int  # territories to hold at the end of a round
    fog: str  # fog of war (engine/fog.py): "light" or "normal"; missing: "off"


class Battle(TypedDict):
    target: int  # the territory attacked
    defender: int  # its owner when the attack began
    sources: list[
        list[Any]
    ]  # [[territory, mix], ...]: attackers still fighting, counted in their territory's units
    round: int  # rounds of combat fought so far
    def_start: list[int]  # the defenders at the start of this round (they all roll, lost ones included)
    att_hits: int  # hits the attacker scored this round
    def_hits: int  # hits the defender scored this round


class ModernState(CoreState):
    """A modern-units game (engine.state.CoreState and these). Phases: buy, setup, place, attack, defend,
    casualties, decide, occupy, over (round_end: only inside a step); `armies`: a territory's number of units
    (the sum of `units`); `actor`: the defender while it chooses its losses; `draw`: stopped at the round cap."""

    players: list[Player]
    units: list[list[int]]  # per territory: its unit mix
    credits: list[int]  # per seat: credits left to spend (kept from round to round)
    income: list[int]  # per seat: credits received at the start of this round
    bought: list[list[int]]  # per seat: units bought and not yet placed
    spent: list[list[int]]  # per territory: units that already crossed a border this turn
    round: int  # 1 is the set-up round
    order: list[int]  # the order of play this round
    pos: int  # whose turn it is, as an index into `order` (-1 before the first turn)
    battle: Battle | None  # the attack under way
    options: Options


def as_modern(s: State) -> ModernState:
    """A state the Rules interface hands over, as this rulebook's shape (tests/rules/test_modern_shape.py checks
    that every state it makes has it)."""
    return cast(ModernState, s)


# The records a phase has (engine.state.present: TypeError when asked for outside it).
def battle_of(s: ModernState) -> Battle:
    """The battle under way (in the phases of a battle)."""
    return present(s["battle"], "no battle under way")


def row_of(s: ModernState, key: Literal["units", "spent", "bought"], i: int) -> list[int]:
    """Row i of a draft's per-territory or per-seat unit mixes, copied (with the list holding it) so that it
    may be changed."""
    rows = list(s[key])
    row = rows[i] = list(rows[i])
    s[key] = rows
    return row
