"""The property-based fuzz (hypothesis): damaged saves, damaged boards and random command lines.

Every input must end in a refusal with one sentence (SaveError, MapError, exit 2) or be accepted; anything
else is a crash, and an input that takes longer than HANG_SECONDS is a hang. `Tally` counts inputs tried,
refused, accepted, crashes and hangs; test_fuzz_edges.py prints them (run with -s to see the figures)."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from hypothesis import strategies as st

from riskterm.paths import map_path
from riskterm.record.saveformat import checksum

HANG_SECONDS = 20.0


class Hang(Exception):
    pass


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise Hang in the main thread after `seconds` (SIGALRM; POSIX only, else no limit)."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def ring(_sig: int, _frame: object) -> None:
        raise Hang()

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@dataclass
class Tally:
    what: str
    tried: int = 0
    refused: int = 0
    harmless: int = 0
    crashes: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)

    def run(self, label: str, f: Callable[[], bool], unchanged: Callable[[], bool] | None = None) -> None:
        """f returns True when the input was refused with a sentence, False when harmless (accepted); raising
        is a crash. `unchanged` says afterwards whether the input files are as they were."""
        self.tried += 1
        try:
            with time_limit(HANG_SECONDS):
                refused = f()
        except Hang:
            self.hangs.append(label[:300])
            refused = None
        except Exception as e:  # noqa: BLE001 - the point: anything else is a crash
            self.crashes.append(f"{label[:300]}: {type(e).__name__}: {str(e)[:300]}")
            refused = None
        if unchanged is not None and not unchanged():
            self.changed.append(label[:300])
        if refused is True:
            self.refused += 1
        elif refused is False:
            self.harmless += 1

    def counts(self) -> dict[str, int]:
        return {
            "tried": self.tried,
            "refused": self.refused,
            "harmless": self.harmless,
            "crashes": len(self.crashes),
            "hangs": len(self.hangs),
            "changed": len(self.changed),
        }

    def line(self) -> str:
        return f"{self.what}: " + ", ".join(f"{v} {k}" for k, v in self.counts().items())

    def problems(self) -> str:
        return "\n".join(
            ["crash: " + c for c in self.crashes[:20]]
            + ["hang: " + h for h in self.hangs[:20]]
            + ["changed: " + c for c in self.changed[:20]]
        )


# --- values a forger or a broken disk may put anywhere -----------------------------------------------------
NASTY_TEXT = st.sampled_from(
    [
        "",
        " ",
        "x",
        "\x1b[2J",
        "\x1b]0;OWNED\x07",
        "[red]x[/]",
        "[/]",
        "../../etc",
        "a" * 300,
        "\u202eevil",
        "\x00",
        "easy",
        "hard",
        "godlike",
        "classic",
        "none",
    ]
)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-10, 10)
    | st.integers(-(10**40), 10**40)
    | st.floats(allow_nan=False, allow_infinity=False)
    | NASTY_TEXT
    | st.text(max_size=12)
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(NASTY_TEXT | st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)


def paths(doc: Any, depth: int = 3, prefix: tuple = ()) -> list[tuple]:
    """Every place in a document down to `depth` (long lists sampled: their first, second and last items)."""
    out = [prefix] if prefix else []
    if depth == 0:
        return out
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += paths(v, depth - 1, (*prefix, k))
    elif isinstance(doc, list) and doc:
        for i in sorted({0, min(1, len(doc) - 1), len(doc) - 1}):
            out += paths(doc[i], depth - 1, (*prefix, i))
    return out


def mutate(doc: Any, where: tuple, how: str, value: Any) -> Any:
    """A copy of doc with the value at `where` replaced, deleted, or wrapped in a list."""
    doc = json.loads(json.dumps(doc))
    parent = doc
    for k in where[:-1]:
        parent = parent[k]
    k = where[-1]
    if how == "delete":
        del parent[k]
    elif how == "wrap":
        parent[k] = [parent[k]]
    else:
        parent[k] = value
    return doc


def save_bytes(doc: dict[str, Any], fix_checksum: bool) -> bytes:
    if fix_checksum:
        doc["checksum"] = checksum(doc)
    return json.dumps(doc, ensure_ascii=False).encode("utf-8")


_BOARD: dict[str, Any] = {}


def board_doc() -> dict[str, Any]:
    if "doc" not in _BOARD:
        _BOARD["doc"] = yaml.safe_load(map_path("classic").read_text(encoding="utf-8"))
    return json.loads(json.dumps(_BOARD["doc"]))


def board_bytes(doc: Any) -> bytes:
    return yaml.dump(doc, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), allow_unicode=True).encode(
        "utf-8"
    )


def special_files(folder: Path, good_save: bytes) -> dict[str, str]:
    """Files a command line may name: good, damaged, empty, special, missing."""
    f = {
        "good": folder / "good.json",
        "cut": folder / "cut.json",
        "empty": folder / "empty.json",
        "board": Path(map_path("classic")),
        "dir": folder,
        "missing": folder / "nope.json",
        "binary": folder / "bin.json",
    }
    f["good"].write_bytes(good_save)
    f["cut"].write_bytes(good_save[: len(good_save) // 2])
    f["empty"].write_bytes(b"")
    f["binary"].write_bytes(bytes(range(256)))
    out = {k: str(v) for k, v in f.items()}
    if os.name == "posix":
        fifo = folder / "fifo.json"
        if not fifo.exists():
            os.mkfifo(fifo)
        out |= {"fifo": str(fifo), "zero": "/dev/zero", "urandom": "/dev/urandom", "null": "/dev/null"}
    return out


def command_lines(files: dict[str, str], with_simulate: bool) -> st.SearchStrategy[list[str]]:
    file = st.sampled_from(sorted(files.values()))
    number = st.sampled_from(["0", "1", "2", "3", "7", "-1", "-5", "x", "1e3", "9" * 30, "2001", "3000", ""])
    word = NASTY_TEXT | st.text(max_size=8)
    names = st.lists(NASTY_TEXT | st.sampled_from(["Ann", "Bob", "Cid", "ann"]), min_size=0, max_size=7).map(
        ",".join
    )
    ai = st.lists(
        st.sampled_from(["1", "2", "9", "0", "Ann", "Zed", "Bob:hard", "2:godlike", "3:easy", ":", ""]),
        max_size=3,
    ).map(",".join)
    variant = st.sampled_from(["classic", "europe", "risiko", "modern", "chess", "CLASSIC", "units", ""])
    play = st.tuples(
        st.just(["play"]),
        st.lists(
            st.sampled_from(
                [
                    ["--names"],
                    ["--ai"],
                    ["--turn-cap"],
                    ["--seed"],
                    ["--variant"],
                    ["--house"],
                    ["--quick"],
                    ["--level"],
                    ["--colours"],
                ]
            ),
            max_size=5,
        ),
    ).flatmap(
        lambda t: st.tuples(
            *[
                {
                    "--names": names,
                    "--ai": ai,
                    "--turn-cap": number,
                    "--seed": number,
                    "--variant": variant,
                    "--house": st.sampled_from(
                        [
                            "fortify=connected",
                            "fortify=x",
                            "x=y",
                            "defender=when needed",
                            "=",
                            "defender_chooses=no",
                        ]
                    ),
                    "--level": st.sampled_from(["easy", "hard", "godlike"]),
                    "--colours": names,
                    "--quick": st.just(None),
                }[o[0]].map(lambda v, o=o: o if v is None else [o[0], v])
                for o in t[1]
            ]
        ).map(lambda opts: ["play"] + [x for o in opts for x in o])
    )
    lines = [
        st.tuples(st.just("check-save"), file, st.sampled_from([[], ["--json"]])).map(
            lambda t: [t[0], t[1], *t[2]]
        ),
        st.tuples(st.just("stats"), file, st.sampled_from([[], ["--json"], ["--turns"]])).map(
            lambda t: [t[0], t[1], *t[2]]
        ),
        st.lists(file, min_size=1, max_size=3).map(lambda fs: ["validate-map", *fs]),
        st.tuples(number, number, st.sampled_from([[], ["--json"]])).map(
            lambda t: ["odds", t[0], t[1], *t[2]]
        ),
        st.tuples(file, st.sampled_from([[], ["--list"]])).map(lambda t: ["resume", t[0], *t[1]]),
        st.tuples(file, st.sampled_from([[], ["--turn", "3"], ["--turn", "99999"], ["--turn", "-1"]])).map(
            lambda t: ["replay", t[0], *t[1]]
        ),
        play,
        st.lists(word, max_size=4),
    ]
    if with_simulate:
        lines.append(
            st.tuples(
                variant,
                st.sampled_from(["1", "0", "-3", "x"]),
                st.sampled_from(["2", "3", "7", "1", "x"]),
                st.sampled_from(["easy", "hard", "easy,easy", "godlike", ""]),
            ).map(lambda t: ["simulate", "--variant", t[0], "--games", t[1], "--players", t[2], "--ai", t[3]])
        )
    return st.one_of(*lines)
