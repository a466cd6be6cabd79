"""Modern units Risk (../shared/rules/modern-units.txt) on the classic world board, 3 to 5 players.

A game is played in rounds. Round 1 is the set-up (setup.py): territories dealt, one Humber on each, starting
credits, buying, a die roll for the first placer, units placed one at a time. From round 2 every round starts
with credits for everyone, buying, and a die roll for the order of play (purchase.py, rounds.py); then each
player in that order places their purchases and attacks and moves (moves.py, battle.py; combat arithmetic in
combat.py). Every key of the state is listed in state.py; the unit tables are in units.py."""

from __future__ import annotations

from typing import Any, ClassVar

from riskterm.board import Board
from riskterm.engine.actions import Action
from riskterm.engine.fog import fogged, known
from riskterm.engine.state import State
from riskterm.rules.base import Handler, Log, Outcome, PlayerSetup, Rules, Transition
from riskterm.rules.headless import Headless
from riskterm.rules.modern import battle, choices, moves, purchase, queries, rounds, setup
from riskterm.rules.modern.battle import LONE_SURVIVOR
from riskterm.rules.modern.events import EVENTS
from riskterm.rules.modern.presenter import ModernPresenter
from riskterm.rules.modern.rounds import order_roll
from riskterm.rules.modern.state import as_modern
from riskterm.rules.modern.units import DEFAULT_TABLE, LEGACY_TABLE, TABLES, unit_index

ROUND_CAP = 200
FOG_ROWS = {"units": None, "spent": None}  # the per-territory rows a fogged view hides: an unseen mix is None

__all__ = ["ModernRules", "order_roll"]


class ModernRules(Rules):
    name = "modern"
    title = "Modern units Risk"
    board_id = "classic"
    min_players = 3
    max_players = 5
    turn_cap = ROUND_CAP
    presenter_class = ModernPresenter
    turn_cap_unit = "rounds"  # what turn_cap (and `play --turn-cap`) counts in this rulebook
    house_options = (
        ("defender_chooses", "Defender chooses losses", (True, False), True),
        ("units", "Unit table", (DEFAULT_TABLE, *sorted(set(TABLES) - {DEFAULT_TABLE})), DEFAULT_TABLE),
        ("defence_roll", "Defence roll", ("own_value", "literal"), "own_value"),
        ("lone_survivor", "A lone survivor of a won attack", LONE_SURVIVOR, LONE_SURVIVOR[0]),
        ("fog", "Fog of war", setup.FOG, setup.FOG[0]),
    )
    old_defaults = {2: setup.COMPATIBLE}
    # The table of games whose options name none (the computer players read it; a game's own table is
    # units.units_of(state)). Every unit costs no more in the balanced table, so a purchase priced with
    # this table is always affordable in a balanced game too.
    units = TABLES[LEGACY_TABLE]
    EVENTS = EVENTS
    any_board = True  # what another board needs: setup.board_problem

    @classmethod
    def board_problem(cls, board: Board, players: int | None) -> str | None:
        return setup.board_problem(board, players)

    # a quiet copy makes no events at all (`simulate` without a step history)
    headless = Headless(
        quiet_steps=True,
        standing_answers=battle.STANDING_ANSWERS,
        end_kinds=("end", "done"),
        long_kinds=frozenset({"attack"}),
    )
    PHASES: ClassVar[dict[str, tuple[str, ...]]] = {
        "buy": ("buy", "done"),
        "setup": ("place",),
        "place": ("place",),
        "attack": ("move", "attack", "end"),
        "defend": ("lose",),
        "casualties": ("lose",),
        "decide": ("continue", "retreat"),
        "occupy": ("occupy",),
    }
    handlers: ClassVar[dict[str, Handler]] = {
        **purchase.HANDLERS,
        **moves.HANDLERS,
        **battle.HANDLERS,
        **choices.HANDLERS,
    }
    # Where an action takes a set of units the lists give representative choices (moves.legal_main); check and
    # step accept any set of units.
    LEGAL = {**purchase.LEGAL, **moves.LEGAL, **choices.LEGAL}

    # ------------------------------------------------------------------ the game
    def _new_game(self, players: list[PlayerSetup], seed: int, options: dict[str, Any]) -> Transition:
        return setup.new_game(self, players, seed, options)

    def _apply(self, s: State, a: Action) -> Transition:
        after, log = self._step(s, a)
        events = log if log is not None else []
        # a step that hands the game to another seat is a barrier as well: that seat has seen it
        return Transition(after, events, self.hands_over(s, after) or any([e.barrier for e in events]))

    def check_end(self, s: State) -> Outcome | None:
        return rounds.outcome(as_modern(s))

    def finish(self, s: State, outcome: Outcome, events: Log) -> None:
        super().finish(s, outcome, events)
        rounds.finish(as_modern(s), outcome, events)

    def view(self, s: State, seat: int | None) -> State:
        """Nothing is secret in this rulebook (purchases are made openly); the random stream and the seed it
        started from are left out, so no view can tell a future roll. In a fogged game the owners, armies and
        unit mixes out of the seat's sight are unknown (engine.fog.UNKNOWN; a mix None)."""
        v = {k: val for k, val in s.items() if k != "seed"}
        v["rng"] = 0
        v = fogged(v, self.board.adj, seat, FOG_ROWS)
        b = v["battle"]
        if b is not None and not known(
            v["armies"][b["target"]]
        ):  # a battle out of sight: who fights, not with what
            v["battle"] = {**b, "sources": [[f, None] for f, _ in b["sources"]], "def_start": []}
        return v

    def scores(self, s: State) -> list[int]:
        return [s["owner"].count(i) for i in range(len(s["players"]))]

    # ------------------------------------------------------------------ queries (the app and computer players)
    def alive(self, s: State) -> list[int]:
        return queries.alive(as_modern(s))

    def territories_of(self, s: State, p: int) -> list[int]:
        return queries.territories_of(as_modern(s), p)

    def regions_held(self, s: State, p: int) -> list[int]:
        return queries.regions_held(self, as_modern(s), p)

    def income_of(self, s: State, p: int) -> int:
        return queries.income_of(self, as_modern(s), p)

    def unit_index(self, arg: Any) -> int | None:
        return unit_index(self.units, arg)

    def free(self, s: State, t: int) -> list[int]:
        return queries.free(as_modern(s), t)

    def movable(self, s: State, f: int, t: int) -> list[int]:
        return queries.movable(self, as_modern(s), f, t)

    def attack_sources(self, s: State, target: int) -> list[tuple[int, list[int]]]:
        return moves.attack_sources(self, as_modern(s), target)

    def default_occupy(self, s: State) -> list[list[int]]:
        return choices.default_occupy(as_modern(s))
