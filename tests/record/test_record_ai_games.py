"""Whole games between computer players (riskterm.ai.simulate.play_game), for every rulebook, saved the way
`riskterm simulate --save-dir` saves them, then checked, replayed and counted."""

from __future__ import annotations

from pathlib import Path

import pytest

from riskterm.cli import main
from riskterm.record import load_game, save_in_folder
from riskterm.record.saveformat import plain
from riskterm.record.stats import game_stats


def test_finished_ai_game_saves_and_checks(
    variant: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sim = pytest.importorskip("riskterm.ai.simulate")
    from riskterm.rules import variant_class

    n = min(max(3, variant_class(variant).min_players), variant_class(variant).max_players)
    session = sim.play_game(variant, ["easy"] * n, 3, {"turn_cap": 40} if variant == "classic" else None)
    path = save_in_folder(session, tmp_path)
    assert path.name == f"{variant}-seed3.json"
    loaded = load_game(path)
    assert plain(loaded.state) == plain(session.state)
    assert loaded.rules.is_over(loaded.state) == session.rules.is_over(session.state)
    assert game_stats(loaded).as_dict() == game_stats(session).as_dict()
    assert main(["check-save", str(path)]) == 0
    assert capsys.readouterr().out.startswith("ok:")


@pytest.mark.parametrize("jobs", [1, 2])
def test_run_games_after_game_hook_saves_every_game(tmp_path: Path, jobs: int) -> None:
    """The hook `riskterm simulate --save-dir DIR` uses: one sound save per game, named by seed."""
    import pickle

    sim = pytest.importorskip("riskterm.ai.simulate")
    from riskterm.record import SaveInFolder

    hook = SaveInFolder(str(tmp_path))
    pickle.dumps(hook)
    if "after_game" not in sim.run_games.__code__.co_varnames:
        pytest.skip("run_games has no after_game hook yet")
    results = sim.run_games(
        "classic", ["easy"] * 3, 2, seed=40, jobs=jobs, options={"turn_cap": 30}, after_game=hook
    )
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["classic-seed40.json", "classic-seed41.json"]
    for r in results:
        loaded = load_game(tmp_path / f"classic-seed{r.seed}.json")
        assert len(loaded.steps) == r.actions and loaded.state.get("winner") == r.winner
