"""A mode of play of classic (the `mode` house option) as one small class of hooks over the game, each with a
do-nothing default; this base is World Domination itself. A mode subclasses it in its own module and is named
once in modes.py's registry: the set-up, the class, the battle and the presenter ask the game's mode, never
a mode's state keys. The hooks: its house options and event kinds, the new game (dealing its secrets), the end of
the set-up, the end check, a conquest, an elimination, what a seat's view hides, the seat's goal for the
computer players, and what the screens say (the rules screen, panels, prompt, log lines, badges, marks)."""

from __future__ import annotations

from typing import Any, ClassVar

from riskterm.engine.events import Event, EventKind
from riskterm.engine.rng import Rng
from riskterm.engine.state import State
from riskterm.rules.base import Book, Log, Outcome
from riskterm.rules.classic.state import ClassicState, option, two_player
from riskterm.rules.classic.turn import begin_turn
from riskterm.rules.effects import MapMark

# (options key, label, choices with the default first)
HouseOption = tuple[str, str, tuple[str, ...]]


def chosen(options: dict[str, Any], offered: tuple[HouseOption, ...]) -> dict[str, str]:
    """The house options a new game of a mode keeps: each offered one as chosen, or its default (a choice not
    offered is the default)."""
    return {key: options[key] if options.get(key) in choices else choices[0] for key, _, choices in offered}


def game_won(s: ClassicState, p: int) -> str | None:
    """How p has won, if it has: 'world' (every territory) or, in a two-player game with the default rule,
    'opponent' (the other player eliminated; the neutral need not be). ('WINNING'; the two-player end is
    our reading, see text.py.) Asked after every step: the cheap tests first."""
    owner = s["owner"]
    if owner[0] == p and owner.count(p) == len(owner):  # (the first territory rules out most steps at once)
        return "world"
    players = s["players"]
    if not players[-1]["neutral"]:  # no neutral seat (set-up adds it last): no two-player end
        return None
    for q, pl in enumerate(players):  # every other player out or neutral (a loop: no generator per step)
        if q != p and not (pl["out"] or pl["neutral"]):
            return None
    if two_player(s) and option(s, "two_player_end") == "opponent":
        return "opponent"
    return None


class Mode:
    """World Domination Risk, and the hooks every other mode may override."""

    key: ClassVar[str] = "world"
    title: ClassVar[str] = "World Domination Risk"
    seats: ClassVar[tuple[int, int]] = (2, 6)  # the players it is played by
    house_options: ClassVar[tuple[HouseOption, ...]] = ()  # offered on the new-game screen and `--house`
    events: ClassVar[dict[str, EventKind]] = {}  # its own event kinds, merged into the rulebook's table
    rules_text: ClassVar[str] = ""  # its section of the rules screen, with its readings
    plays_for_goal: ClassVar[bool] = False  # its seats play for their goal_card, not for the world

    # --- the game ------------------------------------------------------------------------------------------
    def state_options(self, options: dict[str, Any]) -> dict[str, str]:
        """The mode's own options a new game's state keeps (in no other mode's state)."""
        return {}

    def deals_territories(self, s: ClassicState) -> bool:
        """Whether the territories are dealt rather than claimed (besides a quick start and two players)."""
        return False

    def new_game(self, rules: Book, s: ClassicState, rng: Rng, events: list[Event]) -> None:
        """Once the territories are claimed-to-be or dealt: deal the mode's secrets (from the game's random
        stream), and set a phase of its own that comes before the set-up."""

    def setup_done(self, rules: Book, s: ClassicState, events: Log) -> None:
        """Every starting army is placed: the first turn begins."""
        begin_turn(rules, s, s["first"], events)

    def outcome(self, rules: Book, s: ClassicState) -> Outcome | None:
        """The end check (Rules.check_end, after every step): the player whose turn it is holds every
        territory, or in a two-player game with the default rule has eliminated the other player."""
        p = s["current"]
        if (
            s["owner"][0] != p and not s["players"][-1]["neutral"]
        ):  # game_won's first tests: most steps stop here
            return None
        how = game_won(s, p)
        return None if how is None else Outcome((p,), how)

    def win_data(self, s: ClassicState, outcome: Outcome) -> dict[str, Any]:
        """What the 'win' event shows everyone besides the winner and how (a secret it reveals)."""
        return {}

    def draw_data(self, s: ClassicState) -> dict[str, Any]:
        """What the 'draw_game' event shows everyone (the secrets turned up at the end)."""
        return {}

    def conquered(self, rules: Book, s: ClassicState, t: int, q: int, events: Log) -> None:
        """The current player has just taken territory t from seat q (before any elimination)."""

    def eliminated(self, rules: Book, s: ClassicState, by: int, q: int, events: Log) -> None:
        """Seat `by` has just eliminated seat q (q is out, its cards taken; the end check comes next)."""

    def hide(self, s: ClassicState, v: ClassicState, seat: int | None) -> None:
        """In `v`, a view (a shallow copy) of `s` for `seat`: replace what that seat may not see."""

    def goal_card(self, view: State, seat: int) -> dict[str, Any] | None:
        """The seat's own goal as a mission card (mission_cards.py) for the computer players, read from its
        view; None: the goal is the world (or the mode's own play, as Capital Risk's)."""
        return None

    # --- what the screens say ----------------------------------------------------------------------------
    def private_lines(self, rules: Book, s: ClassicState, seat: int) -> list[str]:
        """The seat's private panel lines (above its cards)."""
        return []

    def prompt(self, rules: Book, s: ClassicState) -> str:
        """The prompt where the mode has its own ('' for the game's)."""
        return ""

    def describe(self, rules: Book, e: Event, names: list[str], seat: int | None) -> str | None:
        """The log line of one of the mode's events (None: not one of its own)."""
        return None

    def marks_of(self, s: ClassicState) -> tuple[MapMark, ...]:
        """The map's marks in this game, for the legend (none: the rulebook's own)."""
        return ()

    def badge_of(self, s: ClassicState, t: int) -> str:
        return ""

    def territory_lines(self, rules: Book, s: ClassicState, t: int) -> list[str]:
        return []

    def table_lines(self, rules: Book, s: ClassicState) -> list[str]:
        return []
