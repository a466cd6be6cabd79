"""Per-rulebook evaluators for the search (riskterm.ai.core.search): `evaluate(rules, state, seat) -> float`,
how good a position is for `seat`, in armies' worth. Each scores every player still in the game by what its
rulebook rewards and returns the seat's score against its rivals (the leader counted more than the rest:
weakening one rival helps the others too). They read only what the seat's view shows (owner, armies, counts
of cards), never a hand or a stream.

Shared terms: armies on the board, territories, the income of the regions held (with the risk that the
strongest enemy stack next to a region's border takes it) and progress towards regions (held share squared)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, wraps

from riskterm.ai.board_info import BoardInfo, board_info, win_chance
from riskterm.engine.odds import OddsTable, attack_odds, odds_table
from riskterm.engine.state import State
from riskterm.rules.base import Rules

WIN = 10_000.0
ODDS_A, ODDS_D = 80, 50  # odds tables this size (bigger fights: asked one by one)
LEADER = 0.6  # the share of the rivals' term given to the strongest (the rest to their mean)


def enemy_next(info: BoardInfo, owner: list[int], armies: list[int]) -> list[int]:
    """Per territory: the biggest stack next to it held by someone else (0 if none)."""
    out = []
    for o, adj in zip(owner, info.adj, strict=True):
        m = 0
        for u in adj:
            ou = owner[u]
            if ou != o and ou >= 0 and armies[u] > m:
                m = armies[u]
        out.append(m)
    return out


def decided(evaluate: Callable[[Rules, State, int], float]) -> Callable[[Rules, State, int], float]:
    """A game that is over is worth a win or a loss, whatever the board shows."""

    @wraps(evaluate)
    def judged(rules: Rules, s: State, seat: int) -> float:
        winner = s.get("winner")
        if winner is not None:
            return WIN if winner == seat else -WIN
        return evaluate(rules, s, seat)

    return judged


def army_board(rules: Rules, s: State) -> tuple[BoardInfo, list[int], list[int], list[int]]:
    """What an army rulebook's evaluator starts from: the board's facts, owners, armies, and per territory
    the biggest enemy stack next to it."""
    info = board_info(rules.board)
    owner, armies = s["owner"], s["armies"]
    return info, owner, armies, enemy_next(info, owner, armies)


def relative(values: list[float | None], seat: int) -> float:
    """The seat's value against its rivals' (None: out of the game)."""
    me = values[seat]
    if me is None:
        return -WIN
    rivals = [v or 0.0 for q, v in enumerate(values) if q != seat]  # a rival out of the game counts 0
    if all(v is None for q, v in enumerate(values) if q != seat):
        return WIN
    return me - LEADER * max(rivals) - (1.0 - LEADER) * sum(rivals) / len(rivals)


def region_terms(info: BoardInfo, owner: list[int], armies: list[int], danger: list[int], q: int,
                 worth: float, progress: float, risk: float, bonus: Callable[[int], float] | None = None,
                 region_owners: list[tuple[int, ...]] | None = None) -> float:
    """Held regions at `worth` armies per point of bonus (less `risk` x the chance that the strongest enemy
    stack on a border breaks in), and `progress` x bonus x (held share)^2 for regions not yet complete.
    `region_owners`: each region's owners (info.region_getters), when the caller asks for every seat."""
    v = 0.0
    owners = region_owners or [get(owner) for get in info.region_getters]  # each region's in one C call
    for r, m in enumerate(info.members):
        b = bonus(r) if bonus is not None else info.bonus[r]
        if not b:
            continue
        held = owners[r].count(q)
        if held == len(m):
            breach = max((win_chance(danger[t] - 1, armies[t]) for t in info.region_borders[r]), default=0.0)
            v += b * (worth - risk * breach)
        elif held:
            v += progress * b * (held / len(m)) ** 2
    return v


# ---------------------------------------------------------------------------------------------- RisiKo
RISIKO = {"army": 1.0, "territory": 0.3, "empire": 2.5, "progress": 1.2, "own": 1.5, "breach": 1.2,
          "card": 1.5, "banner": 4.0, "alive": 15.0, "fall": 1.0, "supply": 1.0}


@cache
def _risiko_odds(att_max: int, def_max: int) -> OddsTable:
    return odds_table(ODDS_A, ODDS_D, att_max, def_max)


def risiko_win(a: int, d: int, fortress: bool = False) -> float:
    """Chance that `a` armies able to attack take a territory of d, defender rolling up to 3 dice (2 each at a
    fortress: 'no more than 2 dice may be played')."""
    if a <= 0:
        return 0.0
    if d <= 0:
        return 1.0
    cap = 2 if fortress else 3
    if a < ODDS_A and d < ODDS_D:
        return _risiko_odds(cap, cap).win[a][d]
    return attack_odds(a, d, cap, cap).win


def risiko_supply(info: BoardInfo, s: State, q: int, held: list[int]) -> int:
    """Supplementary Armies q takes next turn: 6 per Empire, 4 per independent block, 2 per enemy banner."""
    kinds = info.board.regions
    n = sum(6 if kinds[r].kind == "empire" else 4 for r in held)
    return n + 2 * max(0, len(s["banners"][q]) - 1)


@decided
def risiko(rules: Rules, s: State, seat: int) -> float:
    """RisiKo! Pi\u00f9: the goal is to hold four Empires, your own among them; Supplementary Armies come only
    from Empires (6), independent blocks (4) and enemy banners (2): so regions count far above territories,
    your own Empire most. A fortress taken puts its owner out, and most games end that way: each player's
    worth is scaled by the chance that its fortress stands through the next turn (the biggest enemy stack
    next to it, with that enemy's Supplementary Armies, rolling two dice against two)."""
    w = RISIKO
    info, owner, armies, danger = army_board(rules, s)
    own_region = dict(enumerate(s.get("empire") or []))
    region_ids = [r.id for r in info.board.regions]
    forts = s.get("fortress") or []
    players = s["players"]
    held = [info.held_regions(owner, q) for q in range(len(players))]
    supplies = [risiko_supply(info, s, q, held[q]) for q in range(len(players))]
    values: list[float | None] = []
    for q, pl in enumerate(players):
        if pl.get("out"):
            values.append(None)
            continue
        mine = own_region.get(q)
        v = w["alive"] + w["army"] * sum(a for t, a in enumerate(armies) if owner[t] == q)
        v += w["territory"] * owner.count(q) + w["army"] * w["supply"] * supplies[q]
        for r, m in enumerate(info.members):
            b = info.bonus[r] * (w["own"] if region_ids[r] == mine else 1.0)
            n = sum(1 for t in m if owner[t] == q)
            if n == len(m):
                breach = max((risiko_win(danger[t] - 1, armies[t]) for t in info.region_borders[r]), default=0.0)
                v += b * (w["empire"] - w["breach"] * breach)
            elif n:
                v += w["progress"] * b * (n / len(m)) ** 2
        v += w["card"] * len(s["hands"][q])
        v += w["banner"] * max(0, len(s["banners"][q]) - 1)
        f = forts[q] if q < len(forts) else None
        if isinstance(f, int) and owner[f] == q:
            strike = max((armies[u] + supplies[owner[u]] for u in info.adj[f] if owner[u] not in (q, -1)),
                         default=0)
            v *= 1.0 - w["fall"] * risiko_win(strike - 1, armies[f], fortress=True)
        values.append(v)
    return relative(values, seat)


# ---------------------------------------------------------------------------------------------- Modern
MODERN = {"credit": 1.0, "territory": 4.0, "goal": 30.0, "region": 2.0, "risk": 0.6}


@decided
def modern(rules: Rules, s: State, seat: int) -> float:
    """Modern units: the goal is 28 territories at the end of a round; credits come at 2 per territory and a
    whole continent's bonus. Units count at their cost, territories at two rounds of credits plus the goal's
    progress (share of the goal, squared), and a territory the enemy units next to it outgun costs its share
    of what stands on it."""
    from riskterm.rules.modern.units import units_of

    w = MODERN
    info = board_info(rules.board)
    owner, units = s["owner"], s["units"]
    table = units_of(s)
    cost = [u.cost for u in table]
    att = [u.attack for u in table]
    dfn = [u.defence for u in table]
    goal = float((s.get("options") or {}).get("goal") or 28)
    worth = [sum(n * c for n, c in zip(mix, cost, strict=False)) for mix in units]
    hit = [sum(n * a for n, a in zip(mix, att, strict=False)) for mix in units]
    guard = [sum(n * d for n, d in zip(mix, dfn, strict=False)) for mix in units]
    values: list[float | None] = []
    for q, pl in enumerate(s["players"]):
        if pl.get("out"):
            values.append(None)
            continue
        n = owner.count(q)
        v = w["credit"] * (s["credits"][q] if q < len(s.get("credits") or []) else 0)
        v += w["territory"] * n + w["goal"] * (n / goal) ** 2
        v += w["region"] * sum(info.bonus[r] for r in info.held_regions(owner, q))
        for t, o in enumerate(owner):
            if o != q:
                continue
            v += w["credit"] * worth[t]
            threat = sum(hit[u] for u in info.adj[t] if owner[u] not in (q, -1))
            if threat:
                lost = min(1.0, max(0.0, (threat / (guard[t] + 1.0) - 0.7) / 1.5))
                v -= w["risk"] * lost * (w["territory"] + worth[t])
        values.append(v)
    return relative(values, seat)


# ---------------------------------------------------------------------------------------------- classic
CLASSIC = {"army": 1.0, "territory": 1.0, "region": 2.5, "progress": 0.8, "breach": 1.5, "card": 1.5,
           "exposed": 0.3}


@decided
def classic(rules: Rules, s: State, seat: int) -> float:
    """World Domination Risk: armies, territories (a third of an army each turn, and a card for a conquest),
    continents at two and a half turns of their bonus less the chance their weakest border falls, progress
    towards continents, cards in hand, and armies short of the enemy stack next to each border."""
    w = CLASSIC
    info, owner, armies, danger = army_board(rules, s)
    hands = s.get("hands") or []
    seats = len(s["players"])
    # each seat's territories, armies and armies short of the enemy next door, in one pass (integer sums)
    count, total, short = [0] * seats, [0] * seats, [0] * seats
    for o, a, d in zip(owner, armies, danger, strict=True):
        if 0 <= o < seats:
            count[o] += 1
            total[o] += a
            if d > a:
                short[o] += d - a
    values: list[float | None] = []
    region_owners = [get(owner) for get in info.region_getters]  # once for every seat
    for q in range(seats):
        n = count[q]
        if n == 0:
            values.append(None)
            continue
        v = w["army"] * total[q] + w["territory"] * n
        v += region_terms(info, owner, armies, danger, q, w["region"], w["progress"], w["breach"],
                          region_owners=region_owners)
        v += w["card"] * (len(hands[q]) if q < len(hands) else 0)
        v -= w["exposed"] * short[q]
        values.append(v)
    return relative(values, seat)


# ---------------------------------------------------------------------------------------------- Europe
EUROPE = {"crown": 6.0, "unit": 1.0, "coin": 0.3, "territory": 0.5, "castle": 2.0, "exposed": 0.5}


@decided
def europe(rules: Rules, s: State, seat: int) -> float:
    """Risk: Europe: 7 crowns at the end of a round win, so crowns (cities held and crown cards) count most;
    then units at their battle worth, coins, territories, castles held, and crowns' cities the enemy units
    next to them outweigh."""
    from riskterm.ai.europe import strength

    w = EUROPE
    info = board_info(rules.board)
    owner, units, castle = s["owner"], s["units"], s["castle"]
    worth = [strength(u) for u in units]
    terrs = info.board.territories
    crowns = s.get("crowns") or []
    coins = s.get("coins") or []
    values: list[float | None] = []
    for q, pl in enumerate(s["players"]):
        if pl.get("out"):
            values.append(None)
            continue
        v = w["crown"] * (crowns[q] if q < len(crowns) else 0) + w["coin"] * (coins[q] if q < len(coins) else 0)
        for t, o in enumerate(owner):
            if o != q:
                continue
            v += w["unit"] * worth[t] + w["territory"] + (w["castle"] if castle[t] else 0.0)
            city = terrs[t].get("city")
            if city:
                threat = max((worth[u] for u in info.adj[t] if owner[u] not in (q, -1)), default=0.0)
                guard = worth[t] * (1.5 if castle[t] else 1.0)
                if threat > guard:
                    v -= w["exposed"] * int(city.get("crowns", 1)) * w["crown"] * min(1.0, (threat - guard) / (guard + 1))
        values.append(v)
    return relative(values, seat)


EVALUATORS: dict[str, Callable[[Rules, State, int], float]] = {
    "classic": classic, "europe": europe, "modern": modern, "risiko": risiko}
