"""Every legal action of a RisiKo! Più state, phase by phase (what the app lists and computer players choose
from). Cards of a kind are alike, so one card of each kind is offered."""

from __future__ import annotations

from riskterm.engine.actions import Action, act
from riskterm.engine.state import State
from riskterm.rules.base import Rules
from riskterm.rules.risiko.battle import attacker_armies, dice_cap, why_target
from riskterm.rules.risiko.cards import active_seats, first_of, seat_token
from riskterm.rules.risiko.conquest import free_left, garrison_sources
from riskterm.rules.risiko.geography import coastal, members, sea_route
from riskterm.rules.risiko.setup import deploy_counts

CARD_OF_ACTION = {"reinforce": "reinforcement"}


def legal_actions(rules: Rules, s: State) -> list[Action]:
    if rules.is_over(s):
        return []
    ph, actor = s["phase"], s["actor"]
    tid = rules.board.tid
    own = [t for t, o in enumerate(s["owner"]) if o == actor]
    if ph == "fortress":
        return [act("fortress", tid(t)) for t in members(rules.board, s["empire"][actor])]
    if ph == "claim":
        return [act("claim", tid(t)) for t, o in enumerate(s["owner"]) if o == -1]
    if ph == "deploy":
        counts = deploy_counts(s, actor)
        return [act("place", tid(t), n) for t in own for n in counts]
    if ph == "hide":
        return [act("hide", tid(t)) for t in range(len(s["owner"])) if t not in s["fortress"]]
    if ph == "supply" or (ph == "main" and s["reserve"]):
        out = [act("place", tid(t), n) for t in own for n in range(1, s["reserve"] + 1)]
        if ph == "main":
            out += card_plays(rules, s, s["current"], ("reinforce",))
        return out
    if ph == "main":
        return _main(rules, s, own)
    return _in_attack(rules, s)


def _main(rules: Rules, s: State, own: list[int]) -> list[Action]:
    b, p = rules.board, s["current"]
    owner, armies, tid = s["owner"], s["armies"], b.tid
    out = card_plays(rules, s, p, ("reinforce", "spy", "diplomat"))
    out += [act("reveal", tid(t)) for t in own if rules.is_legal(s, act("reveal", tid(t)))]
    for f in own:
        if armies[f] < 2:
            continue
        for t in b.adj_sorted[f]:
            if owner[t] != p and why_target(rules, s, p, t) is None:
                out.append(act("attack", tid(f), tid(t)))
        for t in b.adj_sorted[f]:
            if owner[t] == p:
                out += [act("move", tid(f), tid(t), n) for n in range(1, armies[f])]
    adm = first_of(s["hands"][p], "admiral")
    if adm and not s["flagship_used"]:
        for f in own:
            if armies[f] < 2 or not coastal(b, f):
                continue
            for t, o in enumerate(owner):
                if o not in (p, -1) and coastal(b, t) and sea_route(b, f, t) and why_target(rules, s, p, t) is None:
                    out += [act("admiral", adm, tid(f), tid(t), n) for n in range(1, armies[f])]
    return out + [act("end")]


def _in_attack(rules: Rules, s: State) -> list[Action]:
    ph, p, actor = s["phase"], s["current"], s["actor"]
    armies, tid = s["armies"], rules.board.tid
    at = s["attack"]
    if ph == "battle":
        out = card_plays(rules, s, p, ("general",)) if not at["general"] else []
        if not at["admiral"] and rules.is_legal(s, act("reveal", tid(at["from"]))):
            out.append(act("reveal", tid(at["from"])))
        hi = min(dice_cap(s, at["to"]), attacker_armies(s))
        out += [act("roll", n) for n in range(1, hi + 1)]
        return out if at.get("revealed") else [*out, act("retreat")]
    if ph == "defend":
        out = card_plays(rules, s, actor, ("marshal",)) if not at["marshal"] else []
        if rules.is_legal(s, act("reveal", tid(at["to"]))):
            out.append(act("reveal", tid(at["to"])))
        hi = min(dice_cap(s, at["to"]), armies[at["to"]])
        return out + [act("defend", n) for n in range(1, hi + 1)]
    if ph == "occupy":
        pend = s["pending"]
        return [act("occupy", n) for n in range(pend["min"], pend["min"] + armies[pend["from"]])]
    if ph == "spy_answer":
        c = first_of(s["hands"][actor], "spy")
        return ([act("block", c)] if c else []) + [act("allow")]
    if ph == "spy_choose":
        return [act("discard", c) for c in dict.fromkeys(s["hands"][s["spy"]["target"]])]
    if ph == "redistribute":
        free = free_left(rules, s)
        out = [act("garrison", tid(f), tid(t)) for f in garrison_sources(s, actor) for t in free]
        if rules.why_illegal(s, act("pass")) is None:
            out.append(act("pass"))
        return out
    return []


def card_plays(rules: Rules, s: State, p: int, kinds: tuple[str, ...]) -> list[Action]:
    """One card of each kind is offered (cards of a kind are alike); targets for Spy and Diplomat."""
    out = []
    hand = s["hands"][p]
    for k in kinds:
        c = first_of(hand, CARD_OF_ACTION.get(k, k))
        if c is None:
            continue
        if k in ("spy", "diplomat"):
            cands = [act(k, c, seat_token(q)) for q in active_seats(s) if q != p]
        else:
            cands = [act(k, c)]
        out += [x for x in cands if rules.is_legal(s, x)]
    return out
