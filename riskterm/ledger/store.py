"""The ledger's SQLite database, `ledger.sqlite` in the data folder: every finished game (games, seats) and the
players' profiles (a person by name with the colour they last chose; a computer level by its name).

Several riskterm processes may write at once (two games ending, a host and a `ledger add`): every write is
one IMMEDIATE transaction and waits up to `timeout` seconds for another to finish, then gives up with a
sentence. A damaged database (not a database, or malformed) is moved aside, with its journal, as
`ledger.sqlite.damaged-<time>` and a new one begun: the write that found it goes on in the new one and the
sentence (Ledger.notes) says where the old one is. A database made by a newer riskterm is never changed.
Ratings are not stored: they are worked out from the games (ratings.py), so a game added late (an old save)
takes its place in time. Nothing here is allowed to end a game: callers catch LedgerError."""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from riskterm.errors import RiskError
from riskterm.ledger.entry import COMPUTER, PERSON, GameEntry, SeatEntry, now_utc

FILE_NAME = "ledger.sqlite"
SCHEMA_VERSION = 1
TIMEOUT = 3.0  # seconds a write waits for another process's write: they take milliseconds

T = TypeVar("T")

SCHEMA = """
CREATE TABLE IF NOT EXISTS profiles (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('person', 'computer')),
    name TEXT NOT NULL COLLATE NOCASE,
    colour TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    last_seen TEXT NOT NULL,
    UNIQUE (kind, name)
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game_id TEXT NOT NULL UNIQUE,
    variant TEXT NOT NULL,
    title TEXT NOT NULL,
    mode TEXT NOT NULL,
    board TEXT NOT NULL,
    board_name TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    winner INTEGER,
    draw INTEGER NOT NULL,
    turns INTEGER NOT NULL,
    moves INTEGER NOT NULL,
    started_at TEXT NOT NULL,
    ended_at TEXT NOT NULL,
    save_path TEXT NOT NULL,
    source TEXT NOT NULL,
    recorded_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS games_by_end ON games (ended_at, game_id);
CREATE TABLE IF NOT EXISTS seats (
    game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    profile INTEGER NOT NULL REFERENCES profiles (id),
    name TEXT NOT NULL,
    colour TEXT NOT NULL,
    level TEXT,
    place INTEGER NOT NULL,
    out_turn INTEGER,
    PRIMARY KEY (game, seat)
);
"""

# SQLite's primary result codes (sqlite3.Error.sqlite_errorcode & 0xff)
_BUSY, _LOCKED, _READONLY, _CANTOPEN, _CORRUPT, _NOTADB, _FULL = 5, 6, 8, 14, 11, 26, 13


class LedgerError(RiskError):
    """The ledger could not be read or written now; the sentence says why. Never the end of a game."""


@dataclass(frozen=True)
class Profile:
    kind: str  # 'person' or 'computer'
    name: str  # a person's name, or a computer level
    colour: str
    last_seen: str

    @property
    def who(self) -> tuple[str, str]:
        return self.kind, self.name


def ledger_path() -> Path:
    from riskterm.paths import data_dir

    return data_dir() / FILE_NAME


def _code(e: sqlite3.Error) -> int:
    return int(getattr(e, "sqlite_errorcode", 0) or 0) & 0xFF


class Ledger:
    """The ledger at `path` (default: the data folder's). Opened for each call and closed after it, so no
    process holds it between games. `notes` gathers the sentences about a damaged file moved aside."""

    def __init__(self, path: str | os.PathLike[str] | None = None, timeout: float = TIMEOUT) -> None:
        self.path = Path(path) if path is not None else ledger_path()
        self.timeout = timeout
        self.notes: list[str] = []

    # --- opening, and what goes wrong ----------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        from riskterm.record.atomic import PRIVATE_FILE, private_folder

        private_folder(self.path.parent)
        try:  # made as this user's alone (who played whom, and when); SQLite's journal takes the same mode
            os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE))
        except FileExistsError:
            pass
        conn = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
        try:
            conn.execute("PRAGMA foreign_keys = ON")
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            if version > SCHEMA_VERSION:
                raise LedgerError(
                    f"The ledger {self.path} was written by a newer riskterm; update riskterm "
                    f"to use it (it is left as it is)."
                )
            if version < SCHEMA_VERSION:
                conn.execute("BEGIN IMMEDIATE")
                if int(conn.execute("PRAGMA user_version").fetchone()[0]) < SCHEMA_VERSION:
                    for stmt in filter(str.strip, SCHEMA.split(";")):
                        conn.execute(stmt)
                    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                conn.execute("COMMIT")
            elif conn.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise sqlite3.DatabaseError("database disk image is malformed")
        except BaseException:
            conn.close()
            raise
        return conn

    def _run(self, work: Callable[[sqlite3.Connection], T], *, write: bool) -> T:
        """Run `work` on an open connection (inside one IMMEDIATE transaction for a write). A damaged file is
        moved aside and the work done again on a new one; anything else is a LedgerError."""
        for attempt in range(2):
            conn: sqlite3.Connection | None = None
            try:
                conn = self._connect()
                if not write:
                    return work(conn)
                conn.execute("BEGIN IMMEDIATE")
                try:
                    out = work(conn)
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")
                return out
            except sqlite3.Error as e:
                code = _code(e)
                damaged = code in (_CORRUPT, _NOTADB) or (
                    not isinstance(e, sqlite3.OperationalError)
                    and isinstance(e, sqlite3.DatabaseError)
                    and not isinstance(e, sqlite3.IntegrityError)
                    and code == 0
                )
                if conn is not None:
                    conn.close()
                    conn = None
                if damaged and attempt == 0:
                    self.notes.append(self._set_aside())
                    continue
                raise LedgerError(self._sentence(e, code)) from None
            except OSError as e:  # the data folder cannot be made
                raise LedgerError(
                    f"riskterm cannot open the ledger {self.path} ({e.strerror or e})."
                ) from None
            finally:
                if conn is not None:
                    conn.close()
        raise LedgerError(f"The ledger {self.path} is damaged and a new one could not be begun.")

    def _sentence(self, e: sqlite3.Error, code: int) -> str:
        if code in (_BUSY, _LOCKED) or "locked" in str(e):
            return (
                f"The ledger {self.path} is busy (another riskterm is writing it); this was not recorded, "
                f"try again in a moment."
            )
        if code == _READONLY:
            return f"The ledger {self.path} is read-only, so nothing can be recorded in it."
        if code == _FULL:
            return f"The ledger {self.path} could not be written: the disk is full."
        if code == _CANTOPEN:
            return f"riskterm cannot open the ledger {self.path} (is its folder writable?)."
        return f"riskterm cannot use the ledger {self.path} ({str(e).rstrip('.')})."

    def _set_aside(self) -> str:
        """Move the damaged file (and its journal) out of the way; the sentence saying where it is."""
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
        kept = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        n = 1
        while kept.exists():
            n += 1
            kept = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{n}")
        try:
            os.replace(self.path, kept)
            for tail in ("-journal", "-wal", "-shm"):
                side = self.path.with_name(self.path.name + tail)
                if side.exists():
                    os.replace(side, kept.with_name(kept.name + tail))
        except OSError as e:
            raise LedgerError(
                f"The ledger {self.path} is damaged and cannot be moved aside ({e.strerror or e})."
            ) from None
        return (
            f"The ledger was damaged: it is kept as {kept} and a new one begun ('riskterm ledger add "
            f"FOLDER' puts the games of saved files back in)."
        )

    # --- writing ---------------------------------------------------------------------------------------
    def add_game(self, game: GameEntry) -> bool:
        """Record a finished game and its players' profiles; False when the game (by its id) is there already."""
        return self._run(lambda c: _insert_game(c, game), write=True)

    def add_games(self, games: Iterable[GameEntry]) -> list[bool]:
        """Several games in one transaction (`ledger add`); for each, whether it was new."""
        items = list(games)
        return self._run(lambda c: [_insert_game(c, g) for g in items], write=True)

    def remember(self, people: Iterable[tuple[str, str]]) -> None:
        """Remember people (name, colour) as the new-game screen set them up: the first seat is offered first
        next time (each later one a microsecond earlier)."""
        items = list(people)
        micro = time.time_ns() // 1000 % 1_000_000

        def work(c: sqlite3.Connection) -> None:
            for k, (name, colour) in enumerate(items):
                _profile_id(c, PERSON, name, colour, f"{now_utc()[:-1]}.{max(micro - k, 0):06d}Z")

        self._run(work, write=True)

    # --- reading ---------------------------------------------------------------------------------------
    def has_game(self, game_id: str) -> bool:
        return bool(
            self._run(
                lambda c: c.execute("SELECT 1 FROM games WHERE game_id = ?", (game_id,)).fetchone(),
                write=False,
            )
        )

    def profiles(self) -> list[Profile]:
        """Every profile but the forgotten, the most recently seen first."""
        rows = self._run(
            lambda c: c.execute(
                "SELECT kind, name, colour, last_seen FROM profiles WHERE NOT "
                "(kind = 'person' AND name LIKE ? ESCAPE '!') "
                "ORDER BY last_seen DESC, id DESC",
                (_FORGOTTEN_LIKE,),
            ).fetchall(),
            write=False,
        )
        return [Profile(str(k), str(n), str(col), str(t)) for k, n, col, t in rows]

    def games(self) -> list[GameEntry]:
        """Every game, in the order they ended (the order ratings are worked out in)."""
        return self._run(_read_games, write=False)

    # --- managing people's profiles (a computer level's profile is its level and stays as it is) -----------
    def rename(self, old: str, new: str) -> str:
        """Give a person a new name (or a new spelling of theirs); their games follow. The sentence saying so."""

        def work(c: sqlite3.Connection) -> str:
            pid, was = _person(c, old)
            name = _new_name(new)
            other = c.execute(
                "SELECT id, name FROM profiles WHERE kind = 'person' AND name = ?", (name,)
            ).fetchone()
            if other is not None and int(other[0]) != pid:
                raise ProfileError(
                    f"There is already a player called '{other[1]}'; 'riskterm ledger merge "
                    f"{was} {other[1]}' makes them one."
                )
            if name == was:
                raise ProfileError(f"'{was}' is already called that.")
            c.execute("UPDATE profiles SET name = ? WHERE id = ?", (name, pid))
            return f"{was} is now called {name}; their {_games_of(c, pid)} follow."

        return self._run(work, write=True)

    def merge(self, source: str, into: str) -> str:
        """Make two people one: `source`'s games become `into`'s and `source` is gone. Names differing only in
        case are one person already; merging them just takes `into`'s spelling."""

        def work(c: sqlite3.Connection) -> str:
            src, src_name = _person(c, source)
            dst, dst_name = _person(c, into)
            if src == dst:
                wanted = into.strip()
                if wanted == src_name:
                    raise ProfileError(f"'{src_name}' cannot be merged into itself.")
                c.execute("UPDATE profiles SET name = ? WHERE id = ?", (wanted, src))
                return (
                    f"{src_name} and {wanted} were one player already (a name's case does not matter); "
                    f"it is now spelt {wanted}."
                )
            c.execute("UPDATE seats SET profile = ? WHERE profile = ?", (dst, src))
            c.execute(
                "UPDATE profiles SET created_at = min(created_at, (SELECT created_at FROM profiles "
                "WHERE id = ?)), last_seen = max(last_seen, (SELECT last_seen FROM profiles WHERE id = ?)) "
                "WHERE id = ?",
                (src, src, dst),
            )
            c.execute("DELETE FROM profiles WHERE id = ?", (src,))
            return f"{src_name} is merged into {dst_name}, who now has {_games_of(c, dst)} in the ledger."

        return self._run(work, write=True)

    def forget(self, name: str) -> str:
        """Forget a person's name: their games stay (everyone else's ratings are unchanged), played by
        '(forgotten N)', a name nobody is offered and nobody can take."""

        def work(c: sqlite3.Connection) -> str:
            pid, was = _person(c, name)
            if is_forgotten(was):
                raise ProfileError(f"'{was}' is forgotten already.")
            taken = {
                str(n).lower()
                for (n,) in c.execute(
                    "SELECT name FROM profiles WHERE kind = 'person' AND name LIKE ? ESCAPE '!'",
                    (_FORGOTTEN_LIKE,),
                )
            }
            k = 1
            while f"{FORGOTTEN} {k})".lower() in taken:
                k += 1
            label = f"{FORGOTTEN} {k})"
            c.execute("UPDATE profiles SET name = ?, colour = '' WHERE id = ?", (label, pid))
            c.execute("UPDATE seats SET name = ? WHERE profile = ?", (label, pid))
            return f"{was} is forgotten: their {_games_of(c, pid)} stay in the ledger as {label}'s."

        return self._run(work, write=True)

    def games_of(self, name: str) -> tuple[str, int]:
        """A person's name as the ledger spells it, and how many games they played (ProfileError if none)."""

        def work(c: sqlite3.Connection) -> tuple[str, int]:
            pid, was = _person(c, name)
            return was, int(
                c.execute("SELECT count(DISTINCT game) FROM seats WHERE profile = ?", (pid,)).fetchone()[0]
            )

        return self._run(work, write=False)


FORGOTTEN = "(forgotten"  # a forgotten person is '(forgotten 1)', '(forgotten 2)', ...
_FORGOTTEN_LIKE = "!(forgotten%"


class ProfileError(RiskError):
    """A profile cannot be renamed, merged or forgotten as asked; the sentence says why."""


def is_forgotten(name: str) -> bool:
    return name.strip().lower().startswith(FORGOTTEN)


def _person(c: sqlite3.Connection, name: str) -> tuple[int, str]:
    """A person's profile id and name as spelt in the ledger (any case finds it)."""
    from riskterm.setup_options import LEVELS, printable

    wanted = name.strip()
    row = c.execute("SELECT id, name FROM profiles WHERE kind = 'person' AND name = ?", (wanted,)).fetchone()
    if row is not None:
        return int(row[0]), str(row[1])
    level = wanted.lower().removeprefix("computer").strip(" ():")
    if level in LEVELS:
        raise ProfileError(
            f"'{printable(wanted)[:40]}' is a computer level's profile; only people's profiles "
            f"can be renamed, merged or forgotten."
        )
    raise ProfileError(
        f"The ledger has no player called '{printable(wanted)[:40]}' ('riskterm ledger' lists them)."
    )


def _new_name(name: str) -> str:
    from riskterm.setup_options import LEVELS, check_name

    n = check_name(name)
    if n.lower().removeprefix("computer").strip(" ():") in LEVELS:
        raise ProfileError(f"'{n}' is a computer level's name; a person needs another.")
    if is_forgotten(n):
        raise ProfileError(f"Names beginning '{FORGOTTEN}' are kept for forgotten players; choose another.")
    return n


def _games_of(c: sqlite3.Connection, pid: int) -> str:
    n = int(c.execute("SELECT count(DISTINCT game) FROM seats WHERE profile = ?", (pid,)).fetchone()[0])
    return f"{n} game{'s' if n != 1 else ''}"


def _profile_id(c: sqlite3.Connection, kind: str, name: str, colour: str, when: str) -> int:
    """The profile's row id, made when new; its colour (a person's) and name's spelling follow the latest."""
    row = c.execute("SELECT id, last_seen FROM profiles WHERE kind = ? AND name = ?", (kind, name)).fetchone()
    if row is None:
        cur = c.execute(
            "INSERT INTO profiles (kind, name, colour, created_at, last_seen) VALUES (?, ?, ?, ?, ?)",
            (kind, name, colour if kind == PERSON else "", when, when),
        )
        return int(cur.lastrowid or 0)
    pid, seen = int(row[0]), str(row[1])
    if when >= seen:  # an old game added late does not change what the player chose since
        c.execute(
            "UPDATE profiles SET name = ?, colour = CASE WHEN ? = '' THEN colour ELSE ? END, last_seen = ? "
            "WHERE id = ?",
            (name, colour, colour, when, pid),
        )
    return pid


def _insert_game(c: sqlite3.Connection, g: GameEntry) -> bool:
    if c.execute("SELECT 1 FROM games WHERE game_id = ?", (g.game_id,)).fetchone():
        return False
    cur = c.execute(
        "INSERT INTO games (game_id, variant, title, mode, board, board_name, options, seed, winner, draw, turns, "
        "moves, started_at, ended_at, save_path, source, recorded_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            g.game_id,
            g.variant,
            g.title,
            g.mode,
            g.board,
            g.board_name,
            json.dumps(g.options, sort_keys=True),
            g.seed,
            g.winner,
            int(g.draw),
            g.turns,
            g.moves,
            g.started_at,
            g.ended_at,
            g.save_path,
            g.source,
            now_utc(),
        ),
    )
    gid = int(cur.lastrowid or 0)
    for s in g.seats:
        kind, name = s.who
        pid = _profile_id(c, kind, name, s.colour if kind == PERSON else "", g.ended_at)
        c.execute(
            "INSERT INTO seats (game, seat, profile, name, colour, level, place, out_turn) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (gid, s.seat, pid, s.name, s.colour, s.level, s.place, s.out_turn),
        )
    return True


def _read_games(c: sqlite3.Connection) -> list[GameEntry]:
    seats: dict[int, list[SeatEntry]] = {}
    # a person's seat is rated as their profile, under its name now (renamed, merged or forgotten since)
    for gid, seat, name, colour, level, place, out_turn in c.execute(
        "SELECT s.game, s.seat, CASE WHEN s.level IS NULL THEN p.name ELSE s.name END, s.colour, s.level, "
        "s.place, s.out_turn FROM seats s JOIN profiles p ON p.id = s.profile ORDER BY s.game, s.seat"
    ):
        seats.setdefault(int(gid), []).append(
            SeatEntry(
                int(seat),
                str(name),
                str(colour),
                str(level) if level else None,
                int(place),
                int(out_turn) if out_turn is not None else None,
            )
        )
    out = []
    for row in c.execute(
        "SELECT id, game_id, variant, title, mode, board, board_name, options, seed, winner, "
        "turns, moves, started_at, ended_at, save_path, source FROM games "
        "ORDER BY ended_at, game_id"
    ):
        (
            gid,
            game_id,
            variant,
            title,
            mode,
            board,
            board_name,
            options,
            seed,
            winner,
            turns,
            moves,
            started,
            ended,
            save_path,
            source,
        ) = row
        out.append(
            GameEntry(
                game_id=str(game_id),
                variant=str(variant),
                title=str(title),
                mode=str(mode),
                board=str(board),
                board_name=str(board_name),
                options=_options(options),
                seed=int(seed),
                winner=int(winner) if winner is not None else None,
                turns=int(turns),
                moves=int(moves),
                ended_at=str(ended),
                started_at=str(started),
                save_path=str(save_path),
                source=str(source),
                seats=tuple(seats.get(int(gid), ())),
            )
        )
    return out


def _options(text: Any) -> dict[str, Any]:
    try:
        value = json.loads(str(text))
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


__all__ = [
    "COMPUTER",
    "FORGOTTEN",
    "PERSON",
    "Ledger",
    "LedgerError",
    "Profile",
    "ProfileError",
    "is_forgotten",
    "ledger_path",
]
