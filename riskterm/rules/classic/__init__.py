"""World Domination Risk (../shared/rules/classic-risk.txt, with classic-risk-notes.txt).

Phases: claim -> setup [-> capital, Capital Risk's headquarters] -> (reinforce -> attack [-> occupy] -> fortify) per turn. The state's keys are in
state.py; each phase module ends with its HANDLERS (check, do), merged here; the base class dispatches."""

from __future__ import annotations

from typing import Any

from riskterm.board import Board
from riskterm.engine.fog import OFF, UNKNOWN, fogged, level_of
from riskterm.engine.luck import DiceRules
from riskterm.engine.state import State
from riskterm.rules.base import Log, Outcome, PlayerSetup, Rules, Transition
from riskterm.rules.classic import (
    battle,
    capitals,
    cards,
    missions,
    setup,
    turn,
)
from riskterm.rules.classic.board import board_problem, card_kinds
from riskterm.rules.classic.events import EVENTS, event
from riskterm.rules.classic.modes import MODES, REGISTRY, WORLD, hooks
from riskterm.rules.classic.presenter import ClassicPresenter
from riskterm.rules.classic.state import (
    BLITZ,
    CARDS,
    FOG,
    FORTIFY,
    LATER_OPTIONS,
    LUCK,
    LUCK_ROUNDING,
    NEUTRAL_ARMIES,
    TWO_PLAYER_END,
    as_classic,
    dice_rules,
)
from riskterm.rules.headless import Headless

STANDING_ANSWERS = {
    battle.MOVE_ALL: "after each conquest, move in every army but one, without being asked",
    battle.MOVE_TO_FRONT: "after each conquest, move in every army but one, or only the dice rolled when the "
    "conquered territory borders no enemy while the one attacked from still does",
}


# The phases played in the open even in a fogged game: claiming needs to see which territories are free.
OPEN_PHASES = frozenset({"declare", "claim"})


class ClassicRules(Rules):
    name = "classic"
    title = "World Domination Risk"
    board_id = "classic"
    min_players = 2
    max_players = 6
    turn_cap = 1500
    # (options key, label, choices, default). The two-player options were added later: a save from before
    # them keeps the old behaviour (old_defaults; state.LATER_OPTIONS).
    # The mode (modes.py) comes first: the new-game screen's first row and `--mode`; each mode's own last.
    house_options = (
        ("mode", "Mode", MODES, WORLD),
        ("fortify", "Fortify", FORTIFY, FORTIFY[0]),
        ("two_player_end", "Two players: win by beating", TWO_PLAYER_END, TWO_PLAYER_END[0]),
        ("neutral_armies", "Two players: neutral armies", NEUTRAL_ARMIES, NEUTRAL_ARMIES[0]),
        ("cards", "Card values", CARDS, CARDS[0]),
        ("blitz", "Blitz dice", BLITZ, BLITZ[0]),
        ("luck", "Luck (%)", LUCK, LUCK[0]),
        ("luck_rounding", "Luck: rounding", LUCK_ROUNDING, LUCK_ROUNDING[0]),
        ("fog", "Fog of war", FOG, FOG[0]),
        *(
            (key, label, choices, choices[0])
            for mode in REGISTRY
            for key, label, choices in mode.house_options
        ),
    )
    # (the card option is not among them: its default is what older games played, and a state at the default
    # leaves it out, state.DEFAULT_SILENT)
    old_defaults = {2: {key: old for key, _, old in LATER_OPTIONS}}
    PHASES = {
        "declare": ("declare",),
        "claim": ("claim",),
        "setup": ("place",),
        "capital": ("capital",),
        "reinforce": ("place", "trade"),
        "attack": ("attack", "blitz", "stop", "end"),
        "occupy": ("move",),
        "fortify": ("fortify", "end"),
    }
    handlers = {
        **setup.HANDLERS,
        **capitals.HANDLERS,
        **cards.HANDLERS,
        **battle.HANDLERS,
        **turn.HANDLERS,
        **missions.HANDLERS,
    }
    LEGAL = {**setup.LEGAL, **capitals.LEGAL, **turn.LEGAL, **battle.LEGAL, **missions.LEGAL}
    EVENTS = {**EVENTS, **{kind: spec for mode in REGISTRY for kind, spec in mode.events.items()}}
    # a quiet copy makes no events at all (a computer's look-ahead, `simulate`)
    headless = Headless(
        quiet_steps=True,
        standing_answers=STANDING_ANSWERS,
        end_kinds=("end", "stop"),
        long_kinds=frozenset({"attack", "blitz"}),
    )
    presenter_class = ClassicPresenter
    any_board = True  # what another board needs: board.py

    @classmethod
    def board_problem(cls, board: Board, players: int | None) -> str | None:
        return board_problem(board, players)

    def __init__(self, board: Board | None = None) -> None:
        super().__init__(board)
        self.card_kind: dict[str, str] = card_kinds(self.board)

    def _new_game(self, players: list[PlayerSetup], seed: int, options: dict[str, Any]) -> Transition:
        return setup.new_game(self, players, seed, options)

    def check_end(self, s: State) -> Outcome | None:
        """The game's mode says (mode.py): in world domination the player whose turn it is has won by holding
        every territory, or in a two-player game with the default rule by eliminating the other player; in
        Secret Mission Risk, whoever has met their mission (missions.outcome); in Capital Risk by holding the
        headquarters the game asks for (capitals.outcome)."""
        return hooks(as_classic(s)).outcome(self, as_classic(s))

    def finish(self, s: State, outcome: Outcome, events: Log) -> None:
        super().finish(s, outcome, events)
        if events is None:
            return
        if outcome.winners:  # with what the mode reveals (a winning mission card, every mission)
            events.append(
                event(
                    "win",
                    turn=s["turn"],
                    player=outcome.winners[0],
                    by=outcome.why,
                    **hooks(as_classic(s)).win_data(as_classic(s), outcome),
                )
            )
        else:
            events.append(
                event(
                    "draw_game",
                    turn=s["turn"],
                    player=s["current"],
                    cap=s["options"]["turn_cap"],
                    **hooks(as_classic(s)).draw_data(as_classic(s)),
                )
            )

    # ------------------------------------------------------------------ queries
    def next_seat(self, s: State, seat: int) -> int:
        return turn.next_seat(as_classic(s), seat)

    def territories_of(self, s: State, p: int) -> list[int]:
        return [t for t, o in enumerate(s["owner"]) if o == p]

    def regions_held(self, s: State, p: int) -> list[int]:
        return turn.regions_held(self, as_classic(s), p)

    def base_reinforcements(self, s: State, p: int) -> int:
        return turn.base_reinforcements(self, as_classic(s), p)

    def sets_in_hand(self, s: State, p: int) -> list[tuple[str, str, str]]:
        return cards.sets_in_hand(self, as_classic(s), p)

    def can_fortify(self, s: State, p: int, a: int, b: int) -> bool:
        return turn.can_fortify(self, as_classic(s), p, a, b)

    # ------------------------------------------------------------------ legal actions
    # by the phase table LEGAL; a blitz is listed with stop 1 only: its other stop numbers are int_range's
    def _several_actions(self, s: State) -> bool:
        # attacking: stopping and ending are always listed; moving in: every count from the least to the most
        if self.is_over(s):
            return False
        phase = s["phase"]
        if phase == "attack":
            return True
        if phase == "occupy":
            pend = s["pending"]
            least: int = pend["min"]
            return bool(s["armies"][pend["from"]] - 1 > least)
        return False

    # ------------------------------------------------------------------ views and panels
    def view(self, s: State, seat: int | None) -> State:
        """Other hands and the deck as '?' cards; no random stream and no seed (the seed rebuilds the deck
        order and every roll). In a fogged game, owners and armies out of the seat's sight are
        engine.fog.UNKNOWN once the territories are claimed (claiming needs to see which are free)."""
        v = dict(s)
        v["hands"] = [h if i == seat else ["?"] * len(h) for i, h in enumerate(s["hands"])]
        v["deck"] = ["?"] * len(s["deck"])
        v["rng"] = 0
        v.pop("seed", None)
        hooks(as_classic(s)).hide(as_classic(s), as_classic(v), seat)  # the mode's secrets
        if s["phase"] in OPEN_PHASES or level_of(s) == OFF:
            return v
        v = fogged(v, self.board.adj, seat)
        if seat != s["current"]:  # another's turn: its reinforcements, and a conquest out of sight, unsaid
            v["reserve"] = UNKNOWN
            pend = s["pending"]
            if pend is not None and v["armies"][pend["to"]] == UNKNOWN:
                v["pending"] = {**pend, "from": UNKNOWN, "to": UNKNOWN}
        return v

    def scores(self, s: State) -> list[int]:
        return [s["owner"].count(i) for i in range(len(s["players"]))]

    def dice_rules(self, s: State) -> DiceRules:
        return dice_rules(as_classic(s))


__all__ = ["ClassicRules"]
