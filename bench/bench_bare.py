"""riskterm's classic games beside a bare Risk game loop, in one process: the "twice the peer's speed" goal.

    python bench/bench_bare.py                      # 4 seats, 20 games each, 5 rounds: easy v stupid, normal v better
    python bench/bench_bare.py --games 40 --rounds 7 --seats 3
    python bench/bench_bare.py --peer /tmp/peer         # and the real peer's games beside both (a pyrisk checkout)

The peer measured in the strength work (pyrisk, a small engine in plain Python) is not installed here, so this
file holds a stand-in of the same shape, written for this bench: the loop a simple engine makes, with the same
decisions as its two simplest computer players, so "riskterm is Nx as fast" can be measured on this machine
at any time, under the same load, in the same interpreter:

- the world is objects: a territory holds its owner (a seat object), its armies and a set of neighbours; a
  seat's territories, its count and its region bonuses are found by walking the whole world each time (as
  properties); "is this a border" asks every neighbour;
- a game: a random seat order, territories claimed one army at a time at random, the starting armies (the
  rulebook's: 30 each for 4 seats) placed one at a time, then turns until one seat is left (or a turn cap: a
  draw); no cards (the peer has none), so its games are longer than classic's: compare per player-turn too;
- every step is an event: its words as a list of strings, handed to a display (which only logs them), logged
  to a logger that is off, and handed to every seat's player (which ignores it);
- a fight rolls one random.randint per die, sorts each side's dice and compares them pairwise, until the
  territory falls or the attacker may roll no more (or the player's "go on?" test says stop); the winner
  moves in as the player says, clamped between the dice rolled and all but one.
- "stupid" (like riskterm easy): places each army on a random border territory, attacks from every
  territory into every neighbour it outnumbers, rolls to the end, moves all but one in; never fortifies.
- "better" (like riskterm normal): works through the regions in a random order of its own: places on the
  borders of the first region it has a border in, attacks a lone neighbour while it has 4 more armies,
  else each neighbour while it has 4 more than all of them together, moving the fewest in; at the end of a
  turn moves its biggest inland stack to the front.

riskterm's games are riskterm.ai.simulate.Job's (as `riskterm simulate` and bench/bench_games.py play them:
no step history). Each round plays the same seeds in both, alternating which goes first; the figures are CPU
time (time.process_time), the best round of each and the median of the rounds' own ratios (steadier when
other jobs share the machine).

--peer PATH plays the real peer too, in the same process, when PATH is a checkout of pyrisk (its game.py,
player.py, territory.py, world.py, display.py and ai/; never part of this repository): its Game with curses off
(a Display that draws nothing) and its StupidAI / BetterAI in every seat, the global `random` seeded with the
game's seed. Its "pyrisk" logger is set to WARNING as the stand-in's (events at INFO are asked and refused); the
warnings its engine makes when a player asks an impossible move-in (BetterAI's "move 1" after every conquest
from a territory with several enemy neighbours) are made and dropped, not printed. Player-turns are the
players' reinforce calls; the peer has no turn cap, so a game still going after TURN_CAP player-turns is
stopped there and counted as a draw. Both loops keep neighbours in sets of objects hashed by name, so the
script runs itself again with PYTHONHASHSEED=0: the same games in every run (string hashing is salted per
process otherwise)."""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

from riskterm.board import Board

LOG = logging.getLogger("bench.bare")
LOG.setLevel(logging.WARNING)  # events are logged at INFO: the logger is asked, and says no
START = {2: 40, 3: 35, 4: 30, 5: 25, 6: 20}
TURN_CAP = 3000  # player-turns; a game still going then is a draw


class Land:
    def __init__(self, name: str, region: Region):
        self.name = name
        self.region = region
        self.owner: Seat | None = None
        self.forces = 0
        self.connect: set[Land] = set()

    @property
    def border(self) -> bool:
        return any(n.owner is not None and n.owner != self.owner for n in self.connect)


class Region:
    def __init__(self, name: str, bonus: int):
        self.name = name
        self.bonus = bonus
        self.lands: set[Land] = set()

    @property
    def owner(self) -> Seat | None:
        owners = {t.owner for t in self.lands}
        return owners.pop() if len(owners) == 1 else None


class World:
    def __init__(self, board: Board, land: type[Land] = Land, region: type[Region] = Region):
        self.regions = {r.id: region(r.id, r.bonus) for r in board.regions}
        self.lands: dict[str, Land] = {}
        for t in board.territories:
            x = self.lands[t.id] = land(t.id, self.regions[t.region])
            x.region.lands.add(x)
        for t in board.territories:
            for n in (*t.neighbours, *t.sea_neighbours):
                self.lands[t.id].connect.add(self.lands[n])


class Named:
    """The peer's shape: territories, regions and seats are equal when their names are (compared and hashed
    in Python), as an engine that looks everything up by name makes them."""

    name: str

    def __eq__(self, other: object) -> bool:
        return isinstance(other, type(self)) and other.name == self.name

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.name))


class NamedLand(Named, Land):
    pass


class NamedRegion(Named, Region):
    pass


class Seat:
    def __init__(self, name: str, world: World, player: type[Stupid], rng: random.Random):
        self.name, self.world = name, world
        self.ai = player(self, world, rng)

    @property
    def lands(self) -> Iterator[Land]:
        return (t for t in self.world.lands.values() if t.owner == self)

    @property
    def count(self) -> int:
        return sum(1 for t in self.world.lands.values() if t.owner == self)

    @property
    def alive(self) -> bool:
        return self.count > 0

    @property
    def reinforcements(self) -> int:
        return max(self.count // 3, 3) + sum(r.bonus for r in self.world.regions.values() if r.owner == self)


class NamedSeat(Named, Seat):
    pass


Attack = tuple[
    str, str, Any, Any
]  # from, to, go on? (armies, defenders) -> bool or None, move-in count or None


class Stupid:
    def __init__(self, seat: Seat, world: World, rng: random.Random):
        self.seat, self.world, self.rng = seat, world, rng

    def start(self) -> None:
        pass

    def event(self, words: list[str]) -> None:
        pass

    def claim(self, empty: list[str]) -> str:
        return self.rng.choice(empty)

    def place_one(self) -> str:
        return self.rng.choice(list(self.seat.lands)).name

    def reinforce(self, armies: int) -> dict[str, int]:
        front = [t for t in self.seat.lands if t.border]
        out: dict[str, int] = defaultdict(int)
        for _ in range(armies):
            out[self.rng.choice(front).name] += 1
        return out

    def attacks(self) -> Iterator[Attack]:
        for t in self.seat.lands:
            for n in t.connect:
                if n.owner != self.seat and t.forces > n.forces:
                    yield t.name, n.name, None, None

    def fortify(self) -> tuple[str, str, int] | None:
        return None


class Better(Stupid):
    def start(self) -> None:
        self.order = list(self.world.regions)
        self.rng.shuffle(self.order)

    def front(self) -> list[Land]:
        border = sorted(
            (t for t in self.seat.lands if t.border), key=lambda t: self.order.index(t.region.name)
        )
        first = [t for t in border if t.region == border[0].region] if border else []
        return first or list(self.seat.lands)

    def claim(self, empty: list[str]) -> str:
        return min(empty, key=lambda n: self.order.index(self.world.lands[n].region.name))

    def place_one(self) -> str:
        return self.rng.choice(self.front()).name

    def reinforce(self, armies: int) -> dict[str, int]:
        front = self.front()
        out: dict[str, int] = defaultdict(int)
        for _ in range(armies):
            out[self.rng.choice(front).name] += 1
        return out

    def attacks(self) -> Iterator[Attack]:
        for t in self.seat.lands:
            enemies = [n for n in t.connect if n.owner != t.owner]
            if len(enemies) == 1:
                yield t.name, enemies[0].name, lambda a, d: a > d + 3, None
                continue
            total = sum(n.forces for n in enemies)
            for n in enemies:
                others = total - n.forces
                yield t.name, n.name, lambda a, d, o=others: a > d + o + 3, lambda a: 1

    def fortify(self) -> tuple[str, str, int] | None:
        inland = sorted((t for t in self.seat.lands if not t.border), key=lambda t: t.forces)
        if not inland:
            return None
        return inland[-1].name, self.front()[0].name, inland[-1].forces - 1


PLAYERS = {"stupid": Stupid, "better": Better}


class Display:
    """Where a game with a screen would draw each event (nothing here, as the peer's plain display)."""

    def update(
        self, words: list[str], lands: list[str] | None = None, seats: list[str] | None = None
    ) -> None:
        LOG.info(words)


SHAPES = {"lean": (Land, Region, Seat), "peer": (NamedLand, NamedRegion, NamedSeat)}


class Game:
    def __init__(self, board: Board, players: list[str], seed: int, shape: str = "peer"):
        land, region, seat = SHAPES[shape]
        self.rng = random.Random(seed)
        self.world = World(board, land, region)
        self.seats = [seat(f"P{i}", self.world, PLAYERS[p], self.rng) for i, p in enumerate(players)]
        self.turn = 0
        self.display = Display()

    @property
    def seat(self) -> Seat:
        return self.seats[self.turn % len(self.seats)]

    def event(
        self, words: tuple[object, ...], lands: list[str] | None = None, seats: list[str] | None = None
    ) -> None:
        msg = [str(w) for w in words]
        self.display.update(msg, lands, seats)
        LOG.info(msg)
        for s in self.seats:
            s.ai.event(msg)

    def play(self) -> tuple[str | None, int]:
        """(the winner's name or None for a draw, player-turns played)."""
        self.rng.shuffle(self.seats)
        for s in self.seats:
            s.ai.start()
        self.setup()
        lands = self.world.lands
        alive = len(self.seats)
        turns = 0
        while alive > 1 and turns < TURN_CAP:
            seat = self.seat
            if seat.alive:
                turns += 1
                for name, n in seat.ai.reinforce(seat.reinforcements).items():
                    t = lands.get(name)
                    if t is None or t.owner != seat or n < 0:
                        continue
                    t.forces += n
                    self.event(("reinforce", seat.name, name, n), [name], [seat.name])
                for src, dst, go_on, move in seat.ai.attacks():
                    f, t = lands.get(src), lands.get(dst)
                    if f is None or t is None or f.owner != seat or t.owner == seat or t not in f.connect:
                        continue
                    won = self.fight(f, t, go_on, move)
                    self.event(
                        ("conquer" if won else "defeat", seat.name, src, dst),
                        [src, dst],
                        [seat.name, t.owner.name if t.owner else ""],
                    )
                step = seat.ai.fortify()
                if step is not None:
                    src, dst, n = step
                    f, t = lands.get(src), lands.get(dst)
                    if (
                        f is not None
                        and t is not None
                        and f.owner == seat
                        and t.owner == seat
                        and 0 <= n < f.forces
                    ):
                        f.forces -= n
                        t.forces += n
                        self.event(("move", seat.name, src, dst, n), [src, dst], [seat.name])
                alive = sum(1 for s in self.seats if s.alive)
            self.turn += 1
        winners = [s.name for s in self.seats if s.alive]
        return (winners[0] if len(winners) == 1 else None), turns

    def setup(self) -> None:
        lands = self.world.lands
        empty = list(lands)
        left = {s.name: START[len(self.seats)] for s in self.seats}
        while empty:
            seat = self.seat
            name = seat.ai.claim(empty)
            t = lands[name]
            t.owner, t.forces = seat, 1
            left[seat.name] -= 1
            empty.remove(name)
            self.event(("claim", seat.name, name), [name], [seat.name])
            self.turn += 1
        while any(left.values()):
            seat = self.seat
            if left[seat.name] > 0:
                name = seat.ai.place_one()
                lands[name].forces += 1
                left[seat.name] -= 1
                self.event(("reinforce", seat.name, name, 1), [name], [seat.name])
            self.turn += 1

    def fight(self, f: Land, t: Land, go_on: Any, move: Any) -> bool:
        a, d = f.forces, t.forces
        randint = self.rng.randint
        while a > 1 and d > 0 and (go_on is None or go_on(a, d)):
            att = sorted([randint(1, 6) for _ in range(min(a - 1, 3))], reverse=True)
            dfn = sorted([randint(1, 6) for _ in range(min(d, 2))], reverse=True)
            for x, y in zip(att, dfn, strict=False):
                if x > y:
                    d -= 1
                else:
                    a -= 1
        if d:
            f.forces, t.forces = a, d
            return False
        n = a - 1 if move is None else move(a)
        n = max(min(a - 1, 3), min(n, a - 1))
        f.forces, t.forces, t.owner = a - n, n, f.owner
        return True


def bare_games(board: Board, player: str, seats: int, seeds: range, shape: str) -> tuple[float, int, int]:
    """(CPU seconds, player-turns, draws) of the bare loop's games."""
    cpu = time.process_time()
    turns = draws = 0
    for seed in seeds:
        winner, n = Game(board, [player] * seats, seed, shape).play()
        turns += n
        draws += winner is None
    return time.process_time() - cpu, turns, draws


class TurnCap(Exception):
    """The peer's game ran past TURN_CAP player-turns."""


def peer_player(path: str, name: str) -> Any:
    """The peer's AI class for the stand-in's player `name`, wrapped to count player-turns."""
    if path not in sys.path:
        sys.path.insert(0, path)
    module, cls = {"stupid": ("ai.stupid", "StupidAI"), "better": ("ai.better", "BetterAI")}[name]
    base = getattr(importlib.import_module(module), cls)
    turns = [0]

    def reinforce(self: Any, available: int) -> Any:
        turns[0] += 1
        if turns[0] > TURN_CAP:
            raise TurnCap
        return base.reinforce(self, available)

    return type(cls, (base,), {"reinforce": reinforce, "turns": turns})


def peer_games(path: str, player: str, seats: int, seeds: range) -> tuple[float, int, int]:
    """(CPU seconds, player-turns, draws) of the real peer's games (a pyrisk checkout at `path`)."""
    if path not in sys.path:
        sys.path.insert(0, path)
    game = importlib.import_module("game")
    log = logging.getLogger("pyrisk")
    log.setLevel(logging.WARNING)
    if not log.handlers:
        log.addHandler(logging.NullHandler())
        log.propagate = False
    ai = peer_player(path, player)
    cpu = time.process_time()
    turns = draws = 0
    for seed in seeds:
        random.seed(seed)
        g = game.Game(curses=False)
        for i in range(seats):
            g.add_player(f"P{i}", ai)
        ai.turns[0] = 0
        try:
            g.play()
        except TurnCap:
            draws += 1
        turns += min(ai.turns[0], TURN_CAP)
    return time.process_time() - cpu, turns, draws


def riskterm_games(level: str, seats: int, seeds: range) -> tuple[float, int, int]:
    from riskterm.ai.simulate import Job

    job = Job("classic", [level] * seats)
    cpu = time.process_time()
    turns = draws = 0
    for seed in seeds:
        r = job(seed)
        turns += r.turns
        draws += r.draw
    return time.process_time() - cpu, turns, draws


def main() -> None:
    if os.environ.get("PYTHONHASHSEED") != "0":  # the same set orders, so the same games, in every run
        os.execve(sys.executable, [sys.executable, *sys.argv], dict(os.environ, PYTHONHASHSEED="0"))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--pairs", default="easy:stupid,normal:better", help="riskterm level:bare player, comma-separated"
    )
    ap.add_argument(
        "--shape",
        choices=tuple(SHAPES),
        default="peer",
        help="peer: objects equal by name, as the peer's (the goal's yardstick); lean: by identity",
    )
    ap.add_argument(
        "--peer",
        metavar="PATH",
        help="a checkout of the real peer (pyrisk): play its games beside both, in this process",
    )
    args = ap.parse_args()
    from riskterm.board import load_board

    if args.peer is not None:
        try:
            peer_games(args.peer, "stupid", args.seats, range(0))
        except (ImportError, OSError, TypeError) as e:
            ap.exit(2, f"bench_bare.py: no pyrisk checkout at {args.peer} ({e}).\n")
    board = load_board("classic")
    seeds = range(args.seed, args.seed + args.games)
    print(
        f"classic, {args.shape} shape, {args.seats} seats, seeds {seeds.start}-{seeds.stop - 1}, {args.rounds} rounds, CPU time"
    )
    for pair in args.pairs.split(","):
        level, bare = pair.split(":")
        runs: dict[str, Any] = {
            "riskterm": lambda s, level=level: riskterm_games(level, args.seats, s),
            "bare": lambda s, bare=bare: bare_games(board, bare, args.seats, s, args.shape),
        }
        if args.peer is not None:
            runs["peer"] = lambda s, bare=bare: peer_games(args.peer, bare, args.seats, s)
        for run in runs.values():
            run(range(10**6, 10**6 + 1))  # warm-up: imports, caches
        got: dict[str, list[tuple[float, int, int]]] = {k: [] for k in runs}
        for r in range(args.rounds):
            for k in list(runs) if r % 2 == 0 else list(reversed(runs)):
                got[k].append(runs[k](seeds))
        o = min(got["riskterm"])
        names = {"riskterm": f"riskterm {level}", "bare": f"bare {bare}", "peer": f"pyrisk {bare}"}
        for k, rounds in got.items():
            b = min(rounds)
            print(
                f"{names[k]:16}: {args.games / b[0]:7.1f} games/s {b[1] / b[0]:8.0f} player-turns/s "
                f"({b[1] / args.games:.0f} turns a game, draws {b[2]})"
            )
        for k in runs:
            if k == "riskterm":
                continue
            t = min(got[k])
            pairs = list(zip(got["riskterm"], got[k], strict=True))
            per_game = [b[0] / a[0] for a, b in pairs]
            per_turn = [(a[1] / a[0]) / (b[1] / b[0]) for a, b in pairs]
            print(
                f"  -> riskterm {level} / {names[k]}: {t[0] / o[0]:.2f}x per game (median of rounds "
                f"{statistics.median(per_game):.2f}x), {(o[1] / o[0]) / (t[1] / t[0]):.2f}x per player-turn "
                f"(median {statistics.median(per_turn):.2f}x)",
                flush=True,
            )


if __name__ == "__main__":
    main()
