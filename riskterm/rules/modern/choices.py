"""The choices a battle asks for (battle.py runs its rounds): losses (`lose`, the defender's or the attacker's),
`continue`, `retreat` and moving in (`occupy`); with their legal lists."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riskterm.engine.actions import Action, act
from riskterm.rules.base import Book, Handler, Log, mutating
from riskterm.rules.modern.battle import (
    NONE,
    asks_lone_survivor,
    attacker_loses,
    combat_round,
    defender_loses,
    end_battle,
    fight_on_standing,
    home,
    occupy,
    pools,
    src_ids,
)
from riskterm.rules.modern.combat import default_losses, default_losses_multi, loss_choices, loss_order
from riskterm.rules.modern.events import ev
from riskterm.rules.modern.queries import DRAFT_KEYS
from riskterm.rules.modern.state import ModernState, battle_of
from riskterm.rules.modern.units import NU, fits, mix_text, mix_words, parse_mix, units_of

Args = tuple[Any, ...]
LOSS_CHOICES_LISTED = 40


def mixes_per_source(
    rules: Book, s: ModernState, have: list[list[int]], args: Args, allow_all: bool, verb: str, usage: str
) -> list[list[int]] | str:
    """Parse 'source mix source mix ...' (or one mix when one source fights) into a mix per source, each
    within what that source has in `have`; `allow_all` lets 'all' stand for a source's whole pool."""
    b = battle_of(s)
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


# ---------------------------------------------------------------------- lose
def attacker_loss_arg(rules: Book, s: ModernState, args: Args) -> list[list[int]] | str:
    """Parse 'lose [src mix ...]' (or 'lose mix' with a single source) into losses per source."""
    if not args:
        return default_losses_multi(pools(s), battle_of(s)["def_hits"], True, units_of(s), home(s))
    return mixes_per_source(
        rules,
        s,
        pools(s),
        args,
        False,
        "are fighting",
        "Choose losses like this: 'lose egypt 1H north_africa 1R' (source, units, ...).",
    )


def check_lose(rules: Book, s: ModernState, args: Args) -> str | None:
    b = battle_of(s)
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


def lose(rules: Book, s: ModernState, args: Args, events: Log) -> None:
    b = battle_of(s)
    if s["phase"] == "defend":
        mix = (
            parse_mix(args[0])
            if args
            else default_losses(s["units"][b["target"]], b["att_hits"], False, units_of(s))
        )
        assert mix is not None
        defender_loses(rules, s, mix, events)
    else:
        losses = attacker_loss_arg(rules, s, args)
        assert not isinstance(losses, str)
        attacker_loses(rules, s, losses, events)
    fight_on_standing(rules, s, events)


# ---------------------------------------------------------------------- continue, retreat
def no_args(kind: str) -> Callable[[Book, ModernState, Args], str | None]:
    def check(rules: Book, s: ModernState, args: Args) -> str | None:
        return None if not args else f"'{kind}' takes no arguments."

    return check


def fight_on(rules: Book, s: ModernState, args: Args, events: Log) -> None:
    combat_round(rules, s, events)
    fight_on_standing(rules, s, events)


def retreat(rules: Book, s: ModernState, args: Args, events: Log) -> None:
    if events is not None:
        events.append(ev(s, "retreat", to=rules.board.tid(battle_of(s)["target"])))
    end_battle(rules, s, events)


# ---------------------------------------------------------------------- occupy
def default_occupy(s: ModernState) -> list[list[int]]:
    """Every surviving attacker moves in, except that a territory the attack would leave empty keeps
    its cheapest unit (when something else still moves in)."""
    out = pools(s)
    order = loss_order(True, units_of(s))
    for i, (f, _) in enumerate(battle_of(s)["sources"]):
        if any(out[i]) and sum(s["units"][f]) == sum(out[i]) and sum(sum(m) for m in out) > 1:
            k = next(k for k in order if out[i][k])
            out[i][k] -= 1
    return out


def occupy_arg(rules: Book, s: ModernState, args: Args) -> list[list[int]] | str:
    have = pools(s)
    if not args:
        return default_occupy(s)
    if args == ("all",):
        return have
    if args == (NONE,):
        return [[0] * NU for _ in have]
    return mixes_per_source(
        rules,
        s,
        have,
        args,
        True,
        "survived the attack",
        "Move in like this: 'occupy egypt 1T north_africa 1R' (source, units, ...), "
        "'occupy all', or 'occupy none'.",
    )


def check_occupy(rules: Book, s: ModernState, args: Args) -> str | None:
    moves = occupy_arg(rules, s, args)
    if isinstance(moves, str):
        return moves
    if not any(any(m) for m in moves) and args != (NONE,):
        return "Move at least one unit in (or 'occupy none' to leave the territory empty)."
    return None


def move_in(rules: Book, s: ModernState, args: Args, events: Log) -> None:
    moves = occupy_arg(rules, s, args)
    assert not isinstance(moves, str)
    occupy(rules, s, moves, events)


# ---------------------------------------------------------------------- legal actions
DECIDE = [act("continue"), act("retreat")]


def legal_decide(rules: Book, s: ModernState) -> list[Action]:
    return list(DECIDE)


def legal_defend(rules: Book, s: ModernState) -> list[Action]:
    b = battle_of(s)
    pool = list(s["units"][b["target"]])
    out = [act("lose")]
    for (m,) in loss_choices([pool], b["att_hits"], LOSS_CHOICES_LISTED):
        out.append(act("lose", mix_text(m)))
    return out


def legal_casualties(rules: Book, s: ModernState) -> list[Action]:
    ids = src_ids(rules, s)
    out = [act("lose")]
    for ms in loss_choices(pools(s), battle_of(s)["def_hits"], LOSS_CHOICES_LISTED):
        args: list[str | int] = []
        for fid, m in zip(ids, ms, strict=True):
            if any(m):
                args += [fid, mix_text(m)]
        out.append(act("lose", *args))
    return list(dict.fromkeys(out))


def legal_occupy(rules: Book, s: ModernState) -> list[Action]:
    out = [act("occupy"), act("occupy", "all")]
    for fid, m in zip(src_ids(rules, s), pools(s), strict=True):
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


HANDLERS = {
    "lose": Handler(check_lose, mutating(lose, *DRAFT_KEYS)),
    "continue": Handler(no_args("continue"), mutating(fight_on, *DRAFT_KEYS)),
    "retreat": Handler(no_args("retreat"), mutating(retreat, *DRAFT_KEYS)),
    "occupy": Handler(check_occupy, mutating(move_in, *DRAFT_KEYS)),
}
LEGAL = {
    "decide": legal_decide,
    "defend": legal_defend,
    "casualties": legal_casualties,
    "occupy": legal_occupy,
}
