"""`riskterm host [play options | FILE | --resume SAVE] [--listen ADDR] [--port P] [--tls-cert FILE --tls-key
FILE] [--turn-time T] [--fill-absent [LEVEL]] [--on-turn COMMAND]`: host a game that others join from their own
terminals with `riskterm join CODE@HOST:PORT` (CODE@wss://HOST:PORT with TLS). Prints the join code, then
opens the host's own seat (the first person's, or --name's) in the app; --headless only serves. The game
autosaves after every action as an ordinary save: `riskterm host FILE` reopens it for new seats (a new code),
`riskterm host --resume FILE` on the same code and seat tokens (kept apart from the save, net/keep.py).
Listens on 127.0.0.1 unless --listen says otherwise, and warns when it listens beyond this machine without
TLS. There is no relay: across the internet use TLS, a VPN or an SSH tunnel."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import threading
from typing import Any

from riskterm.errors import RiskError


def add_arguments(p: argparse.ArgumentParser) -> None:
    from riskterm.commands.play import add_arguments as play_arguments
    from riskterm.net.protocol import DEFAULT_PORT

    p.add_argument(
        "file",
        nargs="?",
        default=None,
        help="a save file to reopen for the same players (a new join code; they join again by name)",
    )
    p.add_argument(
        "--resume",
        default=None,
        metavar="SAVE",
        help="bring a hosted game back on the same join "
        "code and seat tokens (kept on this machine when it was hosted)",
    )
    play_arguments(p)
    p.add_argument(
        "--listen",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this "
        "machine only; 0.0.0.0 for every network this machine is on)",
    )
    p.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0: any free one)"
    )
    p.add_argument("--name", default=None, help="the host's own seat (default: the first person's)")
    p.add_argument(
        "--turn-time",
        default=None,
        metavar="TIME",
        help="each seat's time for its part of a "
        "turn (90s, 5m, 24h); when it runs out the turn is ended for it (default: no timer)",
    )
    p.add_argument(
        "--missed-turns",
        type=int,
        default=None,
        metavar="N",
        help="turns in a row ended by the "
        "timer after which the computer plays the seat until its person is back (default 3; 0: never)",
    )
    p.add_argument(
        "--fill-absent",
        nargs="?",
        const="easy",
        default=None,
        metavar="LEVEL",
        help="a computer player (easy, normal, hard; default easy) plays a seat nobody is connected "
        "to after the grace time, and hands it back when its person joins again",
    )
    p.add_argument(
        "--grace",
        default=None,
        metavar="TIME",
        help="how long a seat may be disconnected before --fill-absent plays it (default 60s)",
    )
    p.add_argument(
        "--on-turn",
        default=None,
        metavar="COMMAND",
        help="a command to run each time a person's "
        "seat is to act; {player}, {seat}, {left} in it (and RISKTERM_PLAYER, RISKTERM_SEAT, "
        "RISKTERM_TIME_LEFT in its environment) say whose turn it is; no shell reads them",
    )
    p.add_argument(
        "--spectators-see-all",
        action="store_true",
        help="in a game with fog of war, spectators see "
        "the whole map and every event (by default they see only what a seat with no territory would)",
    )
    p.add_argument("--headless", action="store_true", help="only serve the game; do not open a seat here")
    p.add_argument(
        "--tls-cert",
        default=None,
        metavar="FILE",
        help="serve over TLS (wss://) with this PEM certificate (with --tls-key)",
    )
    p.add_argument("--tls-key", default=None, metavar="FILE", help="the certificate's private key (PEM)")


def build(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    """The session the arguments describe: the save file's, or a new game from the play options."""
    resume = args.resume
    if args.file and resume:
        raise RiskError(
            "Give the save either as FILE (new seats) or with --resume (the same seats), not both."
        )
    file = args.file or resume
    if file:
        from riskterm.record.load import load_game

        session = load_game(file)
        if session.rules.is_over(session.state):
            raise RiskError(f"The game in {file} is already over; watch it with 'riskterm replay {file}'.")
    else:
        from riskterm.commands.play import build_session

        session = build_session(args)[0]
    return session  # on any board: the joining screens are sent a board that is not the rulebook's own


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.port < 65536:
        raise RiskError(f"Port {args.port} is not between 0 and 65535.")
    tls, own_seat_tls = host_tls(args.tls_cert, args.tls_key)
    session = build(args)
    from riskterm.net.keep import kept_path
    from riskterm.record.autosave import save_path
    from riskterm.record.lock import acquire, release

    target = save_path(session)
    acquire(target)
    code = 0  # the own seat's app's exit status (1 after a crash)
    try:
        log, log_note = host_log(args.headless)
        host = make_host(args, session, target, kept_path(session.game_id))
        host.autosave()
        host.keep()
        serving = Serving(host, args.listen, args.port, log=log, tls=tls)
        host.on_notice = serving.server.log.note
        if session.commitment:  # before the first roll: the host's log and every screen, and later joiners
            host.notice(
                f"Dice commitment: {session.commitment} (the finished game's save reveals its seed and "
                f"every roll: riskterm verify checks them)"
            )
        if args.on_turn:
            from riskterm.net.onturn import TurnCommand

            host.on_turn = TurnCommand(args.on_turn, session.game_id, serving.server.log.note)
        try:  # from here on Ctrl+C stops the host cleanly
            port = serving.start()
            from riskterm.net.tls import PLAIN_WARNING, only_this_machine, show_fingerprint

            if tls is None and not only_this_machine(args.listen):
                print(PLAIN_WARNING.format(listen=args.listen), file=sys.stderr, flush=True)
            lines = join_lines(host.code, args.listen, port, tls is not None)
            print(
                f"Hosting {session.rules.title} for {', '.join(host.names())}.\n"
                f"Join code: {host.code}\n"
                + "".join(
                    f"{'Others run:' if i == 0 else '       or:'}  {line}\n" for i, line in enumerate(lines)
                )
                + (
                    f"(with --tls-ca and a copy of {args.tls_cert} when it is self-signed)\n"
                    f"TLS certificate SHA-256: {show_fingerprint(own_seat_tls.fingerprint)}\n"
                    if tls
                    else ""
                )
                + f"Saved after every move in {target}.{log_note}"
                + "".join(f"\n{line}" for line in policy_lines(host)),
                flush=True,
            )
            if args.headless:
                serving.take_commands()
                serving.wait()
            else:
                from riskterm.tui.guard import run_guarded
                from riskterm.tui.remote_app import Hosting, RemoteApp

                name = args.name or next((host.names()[s] for s in host.human_seats()), "")
                own = Hosting(host.admin_key, lines, str(target), f"riskterm host --resume {target}")
                code = run_guarded(
                    RemoteApp(
                        "127.0.0.1" if args.listen in ("0.0.0.0", "::") else args.listen,
                        port,
                        host.code,
                        name,
                        tls=own_seat_tls,
                        hosting=own,
                    )
                )
        except KeyboardInterrupt:
            pass  # Ctrl+C stops a headless host: close the sockets and say where the game is
        finally:
            serving.stop()
    finally:
        release(target)
    over = session.rules.is_over(session.state)
    ledger = ""
    if over:
        host.kept.unlink(missing_ok=True)  # no seat to take back any more
        from riskterm.ledger.recorder import RECORDER

        why = RECORDER.wait(session.game_id, timeout=5.0)
        ledger = f" {why}" if why else " It is in the ledger: riskterm ledger."
    print(
        f"The game is over; it is saved in {target}.{ledger}"
        if over
        else f"The game is saved in {target}; go on with the same code and seats: riskterm host --resume {target}",
        flush=True,
    )
    return code


def make_host(args: argparse.Namespace, session, target, kept):  # type: ignore[no-untyped-def]
    """The GameHost: a new code and seats, or (--resume) the code, seats and settings kept for the game; the
    settings given on this command line win."""
    from riskterm.net.host import GameHost
    from riskterm.net.keep import read_kept, seat_map
    from riskterm.net.policy import HostPolicy
    from riskterm.net.turnclock import parse_duration

    old: dict[str, Any] = (
        read_kept(kept, session.game_id, len(session.state["players"])) if args.resume else {}
    )
    policy = HostPolicy.from_json(old["policy"]) if "policy" in old else HostPolicy()
    given: dict[str, Any] = {}
    try:
        if args.turn_time is not None:
            given["turn_time"] = parse_duration(args.turn_time)
        if args.grace is not None:
            given["grace"] = parse_duration(args.grace, zero=True)
    except ValueError as e:
        raise RiskError(str(e)) from None
    if args.missed_turns is not None:
        given["missed_limit"] = args.missed_turns
    if args.fill_absent is not None:
        given["fill_level"] = args.fill_absent
    policy = HostPolicy(**{**policy.to_json(), **given})
    policy.check()
    # a new game's dice seed is made by every seat's screen and the host together (engine/joint_seed.py)
    host = GameHost(
        session,
        save_to=target,
        ai_seed=session.seed,
        policy=policy,
        kept=kept,
        joint_seed=True,
        spectators_see_all=bool(getattr(args, "spectators_see_all", False)),
    )
    if old:
        host.code, host.tokens = old["code"], dict(old["tokens"])
        seats = len(session.state["players"])
        host.away.update(
            {k: v for k, v in seat_map(old.get("away"), seats).items() if v in ("away", "missed", "absent")}
        )
        host.missed.update(
            {k: v for k, v in seat_map(old.get("missed"), seats).items() if isinstance(v, int)}
        )
        host.notices = [n for n in old.get("notices", []) if isinstance(n, str)][-50:]
    return host


def join_lines(code: str, listen: str, port: int, secure: bool) -> list[str]:
    """The exact `riskterm join` line for each address the host listens on (every address of this machine
    for 0.0.0.0 or ::)."""
    from riskterm.net.tls import machine_addresses

    where = machine_addresses(listen) if listen in ("0.0.0.0", "::", "") else [listen]
    return [
        f"riskterm join {code}@{'wss://' if secure else ''}{f'[{a}]' if ':' in a else a}:{port}"
        for a in where
    ]


def policy_lines(host) -> list[str]:  # type: ignore[no-untyped-def]
    """What the host allows for time and absence, for the lines printed at the start."""
    from riskterm.net.turnclock import show_duration

    p = host.policy
    out = []
    if p.turn_time:
        out.append(
            f"Turn timer: {show_duration(p.turn_time)} a turn"
            + (
                f"; after {p.missed_limit} missed turns in a row the computer plays the seat."
                if p.missed_limit
                else "."
            )
        )
    if p.fill_level:
        out.append(
            f"A seat disconnected for {show_duration(p.grace)} is played by the computer ({p.fill_level}) "
            "until its person joins again."
        )
    return out


def host_tls(cert: str | None, key: str | None):  # type: ignore[no-untyped-def]
    """(the server's TLS context, what the host's own seat pins: the certificate's fingerprint), or Nones."""
    if not cert and not key:
        return None, None
    if not (cert and key):
        raise RiskError("TLS needs both --tls-cert and --tls-key.")
    import aiohttp

    from riskterm.net.tls import fingerprint, server_context

    return server_context(cert, key), aiohttp.Fingerprint(fingerprint(cert))


def host_log(headless: bool):  # type: ignore[no-untyped-def]
    """Where the server's log lines go: this terminal when it only serves, else a file (the screen is the
    game's); with the sentence telling which."""
    if headless:
        return (lambda line: print(line, flush=True)), ""
    from riskterm.paths import data_dir
    from riskterm.record.atomic import private_folder

    path = data_dir() / "host.log"
    try:
        private_folder(path.parent, tighten=False)
    except OSError:
        pass  # said when a line cannot be written: never

    def write(line: str) -> None:
        try:  # the addresses and names of everyone who tried: the host's to read only
            fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            with os.fdopen(fd, "a", encoding="utf-8", errors="backslashreplace") as f:
                f.write(line + "\n")
        except OSError:
            pass  # no log is no reason to stop a game

    return write, f"\nRefused and dropped connections are logged in {path}."


class Serving:
    """The host's server on an event loop of its own thread, so the app's loop stays the screen's."""

    def __init__(self, host, listen: str, port: int, log=None, tls=None) -> None:  # type: ignore[no-untyped-def]
        from riskterm.net.server import HostServer

        self.loop = asyncio.new_event_loop()
        self.server = HostServer(host, listen, port, log=log, tls=tls)
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True, name="riskterm-host")
        self.done = threading.Event()

    def start(self) -> int:
        self.thread.start()
        try:
            return asyncio.run_coroutine_threadsafe(self.server.start(), self.loop).result(10)
        except OSError as e:
            raise RiskError(
                f"Cannot listen on {self.server.listen}:{self.server.port} ({e.strerror or e})."
            ) from None

    def take_commands(self, lines: Any = None) -> threading.Thread | None:
        """A headless host reads the host's commands from its terminal (or `lines`): /seat NAME reopens a
        lost seat. The thread reading them, or None when there is no terminal."""
        if lines is None:
            if not sys.stdin or not sys.stdin.isatty():
                return None
            lines = sys.stdin
            print("Type /seat NAME and Enter to reopen a seat whose player lost its key.", flush=True)

        def read() -> None:
            for line in lines:
                command, _, name = line.strip().partition(" ")
                if command.lower() != "/seat":
                    print("The host's command is /seat NAME.", flush=True)
                    continue
                done = asyncio.run_coroutine_threadsafe(self._reopen(name), self.loop)
                said = done.result(10)
                if said:
                    print(said, flush=True)

        reader = threading.Thread(target=read, daemon=True, name="riskterm-host-commands")
        reader.start()
        return reader

    async def _reopen(self, name: str) -> str:
        return self.server.host.reopen_seat(name)

    def wait(self) -> None:
        while not self.done.wait(0.5):
            if self.server.host.rules.is_over(self.server.host.session.state):
                return

    def stop(self) -> None:
        """Close every connection; returns within a few seconds whatever the clients do (the save is
        written after every move, so nothing is lost by cutting a socket)."""
        self.done.set()
        if not self.thread.is_alive():
            return
        stopping = asyncio.run_coroutine_threadsafe(self.server.stop(), self.loop)
        try:
            stopping.result(3 * self.server.limits.shutdown_seconds + 1)
        except TimeoutError:
            stopping.cancel()
        except Exception:  # noqa: BLE001 - stopping the loop below cuts every socket; the save is on disk
            pass
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
