"""RisiKo! Più's lesson (`riskterm learn --variant risiko`): what this rulebook has that classic Risk has
not, from a prepared position: easy computer players (for the learner too) have placed the fortresses,
occupied the board and placed the starting armies, and the learner hides their Hidden Armies, attacks
(2 dice at most against a fortress) and makes the turn's one move. Each rule a step states is the
rulebook's (/work/shared/rules/risiko-piu.txt; tests/tutor/test_lessons.py quotes the passages)."""

from __future__ import annotations

from riskterm.engine.state import State
from riskterm.rules.lessons import PLAY_ON, Course, LessonStep


def at_hiding(s: State) -> bool:
    """The set-up is done up to the learner's secret choice of a territory for the Hidden Armies."""
    return bool(s["phase"] == "hide" and s["current"] == 0)


STEPS = (
    LessonStep(
        "Your fortress",
        "RisiKo! Più is played on a map of Europe's Empires. Each player has a fortress (♜ on the map) in "
        "their own Empire, with its banner: lose your fortress and you are out of the game, so guard it "
        "with many armies. You win by holding all of 3 Empires besides your own. The set-up is done for "
        "you: you play Sam against Ada and Bo (easy computer players).\n\nPress n to go on.",
    ),
    LessonStep(
        "Hidden Armies",
        "Choose in secret a territory for your Hidden Armies: any territory without a fortress (only you "
        "will know which). Once in the game, while you hold it, you may reveal them to defend it or to "
        "attack from it: as many armies as the number above the last Reinforcement card played, so the "
        "longer they wait, the more they may be. Pick a territory and press Enter.",
        done_by=lambda a, s: a.kind == "hide",
        praise="Hidden: nobody else knows where.",
    ),
    LessonStep(
        "Your turn",
        "A turn starts with Supplementary Armies, to place where you like: 2 for each enemy banner on your "
        "fortress, 4 for a whole block of independent territories, 6 for each whole Empire. Then you draw "
        "cards. Wait for your turn (the computer players play theirs), then place your armies if you have "
        "any.",
        done_when=lambda s: s["current"] == 0 and s["phase"] == "main",
        praise="Your turn: cards first, then attacks, then one move.",
    ),
    LessonStep(
        "Attack",
        "Press a, then one of your territories with 2 or more armies, then a neighbouring enemy territory "
        "(by land or a dotted line).",
        done_by=lambda a, s: a.kind == "attack",
        praise="Attack announced: now the dice.",
    ),
    LessonStep(
        "Dice",
        "Choose how many armies fight this battle, 1 to 3 (never more than you have beside the one that "
        "stays), and Enter. The defender chooses too. When a fortress is attacked, at most 2 dice on each "
        "side: take a fortress with at least twice its armies. Highest die against highest, ties to the "
        "defender.",
        done_by=lambda a, s: a.kind == "roll",
        praise="A battle: the log (Ctrl+L) shows the dice. Roll again, or t ends the attack.",
    ),
    LessonStep(
        "Hidden Armies in battle",
        "When the territory of your Hidden Armies is attacked, or you attack from it, v reveals them "
        "(once only). Conquering a fortress eliminates its owner: its banners go onto your fortress (2 "
        "armies a turn each), and you take their cards and unused Hidden Armies.\n\nPress n.",
    ),
    LessonStep(
        "The move",
        "Attack on, or end your turn with one move: press f to move armies from one of your territories to "
        "a neighbouring one of yours (one stays behind); e ends the turn without it.",
        done_by=lambda a, s: a.kind in ("move", "end"),
        praise="Your turn is over.",
    ),
    PLAY_ON,
)

COURSE = Course(
    "Learn RisiKo! Più",
    ("Sam", "Ada", "Bo"),
    (None, "easy", "easy"),
    4,
    STEPS,
    about="fortresses and Hidden Armies",
    prepared=at_hiding,
)
