"""The authoritative host of a game played from separate screens, without any transport: one Session, the
seats and their tokens, and what each connection may be sent. The server (server.py) moves its messages.

Nothing secret leaves here: a seat's messages carry `rules.view(state, seat)`, events redacted for that seat
and log lines as that seat may read them; a spectator gets the public view (seat None). Never the random
stream, raw events or the save. Every action is checked against the host's full state and the version the
client acted on; a refused action changes nothing.

Time and absence (policy.py): with a turn timer the seat to act has its allowance (turnclock.py); when it runs
out the rulebook's default ends its turn (Rules.timeout_action), and after `missed_limit` such turns in a row
the computer takes the seat. A seat is given to the computer by its person (/away), or after a grace time
while nobody is connected to it (with a fill level); rejoining, or /back, hands it back. Each of these is a
notice in every screen's log. The host's time is `now()`, so a test runs it on a fake clock."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from riskterm.engine.actions import Action, parse_action
from riskterm.errors import IllegalActionError, RiskError
from riskterm.net.policy import HostPolicy
from riskterm.net.protocol import MAX_TEXT, encode, new_code, new_token
from riskterm.net.turnclock import TurnClock, show_duration
from riskterm.session import Session
from riskterm.setup_options import check_name

Send = Callable[[str], None]  # puts one frame on a connection's queue; never blocks
OnTurn = Callable[[int, str, float | None], None]  # (seat, name, seconds it has): a person's seat is to act
WHY = {"away": "is away", "missed": "missed their turns", "absent": "is not connected"}


@dataclass
class Conn:
    """One connected screen: a seat (None: a spectator), its name, and how far its events have been sent."""

    seat: int | None
    name: str
    send: Send
    sent_events: int = 0
    id: int = 0


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
    away: dict[int, str] = field(default_factory=dict)  # seats the computer plays for their person, and why
    missed: dict[int, int] = field(default_factory=dict)  # turns in a row the timer ended, by seat
    gone_at: dict[int, float] = field(default_factory=dict)  # when the seat's last screen left
    notices: list[str] = field(default_factory=list)  # the table's notices, newest last
    on_notice: Callable[[str], None] | None = None  # the host's own log
    on_turn: OnTurn | None = None
    kept: Path | None = None  # where the code, tokens and seats given away are kept (keep.py); None: nowhere
    _next_id: int = 0
    _to_act: int | None = None  # the person's seat last told it is to act
    _missed_in: dict[int, Any] = field(default_factory=dict)  # the turn a seat last missed (one count a turn)

    def __post_init__(self) -> None:
        from riskterm.ai.core.guard import TurnGuard

        self.guard = TurnGuard(max_seconds=5.0)
        self.started = bool(self.session.steps)  # a reopened game goes on once its people are back
        self.clock = TurnClock(self.policy.turn_time) if self.policy.turn_time else None
        now = self.now()
        for seat in self.human_seats() if self.started else []:
            self.gone_at.setdefault(seat, now)

    @property
    def rules(self):  # type: ignore[no-untyped-def]
        return self.session.rules

    @property
    def version(self) -> int:
        return len(self.session.steps)

    def human_seats(self) -> list[int]:
        return [i for i, p in enumerate(self.session.state["players"]) if not p.get("ai") and not p.get("neutral")]

    def names(self) -> list[str]:
        return list(self.rules.names(self.session.state))

    def board_text(self) -> dict[str, str]:
        """What a joining screen needs to draw the board: nothing for the rulebook's own, else the board file's
        text (as a save holds it)."""
        from riskterm.rules import is_own_board

        board = self.rules.board
        return {} if is_own_board(type(self.rules), board) else {"board": board.source}

    # --- joining -------------------------------------------------------------------------------
    def join(self, name: str, token: str | None, watch: bool, send: Send) -> tuple[Conn, str] | str:
        """A new connection (the code already checked): (conn, its seat token) or the sentence refusing it.
        A known token gets its seat back; else the player's own seat by name while nobody is connected to it
        (a browser tab has no token), else the first free seat."""
        name = " ".join(str(name)[:40].split()) or "Guest"
        try:  # the same rule as at the table: no control characters (escape codes reach other screens' logs)
            name = check_name(name)
        except RiskError as e:
            return str(e)
        seat: int | None = None
        away = [s for s in self.human_seats() if self.names()[s].lower() == name.lower() and not self.connected(s)]
        if token and token in self.tokens:
            seat = self.tokens[token]
        elif not watch and away:  # a player back without the token (a browser tab): the code and the name do
            seat = away[0]
            token = next((t for t, s in self.tokens.items() if s == seat), None) or new_token()
            self.tokens[token] = seat
        elif not watch:
            taken = set(self.tokens.values())
            free = [s for s in self.human_seats() if s not in taken]
            if not free:
                return "Every seat is taken; join with --watch to follow the game."
            seat = free[0]
            token = new_token()
            self.tokens[token] = seat
        for c in self.conns:
            if seat is not None and c.seat == seat:  # the same seat from a new screen: the old one goes
                self.leave(c, "Your seat was taken up from another screen.")
                break
        self._next_id += 1
        conn = Conn(seat, name if seat is None else self.names()[seat], send, id=self._next_id)
        self.conns.append(conn)
        conn.send(encode("welcome", seat=seat, token=token or "", names=self.names(),
                         variant=self.session.state.get("variant", self.rules.name), code=self.code,
                         recap=self.recap(seat), notices=self.notices[-10:], **self.board_text()))
        starting = not self.started and self.all_in()
        self.started = self.started or starting
        if seat is not None:
            self.gone_at.pop(seat, None)
        back = seat is not None and self.away.pop(seat, None) is not None
        if back:
            self.notice(f"{conn.name} is back and plays their own seat again.")
        self.keep()
        self.broadcast_lobby()
        self.follow()
        for c in (list(self.conns) if starting or back else [conn] if self.started else []):
            self.push(c)
        return conn, token or ""

    def leave(self, conn: Conn, why: str = "") -> None:
        if conn in self.conns:
            self.conns.remove(conn)
            if why:
                conn.send(encode("bye", text=why))
            if conn.seat is not None and not self.connected(conn.seat):
                self.gone_at[conn.seat] = self.now()
            self.broadcast_lobby()

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.conns)

    def all_in(self) -> bool:
        return all(self.connected(s) for s in self.human_seats())

    def lobby(self) -> list[dict[str, Any]]:
        ps = self.session.state["players"]
        return [{"seat": i, "name": n, "computer": bool(ps[i].get("ai")), "connected": self.connected(i),
                 "away": self.away.get(i, "")}
                for i, n in enumerate(self.names()) if not ps[i].get("neutral")]

    def broadcast_lobby(self) -> None:
        frame = encode("lobby", seats=self.lobby(), started=self.started,
                       watching=sum(c.seat is None for c in self.conns))
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
                self.session.apply(parse_action(str(text)))
            except IllegalActionError as e:
                why = str(e)
            except Exception:  # noqa: BLE001 - a hostile or odd action must not stop the host; nothing changed
                why = f"'{text}' could not be played."  # (Session.apply changes nothing before the rules agree)
        if why is not None:
            self._send(conn, encode("refused", text=why, version=self.version))
            return why
        if conn.seat is not None and self.missed.pop(conn.seat, 0):
            self.keep()
        self.after_action()
        return None

    def refusal(self, conn: Conn, text: Any, version: Any) -> str | None:
        if not self.started:
            return "The game starts when every player has joined."
        if conn.seat is None:
            return "Spectators watch; they do not play."
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_TEXT:
            return "That is not an action."
        if version != self.version:
            return "The game moved on before your action arrived; look again and choose."
        actor = self.rules.actor(self.session.state)
        if conn.seat in self.away:
            return "The computer plays your seat while you are away; say /back to take it back."
        if actor != conn.seat:
            return "It is not your turn." if actor is None or not self.is_computer(actor) \
                else f"It is {self.names()[actor]}'s turn (computer)."
        return None

    def is_computer(self, seat: int) -> bool:
        """A computer seat, or a person's seat the computer plays for them (away, absent, missed turns)."""
        return seat in self.away or self.rules.is_computer(self.session.state, seat)

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
        level = s["players"][seat].get("ai") or (self.policy.stand_in() if self.away.get(seat) != "absent"
                                                 else self.policy.fill_level) or "easy"
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
        for c in list(self.conns):
            self.push(c)

    # --- time and absence ----------------------------------------------------------------------
    def follow(self) -> None:
        """After every change: start the clock of the seat now to act (a person's), and tell on_turn."""
        s = self.session.state
        actor = self.rules.actor(s)
        person = actor if actor is not None and self.started and not self.is_computer(actor) else None
        key = self.rules.turn_key(s)
        if any(k != key for k in self._missed_in.values()):
            self._missed_in = {}  # another turn came between: a seat's next timeout is another missed turn
        if self.clock is not None:
            self.clock.follow(person, key, self.now())
        if person != self._to_act:
            self._to_act = person
            if person is not None and self.on_turn is not None:
                self.on_turn(person, self.names()[person], self.time_left())

    def time_left(self) -> float | None:
        return None if self.clock is None else self.clock.left(self.now())

    def clock_fields(self) -> dict[str, Any]:
        """The turn timer as a state message carries it: whose time runs, seconds left, the limit."""
        running = None if self.clock is None else self.clock.running
        return {"clock": None if running is None else
                {"seat": running[0], "left": self.time_left(), "limit": self.policy.turn_time}}

    def next_wake(self) -> float | None:
        """When tick() has something to do next (host time), None when nothing is due."""
        if self.over():
            return None
        times = []
        if self.clock is not None and self.clock.running is not None:
            times.append(self.clock.deadline)
        if self.policy.fill_level and self.started:
            times += [at + self.policy.grace for seat, at in self.gone_at.items() if seat not in self.away]
        return min(times) if times else None

    def tick(self) -> bool:
        """What time brings: a seat absent past the grace time goes to the computer, a seat out of time has its
        turn ended. True when something changed."""
        now, changed = self.now(), False
        if self.policy.fill_level and self.started and not self.over():
            for gone, at in sorted(self.gone_at.items()):
                if gone not in self.away and not self.connected(gone) and now - at >= self.policy.grace:
                    self.give_away(gone, "absent")
                    changed = True
        seat = self.clock.expired(now) if self.clock is not None else None
        if seat is not None and not self.over() and self.rules.actor(self.session.state) == seat:
            self.time_out(seat)
            changed = True
        return changed

    def time_out(self, seat: int) -> None:
        """The seat's time ran out: the rulebook's default ends its turn (or its part of it)."""
        s = self.session.state
        key, name = self.rules.turn_key(s), self.names()[seat]
        for _ in range(500):  # a rulebook's defaults always end the stretch; the bound keeps a host alive
            s = self.session.state
            if self.rules.actor(s) != seat or self.rules.turn_key(s) != key:
                break
            action = self.rules.timeout_action(s)
            if action is None or not self.rules.is_legal(s, action):
                action = self.choose(s, seat, "easy")
            self.session.apply(action)
        ended = self.rules.turn_key(self.session.state) != key
        if self._missed_in.get(seat) != key:  # a defender out of time twice in one turn missed one turn
            self._missed_in[seat] = key
            self.missed[seat] = self.missed.get(seat, 0) + 1
        limit = self.policy.missed_limit
        tail = f" ({self.missed[seat]} of {limit} before the computer takes the seat)" if limit else ""
        self.notice(f"{name}'s time ran out ({show_duration(self.policy.turn_time or 0)}): "
                    f"{'their turn was ended' if ended else 'the default was taken'}{tail}.")
        if self.clock is not None:
            self.clock.ran_out()
        if limit and self.missed[seat] >= limit:
            self.give_away(seat, "missed", push=False)
        self.after_action()
        self.keep()

    def give_away(self, seat: int, why: str, push: bool = True) -> None:
        """The computer plays the seat from now on, until its person is back."""
        level = self.policy.fill_level if why == "absent" else self.policy.stand_in()
        self.away[seat] = why
        self.missed.pop(seat, None)
        name = self.names()[seat]
        self.notice(f"{name} {WHY[why]}: the computer ({level}) plays their seat until they "
                    f"{'join again' if why == 'absent' else 'say /back or join again'}.")
        self.keep()
        self.broadcast_lobby()
        if push:
            self.follow()
            for c in list(self.conns):
                self.push(c)

    def hand_back(self, seat: int) -> None:
        if self.away.pop(seat, None) is not None:
            self.notice(f"{self.names()[seat]} is back and plays their own seat again.")
            self.keep()
            self.broadcast_lobby()
            self.follow()
            for c in list(self.conns):
                self.push(c)

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
            write_kept(self.kept, {"game": self.session.game_id, "code": self.code, "tokens": self.tokens,
                                   "policy": self.policy.to_json(), "away": self.away, "missed": self.missed,
                                   "notices": self.notices})
        except OSError as e:
            if self.on_notice is not None:
                self.on_notice(f"Could not keep the join code and seat tokens in {self.kept}: {e}")

    def autosave(self) -> None:
        if self.save_to is not None:
            from riskterm.record.autosave import write_save

            write_save(self.session, self.save_to, sync=False)

    def chat(self, conn: Conn, text: Any) -> None:
        line = " ".join(str(text)[:MAX_TEXT].split())
        if line.lower() in ("/away", "/back"):
            self.away_or_back(conn, line.lower() == "/away")
        elif line:
            frame = encode("chat", name=conn.name, text=line, at=time.time())
            for c in list(self.conns):
                self._send(c, frame)

    def away_or_back(self, conn: Conn, away: bool) -> None:
        """A person gives their seat to the computer (/away) or takes it back (/back)."""
        seat = conn.seat
        if seat is None or self.rules.is_computer(self.session.state, seat):
            self._send(conn, encode("refused", text="Only a person's own seat can be away.", version=self.version))
        elif away and seat not in self.away:
            self.give_away(seat, "away")
        elif not away and seat in self.away:
            self.hand_back(seat)
        else:
            self._send(conn, encode("refused", text="You are away already." if away else "You play your seat.",
                                    version=self.version))

    # --- what a connection is sent -------------------------------------------------------------
    def state_message(self, conn: Conn) -> str:
        """The state as conn's seat may see it, with the events (redacted) and log lines it has not had."""
        seat, rules, s = conn.seat, self.rules, self.session.state
        events = self.session.all_events()
        names = self.names()
        new = events[conn.sent_events:] if conn.sent_events <= len(events) else events
        full = conn.sent_events == 0 or conn.sent_events > len(events)  # first message, or after an undo
        conn.sent_events = len(events)
        actor = rules.actor(s)
        view = rules.view(s, seat)
        return encode("state", version=self.version, view=view, seat=seat, full=full,
                      events=[e.redacted(seat).to_wire() for e in new],
                      log=[rules.describe(e, names, seat) for e in new],
                      actor=actor, prompt=rules.prompt(view) if actor is not None else "",
                      computer=actor is not None and self.is_computer(actor), over=rules.is_over(s),
                      away=seat is not None and seat in self.away, **self.clock_fields())

    def push(self, conn: Conn) -> None:
        self._send(conn, self.state_message(conn))

    def _send(self, conn: Conn, frame: str) -> None:
        self.sent_frames += 1
        self.sent_bytes += len(frame)
        conn.send(frame)
