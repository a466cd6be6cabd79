"""Statistics of a game, from a Session (live or loaded from a save): per player per turn the territories,
armies, income, cards, battles won and lost, and dice luck against the expected value.

A battle is one roll of the dice. For each roll the attacker "wins" it when the defender loses more armies
than the attacker, and "loses" it the other way round (a 1-1 split counts for neither). Dice luck is the
armies your dice killed minus the armies the same dice counts kill on average (exact, by enumerating every
roll, with the rulebook's die bonuses when the event carries them, as RisiKo!'s General and Marshal): positive
is lucky. Rulebooks whose battles are whole fights with their own dice (modern, europe) count each fight as one
battle won or lost, and have no luck figure (it stays 0). What an event counts as is the rulebook's word, in its
event table (EventKind.counts)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from riskterm.engine.dice import expected_losses
from riskterm.engine.events import Counts, Event, EventKind
from riskterm.rules.base import Rules
from riskterm.session import Session
from riskterm.setup_options import is_int


def battle_facts(
    ev: Event, bonus: tuple[str, str] | None = None
) -> tuple[int, int, int, int, float, float] | None:
    """(attacker seat, defender seat, attacker losses, defender losses, expected of each) of one roll (an event
    its rulebook counts as Counts.ROLL), else None; `bonus`: the keys of its data that add one to a side's
    highest die (EventKind.bonus)."""
    e = ev.data
    att, dfn = e.get("att"), e.get("dfn")
    if not (isinstance(att, list) and isinstance(dfn, list) and att and dfn):
        return None
    if len(att) + len(dfn) > 6:
        return None
    try:
        al, dl = int(e["att_loss"]), int(e["def_loss"])
        p, q = int(e["player"]), int(e["defender"])
    except (KeyError, TypeError, ValueError):
        return None
    ab, db = (1 if e.get(k) else 0 for k in bonus) if bonus else (0, 0)
    ea, ed = expected_losses(len(att), len(dfn), ab, db)
    return p, q, al, dl, ea, ed


def fight_outcome(ev: Event, counts: Counts | None) -> tuple[int, int] | None:
    """(winner seat, loser seat) of an event that ends a whole fight, else None."""
    e = ev.data
    try:
        if counts is Counts.WON:
            return int(e["player"]), int(e["defender"])
        if counts is Counts.REPELLED:
            return int(e["defender"]), int(e["player"])
        if counts is Counts.FIGHT_END and e.get("result") in ("attacker", "defender"):
            a, d = int(e["attacker"]), int(e["defender"])
            return (a, d) if e["result"] == "attacker" else (d, a)
    except (KeyError, TypeError, ValueError):
        return None
    return None


@dataclass
class Tally:
    battles_won: int = 0
    battles_lost: int = 0
    armies_killed: int = 0
    armies_lost: int = 0
    luck: float = 0.0
    conquests: int = 0
    trades: int = 0  # card sets traded in
    eliminated: int = 0  # other players this one knocked out of the game

    def as_dict(self) -> dict[str, Any]:
        return {
            "battles_won": self.battles_won,
            "battles_lost": self.battles_lost,
            "armies_killed": self.armies_killed,
            "armies_lost": self.armies_lost,
            "luck": round(self.luck, 3),
            "conquests": self.conquests,
            "trades": self.trades,
            "eliminated": self.eliminated,
        }


def tally_event(
    tallies: list[Tally], e: Event, kinds: Mapping[str, EventKind], actor: int | None = None
) -> None:
    """Count one event as its rulebook's event table (`kinds`, Rules.EVENTS) says; `actor` is the seat whose
    action made it (the knocker-out where an elimination event names only the player knocked out)."""
    spec = kinds.get(e.kind)
    if spec is None or spec.counts is None:
        return
    counts = spec.counts
    p = e.data.get("player")
    if counts in (Counts.CONQUEST, Counts.CARD_SET):
        if isinstance(p, int) and 0 <= p < len(tallies):
            if counts is Counts.CONQUEST:
                tallies[p].conquests += 1
            else:
                tallies[p].trades += 1
        return
    if counts is Counts.KNOCKOUT:
        # the knocker-out: `player` where the event names both sides, else the acting seat; an event naming
        # only the player out (no `defender`: cities lost at a round's end) is nobody's doing
        if "defender" in e.data:
            by = p if isinstance(p, int) else actor
            if isinstance(by, int) and 0 <= by < len(tallies) and by != e.data["defender"]:
                tallies[by].eliminated += 1
        return
    outcome = fight_outcome(e, counts)
    if outcome is not None:
        w, lo = outcome
        if 0 <= w < len(tallies) and 0 <= lo < len(tallies):
            tallies[w].battles_won += 1
            tallies[lo].battles_lost += 1
            _fight_losses(tallies, e.data)
        return
    facts = battle_facts(e, spec.bonus) if counts is Counts.ROLL else None
    if facts is None:
        return
    p, q, al, dl, ea, ed = facts
    if not (0 <= p < len(tallies) and 0 <= q < len(tallies)):
        return
    a, d = tallies[p], tallies[q]
    a.armies_killed += dl
    a.armies_lost += al
    d.armies_killed += al
    d.armies_lost += dl
    a.luck += dl - ed
    d.luck += al - ea
    if dl > al:
        a.battles_won += 1
        d.battles_lost += 1
    elif al > dl:
        a.battles_lost += 1
        d.battles_won += 1


def _fight_losses(tallies: list[Tally], e: Mapping[str, Any]) -> None:
    """The armies a whole fight cost each side, where its event says them (a balanced blitz: attacker,
    defender, att_loss, def_loss); no luck figure (no dice were rolled)."""
    a, d, al, dl = e.get("attacker"), e.get("defender"), e.get("att_loss"), e.get("def_loss")
    if (
        is_int(a)
        and is_int(d)
        and is_int(al)
        and is_int(dl)
        and 0 <= a < len(tallies)
        and 0 <= d < len(tallies)
    ):
        tallies[a].armies_killed += dl
        tallies[a].armies_lost += al
        tallies[d].armies_killed += al
        tallies[d].armies_lost += dl


@dataclass
class GameStats:
    variant: str
    names: list[str]
    turns: list[dict[str, Any]] = field(default_factory=list)  # one row per turn (state at its end)
    totals: list[dict[str, Any]] = field(default_factory=list)  # per seat, the whole game

    def as_dict(self) -> dict[str, Any]:
        return {"variant": self.variant, "players": self.names, "turns": self.turns, "totals": self.totals}

    def series(self, key: str) -> dict[str, list[float]]:
        """Per player name, the figure `key` turn by turn (for charts)."""
        return {
            n: [float(row["players"][i].get(key, 0) or 0) for row in self.turns]
            for i, n in enumerate(self.names)
        }


def only_seat(st: GameStats, seat: int | None) -> GameStats:
    """The statistics of one seat alone (None: of no seat): what a player of a fogged game still going may see
    ('no information by hard work': the other seats' figures wait for the end)."""
    keep = [seat] if seat is not None and 0 <= seat < len(st.names) else []
    return GameStats(
        st.variant,
        [st.names[i] for i in keep],
        [{**row, "players": [row["players"][i] for i in keep]} for row in st.turns],
        [st.totals[i] for i in keep],
    )


PANEL_KEYS = ("territories", "armies", "cards")


def _income(row: dict[str, Any]) -> Any:
    for k in ("income", "reinforcements", "supply", "credits", "coins"):
        if k in row:
            return row[k]
    return 0


def _snapshot(rules: Rules, state: dict[str, Any], turn_tally: list[Tally]) -> list[dict[str, Any]]:
    out = []
    for i, row in enumerate(rules.presenter().player_stats(state)):
        rec = {k: row.get(k, 0) for k in PANEL_KEYS}
        rec["name"] = row.get("name", "")
        rec["income"] = _income(row)
        rec.update(turn_tally[i].as_dict() if i < len(turn_tally) else Tally().as_dict())
        out.append(rec)
    return out


def game_stats(session: Session) -> GameStats:
    rules = session.rules
    names = rules.names(session.state)
    n = len(names)
    st = GameStats(variant=rules.name, names=names)
    totals = [Tally() for _ in range(n)]
    turn_tally = [Tally() for _ in range(n)]
    state = session.initial_state
    turn = state.get("turn", 0)

    def close(s: dict[str, Any], t: int) -> None:
        st.turns.append({"turn": t, "player": s.get("current"), "players": _snapshot(rules, s, turn_tally)})

    for e in session.start_events:
        tally_event(totals, e, rules.EVENTS)
    for step in session.steps:
        if step.before.get("turn", 0) != turn:
            close(step.before, turn)
            turn = step.before.get("turn", 0)
            turn_tally = [Tally() for _ in range(n)]
        actor = step.before.get("current")
        for e in step.events:
            tally_event(turn_tally, e, rules.EVENTS, actor)
            tally_event(totals, e, rules.EVENTS, actor)
        state = step.after
    close(session.state, turn)
    final = rules.presenter().player_stats(session.state)
    st.totals = [
        {
            "name": names[i],
            **{k: final[i].get(k, 0) for k in PANEL_KEYS},
            "income": _income(final[i]),
            **totals[i].as_dict(),
        }
        for i in range(n)
    ]
    return st
