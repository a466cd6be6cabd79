"""RisiKo! Più's action kinds: how the app offers them (ActionSpec), which phase allows which, and the
handler of each kind, collected from the phase modules."""

from __future__ import annotations

from riskterm.rules.base import ActionSpec, Book, Event, Handler, mutating
from riskterm.rules.risiko.battle import HANDLERS as BATTLE
from riskterm.rules.risiko.cards import HANDLERS as CARDS
from riskterm.rules.risiko.conquest import HANDLERS as CONQUEST
from riskterm.rules.risiko.geography import tix
from riskterm.rules.risiko.setup import HANDLERS as SETUP
from riskterm.rules.risiko.setup import check_place_setup, do_place_setup
from riskterm.rules.risiko.state import STEP_KEYS, Args, RisikoState
from riskterm.rules.risiko.turn import HANDLERS as TURN
from riskterm.rules.risiko.turn import check_place as check_place_armies
from riskterm.rules.risiko.turn import do_place as do_place_armies

# Set-up: fortress -> claim -> deploy -> hide. A turn: supply -> (the cards are drawn) -> main, with an attack
# in battle / defend (the defender's answer) / occupy, a Spy in spy_answer / spy_choose, and the
# redistribution after a fortress falls in redistribute.
PHASES: dict[str, tuple[str, ...]] = {
    "fortress": ("fortress",),
    "claim": ("claim",),
    "deploy": ("place",),
    "hide": ("hide",),
    "supply": ("place",),
    "main": ("place", "reinforce", "spy", "diplomat", "reveal", "attack", "admiral", "move", "end"),
    "battle": ("general", "reveal", "roll", "retreat"),
    "defend": ("marshal", "reveal", "defend"),
    "occupy": ("occupy",),
    "spy_answer": ("block", "allow"),
    "spy_choose": ("discard",),
    "redistribute": ("garrison", "pass"),
}

# Main-phase kinds that wait until the armies of the Reinforcement cards just played are placed.
AFTER_PLACING = frozenset({"spy", "diplomat", "reveal", "attack", "admiral", "move", "end"})

ACTION_SPECS = (
    ActionSpec("fortress", "enter", "Place fortress", ("territory",), "place your fortress in your Empire"),
    ActionSpec("claim", "enter", "Claim", ("territory",), "occupy a free territory with one army"),
    ActionSpec("place", "enter", "Place", ("territory", "int"), "place armies on a territory you hold"),
    ActionSpec(
        "hide", "enter", "Hide armies", ("territory",), "secretly choose your Hidden Armies' territory"
    ),
    ActionSpec("reinforce", "r", "Reinforcement", ("card",), "play a Reinforcement card onto the track"),
    ActionSpec("spy", "y", "Spy", ("card", "choice"), "look at a player's cards and eliminate one"),
    ActionSpec("block", "b", "Block the Spy", ("card",), "answer a Spy with a Spy: both are discarded"),
    ActionSpec("allow", "l", "Let the Spy look", (), "do not answer the Spy"),
    ActionSpec("discard", "x", "Eliminate card", ("card",), "eliminate one of the spied cards"),
    ActionSpec("diplomat", "d", "Diplomat", ("card", "choice"), "impose a truce until your next turn"),
    ActionSpec("attack", "a", "Attack", ("territory", "territory"), "announce an attack: from, to"),
    ActionSpec(
        "admiral",
        "n",
        "Admiral",
        ("card", "territory", "territory", "int"),
        "attack by sea with the flagship: card, port, target, armies embarked",
    ),
    ActionSpec("general", "g", "General", ("card",), "+1 to your highest die until beaten"),
    ActionSpec("marshal", "m", "Marshal", ("card",), "+1 to your highest defence die until beaten"),
    ActionSpec("reveal", "v", "Hidden Armies", ("territory",), "reveal your Hidden Armies (once only)"),
    ActionSpec("roll", "enter", "Roll", ("int",), "attack with 1-3 armies (2 against a fortress)"),
    ActionSpec("defend", "enter", "Defend", ("int",), "defend with 1-3 dice in each battle of this attack"),
    ActionSpec("retreat", "t", "End attack", (), "end this attack"),
    ActionSpec("occupy", "enter", "Occupy", ("int",), "how many armies occupy the conquered territory"),
    ActionSpec(
        "garrison",
        "enter",
        "Garrison",
        ("territory", "territory"),
        "move one army onto a territory freed by the fallen fortress",
    ),
    ActionSpec("pass", "p", "Leave the rest", (), "leave the remaining freed territories to the others"),
    ActionSpec("move", "f", "Move", ("territory", "territory", "int"), "the final move; ends your turn"),
    ActionSpec("end", "e", "End turn", (), "end your turn"),
)


def check_place(rules: Book, s: RisikoState, args: Args) -> str | None:
    """'place london 5': set-up armies (deploy), Supplementary Armies (supply), Reinforcement armies (main)."""
    if not 1 <= len(args) <= 2 or (len(args) == 2 and not isinstance(args[1], int)):
        return "Place armies like this: 'place london 3'."
    t = tix(rules.board, args[0])
    if t is None:
        return f"There is no territory called '{args[0]}'."
    if s["owner"][t] != s["actor"]:
        return f"You do not hold {rules.tname(t)}."
    if s["phase"] == "deploy":
        return check_place_setup(rules, s, args)
    return check_place_armies(rules, s, args)


def do_place(rules: Book, s: RisikoState, args: Args, events: list[Event]) -> None:
    if s["phase"] == "deploy":
        do_place_setup(rules, s, args, events)
    else:
        do_place_armies(rules, s, args, events)


def place_range(rules: Book, s: RisikoState, args: Args) -> tuple[int, int] | None:
    """Supplementary and Reinforcement armies: 1 to the reserve. In the set-up the counts are not a range
    (fives, or all that is left): legal_actions lists them all."""
    if len(args) != 1 or s["phase"] == "deploy" or not s["reserve"]:
        return None
    return (1, s["reserve"])


HANDLERS: dict[str, Handler] = {
    **SETUP,
    **TURN,
    **CARDS,
    **BATTLE,
    **CONQUEST,
    "place": Handler(check_place, mutating(do_place, *STEP_KEYS), place_range),
}
