"""Attacks in the modern-units rulebook ("Attacking"): gathering units from several territories and rounds of
combat. The combat arithmetic is in combat.py; the choices a battle asks for (losses, continue or retreat,
moving in) are in choices.py; this module runs the rounds.

`s["battle"]` while an attack is under way (state.py's Battle): the target, its defender, the attacking units
still in the fight by the territory they came from (they stay counted in that territory's units until they
move in), the round, the defenders at the start of the round and the hits of each side this round.

Each round: the attacker rolls one die per attacking unit ('battle' event); the defender chooses its losses
(phase 'defend', the defender acts; skipped when there is no choice or the house option gives the default);
the defender rolls for every unit present at the start of the round, lost ones included ('roll' event); the
attacker chooses its losses (phase 'casualties'); then the attacker continues or retreats (phase 'decide'), or
after a win moves in the units it chooses (phase 'occupy')."""

from __future__ import annotations

from typing import Any

from riskterm.engine.rng import Rng
from riskterm.rules.base import Book, Handler, Log, mutating
from riskterm.rules.modern.combat import (
    count_hits,
    default_losses,
    default_losses_multi,
    forced,
    hit_faces,
    roll_hits,
)
from riskterm.rules.modern.events import ev
from riskterm.rules.modern.moves import check_attack
from riskterm.rules.modern.queries import DRAFT_KEYS, add_units, is_over, mark_spent, mix_arg
from riskterm.rules.modern.rounds import check_out, next_turn
from riskterm.rules.modern.state import ModernState, battle_of
from riskterm.rules.modern.units import NU, expand, mix_text, units_of

Args = tuple[Any, ...]
NONE = "none"  # 'occupy none': nothing moves in, the conquered territory is left empty

# The standing answers (Rules.headless.standing_answers) a seat may give for a whole headless game: its fights then go
# on without the steps that would ask it, with the same dice and the same outcome.
FIGHT_ON = "fight_on"  # 'continue' whenever asked: the rounds of its attacks follow at once
OCCUPY_ALL = "occupy_all"  # 'occupy all' whenever asked: every survivor of a won fight moves in at once
DEFAULT_LOSSES = (
    "default_losses"  # 'lose' whenever asked: the cheapest units first, as when there is no choice
)
STANDING_ANSWERS = {
    FIGHT_ON: "continue every fight until it is won or lost, without being asked",
    OCCUPY_ALL: "after a won fight, move every survivor in, without being asked",
    DEFAULT_LOSSES: "give up the cheapest units first, without being asked",
}


def literal(s: ModernState) -> bool:
    return bool(s["options"].get("defence_roll") == "literal")


# House option `lone_survivor`: whether a lone unit left after a won attack is asked before it moves in.
ALWAYS_ASKED, ASKED, MOVES_IN = "always_asked", "asked", "moves_in"
LONE_SURVIVOR = (ALWAYS_ASKED, ASKED, MOVES_IN)  # the default first; ASKED: only when it would empty its home


def asks_lone_survivor(s: ModernState) -> bool:
    """Whether the house option may ask about a lone survivor at all (and 'occupy none' is offered)."""
    return bool(s["options"].get("lone_survivor", MOVES_IN) != MOVES_IN)


# ---------------------------------------------------------------------- helpers
def pools(s: ModernState) -> list[list[int]]:
    return [list(m) for _, m in battle_of(s)["sources"]]


def home(s: ModernState) -> list[int]:
    """Units staying in each source territory (not in the fight)."""
    return [s["armies"][f] - sum(m) for f, m in battle_of(s)["sources"]]


def src_ids(rules: Book, s: ModernState) -> list[str]:
    return [rules.board.tid(f) for f, _ in battle_of(s)["sources"]]


# ---------------------------------------------------------------------- attack and a round of combat
def attack(rules: Book, s: ModernState, args: Args, events: Log) -> None:
    t = rules.board.index[args[0]]
    sources: list[list[Any]] = []
    for fid, arg in zip(args[1::2], args[2::2], strict=True):
        f = rules.board.index[fid]
        sources.append([f, mix_arg(rules, s, f, t, arg)])
    s["battle"] = {
        "target": t,
        "defender": s["owner"][t],
        "sources": sources,
        "round": 0,
        "def_start": [0] * NU,
        "att_hits": 0,
        "def_hits": 0,
    }
    if events is not None:
        events.append(
            ev(
                s,
                "attack",
                to=args[0],
                defender=s["owner"][t],
                frm=[[rules.board.tid(f), mix_text(m)] for f, m in sources],
            )
        )
    combat_round(rules, s, events)
    fight_on_standing(rules, s, events)


def fight_on_standing(rules: Book, s: ModernState, events: Log) -> None:
    """The next rounds at once while the attacker's standing answer is to continue (FIGHT_ON)."""
    while s["phase"] == "decide" and s["current"] in rules.headless.standing.get(FIGHT_ON, ()):
        combat_round(rules, s, events)


def combat_round(rules: Book, s: ModernState, events: Log) -> None:
    b = battle_of(s)
    t, units = b["target"], units_of(s)
    stream = s["rng"]
    if rules.headless.roll_events or type(stream) is not int:
        types = [k for _, m in b["sources"] for k in expand(m)]
        rng = Rng(stream)
        dice = rng.faces(len(types))  # one die per unit, in unit order
        s["rng"] = rng.state
        hits = count_hits(types, dice, True, units)
    else:  # nobody reads the dice: the same draws and hits without them
        top = hit_faces(units, True)
        s["rng"], hits = roll_hits(
            stream, [(top[k], n) for _, m in b["sources"] for k, n in enumerate(m) if n]
        )
    # (the step's draft has its own copy of the battle: DRAFT_KEYS)
    b["round"] += 1
    pool = b["def_start"] = list(s["units"][t])
    b["att_hits"], b["def_hits"] = hits, 0
    if events is not None and rules.headless.roll_events:  # a round's dice and losses (not in a quiet() copy)
        events.append(
            ev(
                s,
                "battle",
                to=rules.board.tid(t),
                defender=b["defender"],
                round=b["round"],
                frm=src_ids(rules, s),
                units="".join(units[k].letter for k in types),
                att=dice,
                tops=[hit_faces(units, True)[k] for k in types],
                hits=hits,
            )
        )
    if (
        forced([pool], hits)
        or not s["options"]["defender_chooses"]
        or b["defender"] in rules.headless.standing.get(DEFAULT_LOSSES, ())
    ):
        defender_loses(rules, s, default_losses(pool, hits, False, units), events)
    else:
        s["phase"] = "defend"
        s["actor"] = b["defender"]


def defender_loses(rules: Book, s: ModernState, loss: list[int], events: Log) -> None:
    b = battle_of(s)
    t, units = b["target"], units_of(s)
    if any(loss):
        add_units(s, t, [-n for n in loss])
    if events is not None and rules.headless.roll_events:
        events.append(
            ev(
                s,
                "losses",
                side="defender",
                who=b["defender"],
                territory=rules.board.tid(t),
                units=mix_text(loss),
            )
        )
    stream = s["rng"]
    if rules.headless.roll_events or type(stream) is not int:
        types = expand(b["def_start"])  # every unit present at the start of the round, lost ones included
        rng = Rng(stream)
        dice = rng.faces(len(types))  # one die per unit, in unit order
        s["rng"] = rng.state
        hits = count_hits(types, dice, False, units, literal(s))
    else:
        top = hit_faces(units, False, literal(s))
        s["rng"], hits = roll_hits(stream, [(top[k], n) for k, n in enumerate(b["def_start"]) if n])
    b["def_hits"] = hits
    if events is not None and rules.headless.roll_events:
        events.append(
            ev(
                s,
                "roll",
                what="defence",
                defender=b["defender"],
                to=rules.board.tid(t),
                units="".join(units[k].letter for k in types),
                dice=dice,
                tops=[hit_faces(units, False, literal(s))[k] for k in types],
                hits=hits,
            )
        )
    s["actor"] = s["current"]
    have = [m for _, m in b["sources"]]  # (read only)
    if forced(have, hits) or s["current"] in rules.headless.standing.get(DEFAULT_LOSSES, ()):
        attacker_loses(rules, s, default_losses_multi(have, hits, True, units, home(s)), events)
    else:
        s["phase"] = "casualties"


def attacker_loses(rules: Book, s: ModernState, losses: list[list[int]], events: Log) -> None:
    b = battle_of(s)
    sources = []
    for (f, m), loss in zip(b["sources"], losses, strict=True):
        if any(loss):
            add_units(s, f, [-n for n in loss])
            m = [x - y for x, y in zip(m, loss, strict=True)]
        sources.append([f, m])
    b["sources"] = sources
    if events is not None and rules.headless.roll_events:
        events.append(
            ev(
                s,
                "losses",
                side="attacker",
                who=s["current"],
                units=[
                    [rules.board.tid(f), mix_text(m)]
                    for (f, _), m in zip(b["sources"], losses, strict=True)
                    if any(m)
                ],
            )
        )
    after_round(rules, s, events)


def lone_survivor_moves_in(s: ModernState) -> bool:
    """After a win with one attacking unit left: whether it moves in without asking. 'The attacker gets to
    move into East Africa only the units he wishes': new games ask (house option `lone_survivor:
    always_asked`); games of the option's first value (`asked`) asked only when moving in would leave its own
    territory empty, and older ones (`moves_in`) never."""
    option: str = s["options"].get("lone_survivor", MOVES_IN)
    if option == ASKED:
        ((f, _),) = [(f, m) for f, m in battle_of(s)["sources"] if any(m)]
        return bool(s["armies"][f] > 1)
    return option == MOVES_IN


def after_round(rules: Book, s: ModernState, events: Log) -> None:
    b = battle_of(s)
    t, armies = b["target"], s["armies"]
    left = sum([sum(m) for _, m in b["sources"]])
    if armies[t] == 0:
        if left:
            s["phase"] = "occupy"
            s["actor"] = s["current"]
            if events is not None:
                events.append(ev(s, "won", to=rules.board.tid(t), defender=b["defender"]))
            check_out(rules, s, events)
            if not is_over(s) and (
                (left == 1 and lone_survivor_moves_in(s))
                or s["current"] in rules.headless.standing.get(OCCUPY_ALL, ())
            ):
                occupy(rules, s, pools(s), events)
            return
        if events is not None:
            events.append(ev(s, "emptied", to=rules.board.tid(t), defender=b["defender"]))
        end_battle(rules, s, events)
        return
    if left and any([armies[f] < 2 and any(m) for f, m in b["sources"]]):
        sources = []
        for f, m in b["sources"]:
            if any(m) and armies[f] < 2:
                # the rulebook's example: a source left with one unit breaks off to hold it
                mark_spent(s, f, m)
                if events is not None:
                    events.append(ev(s, "break_off", frm=rules.board.tid(f), units=mix_text(m)))
                m = [0] * NU
            sources.append([f, m])
        b["sources"] = sources
        left = sum([sum(m) for _, m in sources])
    if not left:
        if events is not None:
            events.append(ev(s, "repelled", to=rules.board.tid(t), defender=b["defender"]))
        end_battle(rules, s, events)
        return
    s["phase"] = "decide"
    s["actor"] = s["current"]


def occupy(rules: Book, s: ModernState, moves: list[list[int]], events: Log) -> None:
    b = battle_of(s)
    t, p = b["target"], s["current"]
    sources = []
    for (f, m), mv in zip(b["sources"], moves, strict=True):
        if any(mv):
            add_units(s, f, [-n for n in mv])
            add_units(s, t, mv, spent=True)
        sources.append([f, [x - y for x, y in zip(m, mv, strict=True)]])
    if s["armies"][t]:
        s["owner"][t] = p
    b["sources"] = sources
    total = [sum(mv[k] for mv in moves) for k in range(NU)]
    # nothing moved in: the territory is left empty, which is no conquest (statistics count 'conquer')
    kind = "conquer" if any(total) else "left_empty"
    if events is not None:
        events.append(ev(s, kind, to=rules.board.tid(t), defender=b["defender"], units=mix_text(total)))
    for f, _ in sources:
        if s["owner"][f] == -1:
            if events is not None:
                events.append(ev(s, "abandon", territory=rules.board.tid(f)))
    end_battle(rules, s, events)


def end_battle(rules: Book, s: ModernState, events: Log) -> None:
    """The units still in the fight go back where they came from (their border crossing is used)."""
    for f, m in battle_of(s)["sources"]:
        if s["owner"][f] == s["current"]:
            mark_spent(s, f, m)
    s["battle"] = None
    s["phase"] = "attack"
    s["actor"] = s["current"]
    check_out(rules, s, events)
    if not is_over(s) and s["players"][s["current"]]["out"]:
        next_turn(rules, s, events)


HANDLERS = {  # the choices during a battle (losses, continue, retreat, moving in) are in choices.py
    "attack": Handler(check_attack, mutating(attack, *DRAFT_KEYS)),
}
