"""The subcommands of `riskterm`, one module each (see riskterm/cli.py): command name -> (module, help)."""

from __future__ import annotations

COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("play", "start a game in the terminal app (the default command)"),
    "learn": ("learn", "learn to play: a guided game that explains each step"),
    "resume": ("resume", "reopen the latest unfinished game, or a given save file"),
    "replay": ("replay", "step through a saved game turn by turn"),
    "odds": ("odds", "exact chance of taking a territory: riskterm odds ATTACKERS DEFENDERS"),
    "validate-map": ("validate_map", "check board files and report every problem"),
    "import-map": (
        "import_map",
        "turn a Domination or Conquest map (.map and its picture) into a board file",
    ),
    "new-map": ("new_map", "make a random board: riskterm new-map --seed 7"),
    "simulate": ("simulate", "play whole games between computer players without a screen"),
    "check-save": ("check_save", "replay a save file and report whether it is sound"),
    "verify": ("verify", "check that every roll of a finished game came from the seed it committed to"),
    "stats": ("stats", "statistics of a saved game"),
    "ledger": ("ledger", "standings, ratings and every finished game; 'ledger add SAVES' adds saved games"),
    "host": ("host", "host a game others join from their own screens"),
    "join": ("join", "play or watch a hosted game: riskterm join CODE@HOST:PORT"),
    "serve": ("serve", "serve the join screen to web browsers (textual-serve)"),
}
