"""`riskterm simulate`: headless whole games, the same seed giving the same games
(also in parallel), per-seat wins and draws, a JSON `games` list, one-sentence errors with exit 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from riskterm.ai.simulate import play_game, run_games
from riskterm.cli import main
from riskterm.rules import available_variants


def test_same_seed_same_games_also_in_parallel():
    a = run_games("classic", ["easy", "normal", "hard", "easy"], 4, seed=21)
    b = run_games("classic", ["easy", "normal", "hard", "easy"], 4, seed=21, jobs=2)
    assert [r.to_json() for r in a] == [r.to_json() for r in b]
    assert [r.seed for r in a] == [21, 22, 23, 24]


def test_play_game_returns_a_replayable_session():
    s = play_game("classic", ["easy"] * 3, seed=9)
    state = s.initial_state
    for step in s.steps:
        state = s.rules.apply(state, step.action).state
    assert state == s.state and s.rules.is_over(state)


def test_json_output(capsys):
    assert (
        main(
            [
                "simulate",
                "--players",
                "3",
                "--games",
                "2",
                "--seed",
                "7",
                "--ai",
                "hard,easy,normal",
                "--json",
            ]
        )
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert [g["seed"] for g in out["games"]] == [7, 8]
    for g in out["games"]:
        assert g["winner"] is None or 0 <= g["winner"] < 3
        assert g["turns"] > 0
        assert [p["level"] for p in g["players"]] == ["hard", "easy", "normal"]
        assert all({"territories", "score"} <= set(p) for p in g["players"])
    assert sum(out["summary"]["wins"]) + out["summary"]["draws"] == 2


def test_text_output(capsys):
    assert main(["simulate", "--games", "2", "--ai", "easy"]) == 0
    out = capsys.readouterr().out
    assert "games/s" in out and "draws:" in out and "longest" in out


def test_turn_cap_draws_are_counted(capsys):
    from riskterm.ai.simulate import Job

    r = Job("classic", ["easy"] * 4, {"turn_cap": 3})(1)
    assert r.draw and r.winner is None


@pytest.mark.parametrize(
    "argv",
    [
        ["--variant", "nonsense"],
        ["--players", "9"],
        ["--games", "0"],
        ["--ai", "genius"],
        ["--ai", "easy,hard"],
        ["--jobs", "0"],
    ],
)
def test_bad_input_is_one_sentence_and_exit_2(argv, capsys):
    code = main(["simulate", *argv])
    err = capsys.readouterr().err
    assert code == 2 or code is None
    assert err.startswith("riskterm: ") and err.count("\n") == 1


def test_bad_argument_exit_code():
    with pytest.raises(SystemExit) as e:
        main(["simulate", "--games", "many"])
    assert e.value.code == 2


def test_json_never_imports_textual_or_rich():
    code = (
        "import sys; from riskterm.cli import main; "
        "main(['simulate', '--games', '1', '--ai', 'easy', '--json']); "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]; "
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)


@pytest.mark.parametrize("variant", [v for v in available_variants() if v != "classic"])
def test_other_rulebooks_simulate(variant):
    """Every rulebook that has landed can be simulated to its end (a low turn cap keeps this quick)."""
    from riskterm.ai.simulate import Job
    from riskterm.rules import variant_class

    cls = variant_class(variant)
    n = max(cls.min_players, min(4, cls.max_players))
    r = Job(variant, ["normal"] * n, {"turn_cap": 6})(3)
    assert r.draw or r.winner is not None


def _count_steps(box: list, session) -> None:
    box.append(len(session.steps))


def test_after_game_hook_sees_each_session():
    import functools

    box: list[int] = []
    results = run_games("classic", ["easy"] * 3, 2, seed=3, after_game=functools.partial(_count_steps, box))
    assert box == [r.actions for r in results]
