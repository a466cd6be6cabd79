"""The authoritative host of a game played from separate screens, without any transport: one Session, the
seats and their tokens, and what each connection may be sent. The server (server.py) moves its messages.

Nothing secret leaves here: a seat's messages carry `rules.view(state, seat)`, events redacted for that seat
and log lines as that seat may read them; a spectator gets the public view (seat None). Never the random
stream, raw events or the save. Every action is checked against the host's full state and the version the
client acted on; a refused action changes nothing.

Time and absence (the turn timer, missed turns, seats the computer plays for their person) are kept by
absence.py, on the host's time `now()`, so a test runs it on a fake clock."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from riskterm.engine.actions import Action, parse_action
from riskterm.engine.events import seen_by
from riskterm.engine.fog import lifted
from riskterm.engine.joint_seed import valid_commit
from riskterm.errors import IllegalActionError, RiskError
from riskterm.net.absence import Absence, OnTurn
from riskterm.net.policy import HostPolicy
from riskterm.net.protocol import MAX_TEXT, encode, new_code, new_token, text_field
from riskterm.net.turnclock import TurnClock
from riskterm.session import Session
from riskterm.setup_options import check_name, unsafe_char

Send = Callable[[str], None]  # puts one frame on a connection's queue; never blocks


@dataclass
class Conn:
    """One connected screen: a seat (None: a spectator), its name, and how far its events have been sent."""

    seat: int | None
    name: str
    send: Send
    sent_events: int = 0
    id: int = 0
    key: str = ""  # its address, as the limits count it
    admin: bool = False  # the host's own screen: may reopen a seat


@dataclass
class GameHost:
    session: Session
    code: str = field(default_factory=new_code)
    save_to: Path | None = None  # the autosave file (None: no autosave, for tests)
    ai_seed: int = 0
    conns: list[Conn] = field(default_factory=list)
    tokens: dict[str, int] = field(default_factory=dict)  # seat token -> seat
    started: bool = False
    players: dict[tuple[int, str], Any] = field(default_factory=dict)  # computer players by seat and level
    sent_frames: int = 0
    sent_bytes: int = 0
    policy: HostPolicy = field(default_factory=HostPolicy)
    now: Callable[[], float] = time.time  # wall time: a deadline means the same after a restart
    notices: list[str] = field(default_factory=list)  # the table's notices, newest last
    on_notice: Callable[[str], None] | None = None  # the host's own log
    on_turn: OnTurn | None = None
    kept: Path | None = None  # where the code, tokens and seats given away are kept (keep.py); None: nowhere
    admin_key: str = field(
        default_factory=new_token
    )  # the host's own screen says it in its hello (never sent)
    max_watchers: int = 32
    max_watchers_per_address: int = 8
    # in a fogged game: spectators see the whole map and every event (False: only what no seat holds, the
    # level's public sight, as a seat with no territory would)
    spectators_see_all: bool = False
    # a new game's seed made by everyone (engine/joint_seed.py): each person's seat's commitment, then its
    # revealed contribution (None: did not match), and until when the host waits for them once all are in
    joint_seed: bool = False
    reveal_seconds: float = 10.0
    commits: dict[int, str] = field(default_factory=dict)
    reveals: dict[int, str | None] = field(default_factory=dict)
    revealing_until: float | None = None
    _next_id: int = 0

    def __post_init__(self) -> None:
        from riskterm.ai.core.guard import TurnGuard

        self.guard = TurnGuard(max_seconds=5.0)
        self.started = bool(self.session.steps)  # a reopened game goes on once its people are back
        self.absence = Absence(self, self.human_seats() if self.started else [])

    @property
    def away(self) -> dict[int, str]:
        """Seats the computer plays for their person, and why ("away", "missed", "absent")."""
        return self.absence.away

    @property
    def missed(self) -> dict[int, int]:
        return self.absence.missed

    @property
    def clock(self) -> TurnClock | None:
        return self.absence.clock

    @property
    def rules(self):  # type: ignore[no-untyped-def]
        return self.session.rules

    @property
    def version(self) -> int:
        return len(self.session.steps)

    def human_seats(self) -> list[int]:
        return [
            i for i, p in enumerate(self.session.state["players"]) if not p.get("ai") and not p.get("neutral")
        ]

    def names(self) -> list[str]:
        return list(self.rules.names(self.session.state))

    def board_text(self) -> dict[str, str]:
        """What a joining screen needs to draw the board: nothing for the rulebook's own, else the board file's
        text (as a save holds it)."""
        from riskterm.rules import is_own_board

        board = self.rules.board
        return {} if is_own_board(type(self.rules), board) else {"board": board.source}

    # --- joining -------------------------------------------------------------------------------
    def join(
        self,
        name: Any,
        token: Any,
        watch: bool,
        send: Send,
        key: str = "",
        admin: Any = None,
        commit: Any = None,
    ) -> tuple[Conn, str] | str:
        """A new connection (the code already checked): (conn, its seat token) or the sentence refusing it.
        A seat is its token: a known token gets its seat back. A seat no screen has a token for (not taken
        yet, or reopened by the host) goes to the first screen joining with its name; a name matching no free
        seat gets none, so a code holder cannot take another invited player's place. An existing token is
        never handed to anyone but the screen that holds it. `key`: the address, for the spectators' cap.
        `commit`: the screen's commitment to its share of the seed (kept until the host asks for the shares)."""
        name = " ".join(name[:40].split()) if isinstance(name, str) else ""
        if name:
            try:  # the same rule as at the table: no control characters (escape codes reach other screens' logs)
                name = check_name(name)
            except RiskError as e:
                return str(e)
        seat: int | None = None
        token = token if isinstance(token, str) and token in self.tokens else None
        if token is not None:
            seat = self.tokens[token]
        elif not watch:
            got = self.free_seat(name)
            if isinstance(got, str):
                return got
            seat, token = got, new_token()
            self.tokens[token] = seat
        else:
            why = self.no_room_to_watch(key)
            if why is not None:
                return why
        for c in self.conns:
            if (
                seat is not None and c.seat == seat
            ):  # the same seat (its token) from a new screen: the old one goes
                self.leave(c, "Your seat was taken up from another screen.")
                break
        self._next_id += 1
        conn = Conn(
            seat,
            (name or "Guest") if seat is None else self.names()[seat],
            send,
            id=self._next_id,
            key=key,
            admin=isinstance(admin, str) and secrets.compare_digest(admin, self.admin_key),
        )
        self.conns.append(conn)
        dice = {"commitment": self.session.commitment} if self.making_seed() else {}
        conn.send(
            encode(
                "welcome",
                seat=seat,
                token=token or "",
                names=self.names(),
                variant=self.session.state.get("variant", self.rules.name),
                code=self.code,
                recap=self.recap(seat),
                notices=self.notices[-10:],
                **self.board_text(),
                **dice,
            )
        )
        if seat is not None and self.making_seed() and self.revealing_until is None and valid_commit(commit):
            self.commits[seat] = commit  # (a screen joining again before the shares are asked for: its own)
        starting = not self.started and self.all_in()
        if starting and self.making_seed():
            starting = False
            if self.revealing_until is None:
                self.ask_for_shares()
            elif seat is not None and seat not in self.reveals:
                conn.send(self.reveal_frame())
        self.started = self.started or starting
        back = seat is not None and self.absence.rejoined(seat)
        self.keep()
        self.broadcast_lobby()
        self.follow()
        for c in list(self.conns) if starting or back else [conn] if self.started else []:
            self.push(c)
        return conn, token or ""

    # --- the seed everyone makes (engine/joint_seed.py) ------------------------------------------
    def making_seed(self) -> bool:
        """A new game whose seed the table has still to make."""
        return (
            self.joint_seed
            and not self.started
            and not self.session.steps
            and bool(self.session.salt)
            and self.session.host_seed is None
        )

    def reveal_frame(self) -> str:
        names = self.names()
        return encode(
            "share",
            commitment=self.session.commitment,
            commits=[{"seat": s, "name": names[s], "commit": c} for s, c in sorted(self.commits.items())],
        )

    def ask_for_shares(self) -> None:
        """Every seat is in: show everyone every commitment, and ask each screen for its contribution."""
        self.revealing_until = self.now() + self.reveal_seconds
        names = self.names()
        from riskterm.engine.commitment import short

        shares = ", ".join(f"{names[s]} {short(c)}" for s, c in sorted(self.commits.items())) or "none"
        self.notice(
            f"Every seat is in. The dice seed is made from the host's secret (commitment "
            f"{short(self.session.commitment)}) and each seat's contribution, committed to: {shares}."
        )
        if not self.commits:
            self.seed_made()
            return
        frame = self.reveal_frame()
        for c in list(self.conns):
            if c.seat is not None:
                self._send(c, frame)

    def reveal(self, conn: Conn, value: Any) -> bool:
        """A screen's contribution: counted when it matches the commitment its seat sent, else left out. True
        when it was the last one awaited (the game has started)."""
        from riskterm.engine.joint_seed import CONTRIBUTION, contribution_commitment

        seat = conn.seat
        if self.revealing_until is None or seat is None or seat not in self.commits or seat in self.reveals:
            return False
        ok = (
            isinstance(value, str)
            and CONTRIBUTION.fullmatch(value) is not None
            and contribution_commitment(value) == self.commits[seat]
        )
        self.reveals[seat] = value if ok else None
        if not ok:
            self.notice(f"{self.names()[seat]}'s contribution does not match its commitment; it is left out.")
        if all(s in self.reveals for s in self.commits):
            self.seed_made()
            return True
        return False

    def seed_made(self) -> None:
        """Every share is in, or the time for them is up: the game starts from the seed they make (a seat
        without one is absent, and the log and the save say so)."""
        from riskterm.engine.joint_seed import Contribution, made_by_line

        made = [Contribution(s, self.commits.get(s), self.reveals.get(s)) for s in self.human_seats()]
        self.session.seed_from(made)
        self.revealing_until = None
        names = self.names()
        self.notice(
            made_by_line(made, names) + " The save shows every share; riskterm verify checks them once "
            "the game is over."
        )
        dice = encode(
            "dice",
            commitment=self.session.commitment,
            contributions=[{**c.to_json(), "name": names[c.seat], "counted": c.counted()} for c in made],
        )
        for c in list(self.conns):
            self._send(c, dice)
        self.started = True
        self.autosave()
        self.keep()
        self.broadcast_lobby()
        self.follow()
        self.push_all()

    def free_seat(self, name: str) -> int | str:
        """The person's seat no screen holds a token for, called `name`; else the sentence saying why not."""
        names, taken = self.names(), set(self.tokens.values())
        free = [s for s in self.human_seats() if s not in taken]
        mine = [s for s in free if names[s].lower() == name.lower()]
        if mine:
            return mine[0]
        held = [s for s in self.human_seats() if s in taken and names[s].lower() == name.lower()]
        if held:
            return (
                f"{names[held[0]]}'s seat is held by the screen that joined for it. If that was you on "
                f"another machine, ask the host to reopen it (/seat {names[held[0]]} on the host's screen)."
            )
        if not free:
            return "Every seat is taken; join with --watch to follow the game."
        seats = ", ".join(names[s] for s in free)
        if not name:
            return f"Say which seat is yours: join with your name; the free seats are {seats}. Or watch."
        return (
            f"No free seat is called {name}; the free seats are {seats}. Join with your own name, or watch."
        )

    def no_room_to_watch(self, key: str) -> str | None:
        """Spectators have caps of their own (in all and per address), so they never fill the places the
        players need."""
        watching = [c for c in self.conns if c.seat is None]
        if len(watching) >= self.max_watchers:
            return f"This game has as many spectators as it takes ({self.max_watchers})."
        if key and sum(c.key == key for c in watching) >= self.max_watchers_per_address:
            return f"Your address already watches this game {self.max_watchers_per_address} times."
        return None

    def reopen_seat(self, name: str) -> str:
        """The host's word: the seat called `name` loses its token (the screen holding it is let go), so the
        next screen joining with that name takes it. The sentence saying what was done, or why not."""
        names = self.names()
        seat = next(
            (s for s in self.human_seats() if names[s].lower() == " ".join(name.split()).lower()), None
        )
        if seat is None:
            return (
                f"No person's seat is called {name}; the seats are "
                f"{', '.join(names[s] for s in self.human_seats())}."
                if name
                else "Say whose seat: /seat NAME."
            )
        for t in [t for t, s in self.tokens.items() if s == seat]:
            del self.tokens[t]
        for c in [c for c in self.conns if c.seat == seat]:
            self.leave(c, "The host reopened your seat for another screen.")
        self.keep()
        self.notice(
            f"The host reopened {names[seat]}'s seat: the next screen to join as {names[seat]} takes it."
        )
        return ""

    def leave(self, conn: Conn, why: str = "") -> None:
        if conn in self.conns:
            self.conns.remove(conn)
            if why:
                conn.send(encode("bye", text=why))
            if conn.seat is not None and not self.connected(conn.seat):
                self.absence.left(conn.seat)
            self.broadcast_lobby()

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.conns)

    def all_in(self) -> bool:
        return all(self.connected(s) for s in self.human_seats())

    def lobby(self) -> list[dict[str, Any]]:
        ps = self.session.state["players"]
        return [
            {
                "seat": i,
                "name": n,
                "computer": bool(ps[i].get("ai")),
                "connected": self.connected(i),
                "away": self.away.get(i, ""),
            }
            for i, n in enumerate(self.names())
            if not ps[i].get("neutral")
        ]

    def broadcast_lobby(self) -> None:
        frame = encode(
            "lobby",
            seats=self.lobby(),
            started=self.started,
            watching=sum(c.seat is None for c in self.conns),
        )
        for c in list(self.conns):
            self._send(c, frame)

    def recap(self, seat: int | None) -> list[str]:
        """What happened since the seat's last turn, as it may read it (a spectator: nothing)."""
        if seat is None or not self.session.steps:
            return []
        from riskterm.record.log import since_last_turn_lines

        return since_last_turn_lines(self.session, seat)

    # --- playing -------------------------------------------------------------------------------
    def act(self, conn: Conn, text: Any, version: Any) -> str | None:
        """Apply a client's action: None when it went through (everyone was sent the new state), else the
        sentence refusing it (nothing changed)."""
        why = self.refusal(conn, text, version)
        if why is None:
            try:
                self.session.apply(parse_action(text))
            except IllegalActionError as e:
                why = str(e)
            except Exception:  # noqa: BLE001 - a hostile or odd action must not stop the host; nothing changed
                why = (
                    f"'{text}' could not be played."  # (Session.apply changes nothing before the rules agree)
                )
        if why is not None:
            self._send(conn, encode("refused", text=why, version=self.version))
            return why
        if conn.seat is not None and self.absence.acted(conn.seat):
            self.keep()
        self.after_action()
        return None

    def refusal(self, conn: Conn, text: Any, version: Any) -> str | None:
        if not self.started:
            return "The game starts when every player has joined."
        if conn.seat is None:
            return "Spectators watch; they do not play."
        if not text_field(text) or unsafe_char(text) is not None:
            return "That is not an action."
        if version != self.version:
            return "The game moved on before your action arrived; look again and choose."
        actor = self.rules.actor(self.session.state)
        if conn.seat in self.away:
            return "The computer plays your seat while you are away; say /back to take it back."
        if actor != conn.seat:
            return (
                "It is not your turn."
                if actor is None or not self.is_computer(actor)
                else f"It is {self.names()[actor]}'s turn (computer)."
            )
        return None

    def is_computer(self, seat: int) -> bool:
        """A computer seat, or a person's seat the computer plays for them (away, absent, missed turns)."""
        return seat in self.away or self.rules.presenter().is_computer(self.session.state, seat)

    def computer_to_move(self) -> bool:
        a = self.rules.actor(self.session.state)
        return self.started and a is not None and self.is_computer(a)

    def computer_step(self) -> bool:
        """One computer seat's move on the host; False when none is due."""
        chosen = self.computer_choice()
        return chosen is not None and self.apply_computer(*chosen)

    def computer_choice(self) -> tuple[Any, Any] | None:
        """(state, action) for the computer seat due to move, chosen on the state (the guard keeps it legal
        and its turn bounded); None when no computer is due. Safe to run off the server's loop."""
        if not self.computer_to_move():
            return None
        s = self.session.state
        seat = self.rules.actor(s)
        assert seat is not None
        level = (
            s["players"][seat].get("ai")
            or (self.policy.stand_in() if self.away.get(seat) != "absent" else self.policy.fill_level)
            or "easy"
        )
        return s, self.choose(s, seat, level)

    def choose(self, s: Any, seat: int, level: str) -> Action:
        """The computer's choice for `seat` at `level` on the state `s`."""
        key = (seat, level)
        if key not in self.players:
            from riskterm.ai import make_player

            self.players[key] = make_player(s["variant"], level, self.ai_seed * 1000 + seat)
        return self.guard.choose(self.rules, s, seat, self.players[key])

    def apply_computer(self, state: Any, action: Any) -> bool:
        """Apply a computer's choice made on `state`, unless the game moved on (or its seat was handed back)
        meanwhile."""
        if self.session.state is not state or not self.computer_to_move():
            return False
        self.session.apply(action)
        self.after_action()
        return True

    def after_action(self) -> None:
        self.autosave()
        self.follow()
        self.push_all()

    # --- time and absence (absence.py) ----------------------------------------------------------
    def follow(self) -> None:
        self.absence.follow()

    def next_wake(self) -> float | None:
        if self.revealing_until is not None:
            return self.revealing_until
        return self.absence.next_wake()

    def tick(self) -> bool:
        if self.revealing_until is not None:
            if self.now() < self.revealing_until:
                return False
            self.seed_made()  # the shares not in by now are absent: nobody can hold the start
            return True
        return self.absence.tick()

    def notice(self, text: str) -> None:
        """A line for every log: each screen's, the host's, and a screen that joins later."""
        self.notices = [*self.notices[-49:], text]
        frame = encode("notice", text=text, at=time.time())
        for c in list(self.conns):
            self._send(c, frame)
        if self.on_notice is not None:
            self.on_notice(text)

    def over(self) -> bool:
        return bool(self.rules.is_over(self.session.state))

    def keep(self) -> None:
        """Write what --resume needs (keep.py): the code, the tokens, the settings and the seats given away."""
        if self.kept is None:
            return
        from riskterm.net.keep import write_kept

        try:
            write_kept(
                self.kept,
                {
                    "game": self.session.game_id,
                    "code": self.code,
                    "tokens": self.tokens,
                    "policy": self.policy.to_json(),
                    "away": self.away,
                    "missed": self.missed,
                    "notices": self.notices,
                },
            )
        except OSError as e:
            if self.on_notice is not None:
                self.on_notice(f"Could not keep the join code and seat tokens in {self.kept}: {e}")

    def autosave(self) -> None:
        if self.save_to is not None:
            from riskterm.record.autosave import autosave

            autosave(self.session, target=self.save_to, sync=False, source="host")

    def chat(self, conn: Conn, text: Any) -> None:
        """A chat line for every screen (control, format and bidirectional characters taken out), or one of the
        table's commands: /away and /back (a seat's own), /seat NAME (the host's screen only)."""
        line = text_field(text)
        if line is None:
            why: str | None = f"A chat line is text of at most {MAX_TEXT} characters."
        elif line.lower() in ("/away", "/back"):
            why = self.absence.away_or_back(conn.seat, line.lower() == "/away")
        elif line.lower().split(" ")[0] == "/seat":
            why = self.reopen_seat(line[5:].strip()) if conn.admin else "Only the host can reopen a seat."
        else:
            why = None
            if line:
                frame = encode("chat", name=conn.name, text=line, at=time.time())
                for c in list(self.conns):
                    self._send(c, frame)
        if why:
            self._send(conn, encode("refused", text=why, version=self.version))

    # --- what a connection is sent -------------------------------------------------------------
    def state_message(self, conn: Conn) -> str:
        """The state as conn's seat may see it, with the events (redacted) and log lines it has not had."""
        seat, rules, s = conn.seat, self.rules, self.session.state
        show = rules.presenter()
        see_all = seat is None and self.spectators_see_all
        events = self.session.all_events() if see_all else self.session.events_for(seat)
        names = self.names()
        new = seen_by(events[conn.sent_events :] if conn.sent_events <= len(events) else events, seat)
        full = conn.sent_events == 0 or conn.sent_events > len(events)  # first message, or after an undo
        conn.sent_events = len(events)
        actor = rules.actor(s)
        view = rules.view(lifted(s) if see_all else s, seat)
        return encode(
            "state",
            version=self.version,
            view=view,
            seat=seat,
            full=full,
            events=[e.redacted(seat).to_wire() for e in new],
            log=[show.describe(e, names, seat) for e in new],
            actor=actor,
            prompt=show.prompt(view) if actor is not None else "",
            computer=actor is not None and self.is_computer(actor),
            over=rules.is_over(s),
            away=seat is not None and seat in self.away,
            **self.absence.clock_fields(),
        )

    def push(self, conn: Conn) -> None:
        self._send(conn, self.state_message(conn))

    def push_all(self) -> None:
        for c in list(self.conns):
            self.push(c)

    def _send(self, conn: Conn, frame: str) -> None:
        self.sent_frames += 1
        self.sent_bytes += len(frame)
        conn.send(frame)
