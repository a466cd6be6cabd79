"""Games for the ledger tests, built directly as ledger entries (no playouts), and one short real game."""

from __future__ import annotations

import random

from riskterm.ledger.entry import GameEntry, SeatEntry
from riskterm.rules import PlayerSetup
from riskterm.session import Session

SKILL = {
    ("computer", "easy"): 0.0,
    ("computer", "normal"): 1.0,
    ("computer", "hard"): 2.0,
    ("person", "Ann"): 1.5,
    ("person", "Bob"): 0.5,
}


def entry(
    game_id: str,
    seats: list[tuple[str, str | None, int]],
    *,
    variant: str = "classic",
    ended_at: str = "2026-12-01T10:00:00Z",
    draw: bool = False,
    turns: int = 30,
) -> GameEntry:
    """A finished game: seats as (name, level or None, place)."""
    rows = tuple(
        SeatEntry(i, name, "", level, place, None if place == 1 else turns - place)
        for i, (name, level, place) in enumerate(seats)
    )
    winner = None if draw else next(i for i, (_, _, place) in enumerate(seats) if place == 1)
    return GameEntry(
        game_id=game_id,
        variant=variant,
        title=variant.title(),
        mode="",
        board=variant,
        board_name=variant,
        options={"quick_start": True},
        seed=len(game_id),
        winner=winner,
        turns=turns,
        moves=turns * 9,
        ended_at=ended_at,
        seats=rows,
    )


def simulated(games: int, seed: int = 1, who: list[tuple[str, str | None]] | None = None) -> list[GameEntry]:
    """Games whose finishing order is drawn from each profile's skill (a stronger one finishes ahead more
    often), spread over the rulebooks, one a minute."""
    rng = random.Random(seed)
    pool = who or [("Ann", None), ("Bob", None), ("Cid", "easy"), ("Dee", "normal"), ("Eve", "hard")]
    out = []
    for n in range(games):
        seats = rng.sample(pool, rng.randint(2, min(4, len(pool))))
        perf = [SKILL[("computer", lv) if lv else ("person", name)] + rng.gauss(0, 1.2) for name, lv in seats]
        order = sorted(range(len(seats)), key=lambda i: -perf[i])
        place = {i: k + 1 for k, i in enumerate(order)}
        variant = ("classic", "europe", "risiko", "modern")[n % 4]
        out.append(
            entry(
                f"g{n:05d}",
                [(name, lv, place[i]) for i, (name, lv) in enumerate(seats)],
                variant=variant,
                ended_at=f"2026-11-{1 + n // 1440:02d}T{n // 60 % 24:02d}:{n % 60:02d}:00Z",
            )
        )
    return out


def capped_game(seed: int = 7) -> Session:
    """A real classic game ended by a turn cap of one turn (a draw among all three), in about 0.1 s."""
    session = Session.new(
        "classic",
        [PlayerSetup("Ann", "red"), PlayerSetup("Bob", "", "easy"), PlayerSetup("Cid", "", "hard")],
        seed,
        {"quick_start": True, "turn_cap": 1},
    )
    rng = random.Random(1)
    while not session.rules.is_over(session.state):
        session.apply(
            rng.choice([a for a in session.rules.legal_actions(session.state) if a.kind != "attack"])
        )
    return session
