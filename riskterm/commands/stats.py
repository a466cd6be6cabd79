"""riskterm stats FILE [--json]: per player per turn territories, armies, income, cards, battles won and lost
and dice luck against the expected value, from a save file."""

from __future__ import annotations

import argparse
import json

from riskterm.errors import SaveError
from riskterm.setup_options import house_rules_in_play, printable

BARS = " ▁▂▃▄▅▆▇█"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="the save file")
    p.add_argument("--json", action="store_true", help="print every figure as one JSON object")
    p.add_argument("--turns", action="store_true", help="print the table of every turn, not just the totals")


def sparkline(values: list[float], width: int = 40) -> str:
    if not values:
        return ""
    if len(values) > width:  # sample evenly
        values = [values[i * (len(values) - 1) // (width - 1)] for i in range(width)]
    hi = max(values) or 1.0
    return "".join(BARS[max(0, min(8, round(v / hi * 8)))] for v in values)


def run(args: argparse.Namespace) -> int:
    from riskterm.record.load import load_game
    from riskterm.record.stats import game_stats

    try:
        session = load_game(args.file)
    except SaveError as e:
        raise SaveError(str(e)) from None
    st = game_stats(session)
    if args.json:
        print(json.dumps(st.as_dict()))
        return 0
    from riskterm.rules import other_board

    board = other_board(session.rules)
    on = f" on the board {printable(board)}" if board else ""
    print(f"{session.rules.title}{on}: {len(st.turns)} turns recorded.")
    house = house_rules_in_play(type(session.rules), session.options)
    if house:
        print(f"House rules: {printable(house)}.")
    head = f"{'player':14} {'terr':>5} {'armies':>7} {'income':>6} {'cards':>5} {'won':>5} {'lost':>5} {'luck':>7}"
    print(head)
    for t in st.totals:
        print(
            f"{printable(t['name'])[:14]:14} {t['territories']:>5} {t['armies']:>7} {t['income']:>6} {t['cards']:>5} "
            f"{t['battles_won']:>5} {t['battles_lost']:>5} {t['luck']:>+7.1f}"
        )
    print()
    for key in ("territories", "armies"):
        print(f"{key} by turn:")
        for name, vals in st.series(key).items():
            print(f"  {printable(name)[:14]:14} {sparkline(vals)}")
    if args.turns:
        print()
        print(
            f"{'turn':>4} {'player':14} {'terr':>5} {'armies':>7} {'income':>6} {'cards':>5} {'won':>4} "
            f"{'lost':>4} {'luck':>6}"
        )
        for row in st.turns:
            for p in row["players"]:
                print(
                    f"{row['turn']:>4} {printable(p['name'])[:14]:14} {p['territories']:>5} {p['armies']:>7} "
                    f"{p['income']:>6} {p['cards']:>5} {p['battles_won']:>4} {p['battles_lost']:>4} "
                    f"{p['luck']:>+6.1f}"
                )
    return 0
