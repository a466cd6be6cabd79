"""What each player may see of a RisiKo! Più state: the view (secrets removed), the private panel, the
players panel, the table (track, cards in play, truces) and the map labels."""

from __future__ import annotations

from typing import Any

from riskterm.engine.actions import Action
from riskterm.engine.odds import attack_odds as fight_odds
from riskterm.engine.state import State
from riskterm.rules.base import Book
from riskterm.rules.risiko.battle import attacker_armies, dice_cap
from riskterm.rules.risiko.cards import card_name, kind_of, seat_of, seat_token, track_value
from riskterm.rules.risiko.geography import tix
from riskterm.rules.risiko.state import SECRET_KEYS, RisikoState, dice_rules
from riskterm.rules.risiko.turn import empires_held, supply


def view(s: RisikoState, seat: int | None) -> State:
    """The state as `seat` may see it: other hands (unless spied on just now), the deck, others' unused Hidden
    Armies, the seed and the random stream are hidden (the seed rebuilds the deck, with the moves every hand,
    and every future roll)."""
    v = {k: x for k, x in s.items() if k not in SECRET_KEYS}
    spy = s.get("spy")
    show = {seat}
    if spy and spy["stage"] == "choose" and spy["by"] == seat:
        show.add(spy["target"])
    v["hands"] = [h if i in show else ["?"] * len(h) for i, h in enumerate(s["hands"])]
    v["deck"] = ["?"] * len(s["deck"])
    v["hidden"] = [
        hs if i == seat else [dict(h, territory=h["territory"] if h["used"] else "?") for h in hs]
        for i, hs in enumerate(s["hidden"])
    ]
    v["rng"] = 0
    return v


def private_lines(rules: Book, s: RisikoState, seat: int) -> list[str]:
    hand = s["hands"][seat]
    lines = []
    if hand:
        counts: dict[str, int] = {}
        for c in hand:
            counts[kind_of(c)] = counts.get(kind_of(c), 0) + 1
        # counts by kind only: the card ids ("spy5") are the deck's bookkeeping, not something a player reads
        lines.append("Cards: " + ", ".join(f"{n} {k.title()}" for k, n in counts.items()))
    else:
        lines.append("No cards.")
    for h in s["hidden"][seat]:
        if not h["used"]:
            val = track_value(rules.board, s)
            lines.append(
                f"Hidden Armies in {rules.board.tname(h['territory'])}: worth {val} now"
                + ("" if val else " (no Reinforcement card played yet)")
            )
    spy = s.get("spy")
    if spy and spy["by"] == seat and spy["stage"] == "choose":
        q = spy["target"]
        lines.append(f"{s['players'][q]['name']} holds: " + ", ".join(card_name(c) for c in s["hands"][q]))
    return lines


def player_stats(rules: Book, s: RisikoState) -> list[dict[str, Any]]:
    b = rules.board
    out = []
    for i, pl in enumerate(s["players"]):
        terrs = [t for t, o in enumerate(s["owner"]) if o == i]
        f = s["fortress"][i]
        income = 0 if pl["out"] else supply(b, s, i)[0]
        out.append(
            {
                "name": pl["name"],
                "out": pl["out"],
                "seat": seat_token(i),
                "territories": len(terrs),
                "armies": sum(s["armies"][t] for t in terrs),
                "cards": len(s["hands"][i]),
                "empire": b.region_by_id[s["empire"][i]].name,
                "fortress": rules.tname(f) if f is not None else None,
                "banners": [b.region_by_id[x].name for x in s["banners"][i]],
                "empires": [b.region_by_id[e].name for e in empires_held(b, s, i)],
                "regions": [
                    r.name for r in b.regions if all(s["owner"][b.index[t]] == i for t in r.territories)
                ],
                "supply": income,
                "income": income,
                "truces": [
                    s["players"][t["with"] if t["by"] == i else t["by"]]["name"]
                    for t in s["truces"]
                    if i in (t["by"], t["with"])
                ],
                "hidden_unused": sum(1 for h in s["hidden"][i] if not h["used"]),
                "order": s["order"].index(i) + 1,
            }
        )
    return out


def label_of(s: RisikoState, t: int) -> str:
    n = s["armies"][t]
    text = str(n) if n else "·"  # a free territory (set-up, or left free after a fortress fell)
    if t in s["fortress"] and len(text) <= 2:
        return "♜" + text
    return text


def table_lines(rules: Book, s: RisikoState) -> list[str]:
    """The reinforcement track, the cards in play in an attack (General, Marshal, the flagship) and the
    truces: what everyone sees on the table."""
    names = [p["name"] for p in s["players"]]
    track = rules.board.extra["reinforcement_track"]
    k = len(s["track"])
    cells = " ".join(f"[{v}]" if i < k else str(v) for i, v in enumerate(track))
    nxt = f"next card gives {track[k]}" if k < len(track) else "full"
    lines = [f"Reinforcement track: {cells} ({nxt}; Hidden Armies worth {track_value(rules.board, s)})"]
    at = s.get("attack")
    if at:
        src = rules.tname(at["from"])
        if at["admiral"]:
            lines.append(f"Flagship: {src} ~> {rules.tname(at['to'])}, {at['ship']} armies aboard")
        else:
            lines.append(f"Attack: {src} → {rules.tname(at['to'])}")
        if at["general"]:
            lines.append(f"General in play: {names[s['current']]} (+1 to the highest attack die)")
        if at["marshal"]:
            lines.append(f"Marshal in play: {names[at['defender']]} (+1 to the highest defence die)")
    for t in s["truces"]:
        lines.append(f"Truce: {names[t['by']]} and {names[t['with']]} until {names[t['by']]}'s next turn")
    lines.append(f"Deck {len(s['deck'])}, discard pile {len(s['discard'])}")
    return lines


def arg_label(rules: Book, s: RisikoState, value: Any) -> str:
    """'general3' -> 'General', 'p2' -> the player's name, a territory id -> its name."""
    if kind_of(value):
        return card_name(str(value))
    q = seat_of(value, len(s["players"]))
    if q is not None:
        return str(s["players"][q]["name"])
    if isinstance(value, str) and value in rules.board.index:
        return rules.board.tname(value)
    return str(value)


def attack_odds(rules: Book, s: RisikoState, prefix: Action) -> tuple[float, float, float] | None:
    """The odds panel for an attack being announced (from, to) or rolled on: up to 3 dice a side (2 when a
    fortress is attacked), the defender rolling as many as allowed. Hidden Armies, General and Marshal are not
    counted (nobody knows at the announcement whether they will be played)."""
    at = s["attack"]
    if prefix.kind == "roll" and at:
        t, a = at["to"], attacker_armies(s)
    elif prefix.kind == "attack" and len(prefix.args) >= 2:
        f, to = tix(rules.board, prefix.args[0]), tix(rules.board, prefix.args[1])
        if f is None or to is None or s["owner"][to] < 0:
            return None
        t, a = to, s["armies"][f] - 1
    else:
        return None
    d = s["armies"][t]
    if a < 1 or d < 1:
        return None
    cap = dice_cap(s, t)
    dice = dice_rules(s)
    return fight_odds(a, d, cap, cap, 0, dice.luck, dice.weighted)
