"""Ratings from the ledger's games: OpenSkill's Plackett-Luce model, which rates a whole finishing order at
once (ties allowed), for people and computer levels alike, per rulebook and over all rulebooks.

Nothing is stored: the games are played through in the order they ended, every time (about 30 microseconds a
game and scope). A rating is shown as OpenSkill's ordinal, mu - 3 sigma: it starts at 0 and rises as a player
wins and as the ledger grows surer of them. A computer level is one profile however many seats it held: when
it sits in one game twice, each seat is rated as a copy and the level takes the mean of the copies' new mu and
sigma. A game with fewer than two profiles in it (every seat the same level) changes no rating."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from riskterm.ledger.entry import COMPUTER, GameEntry

OVERALL = ""  # the scope of every rulebook together; a rulebook's scope is its name
Who = tuple[str, str]


@dataclass(frozen=True)
class Rating:
    mu: float = 25.0
    sigma: float = 25.0 / 3

    @property
    def shown(self) -> float:
        """What a player is shown: OpenSkill's ordinal, mu - 3 sigma, to one decimal (every screen and the
        JSON show this one figure, so a change is the difference of what was shown)."""
        return round(self.mu - 3 * self.sigma, 1)


@dataclass
class Standing:
    who: Who
    rating: Rating = field(default_factory=Rating)
    games: int = 0
    wins: int = 0
    draws: int = 0  # games drawn at the cap that this player lived to see
    last_played: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.who[0],
            "name": self.who[1],
            "label": label(self.who),
            "rating": self.rating.shown,
            "mu": round(self.rating.mu, 3),
            "sigma": round(self.rating.sigma, 3),
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "last_played": self.last_played,
        }


def label(who: Who) -> str:
    """How a profile is named on screen: a person by name, a computer level as 'Computer (hard)'."""
    return f"Computer ({who[1]})" if who[0] == COMPUTER else who[1]


class Ratings:
    """Every profile's standing per scope after the games given (in the order they ended), and what each game
    changed: changes[game_id][scope][who] = (rating before, rating after)."""

    def __init__(self, games: Iterable[GameEntry] = ()) -> None:
        from openskill.models import PlackettLuce

        self.model = PlackettLuce()
        self.scopes: dict[str, dict[Who, Standing]] = {}
        self.changes: dict[str, dict[str, dict[Who, tuple[Rating, Rating]]]] = {}
        for g in games:
            self.play(g)

    def play(self, game: GameEntry) -> None:
        self.changes[game.game_id] = {scope: self._play(scope, game) for scope in (OVERALL, game.variant)}

    def _play(self, scope: str, game: GameEntry) -> dict[Who, tuple[Rating, Rating]]:
        table = self.scopes.setdefault(scope, {})
        whos = {s.who for s in game.seats}
        for w in whos:  # a level in two seats played one game, and won it when either seat did
            st = table.setdefault(w, Standing(w))
            first = any(s.place == 1 for s in game.seats if s.who == w)
            st.games += 1
            st.wins += first and not game.draw
            st.draws += first and game.draw
            st.last_played = max(st.last_played, game.ended_at)
        if len(whos) < 2:
            return {}
        before = {w: table[w].rating for w in whos}
        m = self.model
        teams = [[m.rating(mu=before[s.who].mu, sigma=before[s.who].sigma)] for s in game.seats]
        rated = m.rate(teams, ranks=[float(s.place) for s in game.seats])
        new: dict[Who, list[tuple[float, float]]] = {}
        for s, team in zip(game.seats, rated, strict=True):
            new.setdefault(s.who, []).append((team[0].mu, team[0].sigma))
        out = {}
        for w, copies in new.items():
            after = Rating(
                sum(mu for mu, _ in copies) / len(copies), sum(sg for _, sg in copies) / len(copies)
            )
            table[w].rating = after
            out[w] = (before[w], after)
        return out

    def standings(self, scope: str = OVERALL) -> list[Standing]:
        """The scope's profiles, best rating first (ties: more games, then the name)."""
        return sorted(
            self.scopes.get(scope, {}).values(),
            key=lambda st: (-st.rating.shown, -st.games, st.who[0], st.who[1].lower()),
        )

    def change(self, game_id: str, who: Who, scope: str = OVERALL) -> tuple[Rating, Rating] | None:
        return self.changes.get(game_id, {}).get(scope, {}).get(who)

    def against_levels(self, who: Who, scope: str = OVERALL) -> str:
        """Where a player stands among the computer levels rated in the scope, in one sentence ('' when no
        level or the player has no rating there): 'Ann is rated between normal and hard.'"""
        table = self.scopes.get(scope, {})
        me = table.get(who)
        levels = sorted(
            (st for st in table.values() if st.who[0] == COMPUTER and st.who != who),
            key=lambda st: st.rating.shown,
        )
        if me is None or not levels or who[0] == COMPUTER:
            return ""
        r = me.rating.shown
        name = who[1]
        level = [st.who[1] for st in levels if abs(st.rating.shown - r) < 0.05]
        if level:
            return f"{name} is rated level with {' and '.join(level)}."
        below = [st for st in levels if st.rating.shown < r]
        above = [st for st in levels if st.rating.shown > r]
        if not below:
            return f"{name} is rated below {above[0].who[1]}."
        if not above:
            return f"{name} is rated above {below[-1].who[1]}."
        return f"{name} is rated between {below[-1].who[1]} and {above[0].who[1]}."
