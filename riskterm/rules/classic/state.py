"""The shape of a classic game state, in one place. States are JSON-plain dicts, never changed in place
(engine.state.draft copies what an action changes). Keys marked NotRequired are absent from some states:
from before the first turn, or from games started before the key existed (their saves must replay as before).

Also the option values the state carries, and what a missing option means (the behaviour of older saves)."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict, cast

from riskterm.engine.actions import Arg
from riskterm.engine.fog import LEVELS as FOG
from riskterm.engine.luck import LUCK_CHOICES, ROUNDINGS, TRUE_DICE, TRUE_LUCK, DiceRules
from riskterm.engine.state import CoreState, State, present
from riskterm.rules.base import Book


class Seat(TypedDict):
    name: str
    colour: str
    ai: str | None  # None: a person; else the computer level
    neutral: bool  # the two-player game's neutral army: never takes a turn
    out: bool  # eliminated


# The conquest waiting for its move-in (phase "occupy"): territory indexes, and the fewest armies to move.
Pending = TypedDict("Pending", {"from": int, "to": int, "min": int})


class Options(TypedDict):
    quick_start: bool  # territories dealt and armies spread at random
    fortify: str  # "adjacent" (the rulebook) or "connected" (house rule)
    turn_cap: int  # player turns; past it the game is a draw
    two_player_end: NotRequired[str]  # "opponent" (default) or "world"; missing: "world" (older saves)
    neutral_armies: NotRequired[str]  # "players" (default) or "random"; missing: "random" (older saves)
    cards: NotRequired[str]  # "fixed" or "none"; missing: "progressive" (the default, and older saves)
    mode: NotRequired[str]  # "missions", "capitals"; missing: world domination (modes.py)
    capitals_goal: NotRequired[str]  # Capital Risk: "shorter"; missing: "all" (every headquarters)
    mission_cards: NotRequired[str]  # a mission game's house rules (missions.py OPTIONS), in no other game
    target_out: NotRequired[str]
    third_continent: NotRequired[str]
    mission_setup: NotRequired[str]
    assassin_target_out: NotRequired[str]  # an Assassin game's (assassin.py), in no other game
    blitz: NotRequired[str]  # "balanced"; missing: "true" (true dice, the default and older saves)
    luck: NotRequired[int]  # 0-99; missing: 100 (true dice)
    luck_rounding: NotRequired[str]  # "weighted"; missing: "straight"
    fog: NotRequired[str]  # fog of war (engine/fog.py): "light", "normal", "dense"; missing: "off"


class ClassicState(CoreState):
    """A classic game (engine.state.CoreState and these). Phases: claim, setup, reinforce, attack, occupy, fortify,
    over; `draw`: ended at the turn cap; owner -1: not yet claimed."""

    players: list[Seat]  # the seats; a two-player game has the neutral as a third, last seat
    hands: list[list[str]]  # per seat: card ids (territory ids, 'wild1', 'wild2'); '?' for a hidden card
    deck: list[str]  # the draw pile, top card last ('?' each in a view)
    discard: list[str]  # traded-in cards, shuffled into a new pile when the deck runs out
    sets_traded: int  # sets traded by anyone so far: the next set's value
    to_place: list[int]  # set-up armies each seat has still to place
    reserve: int  # armies the current player has still to place this turn
    conquered: bool  # the current player took a territory this turn (earns a card)
    bonus_used: bool  # the +2 for a traded card showing a held territory was given this turn
    card_drawn: NotRequired[bool]  # this turn's card was drawn (set from the first turn on)
    pending: Pending | None
    resume: str | None  # "attack" while trading down to 4 cards after an elimination, mid-attack
    options: Options
    capitals: NotRequired[list[int]]  # Capital Risk only: per seat, its headquarters' territory index, -1 for
    # none (not chosen yet, the neutral's, or another seat's in a view while they are being chosen)
    missions: NotRequired[list[dict[str, Any] | None]]  # Secret Mission Risk only: per seat its mission
    # (rules/classic/mission_cards.py); None in a view for another seat's
    setup_step: NotRequired[int]  # two-player set-up with players placing the neutral: own armies placed
    # in this set-up move (0-1), 2 = one neutral army is due next. Only in games with that set-up.
    fog_seen: NotRequired[list[int]]  # a fogged game only: territories the current player attacked this turn


START_ARMIES = {3: 35, 4: 30, 5: 25, 6: 20}
TWO_PLAYER_ARMIES = 40
NEUTRAL_NAME = "Neutral"
WILDS = ("wild1", "wild2")

# Options added after saves existed: (key, choices with the default first, value when the key is missing).
# A missing key is a game from before the option: it keeps the behaviour it was played with.
FORTIFY = ("adjacent", "connected")
TWO_PLAYER_END = ("opponent", "world")
NEUTRAL_ARMIES = ("players", "random")
LATER_OPTIONS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("two_player_end", TWO_PLAYER_END, "world"),
    ("neutral_armies", NEUTRAL_ARMIES, "random"),
)
_MISSING = {key: old for key, _, old in LATER_OPTIONS}
# Options whose default is what every game played before they existed: a state carries one only away from its
# default (a game at the default is the very state it always was; missing means the default).
CARDS = ("progressive", "fixed", "none")
CAPITALS_GOAL = (
    "all",
    "shorter",
)  # Capital Risk: hold every headquarters, or the shorter game's (capitals.py)
# The dice (engine/luck.py, engine/balanced.py): a blitz rolled out or drawn whole from the balanced
# distribution; each roll's luck in percent (100: the dice as they fall); how blended losses are rounded.
BLITZ = ("true", "balanced")
LUCK = LUCK_CHOICES
LUCK_ROUNDING = ROUNDINGS
DEFAULT_SILENT: tuple[tuple[str, tuple[Any, ...]], ...] = (
    ("cards", CARDS),
    ("capitals_goal", CAPITALS_GOAL),
    ("blitz", BLITZ),
    ("luck", LUCK),
    ("luck_rounding", LUCK_ROUNDING),
    ("fog", FOG),
)


def game_options(options: dict[str, Any], turn_cap: int, mode: str = "world") -> Options:
    """The options a new state carries; a later option only when the caller gave it (see LATER_OPTIONS); the
    mode only when it is not world domination (modes.py)."""
    fortify = options.get("fortify", FORTIFY[0])
    out: dict[str, Any] = {
        "quick_start": bool(options.get("quick_start")),
        "fortify": fortify if fortify in FORTIFY else FORTIFY[0],
        "turn_cap": int(options.get("turn_cap", turn_cap)),
    }
    for key, choices, _ in LATER_OPTIONS:
        if key in options:
            out[key] = options[key] if options[key] in choices else choices[0]
    for key, choices in DEFAULT_SILENT:
        if options.get(key, choices[0]) in choices[1:]:
            out[key] = options[key]
    if mode != "world":
        out["mode"] = mode
    return cast(Options, out)


def dice_rules(s: ClassicState) -> DiceRules:
    """The game's dice: true dice unless its options say otherwise (every game from before these options)."""
    o = s["options"]
    if "blitz" not in o and "luck" not in o:
        return TRUE_DICE
    return DiceRules(
        int(o.get("luck", TRUE_LUCK)), o.get("luck_rounding") == "weighted", o.get("blitz") == "balanced"
    )


def as_classic(s: State) -> ClassicState:
    """A state the Rules interface hands over, as this rulebook's shape (tests/rules/test_classic_shape.py checks
    that every state it makes has it)."""
    return cast(ClassicState, s)


def pending_of(s: ClassicState) -> Pending:
    """The conquest waiting for its move-in (in phase "occupy"; engine.state.present: TypeError outside it)."""
    return present(s["pending"], "no conquest to move into")


def option(s: ClassicState, key: str) -> str:
    """A later option's value in this game: what the game was started with, else the old behaviour."""
    return str(s["options"].get(key, _MISSING[key]))


def territory(rules: Book, arg: Arg) -> int:
    """The index of a territory argument that a check has passed."""
    return rules.board.index[cast(str, arg)]


def number(arg: Arg) -> int:
    """A number argument that a check has passed."""
    return cast(int, arg)


def two_player(s: ClassicState) -> bool:
    return any(p["neutral"] for p in s["players"])
