"""The ledger: every finished game on this machine in a SQLite database in the data folder (store.py), the
players' profiles, and OpenSkill ratings worked out from the games (ratings.py). A finished game reaches it
from its autosave through recorder.py, in a thread of its own; `riskterm ledger` and the Ledger screen read it
(report.py). No Textual here."""
