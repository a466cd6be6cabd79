"""The shape of a RisiKo! Più state: every key in one place. States are JSON-plain dicts; seats are ints
(0-based, the order players were named in), territories are board indexes in lists and board ids in records
that players read (Hidden Armies, redistribution)."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict, cast

from riskterm.engine.luck import TRUE_DICE, DiceRules, Draw, luck_note
from riskterm.engine.state import CoreState, State, present

Args = tuple[Any, ...]


class Player(TypedDict):
    name: str
    colour: str
    ai: str | None  # None for a person, else a computer level
    out: bool  # eliminated (their fortress fell)


# The records with a key named by a Python keyword ("from", "with") are declared in the functional syntax.
Hidden = TypedDict(
    "Hidden",
    {
        "territory": str,  # board id of the territory written on the sheet
        "used": bool,  # revealed already ("ONCE ONLY")
        "from": int,  # the seat that hid them (they change hands with a fallen fortress)
    },
)

Truce = TypedDict(
    "Truce",
    {
        "by": int,  # the seat that played the Diplomat (the truce ends when its turn comes back)
        "with": int,  # the other seat
        "card": str,  # the Diplomat card, discarded when the truce ends
    },
)

# The attack in progress (phases battle and defend).
Attack = TypedDict(
    "Attack",
    {
        "from": int,  # the territory attacked from (the port for a flagship attack)
        "to": int,  # the territory attacked
        "defender": int,
        "general": str | None,  # the attacker's General in play
        "marshal": str | None,  # the defender's Marshal in play
        "admiral": str | None,  # the Admiral card of a flagship attack (None for a land attack)
        "ship": int,  # armies still aboard the flagship
        "def_dice": int,  # dice the defender rolled in the last battle
        "att_dice": int,  # dice the attacker declared for this battle
        "battles": int,  # battles fought in this attack
        "revealed": NotRequired[
            bool
        ],  # the attacker revealed Hidden Armies and has not rolled since (reviewed)
        "asked": NotRequired[bool],  # the defender has answered for this attack (readings "original" only)
    },
)

# A territory just conquered (phase occupy): who moves in how many.
Pending = TypedDict(
    "Pending",
    {
        "from": int | None,  # the attacking territory, None for the flagship
        "to": int,
        "min": int,  # at least the dice of the last roll
        "defender": int | None,  # None for a free territory walked into
        "fortress": bool,  # the territory was the defender's fortress
    },
)


class Spy(TypedDict):
    by: int
    target: int
    card: str  # the Spy card played
    stage: str  # "answer" (the target may block) or "choose" (the spy eliminates a card)


class Redistribute(TypedDict):
    """After a fortress falls (phase redistribute)."""

    winner: int
    loser: int
    free: list[str]  # the territories the loser left free (board ids)
    sources: list[int]  # the conquering armies' territory: the winner starts with those
    stage: str  # "winner" (the winner garrisons) then "others" (in turn order)
    next: int  # the last seat that garrisoned (the others go on after it)


class Options(TypedDict):
    turn_cap: int  # player-turns; a game that reaches it is a draw
    quick_start: bool  # fortresses, claims and set-up armies placed at random
    defender: str  # "always" asked before every battle, or "when_needed"
    # "reviewed" (every new game) or "original"; a game without the key (an older save) plays by the original
    # readings: see reviewed() below and READINGS
    readings: NotRequired[str]
    luck: NotRequired[int]  # the luck setting, 0-99 (engine/luck.py); missing: 100, true dice
    luck_rounding: NotRequired[str]  # "weighted"; missing: "straight"


class RisikoState(CoreState):
    """A RisiKo! Più game (engine.state.CoreState and these). Phases: see actions.PHASES."""

    players: list[Player]
    order: list[int]  # play order (by the die roll)
    rolls: list[dict[str, int]]  # the turn-order die rolls, round by round (seat as a string -> die)
    empire: list[str]  # each seat's banner: its own Empire
    fortress: list[int | None]  # each seat's fortress territory (None before set-up, or once fallen)
    banners: list[list[str]]  # the banners on each seat's fortress (its own and those won)
    to_place: list[int]  # set-up armies each seat still has to place
    reserve: int  # armies the current player still has to place this turn
    deck: list[str]  # face down; the last card is drawn first
    discard: list[str]
    hands: list[list[str]]
    track: list[str]  # Reinforcement cards on the track, in order (3, 4, ... 14)
    hidden: list[list[Hidden]]  # each seat's Hidden Armies (its own, and those taken from a fallen player)
    truces: list[Truce]
    attack: Attack | None
    pending: Pending | None
    spy: Spy | None
    redistribute: Redistribute | None
    attacked: bool  # the current player has launched an attack this turn (no more Reinforcement/Diplomat)
    flagship_used: bool  # the Admiral was played this turn
    options: Options


# The reviewed readings of the rules against the original ones (older saves play by those):
# "reviewed": the defender answers before every battle, Hidden Armies appear only in an attack from or on
# their territory (and fight one battle before the attack may end), the fortress's winner starts the
# redistribution with the armies in the conquered territory; "original": the defender answers once per attack
# (again after a Marshal is beaten), Hidden Armies may appear in the main phase, the winner may also start with
# the territory attacked from. New games write the key; a game without it is an older save.
READINGS = ("reviewed", "original")


def reviewed(s: RisikoState) -> bool:
    """Does this game play by the reviewed readings (every new game) rather than the original ones?"""
    return bool(s["options"].get("readings", "original") == "reviewed")


# Kept in the game and its saves, never in a player's view (they rebuild the deck and every roll).
SECRET_KEYS = ("seed", "rng")


# What a step's draft copies (base.mutating): every container a step changes. A step changing one seat's hand or
# Hidden Armies copies that list first (hand, hidden_of); banners are replaced, never changed in place.
STEP_KEYS = (
    "owner",
    "armies",
    "to_place",
    "fortress",
    "deck",
    "discard",
    "track",
    "truces",
    "players",
    "banners",
    "hands",
    "hidden",
    "attack",
    "pending",
    "spy",
    "redistribute",
)


def hand(s: RisikoState, p: int) -> list[str]:
    """Seat p's hand in a draft, copied so that it may be changed."""
    h: list[str] = list(s["hands"][p])
    s["hands"][p] = h
    return h


def hidden_of(s: RisikoState, p: int) -> list[Hidden]:
    """Seat p's Hidden Armies in a draft, copied so that they may be changed."""
    h: list[Hidden] = list(s["hidden"][p])
    s["hidden"][p] = h
    return h


# A state from outside the package (the Rules interface, the computer players): a plain dict, or already typed.
Given = RisikoState | State


def as_risiko(s: Given) -> RisikoState:
    """A state the Rules interface hands over, as this rulebook's shape (tests/rules/test_risiko_shape.py checks
    that every state it makes has it)."""
    return cast(RisikoState, s)


# The records a phase has (engine.state.present: TypeError when asked for outside it).
def attack_of(s: RisikoState) -> Attack:
    """The attack under way (phases battle and defend, and the occupation after it)."""
    return present(s["attack"], "no attack under way")


def pending_of(s: RisikoState) -> Pending:
    """The conquest waiting for its occupation (phase occupy)."""
    return present(s["pending"], "no conquest waiting")


def source_of(pend: Pending) -> int:
    """The territory a land conquest came from (the only kind that waits for an occupation)."""
    return present(pend["from"], "a flagship's conquest waits for no occupation")


def spy_of(s: RisikoState) -> Spy:
    """The Spy in play (phases spy_answer and spy_choose)."""
    return present(s["spy"], "no Spy in play")


def redistribution_of(s: RisikoState) -> Redistribute:
    """The redistribution after a fortress fell (phase redistribute)."""
    return present(s["redistribute"], "no redistribution under way")


def dice_rules(s: Given) -> DiceRules:
    """The game's dice: true dice unless it was started with the luck setting below 100."""
    o = s["options"]
    if "luck" not in o:
        return TRUE_DICE
    return DiceRules(int(o["luck"]), o.get("luck_rounding") == "weighted")


def lucky_battle(
    s: RisikoState, att: list[int], dfn: list[int], al: int, dl: int, rng: Draw
) -> tuple[int, int, dict[str, Any]]:
    """A battle's losses under the game's luck setting (engine/luck.py), the General's and the Marshal's
    point in the expectation, and what its event adds when luck changed them (a card is still beaten by the
    scores rolled)."""
    at = attack_of(s)
    return luck_note(
        len(att), len(dfn), al, dl, dice_rules(s), rng, int(bool(at["general"])), int(bool(at["marshal"]))
    )
