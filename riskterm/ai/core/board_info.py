"""What a computer player precomputes about a board once: neighbours, regions, their bonuses and borders."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from itertools import compress
from operator import itemgetter

from riskterm.board import Board
from riskterm.engine import balanced
from riskterm.engine.dice import outcomes
from riskterm.engine.luck import TRUE_DICE, DiceRules
from riskterm.engine.odds import OddsTable, attack_odds, odds_table

ODDS_SIZE = 80


class BoardInfo:
    def __init__(self, board: Board):
        self.board = board
        self.n = len(board.territories)
        self.ids = tuple(t.id for t in board.territories)
        self.index = board.index
        self.adj: tuple[tuple[int, ...], ...] = board.adj_sorted
        self.region_of = board.region_of
        self.members: tuple[tuple[int, ...], ...] = board.region_members
        self.bonus = tuple(r.bonus for r in board.regions)
        # territories of a region with a neighbour outside it (what holding the region means defending)
        self.region_borders = tuple(
            tuple(t for t in m if any(self.region_of[u] != r for u in self.adj[t]))
            for r, m in enumerate(self.members)
        )
        # each region's entries of a per-territory list, as a tuple (itemgetter of one index gives no tuple)
        self.region_getters = tuple(_tuple_getter(m) for m in self.members)
        # each territory's neighbours' entries of a per-territory list as one tuple (one C call), and how many
        self.adj_getters = tuple(_tuple_getter(a) for a in self.adj)
        self.degree = tuple(len(a) for a in self.adj)
        self._front: dict[
            int, tuple[list[int], list[int]]
        ] = {}  # per seat: (owners, frontier), see frontier()
        # territories next to a region from outside it (whether a player is near a region it has none of)
        self.region_outside = tuple(
            tuple(sorted({u for t in m for u in self.adj[t] if self.region_of[u] != r}))
            for r, m in enumerate(self.members)
        )
        self.outside_getters = tuple(_tuple_getter(o) for o in self.region_outside)
        # how attractive a region is per unit of effort: its bonus against its size and borders to hold
        self.region_value = tuple(
            (self.bonus[r] + 1.0) / (len(m) + 2.0 * len(self.region_borders[r]))
            for r, m in enumerate(self.members)
        )

    def frontier(self, owner: list[int], p: int) -> list[int]:
        """p's territories with a neighbour p does not hold, in board order . The last
        answer per seat is kept with the owners list it came from: states are never changed, so the same
        list object (set-up placing, a turn's decisions before a conquest) has the same frontier. The list
        returned is shared: read it, do not change it."""
        last = self._front.get(p)
        if last is not None and last[0] is owner:
            return last[1]
        get, degree = self.adj_getters, self.degree
        front = [
            t
            for t in compress(range(len(owner)), map(p.__eq__, owner))
            if get[t](owner).count(p) != degree[t]
        ]
        self._front[p] = (owner, front)  # (one tuple, set at once: safe between threads)
        return front

    def held_regions(self, owner: list[int], p: int) -> list[int]:
        return [r for r, m in enumerate(self.members) if all(owner[t] == p for t in m)]

    def distance_to_enemy(self, owner: list[int], p: int) -> list[int]:
        """Steps from each territory of p to the nearest territory not held by p (0 for those not held)."""
        big = self.n + 1
        dist = [0 if o != p else big for o in owner]
        frontier = [t for t, o in enumerate(owner) if o != p]
        d = 0
        while frontier:
            d += 1
            nxt = []
            for t in frontier:
                for u in self.adj[t]:
                    if dist[u] == big:
                        dist[u] = d
                        nxt.append(u)
            frontier = nxt
        return dist


def _tuple_getter(members: tuple[int, ...]) -> Callable[[list[int]], tuple[int, ...]]:
    if not members:
        return lambda xs: ()
    if len(members) == 1:
        only = members[0]
        return lambda xs: (xs[only],)
    return itemgetter(*members)


def threat(info: BoardInfo, owner: list[int], armies: list[int], p: int, t: int) -> int:
    """Enemy armies next to t that could attack it (each enemy territory keeps one army behind)."""
    return sum(armies[u] - 1 for u in info.adj[t] if owner[u] != p and owner[u] >= 0)


@lru_cache(maxsize=16)
def board_info(board: Board) -> BoardInfo:
    return BoardInfo(board)


_TABLE: OddsTable | None = None
# The dice of the game a computer player is choosing in (the guard sets it around each choice): the chances
# below are the engine's for those dice (engine/balanced.py). _OTHER_DICE: some game in this process plays
# other than true dice (until then the chances skip the look-up).
DICE: ContextVar[DiceRules] = ContextVar("dice", default=TRUE_DICE)
_OTHER_DICE = False


@contextmanager
def playing(dice: DiceRules) -> Iterator[None]:
    """The chances below are those of `dice` inside this block (in this thread or task only)."""
    global _OTHER_DICE
    if dice == TRUE_DICE:
        yield
        return
    _OTHER_DICE = True
    token = DICE.set(dice)
    try:
        yield
    finally:
        DICE.reset(token)


def playing_dice() -> DiceRules:
    """The dice of the game a computer player is choosing in (true dice outside a choice)."""
    return _other_dice() or TRUE_DICE


def _other_dice() -> DiceRules | None:
    if not _OTHER_DICE:
        return None
    dice = DICE.get()
    return None if dice is TRUE_DICE else dice


def win_chance(a: int, d: int) -> float:
    """Chance that `a` armies able to attack (not counting the one left behind) take a territory held by d."""
    global _TABLE
    if _OTHER_DICE and (dice := _other_dice()) is not None:
        return balanced.win_chance(a, d, dice)
    if a <= 0:
        return 0.0
    if d <= 0:
        return 1.0
    if a <= ODDS_SIZE and d <= ODDS_SIZE:
        if _TABLE is None:
            _TABLE = odds_table(ODDS_SIZE, ODDS_SIZE)
        return _TABLE.win[a][d]
    return attack_odds(a, d)[0]


SLACK = 1e-9  # far above any rounding in an exact solve or a table (about 1e-13), far below a difference a player weighs
BOUND_A = 1000  # the most attackers the bound rows grow to (beyond: the table's edge alone bounds a fight)


class _BoundRows:
    """win_chance(a, d) for d <= ODDS_SIZE and any a up to BOUND_A, worked out by the table's recurrence
    (OddsTable: its rounding, within SLACK of the exact solve), rows added as bigger stacks ask (about 50 us a
    row): the bounds of a big stack's fights against a stack inside the table, without solving them."""

    def __init__(self) -> None:
        self.rows: list[list[float]] = []
        self.lock = threading.Lock()  # one grower at a time (rows are appended in order)

    def row(self, a: int) -> list[float]:
        rows = self.rows
        if a < len(rows):
            return rows[a]
        with self.lock:
            if not rows:
                rows.extend(win_rows()[: ODDS_SIZE + 1])
            outs = {(i, j): outcomes(i, j) for i in (1, 2, 3) for j in (1, 2)}
            while len(rows) <= a:
                n = len(rows)
                new = [1.0] + [0.0] * ODDS_SIZE
                back = (new, rows[n - 1], rows[n - 2], rows[n - 3])  # by attacker losses (none: this row)
                for d in range(1, ODDS_SIZE + 1):
                    w = 0.0
                    for al, dl, pr in outs[(3, min(d, 2))]:
                        w += pr * back[al][d - dl]
                    new[d] = w
                rows.append(new)
        return rows[a]


_BOUNDS = _BoundRows()


def win_bounds(a: int, d: int) -> tuple[float, float]:
    """(lo, hi) around win_chance(a, d) without solving a fight beyond the table: inside it both are the
    chance itself; a bigger stack against one inside the table: the bound rows' chance, less or plus SLACK;
    else more attackers never win less and more defenders never lose more, so the edge of the table (or of
    the bound rows) bounds it (less or plus SLACK for the rounding of either computation)."""
    global _TABLE
    if a <= 0:
        return 0.0, 0.0
    if d <= 0:
        return 1.0, 1.0
    if _OTHER_DICE and (dice := _other_dice()) is not None:
        w = balanced.win_chance(a, d, dice)
        return (w, w) if a <= ODDS_SIZE and d <= ODDS_SIZE else (w - SLACK, w + SLACK)
    if _TABLE is None:
        _TABLE = odds_table(ODDS_SIZE, ODDS_SIZE)
    if a <= ODDS_SIZE:
        if d <= ODDS_SIZE:
            w = _TABLE.win[a][d]
            return w, w
        return 0.0, _TABLE.win[a][ODDS_SIZE] + SLACK
    if a <= BOUND_A:
        row = _BOUNDS.row(a)
        if d <= ODDS_SIZE:
            w = row[d]
            return w - SLACK, w + SLACK
        return 0.0, row[ODDS_SIZE] + SLACK
    return (_TABLE.win[ODDS_SIZE][d] - SLACK if d <= ODDS_SIZE else 0.0), 1.0 + SLACK


def win_rows() -> list[list[float]]:
    """The table's chances, win_rows()[a][d] = win_chance(a, d) for 0 < a, d <= ODDS_SIZE (a scan reading
    many rows takes them once)."""
    global _TABLE
    if _OTHER_DICE and (dice := _other_dice()) is not None:
        return balanced.win_table(dice, ODDS_SIZE)
    if _TABLE is None:
        _TABLE = odds_table(ODDS_SIZE, ODDS_SIZE)
    return _TABLE.win


def win_row(a: int) -> list[float] | None:
    """win_chance(a, d) for every d <= ODDS_SIZE as one list (for a scan asking about one stack against many
    defenders), or None when a is outside the table (then ask win_chance)."""
    global _TABLE
    if not 0 < a <= ODDS_SIZE:
        return None
    if _OTHER_DICE and (dice := _other_dice()) is not None:
        return balanced.win_table(dice, ODDS_SIZE)[a]
    if _TABLE is None:
        _TABLE = odds_table(ODDS_SIZE, ODDS_SIZE)
    return _TABLE.win[a]
