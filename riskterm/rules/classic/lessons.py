"""classic's lesson game for a new player (`riskterm learn`): the world board, the learner against two easy
computer players, dealt at once (a quick start), the learner first. Each step checks the learner's own move."""

from __future__ import annotations

from riskterm.rules.lessons import Course, LessonStep

STEPS = (
    LessonStep(
        "The board",
        "This is the world of classic Risk: 42 territories in 6 continents. Each territory is drawn in its "
        "owner's colour and shows the owner's letter and its armies. You play Sam: yours are marked S; Ada (A) "
        "and Bo (B) are easy computer players. You win by taking every territory.\n\nLook around, then press n to go on.",
    ),
    LessonStep(
        "Place your armies",
        "A turn starts with new armies: one for every three territories you hold (at least 3), plus the bonus "
        "of each continent you hold whole.\n\nTab or the arrows move the highlight over your territories; Enter "
        "picks one, + / - or a digit sets how many, Enter places them. Put them beside an enemy you want to "
        "attack: only armies next to the enemy can attack.",
        done_by=lambda a, s: a.kind == "place" and s["phase"] != "reinforce",
        praise="All placed: now you may attack.",
    ),
    LessonStep(
        "Attack",
        "Press a, then pick one of your territories with at least 2 armies, then an underlined neighbour held "
        "by someone else, then the dice: up to 3, and fewer than your armies there. The defender rolls up to 2. "
        "The highest dice are compared in pairs: the lower of each pair loses one army, and a tie goes to the "
        "defender. The odds panel shows your chance before you roll; attack where you have more armies.",
        done_by=lambda a, s: a.kind in ("attack", "blitz"),
        praise="A battle: the log (Ctrl+L) shows the dice and who lost what.",
    ),
    LessonStep(
        "Conquer and move in",
        "Attack the same territory again (a, or b to blitz: roll on until it falls or you run low) until it "
        "has no armies left. Then you move in: choose how many armies go (at least as many as the dice you "
        "rolled last; one always stays behind) and press Enter.",
        done_by=lambda a, s: a.kind == "move",
        praise="Conquered! Taking a territory in your turn earns you a card at its end.",
    ),
    LessonStep(
        "Stop attacking",
        "Attack more if you like: every conquest makes you bigger, but thins your armies. When you are done, "
        "press s to stop attacking and go on to fortify (e would end the turn at once, without fortifying).",
        done_by=lambda a, s: a.kind == "stop" or s["phase"] == "fortify",
        praise="On to the fortify.",
    ),
    LessonStep(
        "Fortify",
        "Once a turn you may move armies from one of your territories to a neighbouring one of yours: press f, "
        "pick from, to and how many (one must stay). Bring armies from safe territories to the front. "
        "Fortifying ends your turn; e ends it without moving.",
        done_by=lambda a, s: a.kind in ("fortify", "end"),
        praise="Your turn is over: Ada and Bo play now; the log (Ctrl+L) shows what they do.",
    ),
    LessonStep(
        "Cards",
        "If you took a territory, you drew a card: the 'Sam only' panel shows your hand. A card shows "
        "infantry, cavalry or artillery (or is a wild card). Three of a kind, or one of each, trade for armies at "
        "the start of your turn (press c): 4 for the first set traded in the game, then 6, 8, 10, 12, 15 and 5 "
        "more each time. With five cards you must trade.\n\nWait for your turn to come round again.",
        done_when=lambda s: s["current"] == 0 and s["phase"] == "reinforce" and s["turn"] > 1,
        praise="Your turn again.",
    ),
    LessonStep(
        "Continents",
        "Hold a whole continent at the start of your turn and its bonus comes with your new armies: Asia 7, "
        "North America 5, Europe 5, Africa 3, South America 2, Australia 2. R colours the map by continent, "
        "with the bonuses in the legend. Small continents are the easiest to take and to hold.\n\nPress n.",
    ),
    LessonStep(
        "Play on",
        "That is the whole game: place, attack, move in, fortify, cards, and again, until one player holds "
        "every territory. Play this game on against Ada and Bo, or press Ctrl+Q to stop (the game is saved: "
        "'riskterm resume' goes on with it). F1 shows every key and the rules; h asks the coach what to do "
        "now. 'riskterm' starts a game of your own; 'riskterm learn' lists the other lessons.\n\nPress n to close "
        "the lesson.",
    ),
)

COURSE = Course(
    "Learn classic Risk",
    ("Sam", "Ada", "Bo"),
    (None, "easy", "easy"),
    4,
    STEPS,
    {"quick_start": True},
    about="the whole game: place, attack, cards, continents (start here)",
)
