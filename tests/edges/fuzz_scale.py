"""The fuzz at scale: damaged and forged saves of every rulebook through `check-save` and `stats` (and the save
listing), damaged boards through `validate-map` and the board loader, and hostile command lines through every
command that reads a file or checks an option; all in this process, through riskterm.cli.main as a shell
would run it, with stdout and stderr strict UTF-8 as a terminal's are.

Each input ends refused (exit 2, one sentence) or harmless (exit 0); anything else is a crash: another exit
status, an exception out of main, riskterm's catch-all reached ("something went wrong", which writes a crash
log), a traceback or a terminal escape in the output. An input slower than HANG_SECONDS is a hang; an input
file whose bytes differ afterwards (or a file appearing beside it) is a change. Counted in fuzz_edges.Tally."""

from __future__ import annotations

import io
import json
import os
import random
import sys
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from fuzz_edges import Tally
from mutations import all_paths, board_mutation, command_line, save_mutation

import riskterm.cli
import riskterm.crash
from riskterm.board import load_board_file
from riskterm.errors import MapError
from riskterm.paths import maps_dir
from riskterm.record.autosave import read_header
from riskterm.session import Session

SAVE_COMMANDS = [["check-save"], ["check-save", "--json"], ["stats"], ["stats", "--json", "--turns"]]


@dataclass
class Outcome:
    code: int
    out: str
    err: str


class CatchAllReached(Exception):
    pass


@contextmanager
def strict_terminal() -> Iterator[tuple[io.TextIOWrapper, io.TextIOWrapper]]:
    """stdout and stderr as a UTF-8 terminal has them: a string UTF-8 cannot encode (a lone surrogate) raises."""
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", write_through=True)
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", write_through=True)
    old = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        yield out, err
    finally:
        sys.stdout, sys.stderr = old


def run_cli(argv: list[str]) -> Outcome:
    """riskterm.cli.main(argv) as the shell runs it; CatchAllReached when its last guard caught an error."""
    reached: list[str] = []

    def crash_log(error: BaseException) -> str:
        reached.append(traceback.format_exc(limit=-3))
        return "(fuzz)"

    saved = riskterm.crash.write_crash_log
    riskterm.crash.write_crash_log = crash_log
    try:
        with strict_terminal() as (out, err):
            try:
                code = riskterm.cli.main(argv)
            except SystemExit as e:  # argparse: --help and --version (0) or a usage error (2)
                code = e.code if isinstance(e.code, int) else 2
            out_text = out.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]
            err_text = err.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]
    finally:
        riskterm.crash.write_crash_log = saved
    if reached:
        raise CatchAllReached(reached[0].strip().splitlines()[-1][:300])
    return Outcome(code, out_text, err_text)


def judge(o: Outcome, argv: list[str]) -> bool:
    """True when refused with a sentence, False when harmless; AssertionError for anything else."""
    assert o.code in (0, 2), f"exit {o.code}: {o.err.strip()[:300]}"
    text = o.out + o.err
    assert "Traceback" not in text, text[-300:]
    assert not any(c in text for c in "\x1b\x07\x00\x9b"), "a terminal control character reached the output"
    if o.code == 2:
        lines = o.err.strip().splitlines()
        assert lines, "a refusal says why"
        if argv[0] != "validate-map":  # which lists every problem of every file, one a line
            assert len(lines) == 1 or lines[0].startswith("usage:"), o.err[:300]
    return o.code == 2


# --- inputs -----------------------------------------------------------------------------------------------
_BASE: dict[str, bytes] = {}


def drive(session: Session, rnd: random.Random, steps: int) -> None:
    """Random legal actions, mostly attacks, so the save holds battles, captures and cards."""
    for _ in range(steps):
        acts = session.rules.legal_actions(session.state)
        if not acts or session.rules.is_over(session.state):
            return
        attacks = [a for a in acts if a.kind in ("attack", "blitz", "battle", "invade")]
        session.apply(rnd.choice(attacks if attacks and rnd.random() < 0.8 else acts))


def base_saves() -> dict[str, bytes]:
    """A short game of each rulebook on its own board, and of each that plays on any board on one riskterm
    does not ship (its save holds the board's text); made once per process."""
    if not _BASE:
        import tempfile

        from support.boards import write_board

        from riskterm.board import load_board_file
        from riskterm.record import write_save
        from riskterm.rules import PlayerSetup, available_variants, variant_class

        names = [PlayerSetup(n, c) for n, c in (("Ann", "red"), ("Bob", "blue"), ("Cid", "green"))]
        with tempfile.TemporaryDirectory() as d:
            board = load_board_file(write_board(Path(d) / "lakes.yaml", cols=3, rows=2))
            for i, v in enumerate(available_variants()):
                s = Session.new(v, names, 11 + i, {})
                drive(s, random.Random(11 + i), 60)
                _BASE[v] = write_save(s, Path(d) / f"{v}.json").read_bytes()
                if variant_class(v).any_board:
                    s = Session.new(v, names, 5, {}, board)
                    drive(s, random.Random(5), 40)
                    _BASE[f"{v}-lakes"] = write_save(s, Path(d) / f"{v}-lakes.json").read_bytes()
    return _BASE


def base_boards() -> dict[str, bytes]:
    return {p.stem: p.read_bytes() for p in sorted(maps_dir().glob("*.yaml"))}


def dump_yaml(doc: Any) -> bytes:
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    try:
        return yaml.dump(doc, Dumper=dumper, allow_unicode=True).encode("utf-8", "surrogatepass")
    except (yaml.YAMLError, UnicodeEncodeError):  # a lone surrogate: written as its \\u escape
        return yaml.dump(doc, Dumper=yaml.SafeDumper, allow_unicode=False).encode("utf-8")


def files_unchanged(folder: Path, expect: dict[str, bytes]) -> Callable[[], bool]:
    def check() -> bool:
        now = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and not p.is_symlink()}
        return now == expect

    return check


# --- the three fuzzes -------------------------------------------------------------------------------------
def fuzz_saves(n: int, folder: Path, seed: int = 0, variants: list[str] | None = None) -> Tally:
    """n damaged saves spread over the rulebooks, each through one of check-save/stats and the listing."""
    tally = Tally("saves")
    bases = base_saves()
    names = variants or sorted(bases)
    rnd = random.Random(seed)
    docs = {v: json.loads(bases[v]) for v in names}
    places = {v: [p for p in all_paths(docs[v]) if p != ("checksum",)] for v in names}
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "fuzz.json"
    for i in range(n):
        v = names[i % len(names)]
        label, data = save_mutation(rnd, bases[v], docs[v], places[v])
        path.write_bytes(data)
        argv = [*rnd.choice(SAVE_COMMANDS), str(path)]
        argv = [argv[0], argv[-1], *argv[1:-1]]

        def case(argv: list[str] = argv) -> bool:
            refused = judge(run_cli(argv), argv)
            read_header(
                path
            )  # what `resume --list` and the new-game screen read: None or facts, never raises
            return refused

        tally.run(
            f"{v} {label} | riskterm {' '.join(argv[:1] + argv[2:])}",
            case,
            unchanged=files_unchanged(folder, {"fuzz.json": data}),
        )
    return tally


def fuzz_boards(n: int, folder: Path, seed: int = 0) -> Tally:
    """n damaged boards spread over the shipped board files, each through validate-map and the loader."""
    tally = Tally("boards")
    bases = base_boards()
    names = sorted(bases)
    rnd = random.Random(seed)
    docs = {b: yaml.safe_load(bases[b]) for b in names}
    places = {b: all_paths(docs[b]) for b in names}
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "fuzz.yaml"
    for i in range(n):
        b = names[i % len(names)]
        label, data = board_mutation(rnd, bases[b], docs[b], places[b], dump_yaml)
        path.write_bytes(data)

        def case(direct: bool = i % 4 == 0, small: bool = label.startswith("small")) -> bool:
            refused = judge(run_cli(["validate-map", str(path)]), ["validate-map"])
            if small and not refused:
                play_on(load_board_file(path), rnd)
            if (
                not direct
            ):  # validate-map reads through the loader; asked directly for a sample (YAML is slow)
                return refused
            try:
                load_board_file(path)
            except MapError as e:
                assert e.problems and all("\x1b" not in p and "\n" not in p for p in e.problems), e.problems
                assert refused, "validate-map accepted a board the loader refuses"
                return True
            return refused

        tally.run(f"{b} {label}", case, unchanged=files_unchanged(folder, {"fuzz.yaml": data}))
    return tally


def play_on(board: Any, rnd: random.Random) -> None:
    """Every rulebook validate-map finds can start a game on the board plays one there with its fewest players,
    quick start or not, to its end or 400 random actions: no error."""
    from riskterm.commands.validate_map import playable_by
    from riskterm.rules import VARIANTS, PlayerSetup, variant_class

    titles, _ = playable_by(board)
    for name in VARIANTS:
        cls = variant_class(name)
        if cls.title not in titles:
            continue
        players = [PlayerSetup(f"P{i}", "") for i in range(cls.min_players)]
        s = Session.new(name, players, rnd.randrange(1000), {"quick_start": rnd.random() < 0.5}, board)
        for _ in range(400):
            acts = s.rules.legal_actions(s.state)
            if not acts or s.rules.is_over(s.state):
                break
            s.apply(rnd.choice(acts))


def command_files(root: Path) -> tuple[Path, list[str], list[str]]:
    """The folder of input files command lines name (good and damaged saves and boards, odd names), the list of
    every path they may name (also special files and missing ones) and of the folders --save-dir may name."""
    from support.boards import board_yaml

    folder, special = root / "in", root / "special"
    folder.mkdir(parents=True, exist_ok=True)
    special.mkdir(exist_ok=True)
    good = base_saves()
    files: dict[str, bytes] = {f"{v}.json": raw for v, raw in good.items()}
    files |= {
        "cut.json": good["classic"][: len(good["classic"]) // 2],
        "empty.json": b"",
        "binary.json": bytes(range(256)),
        "bom.json": b"\xef\xbb\xbf" + good["classic"],
        "surrogate.json": good["classic"].replace(b'"Ann"', b'"\\ud800"'),
        "board.yaml": base_boards()["classic"],
        "tiny.yaml": b"id: x\n",
        "\x1b[2J.json": good["classic"],
        "caf\xe9.json": good["classic"],
        "lakes.yaml": board_yaml(cols=3, rows=2).encode(),
        "two.yaml": board_yaml(cols=2, rows=1).encode(),
    }
    for name, raw in files.items():
        (folder / name).write_bytes(raw)
    out = [str(folder / n) for n in files] + [
        str(folder),
        str(folder / "missing.json"),
        "",
        "-",
        str(folder / "a\x00b.json"),
        str(folder / "\udcff.json"),
    ]
    if os.name == "posix":
        fifo, loop = special / "fifo.json", special / "loop.json"
        if not fifo.exists():
            os.mkfifo(fifo)
        if not loop.is_symlink():
            loop.symlink_to(loop)
        out += [str(fifo), str(loop), "/dev/zero", "/dev/null", "/dev/urandom"]
    blocker = special / "a-file"
    blocker.write_text("x")
    dirs = [str(root / "saves-out"), str(blocker), str(blocker / "below"), "", str(root / "\x1b")]
    return folder, out, dirs


def fuzz_commands(n: int, folder: Path, seed: int = 0) -> Tally:
    """n command lines: every command that reads a file, every option check, and noise."""
    import textual.app

    tally = Tally("command lines")
    inputs, files, dirs = command_files(folder)
    before = {p.name: p.read_bytes() for p in inputs.iterdir() if p.is_file()}
    rnd = random.Random(seed)
    run = textual.app.App.run
    textual.app.App.run = lambda self, *a, **k: None  # type: ignore[method-assign]  # the checks come first
    try:
        for _ in range(n):
            argv = command_line(rnd, files, dirs)
            tally.run(
                f"riskterm {argv!r}",
                lambda argv=argv: judge(run_cli(argv), argv or ["play"]),
                unchanged=files_unchanged(inputs, before),
            )
    finally:
        textual.app.App.run = run  # type: ignore[method-assign]
        (folder / "special" / "loop.json").unlink(
            missing_ok=True
        )  # pytest's clean-up trips over a symlink loop
    return tally
