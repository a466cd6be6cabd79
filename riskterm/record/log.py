"""The game log: every event with its turn and player, as a given seat may read it (private events show their
details only to their owner), filterable by player and by kind, and the "since your last turn" digest for
the hand-off screen. An event reaches `describe` already redacted for the reader, so a secret field can never
reach another seat's log line."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from riskterm.engine.events import Event, seen_by
from riskterm.rules.base import Rules
from riskterm.session import Session


@dataclass(frozen=True)
class LogEntry:
    index: int  # position in the game's event list
    turn: int
    player: int | None  # seat the event belongs to (None for the game itself)
    kind: str  # the event type: 'battle', 'card', 'trade', ...
    text: str  # the line as the reader may see it
    private: bool  # the event has a private part (shown in full only to its owner)


def entries(
    rules: Rules, events: Iterable[Event], names: list[str], seat: int | None, start: int = 0
) -> list[LogEntry]:
    out, show = [], rules.presenter()
    for i, e in enumerate(events, start=start):
        if not e.seen_by(seat):
            continue
        player = e.data.get("player")
        out.append(
            LogEntry(
                index=i,
                turn=int(e.data.get("turn", 0) or 0),
                player=player if isinstance(player, int) else None,
                kind=e.kind,
                text=show.describe(e.redacted(seat), names, seat),
                private=e.to is not None or bool(e.secret),
            )
        )
    return out


def game_log(
    session: Session,
    seat: int | None = None,
    players: Iterable[int] | None = None,
    kinds: Iterable[str] | None = None,
    since: int = 0,
) -> list[LogEntry]:
    """The log as `seat` may read it (None: a spectator, who sees no private detail), optionally only the
    events of some players and of some kinds, from event index `since` on."""
    names = session.rules.names(session.state)
    events = session.events_for(seat)[since:]
    log = entries(session.rules, events, names, seat, start=since)
    return filter_log(log, players, kinds)


def filter_log(
    log: list[LogEntry], players: Iterable[int] | None = None, kinds: Iterable[str] | None = None
) -> list[LogEntry]:
    ps = set(players) if players is not None else None
    ks = set(kinds) if kinds is not None else None
    return [e for e in log if (ps is None or e.player in ps) and (ks is None or e.kind in ks)]


def kinds_in(session: Session, seat: int | None = None) -> list[str]:
    """The event kinds that occur in the game so far as `seat` learns of them, in order of first appearance
    (for a filter menu)."""
    seen: dict[str, None] = {}
    for e in seen_by(session.events_for(seat), seat):
        seen.setdefault(e.kind, None)
    return list(seen)


def last_turn_end(events: list[Event], seat: int, current_turn: int | None = None) -> int:
    """Index just after the last event of `seat`'s previous turn (events of its turn now in progress do not
    count); 0 when the seat has not acted yet."""
    data = [e.data for e in events]
    i = len(data)
    # Skip the events of the seat's own turn in progress (e.g. its 'turn' event right before the hand-off).
    while (
        i > 0
        and data[i - 1].get("player") == seat
        and current_turn is not None
        and data[i - 1].get("turn") == current_turn
    ):
        i -= 1
    while i > 0 and data[i - 1].get("player") != seat:
        i -= 1
    return i


def since_last_turn(session: Session, seat: int) -> list[LogEntry]:
    """What happened since `seat` last acted, as `seat` may read it: for the hand-off screen."""
    events = session.events_for(seat)
    cur = session.state.get("turn")
    start = last_turn_end(events, seat, cur if session.state.get("current") == seat else None)
    return game_log(session, seat, since=start)


def since_last_turn_lines(session: Session, seat: int) -> list[str]:
    """The hand-off recap as plain lines (what RecapScreen shows), private details only for `seat`."""
    events = session.events_for(seat)
    cur = session.state.get("turn")
    start = last_turn_end(events, seat, cur if session.state.get("current") == seat else None)
    return recap_lines(session.rules, events[start:], session.rules.names(session.state), seat)


def recap_lines(rules: Rules, events: list[Event], names: list[str], seat: int | None) -> list[str]:
    """The log lines of `events` as `seat` may read them, for a recap: battles in a row by one attacker from
    and to the same territories (a blitz: a line a roll, 13 for one blitz) in one line, where the rulebook
    writes one (Presenter.battle_run)."""
    show = rules.presenter()
    seen = [e.redacted(seat) for e in seen_by(events, seat)]

    def run_key(e: Event) -> tuple[Any, ...] | None:
        d = e.data
        return (e.kind, d.get("player"), d.get("frm"), d.get("to")) if e.kind in show.battle_events else None

    out: list[str] = []
    i = 0
    while i < len(seen):
        key, j = run_key(seen[i]), i + 1
        while key is not None and j < len(seen) and run_key(seen[j]) == key:
            j += 1
        line = show.battle_run(seen[i:j], names, seat) if j - i > 1 else ""
        if line:
            out.append(line)
            i = j
        else:
            out.append(show.describe(seen[i], names, seat))
            i += 1
    return out
