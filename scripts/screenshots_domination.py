"""SVG screenshots of classic on real Domination maps, read where they are (GPL: never copied into riskterm, so
the pictures are written outside it too), a few turns in, to look at beside the maps' own pictures:

    python scripts/screenshots_domination.py MAPS_FOLDER OUT_FOLDER [NAME ...] [--size WxH]

writes OUT_FOLDER/domination-NAME-WxH.svg for each NAME.map (world, lotr, uk and tube by default) at 140x45."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from riskterm.rules import PlayerSetup
from riskterm.session import Session
from screenshots import SIX, at_board


async def domination(folder: Path, out: Path, names: tuple[str, ...], size: tuple[int, int]) -> None:
    from riskterm.ai import make_player
    from riskterm.ai.core.guard import TurnGuard
    from riskterm.board.find import open_board

    for stem in names:
        board = open_board(str(folder / f"{stem}.map"))
        s = Session.new("classic", [PlayerSetup(n) for n in SIX[:4]], 1, {"quick_start": True}, board)
        guard, bots = TurnGuard(max_seconds=None), [make_player("classic", "easy", 10 + i) for i in range(4)]
        while not (s.state["turn"] >= 3 and s.state["phase"] == "attack"):
            seat = s.rules.actor(s.state)
            s.apply(guard.choose(s.rules, s.state, seat, bots[seat]))
        await at_board(f"domination-{stem}", s, size, out=out)


if __name__ == "__main__":
    args = sys.argv[1:]
    size = (140, 45)
    if "--size" in args:
        w, h = args[args.index("--size") + 1].split("x")
        size = (int(w), int(h))
        args = args[: args.index("--size")]
    if len(args) < 2:
        sys.exit("usage: screenshots_domination.py MAPS_FOLDER OUT_FOLDER [NAME ...] [--size WxH]")
    asyncio.run(
        domination(Path(args[0]), Path(args[1]), tuple(args[2:]) or ("world", "lotr", "uk", "tube"), size)
    )
