"""What the app shows of a modern-units position: the prompt, the map labels, the territory, table, players
and private panels, and the purchase screen."""

from __future__ import annotations

from typing import Any

from riskterm.engine.fog import UNKNOWN
from riskterm.rules.base import Book
from riskterm.rules.effects import Shop, ShopItem
from riskterm.rules.logtext import counted as plural
from riskterm.rules.modern.battle import NONE, asks_lone_survivor
from riskterm.rules.modern.queries import income_of, is_over, player_names, regions_held, territories_of
from riskterm.rules.modern.state import ModernState, battle_of
from riskterm.rules.modern.units import NU, mix_text, mix_words, parse_mix, unit_index, units_of


def seen_words(mix: list[int] | None) -> str:
    """A unit mix in words; None (out of sight in a fogged game) as such."""
    return "units out of sight" if mix is None else mix_words(mix)


def label_of(s: ModernState, t: int) -> str:
    """The number of units, with '~' when some of them may cross sea-lines; '0' on an empty territory."""
    n = s["armies"][t]
    if n == UNKNOWN:  # out of sight in a fogged game
        return "?"
    if not n:
        return "0"
    sea = any(s["units"][t][k] for k, u in enumerate(units_of(s)) if u.sea)
    return (str(n) + ("~" if sea else ""))[:3]


def territory_lines(rules: Book, s: ModernState, t: int) -> list[str]:
    """Who holds it, then each unit type present with its count and values, and how many of them have
    already crossed a border this turn."""
    o = s["owner"][t]
    who = s["players"][o]["name"] if o >= 0 else "in the fog" if o == UNKNOWN else "nobody (empty)"
    lines = [f"{rules.tname(t)}: {who}"]
    if s["units"][t] is None:  # a fogged game: its units are out of sight
        return [*lines, "Its units are out of sight."]
    spent = s["spent"][t] if o == s["current"] else [0] * NU
    for n, u, used in zip(s["units"][t], units_of(s), spent, strict=True):
        if n:
            moved = f", {used} moved" if used else ""
            lines.append(f"{n:3} {u.name:16} A{u.attack} D{u.defence}{' sea' if u.sea else ''}{moved}")
    return lines


def arg_label(rules: Book, s: ModernState, value: Any) -> str:
    """Territories by name, units by name, '2H1T' in words."""
    if isinstance(value, str):
        if value in rules.board.index:
            return rules.board.tname(value)
        if value == "all":
            return "all that may go"
        if value == NONE:
            return "none (leave it empty)"
        units = units_of(s)
        k = unit_index(units, value)
        if k is not None:
            return units[k].name
        mix = parse_mix(value)
        if mix is not None:
            return mix_words(mix)
    return str(value)


def table_lines(rules: Book, s: ModernState) -> list[str]:
    """The round, the order of play, and the battle under way."""
    names = player_names(s)
    lines = [
        f"Round {s['round']}: "
        + " → ".join(
            ("▶" if i == s["pos"] and s["phase"] not in ("buy", "setup") else "") + names[p]
            for i, p in enumerate(s["order"])
            if not s["players"][p]["out"]
        )
    ]
    b = s["battle"]
    if b and s["armies"][b["target"]] == UNKNOWN:  # a fogged game: a battle out of this seat's sight
        lines.append(f"{names[s['current']]} fights out of your sight.")
    elif b:
        att = "; ".join(
            f"{seen_words(m)} from {rules.tname(f)}" for f, m in b["sources"] if m is None or any(m)
        )
        lines.append(
            f"Battle for {rules.tname(b['target'])} (round {b['round']}): {att or 'nothing'} against "
            f"{seen_words(s['units'][b['target']])}"
        )
    return lines


def shop(rules: Book, s: ModernState) -> Shop | None:
    """The purchase screen in the buy phase: the credits left and the unit table."""
    if s["phase"] != "buy" or is_over(s):
        return None
    return Shop(
        "buy",
        s["credits"][s["current"]],
        tuple(
            ShopItem(
                u.id,
                u.name,
                u.cost,
                f"attack {u.attack}, defence {u.defence}" + (", crosses sea-lines" if u.sea else ""),
            )
            for u in units_of(s)
        ),
        note="Bought so far: " + mix_words(s["bought"][s["current"]]),
    )


def player_stats(rules: Book, s: ModernState) -> list[dict[str, Any]]:
    out = []
    order = s["order"]
    for i, pl in enumerate(s["players"]):
        terrs = territories_of(s, i)
        mix = [sum(s["units"][t][k] for t in terrs if s["units"][t] is not None) for k in range(NU)]
        out.append(
            {
                "name": pl["name"],
                "out": pl["out"],
                "territories": len(terrs),
                "armies": sum(mix),
                "units": mix_text(mix),
                "credits": s["credits"][i],
                "waiting": mix_text(s["bought"][i]),
                "income": 0 if pl["out"] else income_of(rules, s, i),
                "regions": [rules.board.regions[r].name for r in regions_held(rules, s, i)],
                "order": order.index(i) + 1 if i in order else None,
            }
        )
    return out


def private_lines(s: ModernState, seat: int) -> list[str]:
    return [
        f"Credits: {s['credits'][seat]}",
        f"Waiting to be placed: {mix_words(s['bought'][seat])}",
        "Order this round: " + ", ".join(s["players"][p]["name"] for p in s["order"]),
    ]


def prompt(rules: Book, s: ModernState) -> str:
    winner = s["winner"]
    if winner is not None:
        return f"{s['players'][winner]['name']} wins."
    if s.get("draw"):
        return "The game ended in a draw at the round limit."
    p = s["current"]
    name = s["players"][p]["name"]
    ph = s["phase"]
    if ph == "buy":
        return f"{name}: buy units with your {s['credits'][p]} credits, then 'done'."
    if ph == "setup":
        return (
            f"{name}: place one of your new units ({mix_words(s['bought'][p])} left) on a territory you hold."
        )
    if ph == "place":
        return f"{name}: place your new units ({mix_words(s['bought'][p])}) on territories you hold."
    if ph == "attack":
        return f"{name}: attack or move (each unit crosses one border per turn), or end your turn."
    return battle_prompt(rules, s)


def battle_prompt(rules: Book, s: ModernState) -> str:
    b = battle_of(s)
    names = player_names(s)
    if s["armies"][b["target"]] == UNKNOWN:  # a fogged game: neither where nor with what
        return f"{names[s['current']]} fights out of your sight."
    where = rules.tname(b["target"])
    frm = " and ".join(rules.tname(f) for f, _ in b["sources"])
    if s["phase"] == "defend":  # (asked in the attacker's turn: the sentence says which battle it is)
        n = min(b["att_hits"], sum(s["units"][b["target"]] or [b["att_hits"]]))
        return (
            f"{names[b['defender']]}: {names[s['current']]} attacks {where} from {frm} (round {b['round']}) "
            f"and scores {plural(b['att_hits'], 'hit')}: choose the {plural(n, 'unit')} you lose in {where} "
            "(the default: the cheapest first)."
        )
    if s["phase"] == "casualties":
        n = min(b["def_hits"], sum(sum(m or [b["def_hits"]]) for _, m in b["sources"]))
        return (
            f"{names[s['current']]}: the defence of {where} scores {plural(b['def_hits'], 'hit')} "
            f"(round {b['round']}): choose the {plural(n, 'unit')} you lose from {frm} (the default: the "
            "cheapest first)."
        )
    if s["phase"] == "decide":
        return (
            f"{names[s['current']]}: continue the attack on {where} "
            f"({seen_words(s['units'][b['target']])} left) or retreat."
        )
    if s["phase"] == "occupy":
        live = [(f, m) for f, m in b["sources"] if m is None or any(m)]
        if asks_lone_survivor(s) and len(live) == 1 and sum(live[0][1] or ()) == 1:
            home = rules.tname(live[0][0])
            if s["armies"][live[0][0]] == 1:
                return (
                    f"{names[s['current']]}: {where} is yours; your last unit may move in and leave {home} "
                    f"empty ('occupy'), or stay to hold {home} ('occupy none', {where} is left empty)."
                )
            return (
                f"{names[s['current']]}: {where} is yours; your one surviving unit may move in ('occupy'), "
                f"or go back to {home} ('occupy none', {where} is left empty)."
            )
        return f"{names[s['current']]}: {where} is yours; choose the units that move in."
    return ""
