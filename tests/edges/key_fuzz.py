"""A random-key fuzz of the app: every rulebook at every terminal size, random keys in bursts (as fast typing
and key repeat bring them: several queued before any is handled), computer players moving meanwhile. Counted:
keys sent, tracebacks (any error inside the app), autosaves written and how many of them check-save refuses.

    python tests/edges/key_fuzz.py --keys 20000      # the large run (prints the tally)
"""

from __future__ import annotations

import asyncio
import os
import random
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from support.pilot import settle, turns
from textual import events

VARIANTS = ("classic", "europe", "risiko", "modern")
SIZES = ((40, 12), (50, 16), (80, 24), (100, 30), (120, 40), (140, 45), (200, 60))
# the keys a player reaches for, Enter and the arrows most; never Ctrl+Q (it ends the run, not a fault)
KEYS = (
    ["enter"] * 12
    + ["space"] * 3
    + ["tab"] * 4
    + ["shift+tab", "escape", "escape"]
    + ["up", "down", "left", "right"] * 2
    + list("0123456789")
    + list("abcdefghijklmnoprstuvwxyz")
    + [
        "plus",
        "minus",
        "question_mark",
        "f1",
        "slash",
        "pageup",
        "pagedown",
        "home",
        "end",
        "ctrl+l",
        "ctrl+g",
        "ctrl+z",
        "ctrl+y",
        "ctrl+v",
        "backspace",
        "delete",
    ]
)
CHARS = {
    "enter": "\r",
    "space": " ",
    "tab": "\t",
    "escape": "\x1b",
    "plus": "+",
    "minus": "-",
    "question_mark": "?",
    "slash": "/",
    "backspace": "\x7f",
}


@dataclass
class KeyTally:
    keys: int = 0
    runs: int = 0
    tracebacks: list[str] = field(default_factory=list)
    saves: int = 0
    bad_saves: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (
            f"{self.keys} keys in {self.runs} runs; {len(self.tracebacks)} tracebacks; {self.saves} autosaves, "
            f"{len(self.bad_saves)} refused by check-save"
        )


def session_for(variant: str, seed: int):  # type: ignore[no-untyped-def]
    from riskterm.rules import PlayerSetup, variant_class
    from riskterm.session import Session

    cls = variant_class(variant)
    n = max(cls.min_players, min(cls.max_players, 3))
    players = [
        PlayerSetup(name, "", "easy" if i == n - 1 else None)
        for i, name in enumerate(["Ann", "Bob", "Cid", "Dee"][:n])
    ]
    return Session.new(variant, players, seed, {"quick_start": seed % 2 == 0})


async def _drive(app, keys: int, rnd: random.Random, tally: KeyTally) -> None:  # type: ignore[no-untyped-def]
    async with app.run_test(size=app.fuzz_size) as pilot:
        sent = 0
        while sent < keys and app.is_running:
            burst = [rnd.choice(KEYS) for _ in range(rnd.choice((1, 1, 1, 2, 3, 6)))]
            for k in burst:
                app._driver.send_message(events.Key(k, CHARS.get(k, k if len(k) == 1 else None)))
            sent += len(burst)
            tally.keys += len(burst)
            await pilot.pause()


def fuzz_run(variant: str, size: tuple[int, int], seed: int, keys: int, tally: KeyTally) -> None:
    """One app: `keys` random keys; a traceback is any error that reached the app's last guard."""
    from riskterm.tui.app import RiskApp

    app = RiskApp(session_for(variant, seed), speed=0.0, ai_seed=seed)
    app.fuzz_size = size  # type: ignore[attr-defined]
    tally.runs += 1
    try:
        asyncio.run(_drive(app, keys, random.Random(seed), tally))
    except Exception as e:  # noqa: BLE001 - counted: the point of the fuzz
        import traceback

        ours = [
            f"{Path(f.filename).name}:{f.lineno} {f.name}"
            for f in traceback.extract_tb(e.__traceback__)
            if "riskterm" in f.filename and "tests" not in f.filename
        ]
        tally.tracebacks.append(
            f"{variant} {size} seed {seed}: {type(e).__name__}: {str(e)[:200]} "
            f"[{' < '.join(reversed(ours[-4:]))}]"
        )
    try:
        from riskterm.record.autosave import flush_autosaves

        flush_autosaves(10.0)
    except Exception as e:  # noqa: BLE001
        tally.tracebacks.append(f"{variant} {size} seed {seed}: autosave: {e}")


def check_saves(folder: Path, tally: KeyTally) -> None:
    from riskterm.errors import SaveError
    from riskterm.record.load import load_game

    for path in sorted(folder.glob("*.json")):
        tally.saves += 1
        try:
            load_game(path)  # what check-save does
        except SaveError as e:
            tally.bad_saves.append(f"{path.name}: {e}")


def fuzz(total_keys: int, seed0: int = 0, show: bool = False) -> KeyTally:
    """Every rulebook at every size in turn, total_keys spread evenly; autosaves in a fresh data folder."""
    import textual.app
    import textual.pilot

    saved = textual.app.wait_for_idle, textual.pilot.wait_for_idle
    textual.app.wait_for_idle, textual.pilot.wait_for_idle = turns, settle  # type: ignore[assignment]
    try:
        return _fuzz(total_keys, seed0, show)
    finally:
        textual.app.wait_for_idle, textual.pilot.wait_for_idle = saved


def _fuzz(total_keys: int, seed0: int, show: bool) -> KeyTally:
    tally = KeyTally()
    runs = [(v, size) for size in SIZES for v in VARIANTS]
    per_run = max(1, -(-total_keys // len(runs)))
    old = os.environ.get("RISKTERM_DATA_DIR")
    with tempfile.TemporaryDirectory() as d:
        os.environ["RISKTERM_DATA_DIR"] = d
        try:
            t0 = time.perf_counter()
            for i, (v, size) in enumerate(runs):
                fuzz_run(v, size, seed0 + i, min(per_run, total_keys - tally.keys), tally)
                if show:
                    print(f"[{time.perf_counter() - t0:.0f} s] {v} {size}: {tally.line()}", flush=True)
                if tally.keys >= total_keys:
                    break
            check_saves(Path(d) / "saves", tally)
        finally:
            if old is None:
                os.environ.pop("RISKTERM_DATA_DIR", None)
            else:
                os.environ["RISKTERM_DATA_DIR"] = old
    return tally


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser()
    ap.add_argument("--keys", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    t = fuzz(args.keys, args.seed, show=True)
    print(t.line())
    for line in t.tracebacks[:30] + t.bad_saves[:30]:
        print("  " + line)
