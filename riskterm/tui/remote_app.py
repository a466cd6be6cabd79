"""The app for a screen joined to a game host (`riskterm join`, and the host's own seat in `riskterm host`):
a lobby until every seat is in, then the ordinary game screen behind the remote table (net/remote.py). A bell,
a banner and the terminal's window title when it is this seat's turn, with what happened since its last turn;
the turn timer's time left under the players panel; chat lines and the table's notices (a timeout, a seat
given to the computer or handed back) in the log. A host that went away is joined again a few times. Ctrl+T says something; /away and /back there give the seat
to the computer and take it back."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Log, Static

from riskterm.errors import RiskError
from riskterm.net.client import Client
from riskterm.net.protocol import HOST_CLOSED
from riskterm.net.remote import RemoteTable
from riskterm.tui.app import RiskApp
from riskterm.tui.screens import OneAnswer


class LobbyScreen(Screen[None]):
    """Seats and who is connected; the game opens when every player is in."""

    DEFAULT_CSS = "LobbyScreen { align: center middle; } #lobby-box { width: 70; }"

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby-box", classes="dialog"):
            yield Static("Connecting to the game host...", id="lobby-text")

    def show(self, text: Text | str) -> None:
        self.query_one("#lobby-text", Static).update(text)


class JoinScreen(OneAnswer, Screen[tuple[str, str]]):
    """The browser's first page (riskterm serve): the join code, unless given, and the player's name."""

    DEFAULT_CSS = "JoinScreen { align: center middle; } #join-box { width: 60; }"

    def __init__(self, code: str = "") -> None:
        super().__init__()
        self.code = code

    def compose(self) -> ComposeResult:
        with Vertical(id="join-box", classes="dialog"):
            yield Static(Text("Join a riskterm game", style="bold"))
            yield Input(self.code, id="code", placeholder="join code (6 letters and digits)")
            yield Input(id="name", placeholder="your name (your seat when it is free; empty: watch)")
            yield Static("Enter to join.", id="join-status")

    def when_mounted(self) -> None:
        self.query_one("#name" if self.code else "#code", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        from riskterm.net.protocol import CODE_ALPHABET, CODE_LENGTH, normal_code

        code = normal_code(self.query_one("#code", Input).value)
        if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
            self.query_one("#join-status", Static).update("That is not a join code: ask the host for it.")
            self.query_one("#code", Input).focus()
            return
        if event.input.id == "code":
            self.query_one("#name", Input).focus()
            return
        self.dismiss((code, self.query_one("#name", Input).value.strip()))


class ChatScreen(OneAnswer, ModalScreen[str]):
    DEFAULT_CSS = "ChatScreen { align: center bottom; } #chat { width: 80%; margin-bottom: 3; }"
    BINDINGS = [Binding("escape", "close", "Close")]

    def compose(self) -> ComposeResult:
        yield Input(id="chat", placeholder="say something to the table, Enter to send, Esc to close")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_close(self) -> None:
        self.dismiss("")


def lobby_text(msg: dict[str, Any], code: str, me: int | None, join_lines: list[str] | None = None) -> Text:
    out = Text.assemble(("Waiting for every player", "bold"), f"  (join code {code})\n\n")
    if join_lines:
        out.append("The others run:\n" + "".join(f"  {line}\n" for line in join_lines) + "\n")
    for s in msg.get("seats", []):
        who = "computer" if s["computer"] else ("connected" if s["connected"] else "not here yet")
        who += f" (the computer plays: {s['away']})" if s.get("away") else ""
        mark = "  <- you" if s["seat"] == me else ""
        out.append(
            f"  {s['name']:<16} {who}{mark}\n", style="green" if s["connected"] or s["computer"] else ""
        )
    if msg.get("watching"):
        out.append(f"\n  {msg['watching']} watching\n")
    out.append(
        "\nThe game starts when all are in.  Ctrl+Q " + ("stops hosting." if join_lines else "leaves."),
        style="dim",
    )
    return out


def farewell(client: Client, seated: bool) -> str:
    """Why the connection ended, in one sentence: the host's word, else whoever closed it."""
    if client.closed_because:
        return client.closed_because
    if client.leaving:
        return (
            "You left the game; join again the same way to take your seat back."
            if seated
            else "You stopped watching."
        )
    return HOST_CLOSED


@dataclass
class Hosting:
    """What the host's own screen knows beyond a joined one: the key that lets it reopen a seat (/seat NAME),
    the join lines to show while it waits, and where the game is saved and how it goes on."""

    admin_key: str
    join_lines: list[str]
    saved_to: str
    resume_line: str


class RemoteApp(RiskApp):
    BINDINGS = [*RiskApp.BINDINGS, Binding("ctrl+t", "chat", "Chat", priority=True)]

    def __init__(
        self,
        host: str,
        port: int,
        code: str,
        name: str = "",
        watch: bool = False,
        keep_tokens: bool | Path = True,
        ask: bool = False,
        tls: Any = None,
        hosting: Hosting | None = None,
    ) -> None:
        super().__init__(None)
        self.where, self.keep_tokens, self.ask, self.tls = (host, port), keep_tokens, ask, tls
        self.hosting = hosting  # the host's own screen: what it says and may do that a joined one does not
        self.client = self.make_client(code, name, watch)
        self.code = code
        self.table: RemoteTable | None = None
        self.lobby: LobbyScreen | None = None
        self.ended = ""
        self._tasks: set[asyncio.Task[Any]] = set()
        self.deadline: tuple[int, float] | None = (
            None  # (seat, monotonic time) whose turn timer runs out when
        )
        self.notices: list[str] = []  # the table's notices since this screen joined (the welcome's first)
        self.unlogged: list[str] = []  # lines for the log that came before the game screen was mounted
        self.shown_title = ""

    def on_mount(self, event: events.Mount) -> None:  # type: ignore[override]  # Textual passes the event
        event.prevent_default()  # not RiskApp's: no new-game screen here
        self.check_size()
        self.set_interval(1.0, self.show_clock)
        if self.ask:
            self.push_screen(JoinScreen(self.code), callback=self.joined)
        else:
            self.open_lobby()

    def make_client(self, code: str, name: str, watch: bool) -> Client:
        client = Client(
            *self.where,
            code,
            name,
            watch,
            on_message=self.on_host_message,
            keep_tokens=self.keep_tokens,
            tls=self.tls,
        )
        if self.hosting is not None:
            client.admin_key = self.hosting.admin_key
        return client

    def joined(self, answer: tuple[str, str] | None) -> None:
        """The join screen's code and name (an empty name watches)."""
        if answer is not None:
            self.code, name = answer
            self.client = self.make_client(self.code, name, not name)
            self.open_lobby()

    def open_lobby(self) -> None:
        self.lobby = LobbyScreen()
        self.push_screen(self.lobby)
        self.run_worker(self.talk(), group="net", exclusive=True)

    async def talk(self) -> None:
        try:
            await self.client.stay(on_retry=self.rejoining)
        except OSError as e:
            self.ended = str(e)
        from riskterm.tui.plain import shown_text

        self.ended = shown_text(
            self.ended or farewell(self.client, self.table is not None and self.table.seat is not None)
        )
        self.set_title("")
        if self.lobby is not None and self.screen is self.lobby:
            self.lobby.show(Text(self.ended + "  Ctrl+Q leaves.", style="bold"))
        else:
            self.notify(self.ended, severity="warning", timeout=30)

    def rejoining(self, n: int, tries: int) -> None:
        self.notify(
            f"The connection to the host was lost; joining again ({n} of {tries})...",
            severity="warning",
            timeout=5,
        )

    def send_action(self, text: str, version: int) -> None:
        self._spawn(self.client.act(text, version))

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # --- messages from the host --------------------------------------------------------------------
    def on_host_message(self, msg: dict[str, Any]) -> None:
        from riskterm.tui.plain import shown_texts

        msg = shown_texts(msg)  # a host may send any text: none of it reaches the terminal as escapes
        kind = msg["type"]
        if kind == "welcome" and self.table is not None and self.table.seat == msg.get("seat"):
            self.table.recap = list(msg.get("recap") or [])  # joined again: the same table, its state follows
            self.log_line("[table] Joined the game again.", notify=True)
        elif kind == "welcome":
            try:
                self.table = RemoteTable.for_variant(
                    msg["variant"],
                    msg.get("seat"),
                    self.send_action,
                    msg.get("board") if isinstance(msg.get("board"), str) else None,
                )
            except RiskError as e:  # a board this screen cannot draw: say so and leave the game
                self.client.closed_because = f"The host's board cannot be drawn here: {e}"
                self._spawn(self.client.close())
                return
            self.table.recap = list(msg.get("recap") or [])
            self.notices = [str(n) for n in msg.get("notices") or []]
        elif kind == "lobby" and self.lobby is not None and self.game is None:
            self.lobby.show(
                lobby_text(
                    msg,
                    self.code,
                    self.table.seat if self.table else None,
                    self.hosting.join_lines if self.hosting else None,
                )
            )
        elif kind == "state" and self.table is not None:
            self.took_state(msg)
        elif kind == "refused" and self.table is not None:
            self.table.refused(str(msg.get("text", "")))
            if self.game is not None:
                self.game.ctl.status = self.table.status
                if self.ready():
                    self.game.sync()
        elif kind == "chat":
            self.log_line(f"[chat] {msg.get('name', '?')}: {msg.get('text', '')}")
        elif kind == "dice" and self.client.dice_said:
            self.log_line(
                f"[dice] {self.client.dice_said}", notify=self.client.dice_said.startswith("Warning")
            )
        elif kind == "notice":
            self.notices.append(str(msg.get("text", "")))
            self.log_line(f"[table] {msg.get('text', '')}", notify=True)

    def log_line(self, line: str, notify: bool = False) -> None:
        """A line in the game's log (a banner too while there is no game screen yet, or when asked)."""
        self.unlogged.append(line)
        self.write_log()
        if self.game is None or notify:
            self.notify(line, timeout=8)

    def ready(self) -> bool:
        """The game screen is there to draw on (messages may come before it is mounted: it draws then)."""
        return self.game is not None and self.game.is_mounted

    def write_log(self) -> None:
        if self.ready() and self.unlogged:
            assert self.game is not None
            self.game.query_one(Log).write_lines(self.unlogged)
            self.unlogged = []

    def took_state(self, msg: dict[str, Any]) -> None:
        t = self.table
        assert t is not None
        turn_now = t.take_state(msg)
        if self.game is None:
            from riskterm.tui.game import make_game_screen

            self.session = t.mirror  # type: ignore[assignment]  # what the game screen reads of a session
            game = make_game_screen(t.mirror, hs=t)  # type: ignore[arg-type]  # a Mirror and a RemoteTable
            self.game = game
            if self.lobby is not None:
                self.pop_screen()
                self.lobby = None
            self.push_screen(game)
            self.unlogged[:0] = [f"[table] {line}" for line in self.notices]
            if t.recap and not turn_now:
                self.notify("\n".join(t.recap[-8:]), title="Since your last turn", timeout=10)
        elif self.ready():
            self.game.sync()
        clock = msg.get("clock")
        self.deadline = (
            (int(clock["seat"]), time.monotonic() + float(clock["left"]))
            if isinstance(clock, dict) and clock.get("left") is not None
            else None
        )
        if msg.get("away") and self.game is not None:
            self.game.ctl.status = "The computer plays your seat; Ctrl+T and /back take it back."
            if self.ready():
                self.game.sync()
        self.show_clock()
        if turn_now:
            self.bell()
            recap = t.since_my_turn()[-8:]
            self.notify("\n".join(["It is your turn.", *recap]), title="Your turn", timeout=8)

    def show_clock(self) -> None:
        """The time left under the players panel, and whose turn it is in the terminal's title."""
        t = self.table
        if t is None or self.game is None or not t.msg or not self.ready():
            return
        from riskterm.net.turnclock import show_duration

        self.write_log()
        names = t.rules.names(t.view())
        text = ""
        if self.deadline is not None:
            seat, at = self.deadline
            who = "You have" if seat == t.seat else f"{names[seat]} has"
            text = f" {who} {show_duration(max(0.0, at - time.monotonic()))} "
        for players in self.game.query("#players"):  # (none yet while the screen composes, on a busy machine)
            players.border_subtitle = text
        actor = t.msg.get("actor")
        self.set_title(
            "your turn" if t.my_turn() else "" if actor is None or t.is_over() else f"{names[actor]} to play"
        )

    def set_title(self, what: str) -> None:
        """The terminal window's title (a real terminal only; not in tests, not in a browser tab)."""
        title = f"riskterm: {what}" if what else "riskterm"
        if title == self.shown_title or self.is_headless or self.is_web or self._driver is None:
            return
        self.shown_title = title
        from riskterm.setup_options import printable

        self._driver.write(f"\x1b]2;{printable(title)}\x07")

    # --- the app's hooks -------------------------------------------------------------------------
    # A joined screen keeps no save (the host saves the game after every move): nothing to write or check.
    def save_problem(self, wait: bool = False) -> str | None:
        return None

    def save_at_crash(self) -> str:
        return ""

    def after_run(self) -> int:
        return 0

    def save_game(self) -> None:
        """The game screen applied an action: it is on its way to the host (which saves the game)."""

    async def action_ask_quit(self) -> None:
        """A joined screen leaves at once (its seat waits for it); the host's own asks first, as a local game
        does, since stopping it disconnects everyone."""
        from riskterm.tui.screens import QuitScreen

        if self.hosting is not None and isinstance(self.screen, QuitScreen):
            self.screen.action_answer(True)
            return
        if self.hosting is not None and not (self.table is not None and self.table.is_over()):
            self.push_screen(
                QuitScreen(self.hosting.saved_to, hosting=self.hosting.resume_line),
                callback=self._stop_hosting,
            )
            return
        await self.client.close()
        self.exit()

    def _stop_hosting(self, answer: bool | str | None) -> None:
        if answer:
            self._spawn(self.client.close())
            self.exit()

    def action_chat(self) -> None:
        def said(text: str | None) -> None:
            if text and text.strip():
                self._spawn(self.client.chat(text))

        self.push_screen(ChatScreen(), callback=said)

    def help_rows(self, rows: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
        host = "; /seat NAME reopens a lost seat for its player (its old key dies)" if self.hosting else ""
        return [
            *rows,
            (
                "ctrl+t",
                "Chat",
                "say something to everyone at the table; /away gives your seat to "
                f"the computer, /back takes it back{host}",
            ),
            (
                "ctrl+q",
                "Stop hosting" if self.hosting else "Leave",
                "stop hosting (asks first; every screen is disconnected, the game is saved)"
                if self.hosting
                else "leave the game; join again with the same code to take your seat back",
            ),
        ]
