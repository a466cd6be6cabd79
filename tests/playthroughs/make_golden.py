"""Writes the golden playthrough transcripts: python tests/playthroughs/make_golden.py

A transcript is a seeded game: the actions a fixed policy chose and the log lines they produced. The test
replays the actions and compares the log, so any change in the rules' behaviour shows up as a diff."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from riskterm.rules import find_variant

HERE = Path(__file__).parent
GAMES = [
    ("classic", 4, 7, {"quick_start": True}),
    ("classic", 3, 8, {}),
    # every other rulebook with its house rules as a new game writes them (house_options defaults)
    ("europe", 3, 3, {"quick_start": True}),
    ("risiko", 3, 4, {"quick_start": True, "defender": "always", "readings": "reviewed"}),
    (
        "modern",
        3,
        5,
        {
            "quick_start": True,
            "defender_chooses": True,
            "units": "balanced",
            "defence_roll": "own_value",
            "lone_survivor": "asked",
        },
    ),
]


def policy(rules, s, rnd):
    acts = rules.legal_actions(s)
    if rules.name != "classic":  # any legal action, ending a phase less often so that battles happen
        keep = [a for a in acts if a.kind not in ("end", "retreat", "done", "stop")]
        return rnd.choice(keep if keep and rnd.random() < 0.85 else acts)
    if s["phase"] == "attack":
        idx = rules.board.index
        good = [
            a
            for a in acts
            if a.kind == "blitz" and s["armies"][idx[a.args[0]]] > s["armies"][idx[a.args[1]]] + 1
        ]
        return rnd.choice(good) if good else acts[-1]
    if s["phase"] in ("occupy", "fortify"):
        return acts[-1]
    return rnd.choice(acts)


def transcript(variant: str, n: int, seed: int, options: dict, max_actions: int = 400) -> str:
    rules = find_variant(variant)
    names = [f"P{i}" for i in range(n)]
    s, events = rules.new_game(names, seed, options)
    names = rules.names(s)
    lines = [f"# {variant} players={n} seed={seed} options={sorted(options.items())}"]
    lines += ["  " + rules.presenter().describe(e, names) for e in events]
    rnd = random.Random(seed)
    for _ in range(max_actions):
        if rules.is_over(s):
            break
        a = policy(rules, s, rnd)
        s, events = rules.apply(s, a)
        lines.append(f"> {a}")
        lines += ["  " + rules.presenter().describe(e, names, None) for e in events]
    return "\n".join(lines) + "\n"


def path_for(variant: str, n: int, seed: int) -> Path:
    return HERE / f"{variant}-{n}p-seed{seed}.txt"


if __name__ == "__main__":
    for v, n, seed, opts in GAMES:
        path_for(v, n, seed).write_text(transcript(v, n, seed, opts))
        print("wrote", path_for(v, n, seed), file=sys.stderr)
