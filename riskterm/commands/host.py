"""`riskterm host [play options | FILE] [--listen ADDR] [--port P] [--tls-cert FILE --tls-key FILE]`: host a
game that others join from their own terminals with `riskterm join CODE@HOST:PORT` (CODE@wss://HOST:PORT with
TLS). Prints the join code, then opens the host's own seat (the first person's, or --name's) in the app;
--headless only serves. The game autosaves after every action as an ordinary save: `riskterm host FILE` (or
`resume`) reopens it. Listens on 127.0.0.1 unless --listen says otherwise, and warns when it listens beyond
this machine without TLS. There is no relay: across the internet use TLS, a VPN or an SSH tunnel."""

from __future__ import annotations

import argparse
import asyncio
import sys
import threading

from riskterm.errors import RiskError


def add_arguments(p: argparse.ArgumentParser) -> None:
    from riskterm.commands.play import add_arguments as play_arguments
    from riskterm.net.protocol import DEFAULT_PORT

    p.add_argument("file", nargs="?", default=None, help="a save file to reopen for the same seats")
    play_arguments(p)
    p.add_argument("--listen", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this "
                   "machine only; 0.0.0.0 for every network this machine is on)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0: any free one)")
    p.add_argument("--name", default=None, help="the host's own seat (default: the first person's)")
    p.add_argument("--fill-absent", action="store_true",
                   help="let the easy computer player play a person's seat while they are disconnected")
    p.add_argument("--headless", action="store_true", help="only serve the game; do not open a seat here")
    p.add_argument("--tls-cert", default=None, metavar="FILE", help="serve over TLS (wss://) with this PEM "
                   "certificate (with --tls-key)")
    p.add_argument("--tls-key", default=None, metavar="FILE", help="the certificate's private key (PEM)")


def build(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    """The session the arguments describe: the save file's, or a new game from the play options."""
    from riskterm.rules import is_own_board

    if args.file:
        from riskterm.record.load import load_game

        session = load_game(args.file)
        if session.rules.is_over(session.state):
            raise RiskError(f"The game in {args.file} is already over; watch it with 'riskterm replay {args.file}'.")
    else:
        from riskterm.commands.play import build_session

        session = build_session(args)[0]
    if not is_own_board(type(session.rules), session.rules.board):
        # the joining screens draw the rulebook's own board: they are not sent the host's yet
        raise RiskError(f"A hosted game is played on the rulebook's own board for now, not on "
                        f"'{session.rules.board.name}': the joining screens cannot draw another board yet.")
    return session


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.port < 65536:
        raise RiskError(f"Port {args.port} is not between 0 and 65535.")
    tls, own_seat_tls = host_tls(args.tls_cert, args.tls_key)
    session = build(args)
    from riskterm.net.host import GameHost
    from riskterm.record.autosave import save_path
    from riskterm.record.lock import acquire, release

    target = save_path(session)
    acquire(target)
    code = 0  # the own seat's app's exit status (1 after a crash)
    try:
        host = GameHost(session, save_to=target, ai_seed=session.seed, fill_absent=args.fill_absent)
        host.autosave()
        log, log_note = host_log(args.headless)
        serving = Serving(host, args.listen, args.port, log=log, tls=tls)
        try:  # from here on Ctrl+C stops the host cleanly
            port = serving.start()
            from riskterm.net.tls import PLAIN_WARNING, only_this_machine, show_fingerprint

            where = args.listen if args.listen not in ("0.0.0.0", "::") else "THIS-MACHINE"
            where = f"[{where}]" if ":" in where else where
            if tls is None and not only_this_machine(args.listen):
                print(PLAIN_WARNING.format(listen=args.listen), file=sys.stderr, flush=True)
            print(f"Hosting {session.rules.title} for {', '.join(host.names())}.\n"
                  f"Join code: {host.code}\n"
                  f"Others run:  riskterm join {host.code}@{'wss://' if tls else ''}{where}:{port}\n"
                  + (f"(with --tls-ca and a copy of {args.tls_cert} when it is self-signed)\n"
                     f"TLS certificate SHA-256: {show_fingerprint(own_seat_tls.fingerprint)}\n" if tls else "")
                  + f"Saved after every move in {target}.{log_note}", flush=True)
            if args.headless:
                serving.wait()
            else:
                from riskterm.tui.guard import run_guarded
                from riskterm.tui.remote_app import RemoteApp

                name = args.name or next((host.names()[s] for s in host.human_seats()), "")
                code = run_guarded(RemoteApp("127.0.0.1" if args.listen in ("0.0.0.0", "::") else args.listen,
                                             port, host.code, name, tls=own_seat_tls))
        except KeyboardInterrupt:
            pass  # Ctrl+C stops a headless host: close the sockets and say where the game is
        finally:
            serving.stop()
    finally:
        release(target)
    over = session.rules.is_over(session.state)
    print(f"The game is over; it is saved in {target}." if over else
          f"The game is saved in {target}; go on with: riskterm host {target}", flush=True)
    return code


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

    path = data_dir() / "host.log"

    def write(line: str) -> None:
        try:
            with path.open("a", encoding="utf-8") as f:
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
            raise RiskError(f"Cannot listen on {self.server.listen}:{self.server.port} ({e.strerror or e}).") from None

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
