"""SVG snapshots of the main screens with a fixed seed (update with: pytest tests/tui --snapshot-update)."""

from __future__ import annotations

from riskterm.tui.app import RiskApp


def test_snapshot_handoff(snap_compare, make_session):
    assert snap_compare(RiskApp(make_session(seed=3), speed=0.0), terminal_size=(100, 30))


def test_snapshot_attack_with_odds(snap_compare, make_session):
    app = RiskApp(make_session(seed=3), speed=0.0)
    # hand-off, recap, place all on the first territory, choose it as attacker and look at a target
    keys = ["enter", "enter", "enter", "enter", "enter", "tab"]
    assert snap_compare(app, press=keys, terminal_size=(140, 45))


def test_snapshot_small_terminal(snap_compare, make_session):
    app = RiskApp(make_session(seed=3), speed=0.0)
    assert snap_compare(app, press=["enter", "enter", "enter"], terminal_size=(80, 24))


def test_snapshot_game_over(snap_compare, make_session):
    session = make_session(("Ann", "Bot", "Cpu"), seed=11, ai=(0, 1, 2), turn_cap=60)

    async def finish(pilot) -> None:
        from riskterm.tui.gameover import GameOverScreen

        for _ in range(400):
            await pilot.pause(0.02)
            if isinstance(pilot.app.screen, GameOverScreen) and pilot.app.screen.ledger_read:
                break
        await pilot.pause()

    assert snap_compare(RiskApp(session, speed=0.0), run_before=finish, terminal_size=(110, 34))
