"""One finished game as the ledger keeps it: who sat where (a person by name, a computer by its level), the
finishing order, the rulebook, mode, board, options, seed and length, and where its save is. Made from a Session,
live or loaded from a save; plain data, nothing written here.

The finishing order: the winner first; the players still in the game when it ended next, tied (a draw at the
turn cap leaves every survivor tied first); then the players knocked out, the last one out first (two out in
one step tie). Every rulebook's player entry in the state says whether the player is out (`out`) and whether
the seat is the neutral army of a two-player game (`neutral`, which is not a player and is left out)."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from riskterm.session import Session

PERSON, COMPUTER = "person", "computer"
_ID_TIME = re.compile(r"(\d{8})-(\d{6})-")  # a game id starts with its creation time (session.new_game_id)


def now_utc() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


@dataclass(frozen=True)
class SeatEntry:
    seat: int
    name: str
    colour: str
    level: str | None  # the computer level, None for a person
    place: int  # 1 = won (or tied first in a draw); competition ranking: 1, 2, 2, 4
    out_turn: int | None = None  # the turn the player was knocked out in; None: in the game to the end

    @property
    def who(self) -> tuple[str, str]:
        """The profile this seat is rated as: a person by name, a computer seat by its level."""
        return (COMPUTER, self.level) if self.level else (PERSON, self.name)


@dataclass(frozen=True)
class GameEntry:
    game_id: str
    variant: str
    title: str  # the rulebook's title
    mode: str  # the rulebook's mode of play ('' when it has none)
    board: str  # the board's id
    board_name: str
    options: dict[str, Any]
    seed: int
    winner: int | None  # the winning seat, None for a draw
    turns: int
    moves: int
    ended_at: str  # UTC, 2026-12-07T03:15:00Z
    started_at: str = ""
    save_path: str = ""
    source: str = "local"  # local (this screen), host (hosted online), import (`ledger add`)
    seats: tuple[SeatEntry, ...] = field(default_factory=tuple)

    @property
    def draw(self) -> bool:
        return self.winner is None

    def seat_of(self, who: tuple[str, str]) -> SeatEntry | None:
        return next((s for s in self.seats if s.who == who), None)


def started_at(game_id: str) -> str:
    """When the game was created, read from its id ('' for an id riskterm did not make)."""
    m = _ID_TIME.match(game_id)
    if not m:
        return ""
    d, t = m.groups()
    return f"{d[:4]}-{d[4:6]}-{d[6:]}T{t[:2]}:{t[2:4]}:{t[4:]}Z"


def _out(state: dict[str, Any], seat: int) -> bool:
    return bool(state["players"][seat].get("out"))


def knocked_out(session: Session) -> dict[int, tuple[int, int]]:
    """Seat -> (the step it went out at, the turn then), for every player knocked out, in the game's order."""
    seats = range(len(session.players))
    out: dict[int, tuple[int, int]] = {}
    for i, st in enumerate(session.steps):
        before, after = st.before, st.after
        if after["players"] is before["players"]:  # states are copy-on-write: no player changed
            continue
        for seat in seats:
            if seat not in out and _out(after, seat):
                out[seat] = (i, int(after.get("turn", 0) or 0))
    # a player out from the start (never seen going out) counts as the first one out
    for seat in seats:
        if seat not in out and _out(session.initial_state, seat):
            out[seat] = (-1, 0)
    return out


def finishing_places(session: Session) -> list[int]:
    """Each seat's place: the winner 1, the survivors tied next, then the players out, last out first."""
    s = session.state
    winner = session.rules.winner(s)
    out = knocked_out(session)
    seats = [i for i in range(len(session.players)) if not s["players"][i].get("neutral")]
    survivors = [i for i in seats if i not in out and i != winner]
    # best first: a sort key per seat, equal keys tie
    key: dict[int, tuple[int, int]] = {}
    for i in seats:
        if i == winner:
            key[i] = (0, 0)
        elif i in survivors:
            key[i] = (1, 0)
        else:
            key[i] = (2, -out[i][0])
    ordered = sorted(seats, key=lambda i: key[i])
    places = [0] * len(session.players)
    for n, i in enumerate(ordered):
        places[i] = places[ordered[n - 1]] if n and key[ordered[n - 1]] == key[i] else n + 1
    return places


def entry_from_session(
    session: Session, *, save_path: str = "", source: str = "local", ended_at: str | None = None
) -> GameEntry:
    """The ledger's entry for a finished game (the caller checks that it is over)."""
    from riskterm.setup_options import MODE

    rules, s = session.rules, session.state
    places = finishing_places(session)
    out = knocked_out(session)
    seats = tuple(
        SeatEntry(
            seat=i,
            name=p.name,
            colour=str(s["players"][i].get("colour") or p.colour),
            level=p.ai,
            place=places[i],
            out_turn=out[i][1] if i in out else None,
        )
        for i, p in enumerate(session.players)
        if not s["players"][i].get("neutral")
    )
    winner = rules.winner(s)
    return GameEntry(
        game_id=session.game_id,
        variant=rules.name,
        title=rules.title,
        mode=str(session.options.get(MODE) or ""),
        board=rules.board.id,
        board_name=rules.board.name,
        options=dict(session.options),
        seed=session.seed,
        winner=winner if isinstance(winner, int) else None,
        turns=int(s.get("turn", 0) or 0),
        moves=len(session.steps),
        ended_at=ended_at or now_utc(),
        started_at=started_at(session.game_id),
        save_path=save_path,
        source=source,
        seats=seats,
    )
