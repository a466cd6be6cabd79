"""One seat of ours against three outside opponents of one style (bench/styles), seat rotated one per game.

    nice python bench/outside_styles.py [--games 80] [--variant classic] [--levels hard,normal,easy]
                                        [--styles turtle,greedy,...] [--seed 20000] [--jobs 2] [--markdown]
                                        [--profile JSON] [--weights JSON]

For every rulebook where a style makes sense, plays `games` 4-seat games per (style, level): seat i % 4 is
ours, the other three play the style. Prints our level's wins with the 95% Wilson interval (fair share 25%),
draws (turn caps) and the games' mean length in player-turns. Level "heuristic" is hard's heuristic without
the search; --profile and --weights change hard's search as in bench/bench_search.py. --markdown prints the
docs/benchmarks.md table (one row per style, one column per level). Then hard's slowest decision of each game in CPU
time: median (typical), 90th percentile and worst. The same seed gives the same games."""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from styles import STYLES, maker  # noqa: E402

from riskterm.ai import PACKAGES, make_player, offer  # noqa: E402
from riskterm.ai.core.guard import TurnGuard  # noqa: E402
from riskterm.ai.simulate import house_defaults, player_seed  # noqa: E402
from riskterm.ai.strength import wilson  # noqa: E402
from riskterm.rules import PlayerSetup, find_variant  # noqa: E402

MAX_ACTIONS = 200_000
# a game still on after this many player-turns is stopped and counted a draw (not won): styles that never
# risk a fight can hold out to the rulebook's own cap, at great cost, and a long stalemate says enough
MAX_TURNS = 500
SEATS = 4


def play(variant: str, style: str, level: str, seed: int, index: int) -> tuple[bool, bool, int, float]:
    """One game: (our seat won, draw, player-turns, our slowest decision in seconds of CPU time)."""
    rules = find_variant(variant)
    ours = index % SEATS
    names = [level if i == ours else style for i in range(SEATS)]
    setups = [PlayerSetup(f"{n.title()} {i + 1}", ai="normal") for i, n in enumerate(names)]
    state, _ = rules.new_game(setups, seed, house_defaults(rules))
    make = maker(style, variant)
    players = [
        ours_player(variant, level, player_seed(seed, i)) if i == ours else make(player_seed(seed, i))
        for i in range(SEATS)
    ]
    guard = TurnGuard(max_seconds=None)
    slowest = 0.0
    for _ in range(MAX_ACTIONS):
        seat = rules.actor(state)
        if seat is None or int(state.get("turn") or 0) > MAX_TURNS:
            break
        if seat >= len(players):  # a seat the rulebook added (a neutral that acts)
            players.append(make_player(variant, "easy", player_seed(seed, seat)))
        start = time.process_time()  # CPU time: the figure does not grow with the machine's load
        action = guard.choose(rules, state, seat, players[seat])
        if seat == ours:
            slowest = max(slowest, time.process_time() - start)
        state = rules.apply(state, action).state
    winner = rules.winner(state) if rules.actor(state) is None else None
    return winner == ours, winner is None, int(state.get("turn") or 0), slowest


def ours_player(variant: str, level: str, seed: int) -> object:
    """Our player at `level`; "heuristic" is the hard heuristic without its search (what the search adds)."""
    if level == "heuristic":
        book = offer(variant)
        if book is not None:
            return book.player("hard", seed)
        level = "hard"
    return make_player(variant, level, seed)


def tune(variant: str, profile: str, weights: str) -> None:
    """Change the rulebook's search profile (Profile fields as JSON) and its evaluator's weights, in this
    process (the games' worker processes are forked from it), as bench/bench_search.py does."""
    book = offer(variant)
    changes, extra = json.loads(profile), json.loads(weights)
    if book is None or book.profile is None or not (changes or extra):
        return
    sets = {k: frozenset(x) if k in ("phases", "kinds") and x is not None else x for k, x in changes.items()}
    package = importlib.import_module(PACKAGES[variant])
    package.OFFER = dataclasses.replace(book, profile=dataclasses.replace(book.profile, **sets))
    importlib.import_module(f"{PACKAGES[variant]}.evaluate").WEIGHTS.update(extra)


def _task(args: tuple[str, str, str, int, int]) -> tuple[bool, bool, int, float]:
    return play(*args)


def cell(
    variant: str, style: str, level: str, games: int, seed: int, jobs: int
) -> tuple[int, int, float, list[float]]:
    """(wins, draws, mean turns, each game's slowest decision of ours) of `games` games."""
    tasks = [(variant, style, level, seed + i, i) for i in range(games)]
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context().Pool(jobs) as pool:
            results = pool.map(_task, tasks, chunksize=2)
    else:
        results = [_task(t) for t in tasks]
    wins = sum(1 for r in results if r[0])
    draws = sum(1 for r in results if r[1])
    return wins, draws, sum(r[2] for r in results) / max(1, len(results)), [r[3] for r in results]


def share_text(wins: int, games: int) -> str:
    lo, hi = wilson(wins, games)
    return f"{wins}/{games} ({wins / games:.0%}, {lo:.0%}-{hi:.0%})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=80)
    ap.add_argument("--variant", default="classic", help="a rulebook, several (comma-separated), or 'all'")
    ap.add_argument("--levels", default="hard,normal,easy")
    ap.add_argument("--styles", default=",".join(STYLES))
    ap.add_argument("--seed", type=int, default=20_000)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--profile", default="{}", help="hard's search profile changed (JSON of Profile fields)")
    ap.add_argument("--weights", default="{}", help="the evaluator's weights changed (JSON)")
    args = ap.parse_args()
    variants = ["classic", "europe", "risiko", "modern"] if args.variant == "all" else args.variant.split(",")
    levels = args.levels.split(",")
    styles = args.styles.split(",")
    for name in styles:
        if name not in STYLES:
            sys.exit(f"There is no style '{name}'; choose from {', '.join(STYLES)}.")
    if args.markdown:
        print(
            "| rulebook | 3 opponents of style | "
            + " | ".join(f"{lv} (95% interval)" for lv in levels)
            + " |"
        )
        print("|---|---|" + "---|" * len(levels))
    slowest: list[float] = []  # hard's slowest decision of each game
    for variant in variants:
        tune(variant, args.profile, args.weights)
        for style in styles:
            if variant not in STYLES[style][1]:
                continue
            texts = []
            for level in levels:
                start = time.perf_counter()
                wins, draws, turns, slow = cell(variant, style, level, args.games, args.seed, args.jobs)
                text = share_text(wins, args.games)
                texts.append(text)
                if level == "hard":
                    slowest.extend(slow)
                if not args.markdown:
                    print(
                        f"{variant:8} {level:6} vs 3 {style:8}: {text}  draws {draws}  mean {turns:.0f} turns, "
                        f"slowest decision per game: median {statistics.median(slow) * 1000:.0f} ms, worst "
                        f"{max(slow) * 1000:.0f} ms ({time.perf_counter() - start:.0f} s)",
                        flush=True,
                    )
            if args.markdown:
                print(f"| {variant} | {style} | " + " | ".join(texts) + " |", flush=True)
    if slowest:
        print(
            f"hard's slowest decision (CPU time) per game over {len(slowest)} games: median {statistics.median(slowest) * 1000:.0f}"
            f" ms, 90th percentile {sorted(slowest)[int(0.9 * (len(slowest) - 1))] * 1000:.0f} ms, worst "
            f"{max(slowest) * 1000:.0f} ms (load {os.getloadavg()[0]:.1f})"
        )


if __name__ == "__main__":
    main()
