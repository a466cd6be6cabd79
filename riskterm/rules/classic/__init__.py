"""World Domination Risk (../shared/rules/classic-risk.txt, with classic-risk-notes.txt).

Phases: claim -> setup [-> capital, Capital Risk's headquarters] -> (reinforce -> attack [-> occupy] -> fortify) per turn. The state's keys are in
state.py; each phase module ends with its HANDLERS (check, do), merged here; the base class dispatches."""

from __future__ import annotations

from typing import Any

from riskterm.board import Board
from riskterm.engine.actions import Action
from riskterm.engine.cards import WILD
from riskterm.engine.luck import DiceRules
from riskterm.engine.state import State
from riskterm.rules.base import ActionSpec, Event, Log, Outcome, PlayerSetup, Rules, Transition
from riskterm.rules.classic import (
    battle,
    capitals,
    capitals_text,
    card_values,
    cards,
    missions,
    setup,
    text,
    turn,
)
from riskterm.rules.classic.board import board_problem, card_kinds
from riskterm.rules.classic.events import EVENTS, ev
from riskterm.rules.classic.modes import MODES, WORLD
from riskterm.rules.classic.state import (
    BLITZ,
    CAPITALS_GOAL,
    CARDS,
    FORTIFY,
    LATER_OPTIONS,
    LUCK,
    LUCK_ROUNDING,
    NEUTRAL_ARMIES,
    TWO_PLAYER_END,
    as_classic,
    dice_rules,
)
from riskterm.rules.effects import MapMark


class ClassicRules(Rules):
    name = "classic"
    title = "World Domination Risk"
    board_id = "classic"
    min_players = 2
    max_players = 6
    turn_cap = 1500
    rules_text = text.RULES_TEXT + capitals_text.RULES_TEXT
    action_specs = (
        ActionSpec("claim", "enter", "Claim", ("territory",), "claim an unoccupied territory with one army"),
        ActionSpec("place", "enter", "Place", ("territory", "int"), "place armies on a territory you hold"),
        ActionSpec("capital", "enter", "Headquarters", ("territory",),
                   "Capital Risk: choose your headquarters, in secret, among your territories"),
        ActionSpec("trade", "c", "Trade cards", ("card", "card", "card", "choice"),
                   "trade a set of three cards for armies (and say where the 2 extra go: '+peru')"),
        ActionSpec("attack", "a", "Attack", ("territory", "territory", "int"), "roll once: from, to, dice"),
        ActionSpec("blitz", "b", "Blitz", ("territory", "territory", "int"),
                   "keep rolling, as many dice as armies above N, until the territory falls or you are down to N",
                   default="low"),
        ActionSpec("move", "enter", "Move in", ("int",), "move armies into the territory you conquered"),
        ActionSpec("stop", "s", "Stop attacking", (), "end the attack phase and go on to fortify"),
        ActionSpec("fortify", "f", "Fortify", ("territory", "territory", "int"), "one move between your territories"),
        ActionSpec("end", "e", "End turn", (), "end your turn"),
        ActionSpec("declare", "enter", "Name the third continent", ("choice",),
                   "Secret Mission Risk: name the third continent of your mission (secretly)"),
    )
    # (options key, label, choices, default). The two-player options were added later: a save from before
    # them keeps the old behaviour (old_defaults; state.LATER_OPTIONS).
    # The mode (modes.py) comes first: the new-game screen's first row and `--mode`.
    house_options = (
        ("mode", "Mode", MODES, WORLD),
        ("fortify", "Fortify", FORTIFY, FORTIFY[0]),
        ("two_player_end", "Two players: win by beating", TWO_PLAYER_END, TWO_PLAYER_END[0]),
        ("neutral_armies", "Two players: neutral armies", NEUTRAL_ARMIES, NEUTRAL_ARMIES[0]),
        ("cards", "Card values", CARDS, CARDS[0]),
        ("blitz", "Blitz dice", BLITZ, BLITZ[0]),
        ("luck", "Luck (%)", LUCK, LUCK[0]),
        ("luck_rounding", "Luck: rounding", LUCK_ROUNDING, LUCK_ROUNDING[0]),
        ("capitals_goal", "Capital Risk: win by holding", CAPITALS_GOAL, CAPITALS_GOAL[0]),
        *((key, label, choices, choices[0]) for key, label, choices in missions.OPTIONS),
    )
    # (the card option is not among them: its default is what older games played, and a state at the default
    # leaves it out, state.DEFAULT_SILENT)
    old_defaults = {key: old for key, _, old in LATER_OPTIONS}
    standing_answers = {
        battle.MOVE_ALL: "after each conquest, move in every army but one, without being asked",
        battle.MOVE_TO_FRONT: "after each conquest, move in every army but one, or only the dice rolled when the "
                              "conquered territory borders no enemy while the one attacked from still does",
    }
    end_kinds = ("end", "stop")
    end_events = frozenset({"win", "draw_game"})
    long_kinds = frozenset({"attack", "blitz"})
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
    handlers = {**setup.HANDLERS, **capitals.HANDLERS, **cards.HANDLERS, **battle.HANDLERS, **turn.HANDLERS,
                **missions.HANDLERS}
    LEGAL = {**setup.LEGAL, **capitals.LEGAL, **turn.LEGAL, **battle.LEGAL, **missions.LEGAL}
    EVENTS = EVENTS
    quiet_steps = True  # a quiet() copy makes no events at all (a computer's look-ahead, `simulate`)
    auto_setup_phases = frozenset({"claim", "setup"})
    # a seat out of time ends its turn; a placement or the move after a conquest takes its default (a forced
    # trade is left to the computer's choice)
    timeout_kinds = ("end", "move", "place", "claim")
    focus_events = frozenset({"conquer", "move"})
    battle_events = frozenset({"battle", "balanced_blitz"})
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
        """The player whose turn it is has won: by holding every territory, or in a two-player game with the
        default rule by eliminating the other player (battle.game_won); in Secret Mission Risk, whoever has
        met their mission (missions.outcome); in Capital Risk by holding the headquarters the game asks for
        (capitals.outcome)."""
        if "missions" in s:
            return missions.outcome(self, as_classic(s))
        if "capitals" in s:
            return capitals.outcome(as_classic(s))
        p = s["current"]
        if s["owner"][0] != p and not s["players"][-1]["neutral"]:  # game_won's first tests: most steps stop here
            return None
        how = battle.game_won(s, p)
        return None if how is None else Outcome((p,), how)

    def finish(self, s: State, outcome: Outcome, events: Log) -> None:
        super().finish(s, outcome, events)
        if events is None:
            return
        if outcome.winners and outcome.why == "mission" and "missions" in s:  # the winning card is shown to everyone
            events.append(ev("win", turn=s["turn"], player=outcome.winners[0], by=outcome.why,
                             mission=s["missions"][outcome.winners[0]]))
        elif outcome.winners:
            events.append(ev("win", turn=s["turn"], player=outcome.winners[0], by=outcome.why))
        else:
            events.append(ev("draw_game", turn=s["turn"], player=s["current"], cap=s["options"]["turn_cap"]))

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
    def several_actions(self, s: State) -> bool:
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
        order and every roll)."""
        v = dict(s)
        v["hands"] = [h if i == seat else ["?"] * len(h) for i, h in enumerate(s["hands"])]
        v["deck"] = ["?"] * len(s["deck"])
        v["rng"] = 0
        v.pop("seed", None)
        if "missions" in s:  # another seat's mission is None (the winner's is shown once it has won)
            v["missions"] = missions.view_missions(as_classic(s), seat)
        capitals.hide(as_classic(v), seat)
        return v

    def private_lines(self, s: State, seat: int) -> list[str]:
        lines = missions.private_lines(self, as_classic(s), seat) if "missions" in s else []
        return lines + capitals_text.private_lines(self, as_classic(s), seat) + self._hand_lines(s, seat)

    def _hand_lines(self, s: State, seat: int) -> list[str]:
        hand = s["hands"][seat]
        if not hand:
            return ["No cards." if card_values.cards_in_play(as_classic(s)) else "No cards: this game is played without them."]
        lines = [f"{self.card_kind[c].title():9} {self.board.tname(c) if c in self.board.index else 'Wild'}"
                 for c in hand]
        lines.append(f"{len(self.sets_in_hand(s, seat))} set(s) possible; {card_values.worth_line(as_classic(s))}.")
        return lines

    def card_name(self, s: State, card: Any) -> str:
        """A territory card with its kind ('Cavalry Peru'), a wild card as 'Wild'."""
        name = "Wild" if isinstance(card, str) and card.startswith("wild") else self.arg_label(s, card)
        kind = self.card_kind.get(card) if isinstance(card, str) else None
        return f"{kind.title()} {name}" if kind and kind != WILD else name

    def number_meaning(self, s: State, prefix: Action, n: int) -> str:
        if prefix.kind == "blitz" and len(prefix.args) >= 2:
            target = self.arg_label(s, prefix.args[1])
            return f"Keep attacking until {target} falls or you are down to {n} arm{'y' if n == 1 else 'ies'}."
        return ""

    def arg_label(self, s: State, value: Any) -> str:
        if isinstance(value, str) and value.startswith("+") and value[1:] in self.board.index:
            return f"2 extra on {self.board.tname(value[1:])}"
        if isinstance(value, str) and value in self.board.region_by_id and value not in self.board.index:
            # a continent named for a mission
            return self.board.region_by_id[value].name
        return super().arg_label(s, value)

    def scores(self, s: State) -> list[int]:
        return [s["owner"].count(i) for i in range(len(s["players"]))]

    def player_stats(self, s: State) -> list[dict[str, Any]]:
        out = []
        for i, pl in enumerate(s["players"]):
            terrs = self.territories_of(s, i)
            out.append({
                "name": pl["name"], "neutral": pl["neutral"], "out": pl["out"],
                "territories": len(terrs), "armies": sum(s["armies"][t] for t in terrs),
                "cards": len(s["hands"][i]),
                "regions": [self.board.regions[r].name for r in self.regions_held(s, i)],
                "income": 0 if pl["neutral"] or pl["out"] else self.base_reinforcements(s, i),
            })
        return out

    def prompt(self, s: State) -> str:
        return capitals_text.prompt(self, as_classic(s)) or text.prompt(self, as_classic(s))

    def describe(self, e: Event, names: list[str], seat: int | None = None) -> str:
        return capitals_text.describe(self, e, names, seat) or text.describe_event(self, e, names, seat)

    def badge_of(self, s: State, t: int) -> str:
        return capitals_text.badge_of(as_classic(s), t)

    def territory_lines(self, s: State, t: int) -> list[str]:
        return capitals_text.territory_lines(self, as_classic(s), t)

    def table_lines(self, s: State) -> list[str]:
        return capitals_text.table_lines(self, as_classic(s))

    def marks_of(self, s: State) -> tuple[MapMark, ...]:
        return capitals_text.MARKS if capitals.in_play(as_classic(s)) else self.map_marks

    def attack_odds(self, s: State, prefix: Action) -> tuple[float, float, float] | None:
        """The exact odds of the attack or blitz being chosen (from, to [, blitz stop]), rolled out."""
        return battle.attack_odds(self, as_classic(s), prefix.kind, prefix.args)

    def balanced_odds(self, s: State, prefix: Action) -> tuple[float, float, float] | None:
        """In a game with balanced blitz: the odds of the blitz being chosen as it is drawn."""
        return battle.attack_odds(self, as_classic(s), prefix.kind, prefix.args, balanced=True)

    def dice_rules(self, s: State) -> DiceRules:
        return dice_rules(as_classic(s))


__all__ = ["ClassicRules"]
