"""How the classic computer players claim, place their set-up armies and (two players) the neutral's armies
('classic seats win within a few points of their fair share in 400 normal games')."""

from __future__ import annotations

import random

import pytest

import riskterm.ai.classic.player as classic_ai
from riskterm.ai import make_player
from riskterm.ai.classic.plan import NORMAL
from riskterm.ai.classic.setup import claim_choice, neutral_choice
from riskterm.ai.core.board_info import board_info
from riskterm.ai.strength import fairness, wilson
from riskterm.rules import find_variant

RULES = find_variant("classic")
INFO = board_info(RULES.board)
REGION = {r.id: i for i, r in enumerate(RULES.board.regions)}


def members(region: str) -> tuple[int, ...]:
    return INFO.members[REGION[region]]


def test_claim_blocks_a_region_one_opponent_gathers():
    """classic-risk.txt: 'Starting to the left of the first player, everyone in turn places one army onto any
    unoccupied territory.' Three of Australia's four are the opponent's: we take the last one (denying the
    bonus) rather than go on with our own North America, whatever the spread among near-equal picks."""
    owner = [-1] * INFO.n
    aus, na = members("australia"), members("north_america")
    for t in aus[:3]:
        owner[t] = 1
    for t in na[:4]:
        owner[t] = 0
    for seed in range(20):
        assert claim_choice(INFO, owner, 0, random.Random(seed)) == aus[3]


def test_set_up_armies_guard_the_borders_not_one_stack():
    """classic-risk.txt: 'each player in turn places one additional army onto any territory he or she already
    occupies.' Normal players keep at most about half of their set-up armies on the attack stack; the rest
    go to borders facing enemy stacks (one stack and single armies elsewhere let the first players sweep)."""
    s, _ = RULES.new_game(["A", "B", "C"], seed=3, options={})
    players = [make_player("classic", "normal", i) for i in range(3)]
    while s["phase"] in ("claim", "setup"):
        seat = RULES.actor(s)
        s = RULES.apply(s, players[seat].choose(RULES, RULES.view(s, seat), seat)).state
    for p in range(3):
        own = sorted((s["armies"][t] for t, o in enumerate(s["owner"]) if o == p), reverse=True)
        placed = sum(own) - len(own)
        assert own[0] - 1 <= NORMAL.setup_stack * placed + 2, own
        assert sum(1 for a in own if a > 1) >= 3, own


def two_player_setup() -> dict:
    s, _ = RULES.new_game(["A", "B"], seed=5, options={"neutral_armies": "players"})
    assert s["phase"] == "setup" and "setup_step" in s
    return s


def test_neutral_army_goes_where_the_opponent_is_close_to_a_region():
    """Our reading (rules screen): 'each player places two armies of their own and one of the neutral's, on any
    neutral territory (to block the other player)'. The opponent holds three of Australia and we three of
    South America, the fourth of each neutral: the neutral army goes to Australia, never to our South
    America."""
    s = two_player_setup()
    owner = list(s["owner"])
    aus, sa = members("australia"), members("south_america")
    for t in aus[:3]:
        owner[t] = 1
    for t in sa[:3]:
        owner[t] = 0
    owner[aus[3]] = owner[sa[3]] = 2
    view = dict(RULES.view(s, 0), owner=owner, setup_step=2, current=0, actor=0)
    assert neutral_choice(INFO, view, 0, 2, NORMAL) == aus[3]
    action = make_player("classic", "normal", 1).choose(RULES, view, 0)
    assert (action.kind, action.args) == ("place", (INFO.ids[aus[3]], 1))


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_two_player_set_up_never_falls_back(level, monkeypatch):
    """The same reading: every set-up move of a two-player game is the player's own choice, the neutral army
    included (before, the players did not know the step and took the first legal action)."""

    def no_fallback(rules, view):
        raise AssertionError(f"fell back in phase {view['phase']} (step {view.get('setup_step')})")

    monkeypatch.setattr(classic_ai, "fallback_action", no_fallback)
    s = two_player_setup()
    players = [make_player("classic", level, i) for i in range(2)]
    neutral_placed = 0
    while s["phase"] == "setup":
        seat = RULES.actor(s)
        if s.get("setup_step") == 2:
            neutral_placed += 1
        s = RULES.apply(s, players[seat].choose(RULES, RULES.view(s, seat), seat)).state
    assert neutral_placed == 40 - 14  # the neutral's 40 armies less one on each of its 14 dealt territories


@pytest.mark.slow
@pytest.mark.parametrize("seats", [3, 4])
def test_classic_normal_seats_win_their_fair_share(seats):
    """'Classic seats win within a few points of their fair share in 400 normal games'. classic-risk
    .txt: 'Roll one die. Whoever rolls the highest number ... places [the first army]' and 'whoever placed the
    first army takes the first turn': the seat index carries no bias, and no turn position is far off either
    (the fair share lies inside each 95% interval; before the fix the third in turn order won 15% of
    3-player games)."""
    f = fairness("classic", "normal", seats, 400, seed=0)
    assert f.draws == 0
    assert f.worst_gap(f.by_seat) <= 0.04, f.by_seat
    for wins in (*f.by_seat, *f.by_position):
        lo, hi = wilson(wins, f.games)
        assert lo <= 1 / seats <= hi, (f.by_seat, f.by_position)


def test_fairness_counts_wins_by_seat_and_turn_position(capsys, monkeypatch):
    """The fairness measure behind bench/bench_fairness.py: every game counted once by seat and once by
    turn position (the winner's distance round the table from the first player)."""
    f = fairness("classic", "normal", 3, 4, seed=0)
    assert sum(f.by_seat) + f.draws == sum(f.by_position) + f.draws == sum(f.first) == 4
    import importlib.util
    import pathlib

    path = pathlib.Path(__file__).parents[2] / "bench" / "bench_fairness.py"
    spec = importlib.util.spec_from_file_location("bench_fairness", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    monkeypatch.setattr("sys.argv", ["bench_fairness.py", "--games", "2"])
    bench.main()
    out = capsys.readouterr().out
    assert "wins by seat" in out and "position 3" in out and "95%" in out
