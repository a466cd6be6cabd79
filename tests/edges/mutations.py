"""Seeded mutations for the fuzz at scale (fuzz_scale.py): damaged saves, damaged boards and hostile command
lines, each drawn from a random.Random so a run is repeated exactly by its seed and counted without
hypothesis' overhead. Every generator returns (label, input); the label says what was done, for reports."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from riskterm.record.saveformat import checksum

# --- values a forger, a broken disk or another program may put anywhere ------------------------------------
UNICODE_EDGES = [
    "\ud800",
    "\udfff",
    "Ann\udc80",
    "\ud83d",
    "\ud83d\ude00",
    "\x00",
    "A\x00B",
    "\x1b[2J",
    "\x1b]0;PWNED\x07",
    "\x7f",
    "\x85",
    "\u2028",
    "\u2029",
    "\u202eevil",
    "\u200d",
    "\ufeff",
    "\ufffe",
    "\uffff",
    "\ue000",
    "\U0010ffff",
    "e\u0301",
    "\u00a0",
    "Ä",
    "名前",
    "🙂" * 30,
    "a" * 25,
    "a" * 1001,
    "x" * 70_000,
    " ",
    "",
    "\t",
    "\n",
    "\r\n",
    "[red]x[/]",
    "[/]",
    "../../etc/passwd",
    "%s%n",
    "{0}",
    "NaN",
    "null",
    "true",
]
HUGE_NUMBERS = [2**31, 2**53 + 1, 2**63 - 1, 2**63, 2**64, -(2**63) - 1, 10**25, 10**26, -(10**25), 10**400]
HUGE_TEXTS = [
    "1e308",
    "-1e308",
    "1e309",
    "1e-400",
    "-0",
    "-0.0",
    "1" + "0" * 30,
    "9" * 4400,
    "1.5e99999",
    "0.000000000000000000000000000001",
    "123456789012345678901234567890.5",
]
PLAIN = [
    None,
    True,
    False,
    0,
    1,
    -1,
    7,
    0.5,
    -2.5,
    "",
    "x",
    "classic",
    "red",
    "easy",
    "hard",
    "none",
    [],
    {},
    [1, 2],
    {"a": 1},
    [[[]]],
    {"": None},
]


def nasty_value(rnd: random.Random, depth: int = 0) -> Any:
    """One value of any JSON type, often an edge case."""
    kind = rnd.random()
    if kind < 0.3:
        return rnd.choice(PLAIN)
    if kind < 0.5:
        return rnd.choice(UNICODE_EDGES)
    if kind < 0.65:
        return rnd.choice(HUGE_NUMBERS) * rnd.choice((1, -1))
    if kind < 0.75:
        return rnd.uniform(-1e6, 1e6)
    if kind < 0.85 or depth > 2:
        return rnd.randint(-20, 20)
    if kind < 0.93:
        return [nasty_value(rnd, depth + 1) for _ in range(rnd.randint(0, 4))]
    return {
        rnd.choice(UNICODE_EDGES[:20] + ["a", "b", "name", "turn"]): nasty_value(rnd, depth + 1)
        for _ in range(rnd.randint(0, 3))
    }


def other_type(rnd: random.Random, value: Any) -> Any:
    """A value of another JSON type than `value`'s."""
    kinds: list[Callable[[], Any]] = [
        lambda: None,
        lambda: rnd.choice([True, False]),
        lambda: rnd.randint(-5, 99),
        lambda: rnd.choice([0.5, 1.0, -3.25]),
        lambda: rnd.choice(["", "x", "3"]),
        lambda: [value],
        lambda: {"v": value},
    ]
    for _ in range(10):
        out = rnd.choice(kinds)()
        if type(out) is not type(value):
            return out
    return None


# --- documents ----------------------------------------------------------------------------------------------
def all_paths(doc: Any, prefix: tuple[Any, ...] = (), limit: int = 4000) -> list[tuple[Any, ...]]:
    """Every place in a document (every key at every depth; long lists by their first, second, middle and
    last items), up to `limit` places."""
    out: list[tuple[Any, ...]] = []
    todo: list[tuple[Any, tuple[Any, ...]]] = [(doc, prefix)]
    while todo and len(out) < limit:
        node, where = todo.pop()
        if where:
            out.append(where)
        if isinstance(node, dict):
            todo.extend((v, (*where, k)) for k, v in node.items())
        elif isinstance(node, list) and node:
            for i in sorted({0, min(1, len(node) - 1), len(node) // 2, len(node) - 1}):
                todo.append((node[i], (*where, i)))
    return out


def get(doc: Any, where: tuple[Any, ...]) -> Any:
    for k in where:
        doc = doc[k]
    return doc


def copy(doc: Any) -> Any:
    return json.loads(json.dumps(doc))


class Pairs(list):  # type: ignore[type-arg]
    """An object written with its (key, value) pairs as they are, duplicates included."""


def dumps(obj: Any) -> str:
    """json.dumps that writes Pairs objects with repeated keys (which json.dumps cannot)."""
    if isinstance(obj, Pairs):
        return "{" + ", ".join(f"{json.dumps(k)}: {dumps(v)}" for k, v in obj) + "}"
    if isinstance(obj, dict):
        return "{" + ", ".join(f"{json.dumps(k)}: {dumps(v)}" for k, v in obj.items()) + "}"
    if isinstance(obj, list):
        return "[" + ", ".join(dumps(v) for v in obj) + "]"
    return json.dumps(obj)


def sealed(doc: dict[str, Any]) -> dict[str, Any]:
    """The document with its checksum recomputed, as a forger would (when its text can be encoded at all)."""
    try:
        doc["checksum"] = checksum(doc)
    except (UnicodeEncodeError, TypeError, ValueError):
        pass
    return doc


# --- saves ------------------------------------------------------------------------------------------------
RAW_INSERTS = [
    b"\x00",
    b"\xff",
    b"\xed\xa0\x80",
    b"\xef\xbb\xbf",
    b"\xc0\xaf",
    b"\\ud800",
    b'"',
    b"{",
    b"}",
    b"[",
    b"]",
    b",",
    b":",
    b"\\",
    b"\n",
    b"1e999",
    b"NaN",
    b"-",
    b"\x1b[2J",
    b"\xe2\x80\xae",
]


def save_mutation(
    rnd: random.Random, raw: bytes, doc: dict[str, Any], where: list[tuple[Any, ...]]
) -> tuple[str, bytes]:
    """One damaged or forged version of a save (`raw` its bytes, `doc` its document, `where` its places)."""
    kind = rnd.choices(
        [
            "flip",
            "cut",
            "splice",
            "bytes",
            "edit",
            "type",
            "delete",
            "huge",
            "dupkey",
            "unicode",
            "actions",
            "header",
            "bom",
        ],
        weights=[10, 6, 5, 6, 16, 10, 6, 8, 6, 12, 8, 6, 1],
    )[0]
    if kind == "flip":
        b = bytearray(raw)
        for _ in range(rnd.randint(1, 4)):
            i = rnd.randrange(len(b))
            b[i] ^= 1 << rnd.randrange(8)
        return kind, bytes(b)
    if kind == "cut":
        return kind, raw[: rnd.randrange(len(raw))]
    if kind == "splice":
        i, j = sorted(rnd.randrange(len(raw)) for _ in range(2))
        how = rnd.choice(["drop", "repeat", "swap"])
        if how == "drop":
            return f"{kind} drop {i}:{j}", raw[:i] + raw[j:]
        if how == "repeat":
            return f"{kind} repeat {i}:{j}", raw[:j] + raw[i:j] + raw[j:]
        k = rnd.randrange(len(raw))
        return f"{kind} move {i}:{j}", (raw[:i] + raw[j:])[:k] + raw[i:j] + (raw[:i] + raw[j:])[k:]
    if kind == "bytes":
        i = rnd.randrange(len(raw))
        ins = rnd.choice(RAW_INSERTS)
        return f"{kind} {ins!r}@{i}", raw[:i] + ins + raw[i + rnd.choice((0, 0, 1)) :]
    if kind == "bom":
        return kind, b"\xef\xbb\xbf" + raw
    d = copy(doc)
    fix = rnd.random() < 0.85  # mostly forged: a damaged checksum alone is refused at once
    if kind in ("edit", "type", "delete", "huge", "unicode"):
        path = rnd.choice(where)
        parent, key = get(d, path[:-1]), path[-1]
        old = parent[key]
        if kind == "edit":
            parent[key] = nasty_value(rnd)
        elif kind == "type":
            parent[key] = other_type(rnd, old)
        elif kind == "delete":
            del parent[key]
        elif kind == "unicode":
            strings = [p for p in where if isinstance(get(doc, p), str) or isinstance(p[-1], str)]
            path = rnd.choice(strings)
            parent, key = get(d, path[:-1]), path[-1]
            if isinstance(key, str) and rnd.random() < 0.3:  # the key itself
                parent[rnd.choice(UNICODE_EDGES)] = parent.pop(key)
            else:
                parent[key] = rnd.choice(UNICODE_EDGES)
        else:  # a huge number, written as text so that also floats json.dumps cannot make appear
            parent[key] = "@HUGE@"
            text = dumps(sealed(d) if fix else d)
            return f"{kind} {path!r}", text.replace(
                '"@HUGE@"', rnd.choice([str(n) for n in HUGE_NUMBERS] + HUGE_TEXTS), 1
            ).encode()
        label = f"{kind} {path!r}"
    elif kind == "dupkey":
        objects = [p for p in where if isinstance(get(doc, p), dict) and get(doc, p)]
        path = rnd.choice([(), *objects])
        target = get(d, path) if path else d
        pairs = Pairs(target.items())
        k = rnd.choice(list(target))
        pairs.insert(rnd.randrange(len(pairs) + 1), (k, rnd.choice([target[k], nasty_value(rnd)])))
        if fix:
            sealed(d)
        if path:
            get(d, path[:-1])[path[-1]] = pairs
            return f"{kind} {path!r}.{k!r}", dumps(d).encode()
        return f"{kind} {k!r}", dumps(Pairs(list(pairs) + [("checksum", d.get("checksum"))])).encode()
    elif kind == "actions":
        acts = d["actions"]
        how = rnd.choice(["drop", "repeat", "swap", "insert", "reverse", "empty"])
        if acts:
            i = rnd.randrange(len(acts))
            if how == "drop":
                del acts[i]
            elif how == "repeat":
                acts.insert(i, acts[i])
            elif how == "swap":
                j = rnd.randrange(len(acts))
                acts[i], acts[j] = acts[j], acts[i]
            elif how == "insert":
                acts.insert(
                    i,
                    rnd.choice(
                        [
                            "end",
                            "pass",
                            "attack a b",
                            "claim nowhere",
                            "place 9999 alaska",
                            "trade 1 2 3",
                            "",
                            " ",
                            "x" * 900,
                            "claim \x00",
                        ]
                    ),
                )
            elif how == "reverse":
                acts.reverse()
            else:
                acts.clear()
        label = f"{kind} {how}"
    else:  # header: the fields listing reads (variant, players, summary) edited together
        d["variant"] = rnd.choice(["classic", "europe", "risiko", "modern", "units", "CLASSIC", "chess", ""])
        d["summary"] = nasty_value(rnd) if rnd.random() < 0.3 else {**d["summary"], "turn": nasty_value(rnd)}
        label = kind
    if fix:
        sealed(d)
    return label, dumps(d).encode() if rnd.random() < 0.5 else json.dumps(d, ensure_ascii=False).encode(
        "utf-8", "surrogatepass"
    )


# --- boards -----------------------------------------------------------------------------------------------
YAML_SPECIALS = [
    "a: &a [1, 2]\nb: [*a, *a]\n",
    "\n".join(
        [f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 9) + "]" if i else "l0: &l0 [x]" for i in range(12)]
    ),
    "x: !!python/object/apply:os.system ['true']\n",
    "x: !!binary aGVsbG8=\n",
    "x: !!set {a, b}\n",
    "x: 2001-12-14\n",
    "x: .inf\n",
    "x: .nan\n",
    "? [1, 2]\n: x\n",
    "x: yes\nno: on\n",
    "<<: {a: 1}\n",
    "x: " + "[" * 3000 + "]" * 3000 + "\n",
    "x: " + "9" * 5000 + "\n",
    'x: "\\ud800"\n',
    'x: "\\x00"\n',
    'x: "\\e[2J"\n',
    "%YAML 1.1\n---\nx: 1\n",
    "--- 1\n--- 2\n",
    "x: |\n  \u2028\n",
    "\t- x\n",
    "x: 0o777\n",
    "x: 0x_1F\n",
    "x: 1_000\n",
    "~: ~\n",
    "x: !!str\n",
    "&x a: *x\n",
]


def board_mutation(
    rnd: random.Random,
    raw: bytes,
    doc: dict[str, Any],
    where: list[tuple[Any, ...]],
    dump: Callable[[Any], bytes],
) -> tuple[str, bytes]:
    kind = rnd.choices(
        ["flip", "cut", "bytes", "edit", "type", "delete", "unicode", "yaml", "small", "dupkey", "huge"],
        weights=[8, 5, 6, 20, 12, 8, 10, 8, 8, 5, 5],
    )[0]
    if kind == "flip":
        b = bytearray(raw)
        for _ in range(rnd.randint(1, 3)):
            i = rnd.randrange(len(b))
            b[i] ^= 1 << rnd.randrange(8)
        return kind, bytes(b)
    if kind == "cut":
        return kind, raw[: rnd.randrange(len(raw))]
    if kind == "bytes":
        i = rnd.randrange(len(raw))
        ins = rnd.choice(RAW_INSERTS + [b"&a ", b"*a", b"!!", b"? ", b"- ", b"\t", b"'", b"|", b"%", b"@"])
        return f"{kind} {ins!r}@{i}", raw[:i] + ins + raw[i:]
    if kind == "yaml":
        special = rnd.choice(YAML_SPECIALS)
        if rnd.random() < 0.5:
            return f"{kind} alone {special[:40]!r}", special.encode("utf-8", "surrogatepass")
        return f"{kind} appended {special[:40]!r}", raw + b"\n" + special.encode("utf-8", "surrogatepass")
    d = copy(doc)
    if kind == "small":  # a well-formed board of a few territories: 1 and 2 no rulebook can start
        from support.boards import grid_board

        cols, rows = rnd.choice([(1, 1), (2, 1), (1, 2), (3, 1), (2, 2), (4, 1)])
        small = grid_board(cols=cols, rows=rows, cards=rnd.random() < 0.5, bonus=rnd.choice([0, 1, 2]))
        if cols * rows == 1:
            small["territories"][0].pop("sea_neighbours", None)
        return f"{kind} {cols * rows}", dump(small)
    if kind == "dupkey":
        text = raw.decode("utf-8")
        lines = text.split("\n")
        i = rnd.randrange(len(lines))
        return f"{kind} line {i}", "\n".join(lines[: i + 1] + [lines[i]] + lines[i + 1 :]).encode("utf-8")
    path = rnd.choice(where)
    parent, key = get(d, path[:-1]), path[-1]
    if kind == "edit":
        parent[key] = nasty_value(rnd)
    elif kind == "type":
        parent[key] = other_type(rnd, parent[key])
    elif kind == "delete":
        del parent[key]
    elif kind == "huge":
        parent[key] = rnd.choice(HUGE_NUMBERS) * rnd.choice((1, -1))
    else:
        if isinstance(key, str) and rnd.random() < 0.3:
            parent[rnd.choice(UNICODE_EDGES)] = parent.pop(key)
        else:
            parent[key] = rnd.choice(UNICODE_EDGES)
    return f"{kind} {path!r}", dump(d)


# --- command lines ----------------------------------------------------------------------------------------
WORDS = [
    "",
    " ",
    "-",
    "--",
    "-h",
    "--help",
    "--json",
    "--version",
    "x",
    "0",
    "-1",
    "9" * 30,
    "\udcff",
    "\x1b[2J",
    "名前",
    "a" * 300,
    "--seed",
    "--games",
    "=",
    ",",
    ",,",
    "\x00",
]


def command_line(rnd: random.Random, files: list[str], save_dirs: list[str]) -> list[str]:
    """A command line for any command that reads a file, the option checks, or none at all."""
    f = lambda: rnd.choice(files)  # noqa: E731
    num = lambda: rnd.choice(  # noqa: E731
        [
            "0",
            "1",
            "2",
            "3",
            "6",
            "7",
            "-1",
            "x",
            "1e3",
            "",
            " 3",
            "٣",
            "9" * 30,
            str(2**63 - 1),
            str(2**63),
            str(2**64),
            "-0",
            "0x10",
            "3.0",
        ]
    )
    names = lambda: rnd.choice(  # noqa: E731
        [
            "Ann,Bob,Cid",
            "Ann,,Cid",
            "Ann,Bob,",
            ",",
            "Ann",
            "Ann,ann,Bob",
            "A,B,C,D,E,F,G",
            "Ann\udcff,Bob,Cid",
            "Ann,\x1b[2J,Cid",
            "a" * 25 + ",b,c",
            "Ann,Bob,Cid\u202e",
            " , , ",
            "Ann,Bob,Cid,Dev,Eve,Fay",
            "名前,Bob,Cid",
        ]
    )
    colours = lambda: rnd.choice(  # noqa: E731
        [
            "red,blue,green",
            "red,red,blue",
            "grey,gray,red",
            "red,blue",
            "red,blue,purple",
            "RED,Blue,green",
            "red,,blue",
            "red,blue,green,cyan",
            "",
            "\udcff,red,blue",
        ]
    )
    kind = rnd.choices(
        ["check", "stats", "map", "odds", "resume", "replay", "play", "simulate", "noise", "help"],
        weights=[14, 12, 12, 8, 8, 8, 18, 8, 8, 4],
    )[0]
    if kind == "check":
        return ["check-save", f(), *rnd.choice([[], ["--json"], ["--json", "--json"], [f()]])]
    if kind == "stats":
        return ["stats", f(), *rnd.choice([[], ["--json"], ["--turns"], ["--json", "--turns"]])]
    if kind == "map":
        return ["validate-map", *[f() for _ in range(rnd.randint(1, 3))]]
    if kind == "odds":
        return ["odds", num(), num(), *rnd.choice([[], ["--json"], [num()]])]
    if kind == "resume":
        return ["resume", *rnd.choice([[f()], ["--list"], [f(), "--speed", rnd.choice(["instant", "warp"])]])]
    if kind == "replay":
        return ["replay", f(), *rnd.choice([[], ["--turn", num()]])]
    if kind == "play":
        argv = ["play"]
        for opt in rnd.sample(
            [
                "--names",
                "--colours",
                "--seed",
                "--ai",
                "--variant",
                "--quick",
                "--turn-cap",
                "--house",
                "--level",
                "--map",
            ],
            rnd.randint(1, 5),
        ):
            value = {
                "--names": names,
                "--map": f,
                "--colours": colours,
                "--seed": num,
                "--turn-cap": num,
                "--ai": lambda: rnd.choice(["Cid", "2:hard", "9", "Zed", "Bob:godlike", ":", ""]),
                "--variant": lambda: rnd.choice(["classic", "europe", "risiko", "modern", "chess", "units"]),
                "--house": lambda: rnd.choice(
                    ["fortify=connected", "fortify=x", "x=y", "=", "defender=when needed"]
                ),
                "--level": lambda: rnd.choice(["easy", "hard", "godlike"]),
                "--quick": None,
            }[opt]
            argv += [opt] if value is None else [opt, value()]
        return argv
    if kind == "simulate":
        argv = [
            "simulate",
            "--variant",
            rnd.choice(["classic", "europe", "risiko", "modern", "chess"]),
            "--players",
            rnd.choice(["2", "3", "1", "7", "x"]),
            "--games",
            rnd.choice(["1", "0", "-3", "x", "1"]),
            "--ai",
            rnd.choice(["easy", "easy,easy,easy", "godlike", ""]),
        ]
        if rnd.random() < 0.5:
            argv += ["--seed", rnd.choice([num(), str(2**63 - 2), str(2**63 - 1)])]
        if rnd.random() < 0.4:
            argv += ["--save-dir", rnd.choice(save_dirs)]
        if rnd.random() < 0.2:
            argv += ["--json"]
        if rnd.random() < 0.3:
            argv += ["--map", f()]
        return argv
    if kind == "help":
        return [
            rnd.choice(
                [
                    "check-save",
                    "stats",
                    "validate-map",
                    "odds",
                    "resume",
                    "replay",
                    "play",
                    "simulate",
                    "host",
                    "join",
                    "serve",
                ]
            ),
            "--help",
        ]
    return [rnd.choice(WORDS) for _ in range(rnd.randint(0, 4))]
