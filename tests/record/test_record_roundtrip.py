"""Save and load round trips at many points of seeded games, for every rulebook available: the loaded game is
at exactly the same point (state, history, whose turn) and plays on identically."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from record_helpers import VARIANTS, drive, new_session, played

from riskterm.record import list_unfinished, load_game, write_save
from riskterm.record.saveformat import plain
from riskterm.session import Session


def same_game(a: Session, b: Session) -> None:
    assert plain(a.state) == plain(b.state)
    assert [str(s.action) for s in a.steps] == [str(s.action) for s in b.steps]
    assert a.all_events() == b.all_events()
    assert [s.barrier for s in a.steps] == [s.barrier for s in b.steps]
    assert a.game_id == b.game_id and a.seed == b.seed and a.players == b.players
    assert a.can_undo() == b.can_undo()


def check_point(session: Session, path: Path, rnd_seed: int) -> Session:
    write_save(session, path)
    loaded = load_game(path)
    same_game(session, loaded)
    # Both play on the same way: same actions give the same states (the random stream travelled too).
    r1, r2 = random.Random(rnd_seed), random.Random(rnd_seed)
    copy = load_game(path)
    drive(copy, r1, 15)
    drive(loaded, r2, 15)
    same_game(copy, loaded)
    return loaded


@pytest.mark.parametrize("seed", [3, 11])
def test_round_trip_at_many_points(variant: str, seed: int, tmp_path: Path) -> None:
    """Every phase the game passes through is saved and loaded at least once (mid-battle, mid-secret choice
    and mid-setup included), plus every 60th action."""
    session = new_session(variant, seed)
    rnd = random.Random(seed)
    seen: set[tuple[str, bool]] = set()
    points = 0
    check_point(session, tmp_path / "start.json", seed)
    for i in played(session, rnd, 450):
        s = session.state
        key = (str(s.get("phase")), s.get("actor") != s.get("current"))
        if key not in seen or i % 60 == 0:
            seen.add(key)
            check_point(session, tmp_path / f"p{i}.json", seed + i)
            points += 1
    assert points >= 4


def test_classic_mid_battle_round_trip(tmp_path: Path) -> None:
    """Saved right after a conquest, before the armies move in (the 'occupy' step of a battle)."""
    session = new_session("classic", 5)
    rnd = random.Random(5)
    for _ in range(3000):
        if session.state["phase"] == "occupy":
            break
        drive(session, rnd, 1)
    assert session.state["phase"] == "occupy"
    check_point(session, tmp_path / "occupy.json", 1)
    loaded = load_game(tmp_path / "occupy.json")
    assert loaded.state["pending"] == session.state["pending"] and loaded.state["phase"] == "occupy"


def test_finished_game_round_trip_and_not_listed(tmp_path: Path) -> None:
    session = new_session("classic", 9, options={"turn_cap": 4, "quick_start": True})
    drive(session, random.Random(9), 2000)
    assert session.rules.is_over(session.state)
    path = write_save(session, tmp_path / "done.json")
    same_game(session, load_game(path))
    write_save(session, tmp_path / "saves" / "done.json")
    assert list_unfinished(tmp_path / "saves") == []


@pytest.mark.skipif(not VARIANTS, reason="no rulebook built")
def test_redo_stack_is_not_saved_but_undo_state_is(tmp_path: Path) -> None:
    session = new_session(VARIANTS[0], 4)
    rnd = random.Random(4)
    for _ in range(2000):
        drive(session, rnd, 1)
        if session.can_undo():
            break
    assert session.undo()
    check_point(session, tmp_path / "undone.json", 2)
    assert not load_game(tmp_path / "undone.json").can_redo()


MID_POINTS = [
    ("classic", "occupy"),
    ("europe", "bid"),
    ("europe", "orders"),
    ("risiko", "hide"),
    ("risiko", "defend"),
    ("modern", "defend"),
    ("modern", "casualties"),
]


@pytest.mark.parametrize("variant_name,phase", MID_POINTS)
def test_round_trip_in_the_middle_of_a_battle_or_secret_choice(
    variant_name: str, phase: str, tmp_path: Path
) -> None:
    """Saved one action into a battle or a secret choice (bids, orders, hidden armies: one seat has chosen,
    the next has not), loaded, and played on identically; the secret stays out of the other seats' views."""
    if variant_name not in VARIANTS:
        pytest.skip(f"{variant_name} is not built")
    inside = 0
    for seed in (5, 11, 23):
        session = new_session(variant_name, seed)
        rnd = random.Random(seed)
        for _ in range(2000):
            if session.rules.is_over(session.state):
                break
            drive(session, rnd, 1)
            inside = inside + 1 if session.state.get("phase") == phase else 0
            if inside >= 2 or (inside == 1 and phase in ("occupy", "defend", "casualties")):
                break
        if inside:
            break
    if not inside:
        pytest.skip(f"no '{phase}' phase reached in this {variant_name} game")
    check_point(session, tmp_path / "mid.json", 3)
    loaded = load_game(tmp_path / "mid.json")
    assert loaded.state.get("phase") == phase
    assert plain(loaded.state) == plain(session.state)
    for seat in range(len(session.players)):
        assert plain(loaded.rules.view(loaded.state, seat)) == plain(session.rules.view(session.state, seat))
