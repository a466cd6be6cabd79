"""What the ledger tells, as plain data (the JSON of `riskterm ledger --json`) that the command prints as text
and the Ledger screen draws as tables: standings, a player's games and head-to-head, recent games."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from riskterm.errors import RiskError
from riskterm.ledger.entry import COMPUTER, PERSON, GameEntry, SeatEntry
from riskterm.ledger.ratings import OVERALL, Ratings, Who, label


def in_scope(games: Sequence[GameEntry], scope: str) -> list[GameEntry]:
    return [g for g in games if scope in (OVERALL, g.variant)]


def scope_title(scope: str) -> str:
    return "all rulebooks" if scope == OVERALL else scope


def rulebook_text(variant: str, mode: str) -> str:
    """'classic', or 'classic/missions' for a game in a mode other than the rulebook's first (its default)."""
    from riskterm.errors import UnknownVariantError
    from riskterm.rules import variant_class
    from riskterm.setup_options import MODE

    try:
        modes = next(
            (choices for key, _, choices, _ in variant_class(variant).house_options if key == MODE), ()
        )
    except UnknownVariantError:
        modes = ()
    return variant if not mode or (modes and mode == modes[0]) else f"{variant}/{mode}"


def seat_label(s: SeatEntry) -> str:
    """A seat as a game's line shows it: 'Ann', or 'Bob (easy)' for a computer seat."""
    return f"{s.name} ({s.level})" if s.level else s.name


def day(stamp: str) -> str:
    """'2026-12-07T03:15:00Z' as '2026-12-07 03:15' (UTC)."""
    return stamp.replace("T", " ")[:16]


def find_who(games: Sequence[GameEntry], name: str) -> Who:
    """The profile a name means: a person of that name (any case), else a computer level ('hard', or
    'Computer (hard)'); RiskError with one sentence when the ledger has no such player."""
    wanted = name.strip().lower()
    people = {s.name.lower(): s.name for g in games for s in g.seats if not s.level}
    if wanted in people:
        return PERSON, people[wanted]
    level = wanted.removeprefix("computer").strip(" ():")
    levels = {s.level for g in games for s in g.seats if s.level}
    if level in levels:
        return COMPUTER, level
    from riskterm.setup_options import printable

    known = sorted(people.values(), key=str.lower) + sorted(levels)
    hint = f" Players in the ledger: {', '.join(known[:12])}." if known else " The ledger has no games yet."
    raise RiskError(f"The ledger has no player called '{printable(name.strip())[:40]}'.{hint}")


def standings(ratings: Ratings, scope: str = OVERALL) -> list[dict[str, Any]]:
    return [
        {"rank": n, **st.as_dict(), "between": ratings.against_levels(st.who, scope)}
        for n, st in enumerate(ratings.standings(scope), start=1)
    ]


def game_line(g: GameEntry, ratings: Ratings | None = None, scope: str = OVERALL) -> dict[str, Any]:
    """A game as the recent list and a player's history show it: the seats in finishing order."""
    seats = []
    for s in sorted(g.seats, key=lambda s: (s.place, s.seat)):
        row: dict[str, Any] = {
            "seat": s.seat,
            "name": s.name,
            "level": s.level,
            "finish": s.place,
            "colour": s.colour,
            "out_turn": s.out_turn,
            "label": seat_label(s),
        }
        change = ratings.change(g.game_id, s.who, scope) if ratings is not None else None
        if change is not None:
            row["rating_before"] = change[0].shown
            row["rating_after"] = change[1].shown
        seats.append(row)
    return {
        "game_id": g.game_id,
        "ended_at": g.ended_at,
        "started_at": g.started_at,
        "variant": g.variant,
        "title": g.title,
        "mode": g.mode,
        "board": g.board,
        "board_name": g.board_name,
        "seed": g.seed,
        "options": g.options,
        "turns": g.turns,
        "moves": g.moves,
        "draw": g.draw,
        "winner": g.winner,
        "source": g.source,
        "save_path": g.save_path,
        "seats": seats,
    }


def recent(
    games: Sequence[GameEntry], ratings: Ratings, scope: str = OVERALL, n: int = 10
) -> list[dict[str, Any]]:
    chosen = in_scope(games, scope)[-n:] if n > 0 else []
    return [game_line(g, ratings, scope) for g in reversed(chosen)]


def player(games: Sequence[GameEntry], ratings: Ratings, who: Who, scope: str = OVERALL) -> dict[str, Any]:
    """A player's standing, every game of theirs (most recent first) and head-to-head against everyone
    they played: how often they finished ahead of, behind or level with each."""
    mine = [g for g in in_scope(games, scope) if g.seat_of(who) is not None]
    table = {st.who: st for st in ratings.standings(scope)}
    h2h: dict[Who, list[int]] = {}
    history = []
    for g in reversed(mine):
        me = g.seat_of(who)
        assert me is not None
        line = game_line(g, ratings, scope)
        line["finish"], line["of"] = me.place, len(g.seats)
        line["me"] = next(i for i, row in enumerate(line["seats"]) if row["seat"] == me.seat)
        history.append(line)
        for s in g.seats:
            if s.who == who:
                continue
            tally = h2h.setdefault(s.who, [0, 0, 0, 0])  # games, ahead, behind, level
            tally[0] += 1
            tally[1 if me.place < s.place else 2 if me.place > s.place else 3] += 1
    st = table.get(who)
    return {
        "kind": who[0],
        "name": who[1],
        "label": label(who),
        "scope": scope or "all",
        "standing": st.as_dict() if st else None,
        "between": ratings.against_levels(who, scope),
        "games": history,
        "head_to_head": [
            {
                "kind": w[0],
                "name": w[1],
                "label": label(w),
                "games": t[0],
                "ahead": t[1],
                "behind": t[2],
                "level": t[3],
            }
            for w, t in sorted(h2h.items(), key=lambda kv: (-kv[1][0], kv[0][1].lower()))
        ],
    }


def change_text(row: dict[str, Any]) -> str:
    """A seat's rating change in a game ('+2.1'), '' when the game changed no rating."""
    if "rating_after" not in row:
        return ""
    return f"{row['rating_after'] - row['rating_before']:+.1f}"


def result_text(line: dict[str, Any]) -> str:
    """The finishing order of a game on one line: '1 Ann, 2 Bob (easy), 3 Cid (hard)'; a draw says so."""
    order = ", ".join(f"{s['finish']} {s['label']}" for s in line["seats"])
    return f"draw: {order}" if line["draw"] else order
