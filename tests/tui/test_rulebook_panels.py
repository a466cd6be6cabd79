"""The app shows every rulebook's own figures, table, labels and odds through the Rules hooks, and computer
seats play through the turn guard."""

from __future__ import annotations

import asyncio

from support.pilot import shown

from riskterm.engine.actions import Action
from riskterm.rules import PlayerSetup
from riskterm.session import Session
from riskterm.tui import panels
from riskterm.tui.app import RiskApp
from riskterm.tui.game import GameScreen
from riskterm.tui.screens import HandoffScreen


def session(variant: str, seed: int = 1, ai=(), **opts) -> Session:
    opts.setdefault("quick_start", True)
    players = [PlayerSetup(n, "", "easy" if i in ai else None) for i, n in enumerate(("Ann", "Bob", "Cid"))]
    return Session.new(variant, players, seed, opts)


def test_extras_are_the_rulebook_figures_beyond_the_common_columns():
    stats = [
        {
            "name": "Ann",
            "territories": 3,
            "armies": 9,
            "cards": 2,
            "coins": 5,
            "first_player": True,
            "castles": 0,
            "tiles": ["Paris", "Rome"],
            "seat": "p1",
            "regions": ["Asia"],
            "empires": ["Asia"],
        }
    ]
    assert panels.player_extras(stats) == [["coins 5", "first player", "tiles: Paris, Rome"]]
    assert panels.player_extras(stats, compact=True) == [["coins 5", "first player", "tiles 2"]]


def test_modern_panel_has_no_cards_column_and_shows_credits():
    s = session("modern")
    table = panels.players_table(s.rules, s.state, ["red", "blue", "green"], ["A", "B", "C"], False)
    t = table.renderables[0]  # type: ignore[attr-defined]
    assert "Crd" not in [c.header for c in t.columns]
    assert "credits" in table.renderables[1].plain  # type: ignore[attr-defined]


def test_attack_odds_hook_classic_only():
    c = session("classic", seed=3)
    st = c.state
    src = next(t for t in range(len(st["owner"])) if st["owner"][t] == st["current"] and st["armies"][t] > 1)
    dst = next(n for n in c.rules.board.land_adj[src] if st["owner"][n] != st["current"])
    b = c.rules.board
    win, al, dl = c.rules.presenter().attack_odds(st, Action("attack", (b.tid(src), b.tid(dst))))
    assert 0 <= win <= 1 and al >= 0 and dl >= 0
    m = session("modern")
    assert m.rules.presenter().attack_odds(m.state, Action("attack", ("alaska", "alberta"))) is None


def test_risiko_table_panel_and_arg_labels():
    s = session("risiko")
    assert "Reinforcement track" in panels.table_text(s.rules, s.state).plain
    assert panels.arg_text(s.rules, "p2", s.state) == "Bob"


class Broken:
    def choose(self, rules, view, seat):
        raise RuntimeError("a computer player that fails")


def test_computer_seats_go_through_the_turn_guard(monkeypatch):
    monkeypatch.setattr("riskterm.ai.make_player", lambda *a, **k: Broken())

    async def run():
        s = session("classic", seed=3, ai=(0, 1, 2), turn_cap=2)
        app = RiskApp(s, speed=0.0)
        async with app.run_test(size=(140, 45)) as pilot:
            for _ in range(200):
                await pilot.pause(0)
                if len(s.steps) > 3:
                    break
                if isinstance(app.screen, HandoffScreen):
                    await pilot.press("enter")
            assert len(s.steps) > 3 and isinstance(app.game, GameScreen)
            assert app.game.computers.guard.fallbacks > 0

    asyncio.run(run())


def _modern_attack_with_defender_choice():
    import random

    s = session("modern", quick_start=False)
    r, rng = s.rules, random.Random(2)
    for _ in range(3000):
        st = s.state
        la = r.legal_actions(st)
        for a in (a for a in la if a.kind == "attack"):
            after, _ = r.apply(st, a)
            if after["phase"] == "defend" and after["actor"] != st["actor"]:
                return s, a
        buys = [a for a in la if a.kind == "buy"]
        s.apply(rng.choice(buys) if buys and rng.random() < 0.8 else rng.choice(la))
    raise AssertionError("no attack with a defender's choice found")


def test_defender_choice_opens_only_after_the_defender_hand_off():
    from riskterm.tui.dialogs import ChoiceScreen

    async def run():
        s, attack = _modern_attack_with_defender_choice()
        app = RiskApp(s, speed=0.0)
        async with app.run_test(size=(140, 45)) as pilot:
            while not isinstance(app.screen, GameScreen):
                await pilot.press("enter")
            await pilot.pause()  # the game screen composed (its panels exist) before it is driven
            defender = s.rules.apply(s.state, attack)[0]["actor"]
            app.game.show(app.game.ctl.act(attack))
            for _ in range(200):  # the hand-off is pushed within a few frames; bounded on a loaded machine
                await pilot.pause(0)
                if isinstance(app.screen, HandoffScreen):
                    break
            stack = [type(x) for x in app.screen_stack]
            assert stack[-1] is HandoffScreen and ChoiceScreen not in stack
            assert app.game.hs.viewer == defender
            while isinstance(app.screen, HandoffScreen):  # the hand-off, then its recap
                await pilot.press("enter")
                await pilot.pause()
            assert isinstance(app.screen, ChoiceScreen)
            assert app.screen.options[0][0] == "Let the rules choose (default)"
            await shown(pilot, app)  # a key typed before a dialog is shown goes nowhere
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, HandoffScreen)  # the keyboard goes back to the attacker

    asyncio.run(run())


def test_modern_purchase_screen_buys_through_legal_actions_and_territory_panel():
    from riskterm.tui.purchase import PurchaseScreen

    async def run():
        s = session("modern", quick_start=False)
        app = RiskApp(s, speed=0.0)
        async with app.run_test(size=(140, 45)) as pilot:
            while not isinstance(app.screen, GameScreen):
                await pilot.press("enter")
            await shown(pilot, app)
            await pilot.press("enter")
            assert isinstance(app.screen, PurchaseScreen)
            await shown(pilot, app)  # a key typed before a dialog is shown goes nowhere
            await pilot.press("down", "2", "enter")
            await pilot.pause(0)
            assert s.steps[-1].action == Action("buy", ("tank", 2))
            assert isinstance(app.screen, PurchaseScreen) and app.screen.row == 1  # open again to buy more
            await shown(pilot, app)
            await pilot.press("d")
            await pilot.pause(0)
            assert s.steps[-1].action.kind == "done"
            game = app.game
            game.cursor = 0
            game.render_all()
            assert game.query_one("#territory").display

    asyncio.run(run())


def test_resumed_game_recap_is_since_the_seat_last_turn():
    from riskterm.record.log import since_last_turn_lines
    from riskterm.tui.hotseat import HotSeat

    s = session("classic", seed=3)
    r = s.rules
    while s.state["turn"] < 3:
        s.apply(next(a for a in r.legal_actions(s.state) if a.kind in ("end", "place", "move", "fortify")))
    hs = HotSeat(s)  # a new sitting, as after resuming a save
    seat = s.state["actor"]
    assert hs.take(seat) == since_last_turn_lines(s, seat)
    assert hs.take(seat) == []  # seen now: only what is new


def test_risiko_odds_three_defence_dice_and_fortress_cap():
    from riskterm.engine.dice import outcomes
    from riskterm.engine.odds import attack_odds

    def risiko_odds(a: int, d: int, cap: int) -> tuple[float, float, float]:
        return attack_odds(a, d, cap, cap)

    assert abs(sum(p for *_, p in outcomes(3, 3)) - 1) < 1e-9
    assert risiko_odds(10, 10, 3)[0] < attack_odds(10, 10)[0]  # three defence dice favour the defender
    assert risiko_odds(1, 1, 3)[0] == risiko_odds(1, 1, 2)[0] == 15 / 36


def test_a_short_wide_screen_keeps_the_columns_and_your_coins_show_at_any_size():
    """At 120x40 Europe showed a player's coins only in the Spend dialog: the one-line-a-player table of a
    short screen dropped the figures' lines and the cards column too. The columns take no line and stay
    unless the side panel is narrow; the private box says your coins."""
    s = session("europe")
    table = panels.players_table(
        s.rules, s.state, ["red", "blue", "green"], ["A", "B", "C"], True, narrow=False
    )
    assert "Crd" in [c.header for c in table.columns]  # type: ignore[attr-defined]
    assert s.rules.presenter().private_lines(s.state, 1)[0] == f"Coins: {s.state['coins'][1]}"
