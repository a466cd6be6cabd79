"""Modern units Risk's lesson (`riskterm learn --variant modern`): what this rulebook has that classic Risk
has not, from a prepared position: easy computer players (for the learner too) have played the first round,
and the learner buys units with the round's credits, places them and attacks with them. Each rule a step
states is the rulebook's (/work/shared/rules/modern-units.txt; tests/tutor/test_lessons.py quotes the
passages); the units' values are our house values (the rulebook's table is missing), read from the table
new games play with."""

from __future__ import annotations

from riskterm.engine.state import State
from riskterm.rules.lessons import PLAY_ON, Course, LessonStep
from riskterm.rules.modern.units import DEFAULT_TABLE, TABLES


def at_buying(s: State) -> bool:
    """The first round is over and the learner is to buy with the second round's credits."""
    return bool(s["phase"] == "buy" and s["round"] >= 2 and s["current"] == 0)


def faces(value: int) -> str:
    return "1" if value == 1 else f"1-{value}"


UNITS = "; ".join(
    f"{u.name} ({u.letter}) {u.cost}, hits on {faces(u.attack)} attacking, {faces(u.defence)} defending"
    for u in TABLES[DEFAULT_TABLE]
)

STEPS = (
    LessonStep(
        "Buying units",
        "In Modern units Risk you buy your armies. Every round starts with credits: 2 for each territory "
        "you hold plus the bonus of each continent you hold whole; what you do not spend is kept. The "
        "first round has been played for you: you play Sam against Ada and Bo (easy computer players). "
        "You win by holding 28 territories at the end of a round.\n\nPress n to see the units.",
    ),
    LessonStep(
        "The units",
        f"Each unit rolls its own die, and hits when the die shows its value or less. Credits: {UNITS}. "
        "Only Hovercraft and Helicopters cross the dotted sea-lines.\n\nPress b, choose a unit and how many, "
        "and Enter.",
        done_by=lambda a, s: a.kind == "buy",
        praise="Bought: you place it on your turn.",
    ),
    LessonStep(
        "Done buying",
        "Buy more if you like, then press d. When everyone has bought, everyone rolls a die for the order "
        "of play this round: the highest goes first.",
        done_by=lambda a, s: a.kind == "done",
        praise="Done: wait for your turn.",
    ),
    LessonStep(
        "Place your units",
        "Your turn starts with placing what you bought, on territories you hold: pick one, choose the unit "
        "and how many, and Enter, until none are left.",
        done_by=lambda a, s: a.kind == "place" and s["phase"] != "place",
        praise="All placed: now you may attack.",
    ),
    LessonStep(
        "Attack",
        "Press a, pick one of your territories with at least 2 units, a neighbour to attack, and the units "
        "that go (one stays). Your units roll, then the defender chooses its losses and rolls for every unit "
        "it had, and you choose yours. Then c fights another round, r retreats; after a win you choose the "
        "units that move in.",
        done_by=lambda a, s: a.kind == "attack",
        praise="A round of combat: the log (Ctrl+L) shows each unit's die and the hits.",
    ),
    LessonStep(
        "End your turn",
        "Attack on, move units one border with m (a unit crosses one border a turn, moving or attacking), "
        "and press e to end your turn.",
        done_by=lambda a, s: a.kind == "end",
        praise="Your turn is over.",
    ),
    PLAY_ON,
)

COURSE = Course(
    "Learn Modern units Risk",
    ("Sam", "Ada", "Bo"),
    (None, "easy", "easy"),
    4,
    STEPS,
    about="buying units with credits",
    prepared=at_buying,
)
