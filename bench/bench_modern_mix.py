"""What modern-units computer players buy ("modern players buy a mix of units").

    python bench/bench_modern_mix.py [--games 20] [--seed 20000] [--strong normal] [--weak easy] [--per-game]

Plays 4-seat games (one `--strong` seat rotated against three `--weak`, the house default unit table) and
prints, per level, the units bought of each type and each type's share of the credits spent; `--per-game`
also prints how lopsided the `--strong` seat's buying is in single games (its top type's share of the
credits per game, and in how many games that share is over 60% / 75%)."""

from __future__ import annotations

import argparse
from collections import Counter

from riskterm.ai import make_player
from riskterm.ai.simulate import _rules, game_seed, house_defaults, player_seed
from riskterm.ai.strength import seat_levels
from riskterm.rules import PlayerSetup
from riskterm.rules.modern.units import units_of


def purchases(levels: list[str], seed: int) -> dict[str, Counter[str]]:
    """Units bought by each level in one game: {level: {unit id: count}}."""
    rules = _rules("modern")
    s, _ = rules.new_game(
        [PlayerSetup(f"P{i}", ai=lv) for i, lv in enumerate(levels)], seed, house_defaults(rules)
    )
    players = [make_player("modern", lv, player_seed(seed, i)) for i, lv in enumerate(levels)]
    out: dict[str, Counter[str]] = {lv: Counter() for lv in levels}
    while not rules.is_over(s):
        seat = rules.actor(s)
        if seat is None:
            break
        a = players[seat].choose(rules, rules.view(s, seat), seat)
        if a.kind == "buy":
            out[levels[seat]][str(a.args[0])] += int(a.args[1]) if len(a.args) > 1 else 1
        s = rules.apply(s, a).state
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=20_000)
    ap.add_argument("--strong", default="normal")
    ap.add_argument("--weak", default="easy")
    ap.add_argument("--per-game", action="store_true")
    args = ap.parse_args()
    rules = _rules("modern")
    units = units_of(
        rules.new_game([PlayerSetup("A"), PlayerSetup("B"), PlayerSetup("C")], 0, house_defaults(rules))[0]
    )
    cost = {u.id: u.cost for u in units}
    name = {u.id: u.name for u in units}
    total: dict[str, Counter[str]] = {args.strong: Counter(), args.weak: Counter()}
    tops: list[tuple[float, str]] = []  # the strong seat's top type per game: (share of credits, unit id)
    for i in range(args.games):
        for lv, c in purchases(seat_levels(args.strong, args.weak, 1, 4, i), game_seed(args.seed, i)).items():
            total[lv].update(c)
            spent = sum(n * cost[k] for k, n in c.items())
            if lv == args.strong and spent:
                tops.append(max((n * cost[k] / spent, k) for k, n in c.items()))
    for lv, c in total.items():
        spent = sum(n * u.cost for u in units for n in [c[u.id]]) or 1
        parts = ", ".join(f"{u.name} {c[u.id]} ({c[u.id] * u.cost / spent:.0%})" for u in units)
        print(f"{lv:7} ({args.games} games): {parts}")
    if args.per_game and tops:
        shares = sorted(x for x, _ in tops)
        q = [shares[int(f * (len(shares) - 1))] for f in (0, 0.25, 0.5, 0.75, 1)]
        print(
            f"{args.strong} top type's share per game (min/q1/median/q3/max): "
            + "/".join(f"{x:.0%}" for x in q)
            + f"; over 60%: {sum(x > 0.6 for x in shares)}/{len(shares)}, over 75%: "
            + f"{sum(x > 0.75 for x in shares)}/{len(shares)}; top types: "
            + ", ".join(f"{name[k]} {n}" for k, n in Counter(k for _, k in tops).most_common())
        )


if __name__ == "__main__":
    main()
