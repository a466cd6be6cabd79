"""Every legal action of a RisiKo! Più state, phase by phase (what the app lists and computer players choose
from). Cards of a kind are alike, so one card of each kind is offered."""

from __future__ import annotations

from functools import lru_cache

from riskterm.engine.actions import SINGLE, Action, ActionGroup, act, flatten
from riskterm.engine.state import State
from riskterm.rules.base import Rules
from riskterm.rules.risiko.battle import attacker_armies, dice_cap
from riskterm.rules.risiko.cards import active_seats, first_of, seat_token, truce_between
from riskterm.rules.risiko.conquest import free_left, garrison_sources
from riskterm.rules.risiko.geography import members, sea_targets
from riskterm.rules.risiko.setup import deploy_counts

CARD_OF_ACTION = {"reinforce": "reinforcement"}


def legal_actions(rules: Rules, s: State) -> list[Action]:
    if rules.is_over(s):
        return []
    ph = s["phase"]
    if ph in GROUPED or (ph == "main" and s["reserve"]):
        return flatten(legal_groups(rules, s))
    actor = s["actor"]
    tid = rules.board.tid
    if ph == "fortress":
        return [act("fortress", tid(t)) for t in members(rules.board, s["empire"][actor])]
    if ph == "claim":
        return [act("claim", tid(t)) for t, o in enumerate(s["owner"]) if o == -1]
    if ph == "hide":
        return [act("hide", tid(t)) for t in range(len(s["owner"])) if t not in s["fortress"]]
    return _in_attack(rules, s)


GROUPED = ("deploy", "supply", "main")  # phases whose actions come in number choices per territory (pair)


def legal_groups(rules: Rules, s: State) -> list[ActionGroup]:
    """The legal actions grouped by kind and territories (Rules.legal_groups): a placement's or a move's
    army counts are the tails of one group."""
    ph = s["phase"]
    if rules.is_over(s) or ph not in GROUPED:
        return [ActionGroup(a.kind, a.args, SINGLE) for a in legal_actions(rules, s)]
    actor = s["actor"]
    tid = rules.board.ids.__getitem__
    own = [t for t, o in enumerate(s["owner"]) if o == actor]
    if ph == "deploy":
        counts = tuple((n,) for n in deploy_counts(s, actor))
        return [ActionGroup("place", (tid(t),), counts) for t in own] if counts else []
    if ph == "supply" or s["reserve"]:
        counts = _upto(s["reserve"])
        out = [ActionGroup("place", (tid(t),), counts) for t in own] if counts else []
        if ph == "main":
            out += _singles(card_plays(rules, s, s["current"], ("reinforce",)))
        return out
    return _main(rules, s, own)


def _hidden_at(s: State) -> set[str]:
    """Where the acting seat's unused Hidden Armies lie: the only territories a reveal may be legal on (the
    check asks more), so the others need no check."""
    return {h["territory"] for h in s["hidden"][s["actor"]] if not h["used"]}


def _singles(actions: list[Action]) -> list[ActionGroup]:
    return [ActionGroup(a.kind, a.args, SINGLE) for a in actions]


@lru_cache(maxsize=256)
def _upto(n: int) -> tuple[tuple[int], ...]:
    """The tails (1,), (2,), ... (n,): how many armies an action may take."""
    return tuple((k,) for k in range(1, n + 1))


def _main(rules: Rules, s: State, own: list[int]) -> list[ActionGroup]:
    singles, pairs, adm = main_options(rules, s, own)
    armies, ids = s["armies"], rules.board.ids
    out = _singles(singles)
    for kind, f, t in pairs:
        if kind == "attack":
            out.append(ActionGroup("attack", (ids[f], ids[t]), SINGLE))
        elif kind == "move":
            out.append(ActionGroup("move", (ids[f], ids[t]), _upto(armies[f] - 1)))
        else:
            out.append(ActionGroup("admiral", (str(adm), ids[f], ids[t]), _upto(armies[f] - 1)))
    out.append(ActionGroup("end", (), SINGLE))
    return out


def main_options(rules: Rules, s: State, own: list[int]) -> tuple[list[Action], list[tuple[str, int, int]], str | None]:
    """The main phase's actions (no Reinforcement armies waiting) by territory index, in the order they are
    listed: the single actions (cards, reveals); then attacks, moves and Admiral landings as (kind, from, to),
    a move or a landing taking 1 .. armies-1; and the Admiral card offered (None: no landings); 'end' last.
    `own`: the territories of the seat in turn."""
    b, p = rules.board, s["current"]
    owner, armies, ids = s["owner"], s["armies"], b.ids
    singles = card_plays(rules, s, p, ("reinforce", "spy", "diplomat"))
    hidden = _hidden_at(s)
    if hidden:
        singles += [act("reveal", ids[t]) for t in own
                    if ids[t] in hidden and rules.is_legal(s, act("reveal", ids[t]))]
    # why_target(t) is None exactly when t's owner is neither p nor someone p has a truce with: asked per seat
    barred = {p} | {q for q in range(len(s["players"])) if q != p and truce_between(s, p, q)}
    pairs: list[tuple[str, int, int]] = []
    adj = b.adj_sorted
    for f in own:
        if armies[f] < 2:
            continue
        near = adj[f]
        pairs += [("attack", f, t) for t in near if owner[t] not in barred]
        pairs += [("move", f, t) for t in near if owner[t] == p]
    adm = first_of(s["hands"][p], "admiral")
    if not adm or s["flagship_used"]:
        return singles, pairs, None
    ports = sea_targets(b)
    for f in own:
        if armies[f] >= 2:
            pairs += [("admiral", f, t) for t in ports[f] if owner[t] != -1 and owner[t] not in barred]
    return singles, pairs, adm


def _in_attack(rules: Rules, s: State) -> list[Action]:
    ph, p, actor = s["phase"], s["current"], s["actor"]
    armies, tid = s["armies"], rules.board.tid
    at = s["attack"]
    if ph == "battle":
        out = card_plays(rules, s, p, ("general",)) if not at["general"] else []
        if not at["admiral"] and tid(at["from"]) in _hidden_at(s) and rules.is_legal(s, act("reveal", tid(at["from"]))):
            out.append(act("reveal", tid(at["from"])))
        hi = min(dice_cap(s, at["to"]), attacker_armies(s))
        out += [act("roll", n) for n in range(1, hi + 1)]
        return out if at.get("revealed") else [*out, act("retreat")]
    if ph == "defend":
        out = card_plays(rules, s, actor, ("marshal",)) if not at["marshal"] else []
        if tid(at["to"]) in _hidden_at(s) and rules.is_legal(s, act("reveal", tid(at["to"]))):
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
        sources, free, can_pass = redistribute_options(rules, s)
        out = [act("garrison", tid(f), tid(t)) for f in sources for t in free]
        return [*out, PASS] if can_pass else out
    return []


PASS = act("pass")


def redistribute_options(rules: Rules, s: State) -> tuple[list[int], list[int], bool]:
    """The redistribution's actions by territory index: 'garrison f t' for every source f and free t (in
    that order), then whether 'pass' is legal."""
    return garrison_sources(s, s["actor"]), free_left(rules, s), rules.why_illegal(s, PASS) is None


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
