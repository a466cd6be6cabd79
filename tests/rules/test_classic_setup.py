"""Setup rules of classic-risk.txt, "Initial Army Placement" and the two-player notes."""

import pytest

from riskterm.errors import IllegalActionError


@pytest.mark.parametrize("n,armies", [(3, 35), (4, 30), (5, 25), (6, 20)])
def test_starting_armies_by_player_count(classic, n, armies):
    """'if 3 are playing, each player gets 35 infantry ... 4: 30 ... 5: 25 ... 6: 20'."""
    s, _ = classic.new_game([f"P{i}" for i in range(n)], seed=7)
    assert s["to_place"] == [armies] * n


def test_first_player_by_die_roll(classic):
    """'Roll one die. Whoever rolls the highest number ... places one infantry'; our reading (rules screen):
    'Tied highest rolls for the first player roll again, among the tied players only'."""
    s, events = classic.new_game(["A", "B", "C"], seed=11)
    ev = events[0]
    assert ev.kind == "first_player"
    last = ev.data["rolls"][-1]
    assert max(last.values()) == last[str(s["actor"])]
    assert list(last.values()).count(max(last.values())) == 1
    assert "Tied highest rolls for the first player roll again" in classic.presenter().rules_text
    for before, after in zip(ev.data["rolls"], ev.data["rolls"][1:], strict=False):
        assert set(after) == {k for k, v in before.items() if v == max(before.values())}


def test_claim_one_at_a_time_in_turn_then_place_one_at_a_time(classic):
    """'everyone in turn places one army onto any unoccupied territory ... until all 42 territories have been
    claimed'; then 'each player in turn places one additional army'; 'whoever placed the first army takes
    the first turn'."""
    s, _ = classic.new_game(["A", "B", "C"], seed=3)
    first = s["actor"]
    order = []
    for _ in range(42):
        order.append(s["actor"])
        s, _ = classic.apply(s, classic.legal_actions(s)[0])
    assert order[:6] == [first, (first + 1) % 3, (first + 2) % 3] * 2
    assert s["phase"] == "setup" and -1 not in s["owner"]
    with pytest.raises(IllegalActionError):
        classic.apply(s, "place " + classic.board.tid(s["owner"].index(s["actor"])) + " 2")
    while s["phase"] == "setup":
        s, _ = classic.apply(s, classic.legal_actions(s)[0])
    assert s["phase"] == "reinforce" and s["current"] == first
    assert sum(s["armies"]) == 105


def test_claim_taken_territory_is_illegal_and_state_unchanged(classic):
    """'places one army onto any unoccupied territory'."""
    s, _ = classic.new_game(["A", "B", "C"], seed=3)
    s, _ = classic.apply(s, "claim alaska")
    snapshot = repr(s)
    with pytest.raises(IllegalActionError, match="already claimed"):
        classic.apply(s, "claim alaska")
    assert repr(s) == snapshot


def test_quick_start_deals_and_spreads(classic):
    """Quick-start option: territories dealt and armies spread at random, straight into turn 1."""
    s, _ = classic.new_game(["A", "B", "C", "D"], seed=5, options={"quick_start": True})
    assert s["phase"] == "reinforce" and s["turn"] == 1
    counts = [s["owner"].count(p) for p in range(4)]
    assert sorted(counts) == [10, 10, 11, 11]
    for p in range(4):
        assert sum(a for a, o in zip(s["armies"], s["owner"], strict=True) if o == p) == 30


def test_two_player_game_has_neutral_with_40_and_a_third(classic):
    """Two-player notes: 'each player and the neutral get 40 armies and a third of the territories'; the
    neutral never takes a turn (house rule 'neutral armies: random': its armies spread at once)."""
    s, _ = classic.new_game(["A", "B"], seed=2, options={"neutral_armies": "random"})
    assert [p["neutral"] for p in s["players"]] == [False, False, True]
    assert [s["owner"].count(p) for p in range(3)] == [14, 14, 14]
    assert sum(a for a, o in zip(s["armies"], s["owner"], strict=True) if o == 2) == 40
    while s["phase"] == "setup":
        assert s["actor"] != 2
        s, _ = classic.apply(s, classic.legal_actions(s)[0])
    for p in range(3):
        assert sum(a for a, o in zip(s["armies"], s["owner"], strict=True) if o == p) == 40
    seen = set()
    for _ in range(6):
        seen.add(s["current"])
        s, _ = (
            classic.apply(s, classic.legal_actions(s)[0])
            if s["phase"] == "reinforce"
            else classic.apply(s, "end")
        )
    assert 2 not in seen


def test_player_counts_outside_range_refused(classic):
    """'if 3 are playing ... if 6 are playing' and the notes' '2 players = (additional rules apply)': 2 to 6."""
    with pytest.raises(IllegalActionError, match="2 to 6"):
        classic.new_game(["A"], seed=1)
    with pytest.raises(IllegalActionError, match="2 to 6"):
        classic.new_game([f"P{i}" for i in range(7)], seed=1)
    with pytest.raises(IllegalActionError, match="name"):
        classic.new_game(["A", "a", "B"], seed=1)


def test_same_seed_same_game(classic):
    """'Roll one die' and 'shuffle the pack of RISK cards': every random step comes from the game's seed."""
    a, _ = classic.new_game(["A", "B", "C"], seed=42, options={"quick_start": True})
    b, _ = classic.new_game(["A", "B", "C"], seed=42, options={"quick_start": True})
    c, _ = classic.new_game(["A", "B", "C"], seed=43, options={"quick_start": True})
    assert a == b and a != c
