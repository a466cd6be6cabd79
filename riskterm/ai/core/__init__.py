"""The computer players' shared core: what every rulebook's player and the coach read off a seat's view.

- `reading`: an action read by its shape (the territories it names, who holds them, the numbers it carries),
  the same reading the generic player scores;
- `explain`: one sentence on why an action is worth taking (the odds, the region it completes, the threat it
  answers), computed from the seat's view alone;
- riskterm.ai.coach: what the hard player would do now, and why."""

from riskterm.ai.core.explain import explain
from riskterm.ai.core.reading import Reading, read_action

__all__ = ["Reading", "explain", "read_action"]
