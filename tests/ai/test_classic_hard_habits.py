"""Two habits of the classic hard player learnt against Domination's computer players (bench/domination):
it keeps a card set for later on the growing scale unless it is the weakest seat, and in its first rounds it
stops once it has its card rather than drive one stack through single armies it cannot hold."""

from __future__ import annotations

from dataclasses import replace

from riskterm.ai.classic import ClassicPlayer
from riskterm.ai.classic.plan import HARD, NORMAL
from riskterm.engine.actions import act
from riskterm.rules import find_variant

RULES = find_variant("classic")


def board_state(options: dict | None = None) -> dict:
    """A 4-seat game after set-up: seat 0 holds the first ten territories with 5 armies each, the others
    share the rest with 3 each."""
    s, _ = RULES.new_game(["A", "B", "C", "D"], seed=1, options=options or {})
    n = len(RULES.board.territories)
    s = dict(s)
    s["owner"] = [0 if t < 10 else 1 + t % 3 for t in range(n)]
    s["armies"] = [5 if t < 10 else 3 for t in range(n)]
    s["phase"], s["current"], s["turn"] = "reinforce", 0, 1
    return s


def test_hard_keeps_a_set_on_the_growing_scale():
    """classic-risk.txt: 'If you have 5 or 6 cards at the beginning of your turn, you must trade at least one
    set' (and may trade a set of three before). On the growing scale hard keeps its set for later while it is
    not the weakest seat; normal trades whenever it can."""
    assert ClassicPlayer("hard")._keeps_set(board_state(), 0)


def test_the_weakest_seat_trades_at_once():
    """A seat with the fewest armies on the board trades its set (armies on the board keep it from being the
    one knocked out for its cards); so does hard on fixed card values, where a set kept pays no more later."""
    s = board_state()
    s["armies"] = [1 if o == 0 else 3 for o in s["owner"]]
    assert not ClassicPlayer("hard")._keeps_set(s, 0)
    fixed = board_state({"cards": "fixed"})
    assert not ClassicPlayer("hard")._keeps_set(fixed, 0)


def test_hard_stops_after_its_card_in_the_opening():
    """In its first three rounds hard, once it has conquered (its card is taken), attacks only where the fight is
    worth its opening gate (its target region, a region completed or broken, a knock-out); later, or before
    its first conquest, it attacks as it always did. Normal has no opening rule."""
    assert HARD.opening_rounds == 3 and NORMAL.opening_rounds == 0
    s = board_state()
    s["phase"], s["conquered"] = "attack", True
    s["armies"] = [20 if t == 0 else (5 if o == 0 else 1) for t, o in enumerate(s["owner"])]
    hard = ClassicPlayer("hard")
    hard.base = replace(HARD, opening_gate=1e9)  # no fight is worth it: the gate alone decides
    assert hard.choose(RULES, RULES.view(s, 0), 0) == act("stop")
    assert hard.choose(RULES, RULES.view({**s, "turn": 40}, 0), 0).kind in ("attack", "blitz")
    assert hard.choose(RULES, RULES.view({**s, "conquered": False}, 0), 0).kind in ("attack", "blitz")


def test_a_region_it_cannot_hold_is_worth_little_to_complete():
    """classic-risk.txt: armies for a continent come 'at the beginning of your turn' for one you 'occupy
    entirely': a continent completed in an attack and broken before the next turn pays nothing. Hard counts
    a region's bonus, when an attack would complete it, at the chance its borders stand until its next turn
    (each against the biggest enemy stack next to it): against three of Domination's hard players it
    completed Europe 3.7 times a game and held it to its next turn one time in seven (bench/domination)."""
    from riskterm.ai.classic.plan import Tally, attack_value
    from riskterm.ai.core.board_info import board_info

    info = board_info(RULES.board)
    ix = RULES.board.index
    s = board_state()
    s["phase"], s["conquered"] = "attack", True
    owner, armies = [2] * len(s["owner"]), [1] * len(s["owner"])
    for t in ("venezuela", "peru", "brazil"):
        owner[ix[t]], armies[ix[t]] = 0, 6
    owner[ix["argentina"]] = 1
    s["owner"], s["armies"] = owner, armies
    argentina = ix["argentina"]
    south = info.region_of[argentina]

    def worth(state: dict) -> float:
        tally = Tally(info, state["owner"], state["armies"], 0)
        return attack_value(info, state, 0, argentina, HARD, None, tally)

    quiet = worth(s)  # single armies next to its borders: nearly the whole bonus
    s["armies"] = [*armies]
    s["armies"][ix["north_africa"]] = 30  # a stack next to Brazil
    threatened = worth(s)
    whole = attack_value(
        info, s, 0, argentina, replace(HARD, hold_floor=1.0), None, Tally(info, s["owner"], s["armies"], 0)
    )
    bonus = HARD.region * info.bonus[south]
    assert whole - threatened > 0.8 * bonus  # all but lost at once: little of the bonus counts
    assert quiet - threatened > 0.7 * bonus


def test_hard_s_play_outs_count_a_completed_region_whole():
    """The search plays its own seat's moves out with the PLAYOUT weights (a region completed counts whole,
    the opening is two rounds) and the other seats' with normal's; hard's own decisions weigh the chance of
    holding a region (measured against Domination's players: docs/computer-players.md)."""
    from riskterm.ai import make_player
    from riskterm.ai.classic.plan import PLAYOUT

    hard = make_player("classic", "hard", 3)
    assert hard.base.weights == HARD and HARD.hold_floor < 1.0
    assert hard.policy(0, 0).weights == PLAYOUT and PLAYOUT.hold_floor == 1.0
    assert hard.policy(1, 0).weights == NORMAL
