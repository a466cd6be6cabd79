"""Attacks in the modern-units rulebook ("Attacking"): gathering units from several territories and rounds of
combat. The combat arithmetic is in combat.py; this module is the phases of a battle and their actions.

`s["battle"]` while an attack is under way (state.py's Battle): the target, its defender, the attacking units
still in the fight by the territory they came from (they stay counted in that territory's units until they
move in), the round, the defenders at the start of the round and the hits of each side this round.

Each round: the attacker rolls one die per attacking unit ('battle' event); the defender chooses its losses
(phase 'defend', the defender acts; skipped when there is no choice or the house option gives the default);
the defender rolls for every unit present at the start of the round, lost ones included ('roll' event); the
attacker chooses its losses (phase 'casualties'); then the attacker continues or retreats (phase 'decide'), or
after a win moves in the units it chooses (phase 'occupy')."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riskterm.engine.actions import Action, act
from riskterm.engine.events import Event
from riskterm.engine.rng import Rng
from riskterm.engine.state import State
from riskterm.rules.base import Handler
from riskterm.rules.modern.combat import (
    count_hits,
    default_losses,
    default_losses_multi,
    forced,
    loss_choices,
    loss_order,
)
from riskterm.rules.modern.events import ev
from riskterm.rules.modern.moves import check_attack
from riskterm.rules.modern.queries import add_units, begin, mark_spent, mix_arg
from riskterm.rules.modern.rounds import check_out, next_turn
from riskterm.rules.modern.units import NU, expand, fits, mix_text, mix_words, parse_mix, units_of

if TYPE_CHECKING:
    from riskterm.rules.modern import ModernRules

Args = tuple[Any, ...]
LOSS_CHOICES_LISTED = 40
NONE = "none"  # 'occupy none': nothing moves in, the conquered territory is left empty


def literal(s: State) -> bool:
    return s["options"].get("defence_roll") == "literal"


def asks_lone_survivor(s: State) -> bool:
    return s["options"].get("lone_survivor", "moves_in") == "asked"


# ---------------------------------------------------------------------- helpers
def pools(s: State) -> list[list[int]]:
    return [list(m) for _, m in s["battle"]["sources"]]


def home(s: State) -> list[int]:
    """Units staying in each source territory (not in the fight)."""
    return [s["armies"][f] - sum(m) for f, m in s["battle"]["sources"]]


def src_ids(rules: ModernRules, s: State) -> list[str]:
    return [rules.board.tid(f) for f, _ in s["battle"]["sources"]]


def set_battle(s: State, **kw: Any) -> dict[str, Any]:
    b = dict(s["battle"], **kw)
    s["battle"] = b
    return b


def mixes_per_source(rules: ModernRules, s: State, have: list[list[int]], args: Args, allow_all: bool,
                     verb: str, usage: str) -> list[list[int]] | str:
    """Parse 'source mix source mix ...' (or one mix when one source fights) into a mix per source, each
    within what that source has in `have`; `allow_all` lets 'all' stand for a source's whole pool."""
    b = s["battle"]
    if len(args) == 1 and len(have) == 1:
        args = (rules.board.tid(b["sources"][0][0]), args[0])
    if len(args) % 2:
        return usage
    out = [[0] * NU for _ in have]
    srcs = [f for f, _ in b["sources"]]
    for fid, arg in zip(args[::2], args[1::2], strict=True):
        f = rules.t(fid)
        if f is None or f not in srcs:
            return f"No attacking units came from '{fid}'."
        i = srcs.index(f)
        mix = have[i] if allow_all and arg == "all" else parse_mix(arg)
        if mix is None:
            return f"'{arg}' is not a set of units (write it like 2H1T)."
        out[i] = [x + y for x, y in zip(out[i], mix, strict=True)]
        if not fits(out[i], have[i]):
            return f"Only {mix_words(have[i])} from {rules.tname(f)} {verb}."
    return out


# ---------------------------------------------------------------------- attack and a round of combat
def do_attack(rules: ModernRules, s: State, args: Args) -> tuple[State, list[Event]]:
    s = begin(s)
    t = rules.board.index[args[0]]
    sources: list[list[Any]] = []
    for fid, arg in zip(args[1::2], args[2::2], strict=True):
        f = rules.board.index[fid]
        sources.append([f, mix_arg(rules, s, f, t, arg)])
    s["battle"] = {"target": t, "defender": s["owner"][t], "sources": sources, "round": 0,
                   "def_start": [0] * NU, "att_hits": 0, "def_hits": 0}
    events = [ev(s, "attack", to=args[0], defender=s["owner"][t],
                 frm=[[rules.board.tid(f), mix_text(m)] for f, m in sources])]
    combat_round(rules, s, events)
    return s, events


def combat_round(rules: ModernRules, s: State, events: list[Event]) -> None:
    b = s["battle"]
    t, units = b["target"], units_of(s)
    types = [k for _, m in b["sources"] for k in expand(m)]
    rng = Rng(s["rng"])
    dice = rules.roll_dice(rng, len(types))
    s["rng"] = rng.state
    hits = count_hits(types, dice, True, units)
    b = set_battle(s, round=b["round"] + 1, def_start=list(s["units"][t]), att_hits=hits, def_hits=0)
    events.append(ev(s, "battle", to=rules.board.tid(t), defender=b["defender"], round=b["round"],
                     frm=src_ids(rules, s), units="".join(units[k].letter for k in types), att=dice, hits=hits))
    pool = b["def_start"]
    if forced([pool], hits) or not s["options"]["defender_chooses"]:
        defender_loses(rules, s, default_losses(pool, hits, False, units), events)
    else:
        s["phase"] = "defend"
        s["actor"] = b["defender"]


def defender_loses(rules: ModernRules, s: State, loss: list[int], events: list[Event]) -> None:
    b = s["battle"]
    t, units = b["target"], units_of(s)
    if any(loss):
        add_units(s, t, [-n for n in loss])
    events.append(ev(s, "losses", side="defender", who=b["defender"], territory=rules.board.tid(t),
                     units=mix_text(loss)))
    types = expand(b["def_start"])  # every unit present at the start of the round, lost ones included
    rng = Rng(s["rng"])
    dice = rules.roll_dice(rng, len(types))
    s["rng"] = rng.state
    hits = count_hits(types, dice, False, units, literal(s))
    set_battle(s, def_hits=hits)
    events.append(ev(s, "roll", what="defence", defender=b["defender"], to=rules.board.tid(t),
                     units="".join(units[k].letter for k in types), dice=dice, hits=hits))
    s["actor"] = s["current"]
    have = pools(s)
    if forced(have, hits):
        attacker_loses(rules, s, default_losses_multi(have, hits, True, units, home(s)), events)
    else:
        s["phase"] = "casualties"


def attacker_loses(rules: ModernRules, s: State, losses: list[list[int]], events: list[Event]) -> None:
    b = s["battle"]
    sources = []
    for (f, m), loss in zip(b["sources"], losses, strict=True):
        if any(loss):
            add_units(s, f, [-n for n in loss])
        sources.append([f, [x - y for x, y in zip(m, loss, strict=True)]])
    b = set_battle(s, sources=sources)
    events.append(ev(s, "losses", side="attacker", who=s["current"],
                     units=[[rules.board.tid(f), mix_text(m)]
                            for (f, _), m in zip(b["sources"], losses, strict=True) if any(m)]))
    after_round(rules, s, events)


def lone_survivor_moves_in(s: State) -> bool:
    """After a win with one attacking unit left: it moves in by itself, unless (house option `lone_survivor:
    asked`, the default of new games) that would leave its own territory empty; then the player is asked."""
    (f, _), = [(f, m) for f, m in s["battle"]["sources"] if any(m)]
    return not asks_lone_survivor(s) or s["armies"][f] > 1


def after_round(rules: ModernRules, s: State, events: list[Event]) -> None:
    b = s["battle"]
    t = b["target"]
    left = sum(sum(m) for _, m in b["sources"])
    if s["armies"][t] == 0:
        if left:
            s["phase"] = "occupy"
            s["actor"] = s["current"]
            events.append(ev(s, "won", to=rules.board.tid(t), defender=b["defender"]))
            check_out(s, events)
            if not rules.is_over(s) and left == 1 and lone_survivor_moves_in(s):
                occupy(rules, s, pools(s), events)
            return
        events.append(ev(s, "emptied", to=rules.board.tid(t), defender=b["defender"]))
        end_battle(rules, s, events)
        return
    if left:
        sources = []
        for f, m in b["sources"]:
            if any(m) and s["armies"][f] < 2:
                # the rulebook's example: a source left with one unit breaks off to hold it
                mark_spent(s, f, m)
                events.append(ev(s, "break_off", frm=rules.board.tid(f), units=mix_text(m)))
                m = [0] * NU
            sources.append([f, m])
        b = set_battle(s, sources=sources)
        left = sum(sum(m) for _, m in sources)
    if not left:
        events.append(ev(s, "repelled", to=rules.board.tid(t), defender=b["defender"]))
        end_battle(rules, s, events)
        return
    s["phase"] = "decide"
    s["actor"] = s["current"]


def occupy(rules: ModernRules, s: State, moves: list[list[int]], events: list[Event]) -> None:
    b = s["battle"]
    t, p = b["target"], s["current"]
    sources = []
    for (f, m), mv in zip(b["sources"], moves, strict=True):
        if any(mv):
            add_units(s, f, [-n for n in mv])
            add_units(s, t, mv, spent=True)
        sources.append([f, [x - y for x, y in zip(m, mv, strict=True)]])
    if s["armies"][t]:
        s["owner"][t] = p
    set_battle(s, sources=sources)
    total = [sum(mv[k] for mv in moves) for k in range(NU)]
    events.append(ev(s, "conquer", to=rules.board.tid(t), defender=b["defender"], units=mix_text(total)))
    for f, _ in sources:
        if s["owner"][f] == -1:
            events.append(ev(s, "abandon", territory=rules.board.tid(f)))
    end_battle(rules, s, events)


def end_battle(rules: ModernRules, s: State, events: list[Event]) -> None:
    """The units still in the fight go back where they came from (their border crossing is used)."""
    for f, m in s["battle"]["sources"]:
        if s["owner"][f] == s["current"]:
            mark_spent(s, f, m)
    s["battle"] = None
    s["phase"] = "attack"
    s["actor"] = s["current"]
    check_out(s, events)
    if not rules.is_over(s) and s["players"][s["current"]]["out"]:
        next_turn(rules, s, events)


# ---------------------------------------------------------------------- lose
def attacker_loss_arg(rules: ModernRules, s: State, args: Args) -> list[list[int]] | str:
    """Parse 'lose [src mix ...]' (or 'lose mix' with a single source) into losses per source."""
    if not args:
        return default_losses_multi(pools(s), s["battle"]["def_hits"], True, units_of(s), home(s))
    return mixes_per_source(rules, s, pools(s), args, False, "are fighting",
                            "Choose losses like this: 'lose egypt 1H north_africa 1R' (source, units, ...).")


def check_lose(rules: ModernRules, s: State, args: Args) -> str | None:
    b = s["battle"]
    if s["phase"] == "defend":
        pool = s["units"][b["target"]]
        need = min(b["att_hits"], sum(pool))
        if not args:
            return None
        if len(args) != 1:
            return "Choose your losses like this: 'lose 2H1T' (or just 'lose' for the cheapest first)."
        mix = parse_mix(args[0])
        if mix is None or not fits(mix, pool):
            return f"'{args[0]}' is not a set of your units in {rules.tname(b['target'])}."
        if sum(mix) != need:
            return f"You must lose exactly {need} unit{'s' if need != 1 else ''}."
        return None
    losses = attacker_loss_arg(rules, s, args)
    need = min(b["def_hits"], sum(sum(p) for p in pools(s)))
    if isinstance(losses, str):
        return losses
    if sum(sum(m) for m in losses) != need:
        return f"You must lose exactly {need} unit{'s' if need != 1 else ''}."
    return None


def do_lose(rules: ModernRules, s: State, args: Args) -> tuple[State, list[Event]]:
    s = begin(s)
    events: list[Event] = []
    b = s["battle"]
    if s["phase"] == "defend":
        mix = parse_mix(args[0]) if args else default_losses(s["units"][b["target"]], b["att_hits"], False,
                                                             units_of(s))
        assert mix is not None
        defender_loses(rules, s, mix, events)
        return s, events
    losses = attacker_loss_arg(rules, s, args)
    assert not isinstance(losses, str)
    attacker_loses(rules, s, losses, events)
    return s, events


# ---------------------------------------------------------------------- continue, retreat
def no_args(kind: str) -> Any:
    return lambda rules, s, args: None if not args else f"'{kind}' takes no arguments."


def do_continue(rules: ModernRules, s: State, args: Args) -> tuple[State, list[Event]]:
    s = begin(s)
    events: list[Event] = []
    combat_round(rules, s, events)
    return s, events


def do_retreat(rules: ModernRules, s: State, args: Args) -> tuple[State, list[Event]]:
    s = begin(s)
    events = [ev(s, "retreat", to=rules.board.tid(s["battle"]["target"]))]
    end_battle(rules, s, events)
    return s, events


# ---------------------------------------------------------------------- occupy
def default_occupy(s: State) -> list[list[int]]:
    """Every surviving attacker moves in, except that a territory the attack would leave empty keeps
    its cheapest unit (when something else still moves in)."""
    out = pools(s)
    order = loss_order(True, units_of(s))
    for i, (f, _) in enumerate(s["battle"]["sources"]):
        if any(out[i]) and sum(s["units"][f]) == sum(out[i]) and sum(sum(m) for m in out) > 1:
            k = next(k for k in order if out[i][k])
            out[i][k] -= 1
    return out


def occupy_arg(rules: ModernRules, s: State, args: Args) -> list[list[int]] | str:
    have = pools(s)
    if not args:
        return default_occupy(s)
    if args == ("all",):
        return have
    if args == (NONE,):
        return [[0] * NU for _ in have]
    return mixes_per_source(rules, s, have, args, True, "survived the attack",
                            "Move in like this: 'occupy egypt 1T north_africa 1R' (source, units, ...), "
                            "'occupy all', or 'occupy none'.")


def check_occupy(rules: ModernRules, s: State, args: Args) -> str | None:
    moves = occupy_arg(rules, s, args)
    if isinstance(moves, str):
        return moves
    if not any(any(m) for m in moves) and args != (NONE,):
        return "Move at least one unit in (or 'occupy none' to leave the territory empty)."
    return None


def do_occupy(rules: ModernRules, s: State, args: Args) -> tuple[State, list[Event]]:
    s = begin(s)
    moves = occupy_arg(rules, s, args)
    assert not isinstance(moves, str)
    events: list[Event] = []
    occupy(rules, s, moves, events)
    return s, events


# ---------------------------------------------------------------------- legal actions
def legal_battle(rules: ModernRules, s: State) -> list[Action]:
    ph, b = s["phase"], s["battle"]
    if ph == "decide":
        return [act("continue"), act("retreat")]
    if ph == "defend":
        pool = list(s["units"][b["target"]])
        out = [act("lose")]
        for (m,) in loss_choices([pool], b["att_hits"], LOSS_CHOICES_LISTED):
            out.append(act("lose", mix_text(m)))
        return out
    ids, have = src_ids(rules, s), pools(s)
    if ph == "casualties":
        out = [act("lose")]
        for ms in loss_choices(have, b["def_hits"], LOSS_CHOICES_LISTED):
            args: list[str | int] = []
            for fid, m in zip(ids, ms, strict=True):
                if any(m):
                    args += [fid, mix_text(m)]
            out.append(act("lose", *args))
        return list(dict.fromkeys(out))
    if ph == "occupy":
        out = [act("occupy"), act("occupy", "all")]
        for fid, m in zip(ids, have, strict=True):
            if any(m):
                out.append(act("occupy", fid, mix_text(m)))
                for k, n in enumerate(m):
                    if n:
                        one = [0] * NU
                        one[k] = 1
                        out.append(act("occupy", fid, mix_text(one)))
        if asks_lone_survivor(s):
            out.append(act("occupy", NONE))
        return list(dict.fromkeys(out))
    return []


HANDLERS = {
    "attack": Handler(check_attack, do_attack),
    "lose": Handler(check_lose, do_lose),
    "continue": Handler(no_args("continue"), do_continue),
    "retreat": Handler(no_args("retreat"), do_retreat),
    "occupy": Handler(check_occupy, do_occupy),
}
