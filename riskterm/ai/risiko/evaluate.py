"""The search's evaluator for RisiKo! Pi\u00f9, and the rulebook's odds it reads (up to three dice a side, two at a
fortress)."""

from __future__ import annotations

from functools import cache

from riskterm.ai.core.board_info import BoardInfo, playing_dice
from riskterm.ai.core.evaluate import army_board, decided, relative
from riskterm.engine.odds import OddsTable, attack_odds, odds_table
from riskterm.engine.state import State
from riskterm.rules.base import Rules

ODDS_A, ODDS_D = 80, 50  # odds tables this size (bigger fights: asked one by one)
WEIGHTS = {
    "army": 1.0,
    "territory": 0.3,
    "empire": 2.5,
    "progress": 1.2,
    "own": 1.5,
    "breach": 1.2,
    "card": 1.5,
    "banner": 4.0,
    "alive": 15.0,
    "fall": 1.0,
    "supply": 1.0,
}


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
    dice = playing_dice()
    if not dice.true_rolls:  # the game's luck setting: the engine's odds for those rolls
        return attack_odds(a, d, cap, cap, 0, dice.luck, dice.weighted).win
    if a < ODDS_A and d < ODDS_D:
        return _risiko_odds(cap, cap).win[a][d]
    return attack_odds(a, d, cap, cap).win


def risiko_supply(info: BoardInfo, s: State, q: int, held: list[int]) -> int:
    """Supplementary Armies q takes next turn: 6 per Empire, 4 per independent block, 2 per enemy banner."""
    kinds = info.board.regions
    n = sum(6 if kinds[r].kind == "empire" else 4 for r in held)
    return n + 2 * max(0, len(s["banners"][q]) - 1)


@decided
def evaluate(rules: Rules, s: State, seat: int) -> float:
    """RisiKo! Pi\u00f9: the goal is to hold four Empires, your own among them; Supplementary Armies come only
    from Empires (6), independent blocks (4) and enemy banners (2): so regions count far above territories,
    your own Empire most. A fortress taken puts its owner out, and most games end that way: each player's
    worth is scaled by the chance that its fortress stands through the next turn (the biggest enemy stack
    next to it, with that enemy's Supplementary Armies, rolling two dice against two)."""
    w = WEIGHTS
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
                breach = max(
                    (risiko_win(danger[t] - 1, armies[t]) for t in info.region_borders[r]), default=0.0
                )
                v += b * (w["empire"] - w["breach"] * breach)
            elif n:
                v += w["progress"] * b * (n / len(m)) ** 2
        v += w["card"] * len(s["hands"][q])
        v += w["banner"] * max(0, len(s["banners"][q]) - 1)
        f = forts[q] if q < len(forts) else None
        if isinstance(f, int) and owner[f] == q:
            strike = max(
                (armies[u] + supplies[owner[u]] for u in info.adj[f] if owner[u] not in (q, -1)), default=0
            )
            v *= 1.0 - w["fall"] * risiko_win(strike - 1, armies[f], fortress=True)
        values.append(v)
    return relative(values, seat)
