"""Finding a board to play on: the shipped boards (maps/), the user's own (the boards folder in the data
folder), or any board file named on the command line. And whether a board is a shipped one, which a save
need not carry (a save of a game on any other board carries the board's text)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from riskterm.board.loader import load_board, load_board_file
from riskterm.board.model import Board
from riskterm.errors import MapError
from riskterm.paths import boards_dir, maps_dir
from riskterm.setup_options import printable

SUFFIX = ".yaml"


@dataclass(frozen=True)
class BoardFile:
    """A board file offered for a game: its name (the file's stem), where it is, and whether riskterm ships it."""

    name: str
    path: Path
    shipped: bool


@cache
def shipped_ids() -> tuple[str, ...]:
    try:
        return tuple(sorted(p.stem for p in maps_dir().glob(f"*{SUFFIX}")))
    except FileNotFoundError:
        return ()


def is_shipped(board: Board) -> bool:
    """The board is exactly a shipped board (the file of its id, by its facts)."""
    if board.id not in shipped_ids():
        return False
    try:
        return load_board(board.id).digest == board.digest
    except MapError:
        return False


def board_files() -> list[BoardFile]:
    """The shipped boards, then the user's own (*.yaml in the boards folder), each by name."""
    out = [BoardFile(i, maps_dir() / f"{i}{SUFFIX}", True) for i in shipped_ids()]
    try:
        own = sorted(p for p in boards_dir().glob(f"*{SUFFIX}") if p.is_file())
    except OSError:
        own = []
    return out + [BoardFile(p.stem, p, False) for p in own]


def board_name(path: Path) -> str:
    """A board file's display name (its top-level `name:`), read from the file's first lines rather than by
    loading and checking the whole board; the file's stem when it names none. Read again only when it changes."""
    try:
        st = path.stat()
    except OSError:
        return path.stem
    return _name(str(path), st.st_mtime_ns, st.st_size) or path.stem


@cache
def _name(path: str, _mtime: int, _size: int) -> str:
    try:
        with open(path, "rb") as f:
            head = f.read(8192).decode("utf-8", "replace")
    except OSError:
        return ""
    for line in head.splitlines():
        if line.startswith("name:"):
            try:
                value = yaml.safe_load(line[5:])
            except yaml.YAMLError:
                return ""
            return " ".join(value.split()) if isinstance(value, str) else ""
    return ""


def board_titles(files: list[BoardFile]) -> list[str]:
    """Each board's display name, followed by its id where two of the boards share that name."""
    names = [board_name(f.path) for f in files]
    return [
        f"{n} ({f.name})" if names.count(n) > 1 and n != f.name else n
        for n, f in zip(names, files, strict=True)
    ]


def board_title(board_id: str) -> str:
    """The display name of the board of an id (the user's own board of that id before a shipped one), with
    the id where another board has the same name; the id itself when no board here has that id."""
    files = board_files()
    titles = board_titles(files)
    for f, title in zip(reversed(files), reversed(titles), strict=True):
        if f.name == board_id:
            return title
    return board_id


@dataclass(frozen=True)
class BoardInfo:
    """What a chooser says of a board file: where it comes from, its title, author, notes and size, the board
    itself, or why it cannot be played (`problem`, with `board` None)."""

    file: BoardFile
    kind: str  # built in, imported, generated, your own
    title: str
    author: str = ""
    notes: str = ""
    territories: int = 0
    regions: int = 0
    bonuses: str = ""  # 'North America +5, ...'
    land: int = 0
    sea: int = 0
    board: Board | None = None
    problem: str = ""

    def size_line(self) -> str:
        """'42 territories in 6 regions (North America +5, ...); 58 land borders, 25 sea-lines.'"""
        return (
            f"{self.territories} territories in {self.regions} regions ({self.bonuses}); {self.land} land "
            f"border{'' if self.land == 1 else 's'}, {self.sea} sea-line{'' if self.sea == 1 else 's'}."
        )


def board_kind(f: BoardFile, notes: str) -> str:
    """Where a board comes from, as the board files say it: shipped, made by import-map or new-map (their
    notes begin so), or the user's own."""
    if f.shipped:
        return "built in"
    if notes.startswith("Imported from"):
        return "imported"
    if notes.startswith("Made by riskterm new-map"):
        return "generated"
    return "your own"


def board_info(f: BoardFile) -> BoardInfo:
    """The board file read and checked, for a chooser. Read again only when the file changes."""
    try:
        st = f.path.stat()
    except OSError:
        return BoardInfo(f, board_kind(f, ""), f.name, problem="The file is gone.")
    return _info(f, st.st_mtime_ns, st.st_size)


@cache
def _info(f: BoardFile, _mtime: int, _size: int) -> BoardInfo:
    try:
        board = load_board_file(f.path)
    except MapError as e:
        return BoardInfo(
            f, board_kind(f, ""), board_name(f.path), problem=f"Cannot be played: {e.problems[0]}"
        )
    land = sum(len(t.neighbours) for t in board.territories) // 2
    sea = sum(len(t.sea_neighbours) for t in board.territories) // 2
    regions = ", ".join(f"{r.name} +{r.bonus}" for r in board.regions[:8])
    more = f" and {len(board.regions) - 8} more" if len(board.regions) > 8 else ""
    return BoardInfo(
        f,
        board_kind(f, board.notes),
        board.name,
        board.author,
        board.notes.strip(),
        len(board),
        len(board.regions),
        regions + more,
        land,
        sea,
        board,
    )


def board_about(path: Path) -> str:
    """One line about a board file for a chooser: its name, size, regions and bonuses, borders; or why it
    cannot be played."""
    info = board_info(BoardFile(path.stem, path, path.parent == maps_dir()))
    return info.problem or f"{info.title}: {info.size_line()}"


def open_board(where: str) -> Board:
    """The board a --map argument names: a board file's path, else the name of a user's board or a shipped
    one. MapError with one sentence when there is none or it is not a valid board."""
    path = Path(where)
    if not path.exists() and not where.endswith(SUFFIX) and "/" not in where:
        for f in reversed(board_files()):  # the user's own board of a name before a shipped one
            if f.name == where:
                path = f.path
                break
        else:
            known = ", ".join(f.name for f in board_files())
            raise MapError(
                [
                    f"There is no board file or board called '{printable(where)}' (the boards here: "
                    f"{known}, and any board file by its path)."
                ]
            )
    try:
        return load_board_file(path)
    except MapError as e:
        if len(e.problems) == 1:
            raise
        more = len(e.problems) - 1
        raise MapError(
            [
                f"{e.problems[0].rstrip('.')} (and {more} more problem{'s' if more > 1 else ''}; "
                f"'riskterm validate-map {printable(str(path))}' lists them all)."
            ]
        ) from None
