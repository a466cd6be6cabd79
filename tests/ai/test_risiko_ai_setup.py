"""How the RisiKo! computer players place their set-up armies (computer players put a whole set-up
reserve on one territory in one step, because the placing actions carry a count and the players preferred
the larger one)."""

from __future__ import annotations

import pytest

from riskterm.ai import make_player
from riskterm.ai.simulate import house_defaults
from riskterm.rules import find_variant

RULES = find_variant("risiko")


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_set_up_armies_go_five_at_a_time_and_spread(level):
    """risiko-piu.txt, Setup step 4: 'each player, on their turn, places 5 armies on any one of the territories
    they occupy; this continues until all the armies received in the initial allocation are used up. (The
    last armies, even if fewer than 5, are placed on a SINGLE territory.)' Every computer placing is one
    turn's five (or the last few), and above easy the armies end up over several territories, not on one,
    with the fortress ('THIS IS THE FORTRESS WITH THE BANNER THAT EACH PLAYER MUST DEFEND!') among them."""
    s, _ = RULES.new_game(["A", "B", "C", "D"], seed=7, options=house_defaults(RULES))
    players = [make_player("risiko", level, 100 + i) for i in range(4)]
    placings: list[tuple[int, int, int]] = []  # (seat, armies placed, armies it had left before)
    while s["phase"] in ("fortress", "claim", "deploy"):
        seat = RULES.actor(s)
        action = players[seat].choose(RULES, RULES.view(s, seat), seat)
        if s["phase"] == "deploy":
            placings.append((seat, action.args[-1], s["to_place"][seat]))
        s = RULES.apply(s, action).state
    assert placings
    for seat, n, left in placings:
        assert n == min(5, left), (seat, n, left)
    for p in range(4 if level != "easy" else 0):
        stacked = [a for t, a in enumerate(s["armies"]) if s["owner"][t] == p and a > 1]
        assert len(stacked) >= 3, (p, stacked)
        assert s["armies"][s["fortress"][p]] >= 6, (p, stacked)
