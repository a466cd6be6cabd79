"""Reading the rivals in Secret Mission Risk: which card each rival likely holds, guessed from where it
conquers (a player with a continent card takes territories there; with a colour to destroy, that colour's),
and how likely each is to complete its mission on its next turn (mission_plan with the armies it will get).
Hard strikes at the rival most likely to finish: the conquest that lowers that chance most.

Only what the seat may see: the board as it changes between its own decisions (every change of owner is
someone's conquest), the public deck (which cards are in the game; the seat's own card is not another's), the
counts of cards in hand. Another seat's mission is never read."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from riskterm.ai.classic.mission_plan import Goal, plan
from riskterm.ai.core.board_info import BoardInfo, win_chance
from riskterm.engine.cards import set_value
from riskterm.engine.state import State
from riskterm.rules.classic.card_values import PROGRESSIVE, cards_option
from riskterm.rules.classic.mission_cards import deck
from riskterm.rules.classic.state import as_classic

FOCUS = 0.3  # the share of a player's conquests its mission directs (the rest: anywhere)
LIKELY = 0.08  # cards less likely than this for a rival are not weighed
BLOCK = 0.3  # a rival at least this likely to finish next turn is struck at
LEAST = 0.45  # the least chance of the conquest that blocks it
WORTH = 0.08  # the least the conquest must lower the rival's chance by (times the chance of taking it)


@dataclass
class Watch:
    """What a seat has seen of the game: the owners at its last decision, and per rival the log-likelihood
    of each card of the deck given the conquests it was seen to make."""

    seat: int = -1
    owner: list[int] | None = None
    cards: list[dict[str, Any]] = field(default_factory=list)
    logs: dict[int, list[float]] = field(default_factory=dict)
    block: tuple[tuple[int, str], int | None] | None = None  # ((turn, phase), the territory to strike at)

    def see(self, info: BoardInfo, view: State, p: int) -> None:
        owner = view["owner"]
        if not self.cards:
            seats = len(view["players"])
            european = view["options"].get("mission_cards") == "14_cards"
            own = view["missions"][p]
            own = own.get("was", own) if isinstance(own, dict) else own
            self.cards = deck(info.board, seats, european)
            same = [
                k
                for k, c in enumerate(self.cards)
                if isinstance(own, dict) and all(own.get(x) == v for x, v in c.items())
            ]
            if same:
                del self.cards[same[0]]
        last = self.owner
        self.owner = owner
        if last is None or last is owner or len(last) != len(owner):
            return
        index = {r.id: i for i, r in enumerate(info.board.regions)}
        n = len(owner)
        for t, (was, now) in enumerate(zip(last, owner, strict=True)):
            if was == now or now == p or now < 0:
                continue
            logs = self.logs.setdefault(now, [0.0] * len(self.cards))
            left = last.count(was)
            for k, c in enumerate(self.cards):
                logs[k] += math.log(_likelihood(info, index, c, now, t, was, left, n))

    def belief(self, q: int) -> list[float]:
        """The chance of each card for rival q."""
        logs = self.logs.get(q) or [0.0] * len(self.cards)
        top = max(logs, default=0.0)
        w = [math.exp(x - top) for x in logs]
        total = sum(w) or 1.0
        return [x / total for x in w]


def _likelihood(
    info: BoardInfo, index: dict[str, int], c: dict[str, Any], q: int, t: int, was: int, left: int, n: int
) -> float:
    """The chance that a rival q with card c makes this conquest (t from `was`, who held `left` then)."""
    base = (1.0 - FOCUS) / n
    card = c["card"]
    if card == "continents":
        focus = [u for r in c["regions"] for u in info.members[index[r]]]
        return base + (FOCUS / len(focus) if t in focus else 0.0)
    if card == "destroy" and c["target"] != q:
        return base + (FOCUS / max(left, 1) if was == c["target"] else 0.0)
    return 1.0 / n


def goal_of(info: BoardInfo, view: State, q: int, c: dict[str, Any]) -> Goal:
    """The goal card c would give rival q (its own colour: 24 territories, or their share of the board)."""
    card = c["card"]
    if card == "destroy":
        if c["target"] != q:
            return Goal(target=c["target"])
        n = len(view["owner"])
        return Goal(territories=max(1, round(24 * n / 42)))
    if card == "territories":
        return Goal(territories=c["territories"], armies=c["armies"])
    index = {r.id: i for i, r in enumerate(info.board.regions)}
    regions = [index[r] for r in c["regions"]]
    if c.get("third"):
        owner = view["owner"]
        rest = [r for r in range(len(info.members)) if r not in regions]
        if rest:
            regions.append(
                max(
                    rest,
                    key=lambda r: sum(1 for t in info.members[r] if owner[t] == q) / len(info.members[r]),
                )
            )
    return Goal(regions=tuple(regions))


def income(info: BoardInfo, view: State, q: int) -> int:
    """The armies seat q will place next turn, about: territories / 3 (at least 3), its continents' bonuses,
    and what its cards will likely trade for: on the growing scale the next set's armies (sure at five cards,
    about two chances in three at three or four), else 4 (6 at five). A flat 4 counted a late set of 12 or 15
    as 4, and hard's outlook of finishing next turn and its reading of its rivals with it: 222 of 480 games
    against 212 (docs/benchmarks.md)."""
    owner: list[int] = view["owner"]
    n = max(3, owner.count(q) // 3) + sum(info.bonus[r] for r in info.held_regions(owner, q))
    hands = view.get("hands") or []
    if q < len(hands) and len(hands[q]) >= 3:
        if cards_option(as_classic(view)) == PROGRESSIVE:
            worth = set_value(view["sets_traded"])
            n += worth if len(hands[q]) >= 5 else worth * 2 // 3
        else:
            n += 4 + 2 * (len(hands[q]) >= 5)
    return n


def danger(info: BoardInfo, watch: Watch, view: State, q: int, near: set[int] | None = None) -> float:
    """How likely rival q is to complete its mission on its next turn, over the cards it may hold; `near`
    gathers the territories its plans go through (their sources and steps)."""
    reserve = income(info, view, q)
    total = 0.0
    for c, b in zip(watch.cards, watch.belief(q), strict=True):
        if b < LIKELY:
            continue
        if c["card"] == "destroy" and c["target"] != q and view["players"][c["target"]]["out"]:
            continue
        pl = plan(info, view, q, goal_of(info, view, q, c), reserve)
        if pl is not None:
            total += b * pl.chance
            if near is not None and pl.chance >= 0.1:
                for ch in pl.chains:
                    near.add(ch.source)
                    near.update(ch.steps)
    return total


def rivals(view: State, p: int) -> list[int]:
    return [q for q, pl in enumerate(view["players"]) if q != p and not pl["out"]]


def strike(info: BoardInfo, watch: Watch, view: State, p: int, reserve: int) -> int | None:
    """The territory whose conquest most lowers the chance of the rival likeliest to finish next turn, when
    that rival is BLOCK or more likely to and the conquest is worth it; else None."""
    owner, armies = view["owner"], view["armies"]
    worst, worst_q, worst_near = 0.0, -1, set()
    for q in rivals(view, p):
        near: set[int] = set()
        d = danger(info, watch, view, q, near)
        if d > worst:
            worst, worst_q, worst_near = d, q, near
    if worst < BLOCK:
        return None
    best, best_v = None, 0.0
    for t in sorted(worst_near):
        if owner[t] == p:  # a territory of p's on the rival's way: the reserve on it
            if reserve > 0:
                after_a = list(armies)
                after_a[t] += reserve
                v = worst - danger(info, watch, {**view, "armies": after_a}, worst_q)
                if v > best_v:
                    best, best_v = t, v
            continue
        f = max((u for u in info.adj[t] if owner[u] == p), key=armies.__getitem__, default=None)
        if f is None:
            continue
        force = armies[f] - 1 + reserve
        chance = win_chance(force, armies[t])
        if chance < LEAST:
            continue
        after_o, after_a = list(owner), list(armies)
        after_o[t] = p
        after_a[t] = max(1, round(force - 0.8 * armies[t]))
        after_a[f] = 1
        lower = worst - danger(info, watch, {**view, "owner": after_o, "armies": after_a}, worst_q)
        v = chance * lower
        if v > best_v:
            best, best_v = t, v
    return best if best_v >= WORTH else None
