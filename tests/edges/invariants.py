"""Invariant playouts over every rulebook and every house option: seeded games of random legal actions (each
rulebook's own progress-biased policy from tests/rules), every action checked. A broken invariant is counted,
not raised, so one run gives the whole tally.

Checked after every action, in every rulebook: each territory owned by a seat or free (-1), no negative army,
an eliminated player owns nothing and never acts, and apply leaves the state it was given unchanged (every
CHANGED_EVERY-th action, a JSON comparison). At the end: a winner who is still in, or a draw the rulebook
states (one of its draw_events). Per rulebook:
- classic (every mode, missions included): the Risk cards conserved (each once, deck + discard + hands, as many as at the start); hands
  within the limits of 'Eliminating an opponent' at each moment (see classic_hands); armies conserved
  (placed, the 2 extra of a trade, claims, battle losses).
- risiko: tests/rules/test_risiko_playout.check (the 48 cards conserved, armies, fortresses, secrets).
- europe: tests/rules/test_europe_playout.check (coins never negative, units, box limits, crowns) and each
  seat's eight King's Orders conserved (hand, chosen, discard).
- modern: tests/rules/test_modern_playout.check (units, credits never negative, sea-lines, islands).

    python tests/edges/invariants.py --actions 1000000      # the large run (prints the tally)
"""

from __future__ import annotations

import itertools
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parents[1] / "rules"))  # the rulebooks' own playout policies and checks

from riskterm.engine.actions import Action  # noqa: E402
from riskterm.errors import RiskError  # noqa: E402
from riskterm.rules import Rules, variant_class  # noqa: E402

CHANGED_EVERY = 16
MAX_ACTIONS_PER_GAME = 60_000
HAND_CAP = 6  # classic: a sixth card only from the turn's draw ('it brings your total to 6, you must wait')
TRADE_AT = 5  # classic: 'if you have 5 or 6 cards at the beginning of your turn you MUST turn in'


@dataclass
class Tally:
    actions: int = 0
    games: int = 0
    wins: int = 0
    draws: int = 0
    violations: list[str] = field(default_factory=list)
    by_variant: Counter[str] = field(default_factory=Counter)
    skipped: set[str] = field(default_factory=set)

    def add(self, where: str, problem: str) -> None:
        if len(self.violations) < 200:
            self.violations.append(f"{where}: {problem}")
        else:
            self.violations.append("")  # counted, not kept

    def line(self) -> str:
        per = ", ".join(f"{v} {n}" for v, n in sorted(self.by_variant.items()))
        return (
            f"{self.actions} actions checked in {self.games} games ({per}); {self.wins} wins, {self.draws} "
            f"draws; {len(self.violations)} violations"
        )


def option_sets(variant: str) -> list[dict[str, Any]]:
    """The defaults, every other value of every house option, and every pair of such values of two options
    (a mode with each of the other options, say), each with and without the quick start."""
    cls = variant_class(variant)
    base = {key: default for key, _, _, default in cls.house_options}
    others = [[(key, c) for c in choices if c != default] for key, _, choices, default in cls.house_options]
    out = [dict(base)]
    out += [{**base, key: c} for values in others for key, c in values]
    for a, b in itertools.combinations(others, 2):
        out += [{**base, ka: ca, kb: cb} for (ka, ca), (kb, cb) in itertools.product(a, b)]
    return [{**o, "quick_start": q} for o, q in itertools.product(out, (True, False))]


# --- policies ------------------------------------------------------------------------------------------
def _policy(variant: str) -> Callable[[Rules, dict[str, Any], random.Random], Action]:
    if variant == "classic":
        from test_classic_playout import policy

        return policy
    if variant == "modern":
        from test_modern_playout import policy as modern_policy

        return modern_policy
    if variant == "risiko":
        from test_risiko_helpers import biased_choice

        return lambda r, s, rnd: biased_choice(r.legal_actions(s), rnd)
    if variant == "europe":
        from test_europe_playout import WEIGHTS

        def europe(r: Rules, s: dict[str, Any], rnd: random.Random) -> Action:
            acts = r.legal_actions(s)
            return rnd.choices(acts, [WEIGHTS.get(x.kind, 1) for x in acts])[0]

        return europe
    return lambda r, s, rnd: rnd.choice(r.legal_actions(s))  # a rulebook added later: plain random


def next_action(rules: Rules, policy: Callable[..., Action], s: dict[str, Any], rnd: random.Random) -> Action:
    a = policy(rules, s, rnd)
    if rules.why_illegal(s, a) is not None:  # a policy written for the default options: fall back to any
        a = rnd.choice(rules.legal_actions(s))
    return a


# --- checks --------------------------------------------------------------------------------------------
def common(rules: Rules, s: dict[str, Any]) -> list[str]:
    out = []
    n = len(s["players"])
    if any(not -1 <= o < n for o in s["owner"]):
        out.append("a territory owned by no seat")
    if any(a < 0 for a in s["armies"]):
        out.append("a negative army")
    for p, pl in enumerate(s["players"]):
        if pl.get("out") and p in s["owner"]:
            out.append(f"seat {p} is out but owns territory")
    if not rules.is_over(s):
        actor = rules.actor(s)
        if actor is not None and s["players"][actor].get("out"):
            out.append(f"seat {actor} is out but acts")
    return out


def classic_cards(s: dict[str, Any], ids: list[str] | None = None) -> Counter[str]:
    """Every Risk card: the draw pile, the discards, the hands, and in Capital Risk the headquarters' cards,
    which leave the deck when the headquarters are revealed ('they lie face up before their holders')."""
    c = Counter(s["deck"]) + Counter(s["discard"]) + sum((Counter(h) for h in s["hands"]), Counter())
    for t in s.get("capitals") or ():
        if ids is not None and t >= 0 and not c[ids[t]]:
            c[ids[t]] = 1
    return c


def classic_hands(s: dict[str, Any]) -> list[str]:
    """'if Winning them gives you 6 or more cards, you must immediately trade in enough sets to reduce your hand
    to 4 or fewer' and 'when you draw a card ... it brings your total to 6, you must wait until your next turn':
    outside a trade-down (resume set) the player on turn holds at most 5 cards while attacking and moving in,
    at most 6 while fortifying and only when the sixth is this turn's card; nobody else holds more than 6; a
    trade-down ends at 4 or fewer."""
    out = []
    p, phase, hand = s.get("current"), s["phase"], None
    if isinstance(p, int) and 0 <= p < len(s["hands"]):
        hand = len(s["hands"][p])
    resume = s.get("resume")
    if hand is not None and not resume:
        if phase in ("attack", "occupy") and hand >= HAND_CAP:
            out.append(f"{hand} cards while attacking, no trade-down asked")
        if phase == "fortify" and (hand > HAND_CAP or (hand == HAND_CAP and not s.get("card_drawn"))):
            out.append(f"{hand} cards while fortifying (card drawn: {s.get('card_drawn')})")
        if phase == "attack" and s.get("reserve", 0) == 0 and hand >= TRADE_AT and s.get("turn_traded_down"):
            out.append("a trade-down stopped above 4 cards")
    for q, h in enumerate(s["hands"]):
        if q != p and len(h) > HAND_CAP:
            out.append(f"seat {q} holds {len(h)} cards between turns")
    return out


def classic_armies(before: dict[str, Any], after: dict[str, Any], events: list[Any]) -> list[str]:
    placed = sum(e.data.get("armies", 0) for e in events if e.kind == "place")
    bonus = sum(2 for e in events if e.kind == "trade" and e.data.get("bonus"))
    # a fight's losses: each roll's ('battle'), or a whole blitz drawn at once (the balanced blitz house rule)
    lost = sum(
        e.data.get("att_loss", 0) + e.data.get("def_loss", 0)
        for e in events
        if e.kind in ("battle", "balanced_blitz")
    )
    claims = sum(1 for e in events if e.kind == "claim")
    if sum(after["armies"]) != sum(before["armies"]) + placed + bonus - lost + claims:
        return [
            f"armies not conserved ({sum(before['armies'])} -> {sum(after['armies'])}, events "
            f"{sorted({e.kind for e in events})})"
        ]
    return []


def europe_orders(start: dict[str, Any], s: dict[str, Any]) -> list[str]:
    out = []
    for p, pl in enumerate(s["players"]):
        if pl.get("out"):
            continue
        now = Counter(s["hands"][p]) + Counter(s["chosen"][p]) + Counter(s["discard"][p])
        if now != Counter(start["hands"][p]):
            out.append(f"seat {p}'s King's Orders not conserved")
    return out


def modern(rules: Any, s: dict[str, Any], events: list[Any]) -> list[str]:
    """tests/rules/test_modern_playout.check without its JSON comparisons (done here every CHANGED_EVERY-th
    action): units, credits, land units never across a sea-line."""
    from riskterm.rules.modern.queries import crossing
    from riskterm.rules.modern.units import parse_mix

    out = []
    for t, (row, spent, o, n) in enumerate(zip(s["units"], s["spent"], s["owner"], s["armies"], strict=True)):
        total = sum(row)
        if min(row) < 0 or n != total or (o == -1) != (total == 0):
            out.append(f"territory {t}: owner {o}, units {row}, armies {n}")
        if min(spent) < 0 or any(map(int.__gt__, spent, row)):
            out.append(f"territory {t}: more units spent than there are")
    if any(c < 0 for c in s["credits"]):
        out.append("negative credits")
    if any(n < 0 for row in s["bought"] for n in row):
        out.append("a negative purchase")
    for e in events:
        if e.kind == "move":
            sea = crossing(rules, rules.board.index[e.data["frm"]], rules.board.index[e.data["to"]]) == "sea"
            mix = parse_mix(e.data["units"]) or []
            if sea and any(n and not rules.units[k].sea for k, n in enumerate(mix)):
                out.append("land units moved across a sea-line")
    return out


def checker(
    variant: str,
) -> Callable[[Rules, dict[str, Any], dict[str, Any], dict[str, Any], list[Any], int], list[str]]:
    """(rules, start, before, after, events, k) -> problems."""

    def run(f: Callable[[], object]) -> list[str]:
        try:
            f()
        except AssertionError as e:
            return [str(e).splitlines()[0] if str(e) else "an assertion of the rulebook's playout check"]
        return []

    if variant == "classic":

        def classic(rules, start, before, after, events, k):  # type: ignore[no-untyped-def]
            out = classic_hands(after) + classic_armies(before, after, events)
            if classic_cards(after, rules.board.ids) != classic_cards(start, rules.board.ids):
                out.append("the Risk cards are not conserved")
            return out

        return classic
    if variant == "risiko":
        from test_risiko_playout import check as risiko_check

        return lambda rules, start, before, after, events, k: run(lambda: risiko_check(after, k))
    if variant == "europe":
        from test_europe_playout import check as europe_check

        return lambda rules, start, before, after, events, k: (
            run(lambda: europe_check(after)) + europe_orders(start, after)
        )
    if variant == "modern":
        return lambda rules, start, before, after, events, k: modern(rules, after, events)
    return lambda rules, start, before, after, events, k: []


def playout(
    variant: str,
    players: int,
    seed: int,
    options: dict[str, Any],
    tally: Tally,
    budget: int = MAX_ACTIONS_PER_GAME,
) -> None:
    rules = variant_class(variant)()
    policy, check = _policy(variant), checker(variant)
    rnd = random.Random(seed)
    where = f"{variant} {players}p seed {seed} {options}"
    s = None
    for n in range(players, type(rules).max_players + 1):  # a mode may need more players
        try:
            s, _ = rules.new_game([f"P{i}" for i in range(n)], seed, dict(options))
            break
        except RiskError as e:  # an option value the rulebook refuses (not built yet, or not for this many)
            why = str(e)
    if s is None:
        tally.skipped.add(f"{variant} {options}: {why}")
        return
    start = s
    k = 0
    events: list[Any] = []
    while not rules.is_over(s) and k < budget:
        a = next_action(rules, policy, s, rnd)
        frozen = json.dumps(s, sort_keys=True) if k % CHANGED_EVERY == 0 else None
        s2, events = rules.apply(s, a)
        if frozen is not None and json.dumps(s, sort_keys=True) != frozen:
            tally.add(where, f"apply({a}) changed the state it was given")
        for problem in common(rules, s2) + check(rules, start, s, s2, events, k):
            tally.add(where, f"after action {k} ({a}): {problem}")
        s, k = s2, k + 1
    tally.actions += k
    tally.by_variant[variant] += k
    if not rules.is_over(s):
        return  # out of this game's budget: not a finished game
    tally.games += 1
    w = rules.winner(s)
    if w is not None:
        tally.wins += 1
        if s["players"][w].get("out"):
            tally.add(where, "the winner is out of the game")
    elif s.get("draw") or any(e.kind in rules.draw_events for e in events):
        tally.draws += 1
    else:
        tally.add(where, "the game ended with neither a winner nor a stated draw")


VARIANTS = ("classic", "europe", "risiko", "modern")


def run(
    total_actions: int,
    per_game: int = MAX_ACTIONS_PER_GAME,
    seed0: int = 0,
    progress: Callable[[Tally], None] | None = None,
) -> Tally:
    """Games over every rulebook, player count and option set in turn until `total_actions` are checked."""
    tally = Tally()
    per_variant = []
    for v in VARIANTS:
        cls = variant_class(v)
        per_variant.append(
            itertools.cycle(
                [
                    (v, cls.min_players + i % (cls.max_players - cls.min_players + 1), opts)
                    for i, opts in enumerate(option_sets(v))
                ]
            )
        )
    seed = seed0
    while tally.actions < total_actions:  # a game of each rulebook in turn, each through its option sets
        for cases in per_variant:
            v, n, opts = next(cases)
            playout(v, n, seed, opts, tally, min(per_game, max(1, total_actions - tally.actions)))
            seed += 1
            if progress is not None:
                progress(tally)
            if tally.actions >= total_actions:
                break
    return tally


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser()
    ap.add_argument("--actions", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    t0 = time.perf_counter()
    last = [0.0]

    def show(t: Tally) -> None:
        if time.perf_counter() - last[0] > 30:
            last[0] = time.perf_counter()
            print(f"[{time.perf_counter() - t0:.0f} s] {t.line()}", flush=True)

    result = run(args.actions, seed0=args.seed, progress=show)
    print(f"{result.line()} in {time.perf_counter() - t0:.0f} s")
    for why in sorted(result.skipped):
        print("  skipped: " + why)
    for v in result.violations[:40]:
        if v:
            print("  " + v)
