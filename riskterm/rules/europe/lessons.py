"""Risk: Europe's lesson (`riskterm learn --variant europe`): what this rulebook has that classic Risk has
not, played from the game's start against two easy computer players: the bid in coins, a kingdom, the King's
Orders cards, an order carried out, coins and castles, battles at the round's end. Each rule a step states is
the rulebook's (/work/shared/rules/risk-europe.txt; tests/tutor/test_lessons.py quotes the passages)."""

from __future__ import annotations

from riskterm.rules.lessons import PLAY_ON, Course, LessonStep

ORDERS = frozenset({"expand", "split", "manoeuvre", "tax", "recruit", "castle", "crown"})

STEPS = (
    LessonStep(
        "Risk: Europe",
        "Medieval Europe: you win by holding 7 crowns at the end of a round. Each city you hold is a crown "
        "(Rome counts 2), and a crown card bought for 10 coins is one more. Coins pay for everything: "
        "units, castles, crown cards. Everyone starts with 5.\n\nYou play Sam against Ada and Bo (easy "
        "computer players). Press n to go on.",
    ),
    LessonStep(
        "Bid for the first place",
        "First, everyone bids in secret from their 5 coins. The highest bid pays and takes the First Player "
        "Marker: that player places a kingdom first and starts every round; the others keep their coins. "
        "Choose a bid (0 keeps all your coins) and press Enter.",
        done_by=lambda a, s: a.kind == "bid",
        praise="Bid made: the bids are shown together once everyone has bid.",
    ),
    LessonStep(
        "Your kingdom",
        "Pick a free Gold Crown City (London, Paris, Madrid, Rome, Berlin, Constantinople, Stockholm, Kiev): "
        "your crown and a castle go there, and you collect its tax value in coins and its bonus tile. Then "
        "split 10 footmen between the city and one neighbouring territory.",
        done_by=lambda a, s: a.kind == "kingdom",
        praise="Your kingdom stands: its city is your first crown, and pays tax.",
    ),
    LessonStep(
        "King's Orders",
        "Each round everyone chooses two King's Orders cards in secret, the top one first: it is played in "
        "Turn 1, the other in Turn 2, in turn order. Each card offers two orders (Expand or Manoeuvre, Tax "
        "or Spend), and some a bonus action (King Me!, Fortify, Siege Assault). Choose yours; the cards you "
        "play are gone until every fifth round.",
        done_by=lambda a, s: a.kind == "orders",
        praise="Cards chosen: each is revealed on its turn.",
    ),
    LessonStep(
        "Carry out an order",
        "When your card is revealed, carry out one of its orders: x Expand (into a neighbouring territory; "
        "into an opponent's it becomes disputed), p Split Expand, m Manoeuvre, t Tax (collect coins along "
        "your supply line), or Spend: r recruit units in your cities and castles, c build a castle, k buy a "
        "crown card. e ends the card.",
        done_by=lambda a, s: a.kind in ORDERS,
        praise="Order carried out: the log (Ctrl+L) says what it did.",
    ),
    LessonStep(
        "Coins and castles",
        "Tax is how coins come in: the chosen city's tax, every city's tax along its supply line and 1 coin "
        "for each other territory there. Spend pays a footman 1 coin, an archer 2, cavalry 3, a siege weapon "
        "10, a castle 12, a crown card 10 (one a round). A castle guards its territory: only an army with a "
        "siege weapon may enter it, its defender may re-roll one rank's dice in battle, and you may recruit "
        "there.\n\nPress n.",
    ),
    LessonStep(
        "Battles",
        "Armies that meet in a disputed territory fight when both turns of the round are over: siege "
        "weapons, archers and cavalry shoot first in that order, then both sides roll as in classic Risk, "
        "again and again until one army is gone. At the round's end, 7 crowns win.\n\nPress n.",
    ),
    PLAY_ON,
)

COURSE = Course(
    "Learn Risk: Europe",
    ("Sam", "Ada", "Bo"),
    (None, "easy", "easy"),
    4,
    STEPS,
    about="coins, King's Orders cards and castles",
)
