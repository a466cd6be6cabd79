"""Boards imported from Domination-format maps drawn by tests/support/domination_maps.py (a 42-country and a
100-country world), a few turns into a six-player classic game, as SVG screenshots at the sizes the map must
read at (screenshots/imported42-WxH.svg, imported100-WxH.svg), and PNGs beside them when rsvg-convert is there.

    python scripts/picture_boards.py [--out DIR] [--sizes 120x40,140x45,200x60] [--maps DIR]

With --maps DIR the Domination-format maps are kept in DIR (w42.map, w100.map and their images and cards),
for trying `riskterm import-map DIR/w42.map` and `riskterm simulate --map w42` by hand."""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
os.environ.setdefault("RISKTERM_DATA_DIR", tempfile.mkdtemp(prefix="riskterm-"))

from support.domination_maps import world_map  # noqa: E402

from riskterm.board.community import import_map  # noqa: E402
from riskterm.board.loader import board_from_text  # noqa: E402
from riskterm.rules import PlayerSetup  # noqa: E402
from riskterm.session import Session  # noqa: E402
from screenshots import at_board  # noqa: E402  (the shared shot: scripts/ is on sys.path when run)

SIX = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")


def imported(folder: Path, countries: int, continents: int, seed: int, size: tuple[int, int]):
    import yaml

    path = world_map(folder, f"w{countries}", countries, continents, seed=seed, size=size)
    got = import_map(path)
    return board_from_text(yaml.safe_dump(got.doc, sort_keys=False), path.name)


def played(board, turns: int = 3) -> Session:
    from riskterm.ai import make_player
    from riskterm.ai.core.guard import TurnGuard

    s = Session.new("classic", [PlayerSetup(n) for n in SIX], 1, {"quick_start": True}, board=board)
    guard = TurnGuard(max_seconds=None)
    players = [make_player("classic", "easy", 10 + i) for i in range(len(SIX))]
    for _ in range(3000):
        if (s.state["turn"] >= turns and s.state["phase"] == "attack") or s.rules.is_over(s.state):
            break
        seat = s.rules.actor(s.state)
        s.apply(guard.choose(s.rules, s.state, seat, players[seat]))
    return s


async def shoot(
    name: str, session: Session, size: tuple[int, int], out: Path, keys: tuple[str, ...] = ()
) -> Path:
    path = await at_board(name, session, size, keys, out)
    if shutil.which("rsvg-convert"):
        subprocess.run(["rsvg-convert", str(path), "-o", str(path.with_suffix(".png"))], check=False)
    return path


async def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "screenshots")
    ap.add_argument("--sizes", default="120x40,140x45,200x60")
    ap.add_argument("--boards", default="42,100")
    ap.add_argument("--maps", type=Path, help="keep the Domination-format maps in this folder")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.maps or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        boards = {
            "42": lambda: imported(folder, 42, 6, 1, (677, 425)),
            "100": lambda: imported(folder, 100, 8, 2, (800, 500)),
        }
        for key in args.boards.split(","):
            game = played(boards[key]())
            for size in sizes:
                await shoot(f"imported{key}", game, size, args.out)  # type: ignore[arg-type]
            await shoot(f"imported{key}-regions", game, (140, 45), args.out, ("R",))


if __name__ == "__main__":
    asyncio.run(main())
