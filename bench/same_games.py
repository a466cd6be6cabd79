"""Fingerprints of seeded computer games, to show a refactoring plays the same games: every step's action,
events (kind, data, addressee, secret keys, barrier), undo barrier and state, and every seat's log lines.

    python bench/same_games.py --out before.json          # on the old tree
    python bench/same_games.py --out after.json           # on the new tree
    python bench/same_games.py --compare before.json after.json

Besides each rulebook's default game, classic's other modes (MODE_GAMES). bench/same_games_baseline.json: --seeds 6.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from typing import Any

MIXES = {
    "classic": [["easy", "normal", "hard"], ["normal", "easy", "easy", "normal"]],
    "europe": [["easy", "normal", "hard"], ["normal", "easy"]],
    "risiko": [["easy", "normal", "hard"], ["normal", "easy", "easy", "normal"]],
    "modern": [["easy", "normal", "hard"], ["normal", "easy", "easy", "normal"]],
}
# games of a rulebook's other modes and house rules: (variant, house options over the defaults, levels)
MODE_GAMES: list[tuple[str, dict[str, Any], list[str]]] = [
    ("classic", {"mode": "missions"}, ["easy", "normal", "hard", "normal"]),
    (
        "classic",
        {
            "mode": "missions",
            "target_out": "play_for_24",
            "third_continent": "declared",
            "mission_setup": "dealt",
        },
        ["hard", "normal", "easy"],
    ),
    ("classic", {"mode": "capitals"}, ["easy", "normal", "hard", "normal"]),
    ("classic", {"mode": "assassin"}, ["easy", "normal", "hard", "normal"]),
]


def event_plain(e: Any) -> Any:
    if hasattr(e, "kind"):
        return [e.kind, e.data, e.to, list(e.secret), e.barrier]
    return ["dict", dict(e)]


def fingerprint(variant: str, levels: list[str], seed: int, house: dict[str, Any] | None = None) -> str:
    from riskterm.ai.simulate import house_defaults, play_game
    from riskterm.record.log import game_log
    from riskterm.rules import find_variant

    options = {**house_defaults(find_variant(variant)), **(house or {})}
    session = play_game(variant, levels, seed, options)
    h = hashlib.sha256()
    for e in session.start_events:
        h.update(json.dumps(event_plain(e), sort_keys=True, default=str).encode())
    for st in session.steps:
        h.update(str(st.action).encode())
        h.update(json.dumps([event_plain(e) for e in st.events], sort_keys=True, default=str).encode())
        h.update(str(bool(st.barrier)).encode())
        h.update(json.dumps(st.after, sort_keys=True, default=str).encode())
    for seat in [None, *range(len(levels))]:
        for line in game_log(session, seat):
            h.update(f"{line.kind}|{line.player}|{line.text}".encode())
    return h.hexdigest()[:16]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out")
    ap.add_argument("--seeds", type=int, default=4)
    ap.add_argument("--variant", default="classic,europe,risiko,modern")
    ap.add_argument("--compare", nargs=2)
    a = ap.parse_args()
    if a.compare:
        old, new = (json.load(open(p)) for p in a.compare)
        diff = [k for k in old if old[k] != new.get(k)]
        print(f"{len(old) - len(diff)} of {len(old)} games the same" + (f"; differ: {diff}" if diff else ""))
        return 1 if diff else 0
    out = {}
    for variant in a.variant.split(","):
        for mix in MIXES[variant]:
            for seed in range(a.seeds):
                key = f"{variant}/{'-'.join(mix)}/{seed}"
                out[key] = fingerprint(variant, mix, seed)
                print(key, out[key], flush=True)
    for variant, house, mix in MODE_GAMES:
        if variant not in a.variant.split(","):
            continue
        for seed in range(a.seeds):
            key = f"{variant}/{','.join(f'{k}={v}' for k, v in house.items())}/{'-'.join(mix)}/{seed}"
            out[key] = fingerprint(variant, mix, seed, house)
            print(key, out[key], flush=True)
    if a.out:
        with open(a.out, "w") as f:
            json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
