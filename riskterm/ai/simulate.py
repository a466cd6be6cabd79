"""Whole games between computer players, without a screen. `play_game` plays one game and returns its
Session (the same object the app holds, so it can be saved or replayed); `run_games` plays many, optionally
in parallel, always giving the same games for the same seed. Standard library only (no textual/rich)."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from riskterm.ai import make_player
from riskterm.ai.core.guard import TurnGuard
from riskterm.board import Board
from riskterm.rules import PlayerSetup, Rules, find_variant
from riskterm.rules.headless import advance, answering, quiet
from riskterm.session import Session

# A game that has not ended after this many actions is stopped and counted as a draw (never seen in
# practice: turn caps end every game first; this only guards against a rulebook that stops advancing turns).
MAX_GAME_ACTIONS = 200_000


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run: consecutive, so `--seed X --games 1` replays game X."""
    return seed + index


def player_seed(seed: int, seat: int) -> int:
    return (seed * 1_000_003 + seat * 7919 + 17) & 0x7FFFFFFF


_RULES: dict[tuple[str, tuple[str, ...]], tuple[Rules, Rules]] = {}


def _rules(variant: str, board: Board | None = None) -> Rules:
    """One rulebook object per variant, board and process (they hold no game state; building one costs ms)."""
    return _both(variant, board)[0]


def _quiet_rules(variant: str, board: Board | None = None) -> Rules:
    """The rulebook without per-roll battle events, for games whose events nobody reads (record=False)."""
    return _both(variant, board)[1]


def _both(variant: str, board: Board | None) -> tuple[Rules, Rules]:
    key = (variant, board.file_digests[:1] if board is not None else ())  # the file's sha256: its art too
    if key not in _RULES:
        if len(_RULES) >= 8:
            _RULES.clear()
        rules = find_variant(variant, board)
        _RULES[key] = (rules, quiet(rules))
    return _RULES[key]


def house_defaults(rules: Rules) -> dict[str, Any]:
    """The rulebook's house rules at their defaults, as `riskterm play` and the new-game screen write them
    into a new game, so simulated games are the games people play."""
    return {key: default for key, _, _, default in rules.house_options}


def play_game(
    variant: str,
    levels: list[str],
    seed: int,
    options: dict[str, Any] | None = None,
    guard: TurnGuard | None = None,
    record: bool = True,
    board: Board | None = None,
) -> Session:
    """Play one game to its end between computer players (one level per seat) and return the Session.
    With record=False the session keeps only the final state (no step history), which is faster. `board`:
    None for the rulebook's own."""
    return play_counted(variant, levels, seed, options, guard, record, board)[0]


def play_counted(
    variant: str,
    levels: list[str],
    seed: int,
    options: dict[str, Any] | None = None,
    guard: TurnGuard | None = None,
    record: bool = True,
    board: Board | None = None,
) -> tuple[Session, int]:
    """play_game, also returning the number of actions played."""
    setups = [PlayerSetup(f"{level.title()} {i + 1}", ai=level) for i, level in enumerate(levels)]
    rules = _rules(variant, board)
    opts = house_defaults(rules) | dict(options or {})
    state, events = rules.new_game(setups, seed, opts)
    session = Session(rules, setups, seed, opts, state, events)
    players = [make_player(variant, level, player_seed(seed, i)) for i, level in enumerate(levels)]
    guard = guard or TurnGuard(max_seconds=None)
    was_enabled = gc.isenabled()
    gc.disable()  # game states are acyclic: reference counting frees them; the cycle collector only costs time
    try:
        count = _play(session, players, variant, seed, guard, record, _quiet_rules(variant, board))
    finally:
        if was_enabled:
            gc.enable()
    return session, count


def _play(
    session: Session, players: list[Any], variant: str, seed: int, guard: TurnGuard, record: bool, fast: Rules
) -> int:
    rules = session.rules  # `fast`, its quiet copy, applies the checked actions
    state = session.state
    if (
        not record and fast.headless.standing_answers
    ):  # nobody reads the steps: the seats' standing answers apply at once
        given = {
            seat: p.standing_answers(fast, fast.view(state, seat), seat)
            for seat, p in enumerate(players)
            if hasattr(p, "standing_answers")
        }
        if any(given.values()):
            fast = answering(fast, given)
    count = 0
    for count in range(1, MAX_GAME_ACTIONS + 1):
        seat = rules.actor(state)
        if seat is None:
            count -= 1
            break
        if seat >= len(players):  # a seat the rulebook added (e.g. a neutral that acts): play it easy
            players.append(make_player(variant, "easy", player_seed(seed, seat)))
        action, checked = guard.choose_checked(rules, state, seat, players[seat])
        if record:
            session.apply(action)
            state = session.state
        elif checked:  # checked on the seat's view already: no second legality check, no Transition
            state = advance(fast, state, action)
        else:
            state = rules.apply(state, action).state
    session.state = state
    return count


@dataclass
class GameResult:
    seed: int
    winner: int | None
    draw: bool
    turns: int
    actions: int
    players: list[dict[str, Any]]
    seconds: float
    fallbacks: int = 0
    rounds: int | None = None  # for rulebooks played in rounds (europe, modern)
    first: int | None = None  # the seat that took the first turn, where the state records it (turn position)

    def to_json(self) -> dict[str, Any]:
        out = {
            "seed": self.seed,
            "winner": self.winner,
            "draw": self.draw,
            "turns": self.turns,
            "actions": self.actions,
            "fallbacks": self.fallbacks,
            "players": self.players,
        }
        if self.rounds is not None:
            out["rounds"] = self.rounds
        return out


def summarize(
    session: Session, levels: list[str], seconds: float, fallbacks: int = 0, actions: int | None = None
) -> GameResult:
    rules, s = session.rules, session.state
    scores = rules.scores(s)
    stats = rules.presenter().player_stats(s)
    players = []
    for i, pl in enumerate(s["players"]):
        entry: dict[str, Any] = {
            "seat": i,
            "name": pl["name"],
            "level": levels[i] if i < len(levels) else None,
            "territories": s["owner"].count(i),
            "score": scores[i] if i < len(scores) else 0,
        }
        if i < len(stats) and stats[i].get("neutral"):
            entry["neutral"] = True
        players.append(entry)
    winner = rules.winner(s)
    draw = winner is None
    rounds, first = s.get("round"), s.get("first")
    return GameResult(
        session.seed,
        winner,
        draw,
        int(s.get("turn") or 0),
        len(session.steps) if actions is None else actions,
        players,
        seconds,
        fallbacks,
        rounds if isinstance(rounds, int) else None,
        first if isinstance(first, int) else None,
    )


@dataclass
class Job:
    """One game per call, by seed. `after_game(session)` runs on the finished Session (in the worker
    process with --jobs > 1, so it must be picklable, e.g. a module-level function or a functools.partial):
    the hook for saving games (--save-dir)."""

    variant: str
    levels: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    after_game: Callable[[Session], None] | None = None
    board: Board | None = None  # None: the rulebook's own

    def __call__(self, seed: int) -> GameResult:
        start = time.perf_counter()
        guard = TurnGuard(max_seconds=None)
        # the step history is kept only when someone wants the finished session (it costs a quarter)
        session, count = play_counted(
            self.variant,
            self.levels,
            seed,
            self.options,
            guard,
            record=self.after_game is not None,
            board=self.board,
        )
        result = summarize(session, self.levels, time.perf_counter() - start, guard.fallbacks, count)
        if self.after_game is not None:
            self.after_game(session)
        return result


def run_games(
    variant: str,
    levels: list[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    options: dict[str, Any] | None = None,
    on_result: Callable[[int, GameResult], None] | None = None,
    after_game: Callable[[Session], None] | None = None,
    board: Board | None = None,
) -> list[GameResult]:
    """Play `games` games with seeds seed, seed+1, ...; results in seed order whatever `jobs` is, on `board`
    (None: the rulebook's own). `on_result(i, result)` runs here as each result arrives; `after_game(session)`
    see Job."""
    job = Job(variant, list(levels), dict(options or {}), after_game, board)
    seeds = [game_seed(seed, i) for i in range(games)]
    results: list[GameResult] = []
    for i, res in enumerate(_results(job, seeds, jobs)):
        results.append(res)
        if on_result is not None:
            on_result(i, res)
    return results


def _results(job: Job, seeds: list[int], jobs: int) -> Iterator[GameResult]:
    if jobs <= 1 or len(seeds) <= 1:
        for sd in seeds:
            yield job(sd)
        return
    import multiprocessing

    with multiprocessing.get_context().Pool(min(jobs, len(seeds))) as pool:
        yield from pool.imap(job, seeds, chunksize=max(1, min(8, len(seeds) // (jobs * 4) or 1)))
