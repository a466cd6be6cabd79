"""Phrases the coach's sentences share, every rulebook's: how much of a region a step would hold, the danger next
to a territory, whose units, a count in words, a chance in words. Each reads the seat's view only."""

from __future__ import annotations

from collections.abc import Callable

from riskterm.ai.core.board_info import BoardInfo, threat
from riskterm.engine.actions import Action, Arg
from riskterm.engine.state import State

# the common steps' sentences
TRADE = "Trade in the set now: its armies go on the board with this turn's reinforcements."
RETREAT = "Stop this attack: the hard player sees more to lose than to gain in going on."
GO_ON = "Fight another round: the hard player still likes the attack's odds."


def held_after(info: BoardInfo, owner: list[int], seat: int, t: int, extra: int = 1) -> tuple[int, int]:
    """How many of the territories of t's region the seat would hold with t (and `extra` - 1 more), of how many."""
    members = info.members[info.region_of[t]]
    return sum(1 for x in members if owner[x] == seat and x != t) + extra, len(members)


def held_note(info: BoardInfo, owner: list[int], seat: int, t: int, extra: int = 1) -> str:
    """'you would hold 3 of the 5 territories of Iberia' (or 'completes Iberia (+2 each turn)')."""
    r = info.region_of[t]
    name = info.board.regions[r].name
    held, total = held_after(info, owner, seat, t, extra)
    if held >= total:
        return f"it completes {name} (+{info.bonus[r]} each turn)"
    return f"you would hold {held} of the {total} territories of {name}"


def danger_note(danger: int) -> str:
    return f"{danger} enemy armies next to it" if danger else "no enemy next to it"


def most_threatened(info: BoardInfo, owner: list[int], armies: list[int], seat: int) -> tuple[int, int]:
    """The seat's territory with the most enemy armies next to it, and that number ((-1, 0) if none)."""
    best = max(
        ((threat(info, owner, armies, seat, t), t) for t, o in enumerate(owner) if o == seat), default=(0, -1)
    )
    return best[1], best[0]


def whose(view: State, seat: int, q: int) -> str:
    """'your' or "Anna's" (the seat's name, as the app shows it)."""
    if q == seat:
        return "your"
    players = view.get("players") or []
    return f"{players[q]['name']}'s" if 0 <= q < len(players) else "another player's"


def count(n: int, one: str, many: str = "") -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"


def losses(a: Action, label: Callable[[Arg], str]) -> str:
    """Losses chosen by naming what goes, or the rulebook's default losses."""
    if a.args:
        return f"Give up {' '.join(label(x) for x in a.args)}: the rest stay to fight."
    return "Take the default losses: the cheapest units go first."


def taken(view: State, key: str, field: str) -> int | None:
    """The territory view[key][field] names (a conquest under way), if it is one."""
    won = (view.get(key) or {}).get(field) if isinstance(view.get(key), dict) else None
    return won if isinstance(won, int) else None


def percent(p: float) -> str:
    """'about 64%'; never 'about 100%' for a fight that can still be lost."""
    if 0.0 < p < 1.0 and round(p * 100) in (0, 100):
        return "under 1%" if p < 0.5 else "over 99%"
    return f"about {p:.0%}"
