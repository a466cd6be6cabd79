"""The classic player's region tallies counted from the last decision's
(Tally(..., prev)) equal the tallies counted afresh, for every attack position of whole games, one seat's
positions in order (one roll apart, a conquest apart, or a turn apart) and positions of other seats."""

from __future__ import annotations

from riskterm.ai.classic.plan import Tally
from riskterm.ai.core.board_info import board_info
from riskterm.ai.simulate import play_game
from riskterm.rules import find_variant


def test_tally_from_the_last_equals_a_fresh_count():
    rules = find_variant("classic")
    info = board_info(rules.board)
    sess = play_game("classic", ["normal", "easy", "normal"], 3)
    states = [st.before for st in sess.steps if st.before["phase"] == "attack"]
    assert len(states) > 100
    last: dict[int, Tally] = {}
    other: Tally | None = None
    for s in states:
        p = s["current"]
        fresh = Tally(info, s["owner"], s["armies"], p)
        for prev in (last.get(p), other):
            t = Tally(info, s["owner"], s["armies"], p, prev)
            assert (t.mine, t.cost, t.holder) == (fresh.mine, fresh.cost, fresh.holder)
            assert [t.owned(q) for q in range(4)] == [s["owner"].count(q) for q in range(4)]
        last[p] = Tally(info, s["owner"], s["armies"], p, last.get(p))
        other = fresh
