"""Strength of the hard level's search under another profile (the rulebook package's OFFER), to tune it.

    python bench/bench_search.py VARIANT [--games 40] [--seed 10000] [--profile JSON] [--weights JSON]

Plays `games` 4-seat games of one hard seat (rotated) against three normal, with the rulebook's search
profile changed by --profile (Profile fields: '{"phases": ["supply", "main"], "kinds": ["place"], "k": 6}';
'{"phases": []}' is the heuristic alone) and its evaluator's weights by --weights ('{"fall": 0.5}', and
"LEADER" for the rivals' leader share); for RisiKo --caution X sets hard's fortress garrison share (the
heuristic's `RisikoPlayer.caution`, 1.0 as landed) and --hard-play JSON switches hard's own play
(`RisikoPlayer.hard_play`, riskterm.ai.risiko.hard, e.g. '{"hidden": false}'). Prints hard's wins with the 95%
interval. A rulebook without an adopted profile starts from its first trial profile (Offer.trials), or --trial
names one (modern: 'attack')."""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import time

from riskterm.ai import PACKAGES, offer
from riskterm.ai.core import evaluate
from riskterm.ai.risiko import RisikoPlayer
from riskterm.ai.strength import measure


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variant")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=10_000)
    ap.add_argument("--profile", default="{}")
    ap.add_argument("--weights", default="{}")
    ap.add_argument(
        "--trial", default=None, help="start from this trial profile of the rulebook (Offer.trials)"
    )
    ap.add_argument("--caution", type=float, default=None, help="RisiKo: hard's share of the garrison need")
    ap.add_argument(
        "--hard-play",
        default="{}",
        help="RisiKo: hard's own play switches, JSON ('{\"hidden\": false}'; RisikoPlayer.hard_play)",
    )
    args = ap.parse_args()
    v = args.variant
    changes = json.loads(args.profile)
    weights = json.loads(args.weights)
    book = offer(v)
    if book is None:
        raise SystemExit(f"No computer players' package for '{v}'.")
    base = book.trials[args.trial] if args.trial else book.profile or next(iter(book.trials.values()))
    sets = {k: frozenset(x) if k in ("phases", "kinds") and x is not None else x for k, x in changes.items()}
    package = importlib.import_module(PACKAGES[v])  # (the games below are played in this process)
    package.OFFER = dataclasses.replace(book, profile=dataclasses.replace(base, **sets))
    if "LEADER" in weights:
        evaluate.LEADER = weights.pop("LEADER")
    importlib.import_module(f"{PACKAGES[v]}.evaluate").WEIGHTS.update(weights)
    if args.caution is not None:
        RisikoPlayer.caution = {**RisikoPlayer.caution, "hard": args.caution}
    play = json.loads(args.hard_play)
    if play:
        RisikoPlayer.hard_play = {**RisikoPlayer.hard_play, **play}
    start = time.perf_counter()
    r = measure(v, "hard", "normal", args.games, seed=args.seed)
    lo, hi = r.interval()
    caution = f" caution {args.caution}" if args.caution is not None else ""
    caution += f" hard-play {args.hard_play}" if play else ""
    print(
        f"{v} profile {args.profile} weights {args.weights}{caution}: hard won {r.strong_wins}/{r.games} ({r.share:.0%}) "
        f"[95% {lo:.0%}-{hi:.0%}] ({time.perf_counter() - start:.0f} s)"
    )


if __name__ == "__main__":
    main()
