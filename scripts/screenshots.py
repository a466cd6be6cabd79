"""Write SVG screenshots of the main screens into screenshots/ (run from the checkout: python scripts/screenshots.py),
each rulebook's board at every supported terminal size (RULEBOOK-WxH.svg; only those: --sizes) and classic on
generated boards (generated-N-WxH.svg; only those: --generated).

Every picture comes from the real app driven by key presses with fixed seeds."""

from __future__ import annotations

import asyncio
import os
import random
import sys
import tempfile
from pathlib import Path

# games played here autosave into a throwaway folder, not the user's saves
os.environ.setdefault("RISKTERM_DATA_DIR", tempfile.mkdtemp(prefix="riskterm-"))

from riskterm.rules import PlayerSetup
from riskterm.session import Session
from riskterm.tui.app import RiskApp

OUT = Path(__file__).resolve().parent.parent / "screenshots"


def session(names=("Ann", "Bob", "Cid"), seed=3, ai=(), **opts) -> Session:
    opts.setdefault("quick_start", True)
    players = [PlayerSetup(n, "", "easy" if i in ai else None) for i, n in enumerate(names)]
    return Session.new("classic", players, seed, opts, salt="5a17" * 8)  # (the same commitment in every shot)


async def shoot(name: str, app: RiskApp, keys: list[str], size=(140, 45), until=None) -> None:
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for k in keys:
            await pilot.press(k)
            await pilot.pause()
        if until is not None:
            for _ in range(500):
                if until(app):
                    break
                await pilot.pause(0.02)
            await pilot.pause()
        app.save_screenshot(str(OUT / f"{name}.svg"))
        print(f"wrote screenshots/{name}.svg")


def played(
    variant: str,
    until,
    seed: int = 1,
    quick: bool = True,
    limit: int = 3000,
    names: tuple[str, ...] = ("Ann", "Bob", "Cid"),
    session: Session | None = None,
    **house,
) -> Session:
    """A game of `variant` (or `session`) played by easy computer players (for every seat) until `until(state)`
    holds or it is over."""
    from riskterm.ai import make_player
    from riskterm.ai.core.guard import TurnGuard

    s = session or Session.new(
        variant, [PlayerSetup(n) for n in names], seed, {"quick_start": quick, **house}
    )
    names = tuple(p.name for p in s.players)
    guard = TurnGuard(max_seconds=None)
    players = [make_player(variant, "easy", seed * 10 + i) for i in range(len(names))]
    for _ in range(limit):
        if until(s.state) or s.rules.is_over(s.state):
            break
        seat = s.rules.actor(s.state)
        s.apply(guard.choose(s.rules, s.state, seat, players[seat]))
    return s


def with_cards(s: Session, cards: list[str]) -> Session:
    st = dict(s.state)
    hands = [list(h) for h in st["hands"]]
    hands[st["current"]] = cards
    st["hands"] = hands
    s.state = st
    return s


SIZES = ((80, 24), (100, 30), (120, 40), (140, 45), (200, 60))
SIX = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")


async def at_board(
    name: str, session: Session, size: tuple[int, int], keys: tuple[str, ...] | None = None, out: Path = OUT
) -> Path:
    """The board after the hand-off and its recap, then `keys` pressed (None: a territory highlighted):
    `out`/`name`-WxH.svg."""
    app = RiskApp(session, speed=0.0)
    async with app.run_test(size=size) as pilot:
        for _ in range(8):
            if app.screen is getattr(app, "game", None):
                break
            await pilot.press("enter")
            await pilot.pause()
        if keys is None:
            keys = (
                ("tab",)
                if app.screen is getattr(app, "game", None) and app.game.picker.step_kind() == "territory"
                else ()
            )
        for k in keys:
            await pilot.press(k)
            await pilot.pause()
        await pilot.pause()
        path = out / f"{name}-{size[0]}x{size[1]}.svg"
        app.save_screenshot(str(path))
        print(f"wrote {path}")
    return path


async def sizes() -> None:
    """Every rulebook at every supported terminal size, a few turns in."""
    games = {
        "classic": played("classic", lambda st: st["turn"] >= 3 and st["phase"] == "attack", names=SIX),
        "europe": played(
            "europe",
            lambda st: st.get("round", 0) >= 2 and st["phase"] not in ("bid", "orders"),
            names=SIX[:4],
        ),
        "risiko": played("risiko", lambda st: st["turn"] >= 4 and st["phase"] == "main", names=SIX),
        "modern": played(
            "modern", lambda st: st["round"] >= 2 and st["phase"] == "attack", quick=False, names=SIX[:5]
        ),
    }
    for variant, game in games.items():
        for size in SIZES:
            await at_board(variant, game, size)


async def fog() -> None:
    """A fogged game of three people at one keyboard (classic, normal and dense fog; modern, light), a few
    turns in: the board as the seat to move sees it, and the hand-off recap the next person reads."""
    for level in ("normal", "dense"):
        game = played("classic", lambda st: st["turn"] >= 4 and st["phase"] == "attack", seed=2, fog=level)
        for size in ((140, 45), (80, 24)):
            await at_board(f"fog-{level}", game, size)
    game = played("classic", lambda st: st["turn"] >= 4 and st["phase"] == "attack", seed=2, fog="normal")
    app = RiskApp(game, speed=0.0)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.press("enter")  # past the pass-the-keyboard screen: the recap of what this seat saw
        await pilot.pause()
        app.save_screenshot(str(OUT / "fog-recap-140x45.svg"))
        print("wrote screenshots/fog-recap-140x45.svg")
    modern = played(
        "modern", lambda st: st["round"] >= 3 and st["phase"] == "attack", quick=False, fog="light"
    )
    await at_board("fog-light-modern", modern, (140, 45))


async def main() -> None:
    from riskterm.tui.gameover import GameOverScreen

    OUT.mkdir(exist_ok=True)
    random.seed(1)  # the same random choices in every shot
    await shoot("new-game", RiskApp(None), [], size=(120, 40))
    await shoot("handoff", RiskApp(session(), speed=0.0), ["enter"])
    await shoot("reinforce", RiskApp(session(), speed=0.0), ["enter", "enter", "enter"])
    await shoot("attack-odds", RiskApp(session(), speed=0.0), ["enter"] * 5 + ["tab"])
    await shoot("blitz", RiskApp(session(), speed=0.0), ["enter"] * 5 + ["b"])
    await balanced_odds()
    s = session(seed=4)
    mine = [s.rules.board.tid(t) for t, o in enumerate(s.state["owner"]) if o == s.state["current"]]
    theirs = [
        s.rules.board.tid(t) for t, o in enumerate(s.state["owner"]) if o not in (-1, s.state["current"])
    ]
    await shoot(
        "cards-forced-trade",
        RiskApp(with_cards(s, [theirs[0], "wild1", theirs[1], mine[0], "wild2"]), speed=0.0),
        ["enter", "enter"],
    )
    await shoot("help", RiskApp(session(), speed=0.0), ["enter", "enter", "f1"], size=(120, 40))
    # one picture per other rulebook, a few turns in, after the hand-off and its recap
    eu = played("europe", lambda st: st.get("round", 0) >= 2 and st["phase"] not in ("bid", "orders"))
    await shoot("europe", RiskApp(eu, speed=0.0), ["enter", "enter"])
    ri = played("risiko", lambda st: st["turn"] >= 4 and st["phase"] == "main")
    await shoot("risiko", RiskApp(ri, speed=0.0), ["enter", "enter", "a", "enter"])
    mo = played("modern", lambda st: st["round"] >= 2 and st["phase"] == "attack", quick=False)
    await shoot("modern", RiskApp(mo, speed=0.0), ["enter", "enter"])
    # the classic modes, a few turns in, as the person on turn sees them (their own mission, the headquarters)
    for mode, size in (("missions", (140, 45)), ("capitals", (120, 40))):
        game = played(
            "classic", lambda st: st["turn"] >= 4 and st["phase"] == "attack", names=SIX[:4], mode=mode
        )
        await at_board(f"classic-{mode}", game, size)
    await shoot(
        "game-over",
        RiskApp(session(("Ann", "Bot", "Cpu"), seed=11, ai=(0, 1, 2), turn_cap=60), speed=0.0),
        [],
        size=(110, 34),
        until=lambda app: isinstance(app.screen, GameOverScreen) and app.screen.ledger_read,
    )


async def generated() -> None:
    """Classic on boards of `riskterm new-map`, a few turns in: 42 territories at 140x45 and 120x40, 100 at
    200x60 (generated-42-WxH.svg, generated-100-WxH.svg)."""
    from riskterm.ai import make_player
    from riskterm.ai.core.guard import TurnGuard
    from riskterm.board.generate import board_document, generate
    from riskterm.board.loader import board_from_text
    from riskterm.board.writer import board_yaml

    for seed, count, regions, shots in ((8, 42, 6, ((140, 45), (120, 40))), (11, 100, 8, ((200, 60),))):
        board = board_from_text(board_yaml(board_document(generate(seed, count, regions))), "generated")
        s = Session.new("classic", [PlayerSetup(n) for n in SIX[:4]], 1, {"quick_start": True}, board)
        guard, bots = TurnGuard(max_seconds=None), [make_player("classic", "easy", 10 + i) for i in range(4)]
        while not (s.state["turn"] >= 3 and s.state["phase"] == "attack"):
            seat = s.rules.actor(s.state)
            s.apply(guard.choose(s.rules, s.state, seat, bots[seat]))
        for size in shots:
            await at_board(f"generated-{count}", s, size)


async def balanced_odds() -> None:
    """The attack panel of a balanced-blitz game: the balanced chance with the true one beside it."""
    for size in ((140, 45), (80, 24)):
        await shoot(
            f"attack-odds-balanced-{size[0]}x{size[1]}",
            RiskApp(session(blitz="balanced"), speed=0.0),
            ["enter"] * 5 + ["b", "tab"],
            size=size,
        )


def ledger_history() -> None:
    """Thirty games in the throwaway ledger, as a family's evenings against the computer levels would leave it."""
    from riskterm.ledger.entry import GameEntry, SeatEntry
    from riskterm.ledger.store import Ledger

    rng = random.Random(5)
    pool = [
        ("Ann", None, 1.5),
        ("Bob", None, 0.6),
        ("Dee", None, 1.0),
        ("Cpu", "easy", 0.0),
        ("Max", "normal", 1.0),
        ("Hal", "hard", 2.0),
    ]
    games = []
    for n in range(30):
        seats = rng.sample(pool, rng.randint(3, 4))
        order = sorted(range(len(seats)), key=lambda i: -(seats[i][2] + rng.gauss(0, 1.0)))
        place = {i: k + 1 for k, i in enumerate(order)}
        variant = ("classic", "classic", "europe", "risiko", "modern")[n % 5]
        games.append(
            GameEntry(
                f"history-{n:02d}",
                variant,
                variant,
                "",
                variant,
                variant,
                {},
                n,
                order[0],
                20 + n,
                200 + 9 * n,
                f"2026-11-{1 + n // 3:02d}T{19 + n % 3}:30:00Z",
                seats=tuple(
                    SeatEntry(i, name, "", level, place[i]) for i, (name, level, _) in enumerate(seats)
                ),
            )
        )
    Ledger().add_games(games)


async def ledger() -> None:
    """The game-over screen's rating changes and the Ledger screen after a game, at 140x45 and 80x24."""
    from riskterm.record.autosave import autosave
    from riskterm.tui.gameover import GameOverScreen
    from riskterm.tui.ledger import LedgerScreen

    OUT.mkdir(exist_ok=True)
    ledger_history()
    for size, seed in (((140, 45), 21), ((80, 24), 22)):
        game = Session.new(
            "classic",
            [PlayerSetup("Ann", "red"), PlayerSetup("Hal", "", "hard"), PlayerSetup("Cpu", "", "easy")],
            seed,
            {"quick_start": True},
        )
        game = played("classic", lambda st: False, seed=seed, limit=100_000, session=game)
        autosave(game)  # the save that finds the game over records it, as in play
        app = RiskApp(game, speed=0.0)
        async with app.run_test(size=size) as pilot:
            for _ in range(500):
                if isinstance(app.screen, GameOverScreen) and app.screen.ledger_read:
                    break
                await pilot.pause(0.02)
            await pilot.pause()
            app.save_screenshot(str(OUT / f"game-over-ratings-{size[0]}x{size[1]}.svg"))
            await pilot.press("l")
            for _ in range(500):
                if isinstance(app.screen, LedgerScreen) and app.screen.view is not None:
                    break
                await pilot.pause(0.02)
            await pilot.pause()
            app.save_screenshot(str(OUT / f"ledger-{size[0]}x{size[1]}.svg"))
            print(
                f"wrote screenshots/game-over-ratings-{size[0]}x{size[1]}.svg and ledger-{size[0]}x{size[1]}.svg"
            )


async def learn() -> None:
    """The lesson screen of `riskterm learn` at its first steps, the list of lessons, each other rulebook's
    lesson at its first thing to do, the new-game screen, the too-small line."""
    for size in ((80, 24), (140, 45)):
        w, h = size
        await shoot(f"learn-{w}x{h}", RiskApp(lesson="classic", speed=0.0), ["n"], size)
        await shoot(
            f"learn-attack-{w}x{h}",
            RiskApp(lesson="classic", speed=0.0),
            ["n", "enter", "4", "enter", "a", "enter"],
            size,
        )
        await shoot(f"new-game-{w}x{h}", RiskApp(), [], size)
        await shoot(f"learn-list-{w}x{h}", RiskApp(lesson_list=True), ["down"], size)
        for variant in ("europe", "risiko", "modern"):  # each rulebook's own lesson at its first thing to do
            await shoot(f"learn-{variant}-{w}x{h}", RiskApp(lesson=variant, speed=0.0), ["n"], size)
    await shoot("too-small-60x20", RiskApp(), [], (60, 20))


async def map_browser() -> None:
    """The new-game screen's map browser (Ctrl+B) with two generated boards in the boards folder beside the
    built-in ones, one highlighted (map-browser-WxH.svg)."""
    from riskterm.board.generate import board_document, generate
    from riskterm.board.writer import board_yaml
    from riskterm.paths import boards_dir

    folder = boards_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for seed, count, regions in ((8, 42, 6), (11, 100, 8)):
        gen = generate(seed, count, regions)
        (folder / f"{gen.board_id}.yaml").write_text(board_yaml(board_document(gen)), encoding="utf-8")
    for size in ((140, 45), (80, 24)):
        await shoot(
            f"map-browser-{size[0]}x{size[1]}",
            RiskApp(),
            ["ctrl+b", "down", "down", "down"],
            size,
            until=lambda app: bool(app.screen.query("PreviewView")),
        )


async def everything() -> None:
    await main()
    await sizes()
    await generated()
    await ledger()
    await learn()
    await map_browser()


if __name__ == "__main__":  # --sizes: only the pictures by terminal size; --generated: generated boards only;
    # --ledger: the game-over ratings and the Ledger screen only; --balanced: the balanced blitz's attack panel;
    # --map-browser: the new-game screen's map browser; --fog: a fogged game's board and hand-off recap
    sys.exit(
        asyncio.run(
            sizes()
            if "--sizes" in sys.argv
            else generated()
            if "--generated" in sys.argv
            else ledger()
            if "--ledger" in sys.argv
            else balanced_odds()
            if "--balanced" in sys.argv
            else learn()
            if "--learn" in sys.argv
            else map_browser()
            if "--map-browser" in sys.argv
            else fog()
            if "--fog" in sys.argv
            else everything()
        )
    )
