"""The computer players' shared core, which names no rulebook: each rulebook's package (riskterm.ai.<name>)
builds on it and the registry (riskterm.ai) hands out what the packages offer.

- `player`: what a computer player is (Player); `offer`: what a rulebook's package offers (Offer);
- `generic`: the Heuristic every rulebook's player is, and the generic player reading actions by their shape;
  `grouped`: easy's choice per group of actions; `board_info`: what a player precomputes about a board;
- `search`: the search over a heuristic that plays hard (Profile, SearchPlayer); `evaluate`: what the
  rulebooks' evaluators share;
- `guard`: the bound on a computer turn (TurnGuard);
- `reading`: an action read by its shape (the territories it names, who holds them, the numbers it carries);
- `explain`, `explain_words`: one sentence on why an action is worth taking, from the seat's view alone, with
  a rulebook's own sentences (Reasons) for its own steps."""

from riskterm.ai.core.explain import explain
from riskterm.ai.core.reading import Reading, read_action

__all__ = ["Reading", "explain", "read_action"]
