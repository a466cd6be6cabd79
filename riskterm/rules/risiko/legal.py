"""Every legal action of a RisiKo! Più state, phase by phase (what the app lists and computer players choose
from). Cards of a kind are alike, so one card of each kind is offered."""

from __future__ import annotations

from functools import lru_cache

from riskterm.engine.actions import SINGLE, Action, ActionGroup, act, flatten
from riskterm.rules.base import Book
from riskterm.rules.risiko.battle import MAX_DICE, attacker_armies, dice_cap
from riskterm.rules.risiko.cards import active_seats, first_of, kind_of, seat_token, truce_between
from riskterm.rules.risiko.conquest import free_left, garrison_sources
from riskterm.rules.risiko.geography import members, sea_targets
from riskterm.rules.risiko.setup import deploy_counts
from riskterm.rules.risiko.state import (
    Given,
    RisikoState,
    as_risiko,
    attack_of,
    pending_of,
    source_of,
    spy_of,
)

CARD_OF_ACTION = {"reinforce": "reinforcement"}


def legal_fortress(rules: Book, s: RisikoState) -> list[Action]:
    return [act("fortress", rules.board.tid(t)) for t in members(rules.board, s["empire"][s["actor"]])]


def legal_claim(rules: Book, s: RisikoState) -> list[Action]:
    return [act("claim", rules.board.tid(t)) for t, o in enumerate(s["owner"]) if o == -1]


def legal_hide(rules: Book, s: RisikoState) -> list[Action]:
    return [act("hide", rules.board.tid(t)) for t in range(len(s["owner"])) if t not in s["fortress"]]


def legal_grouped(rules: Book, s: RisikoState) -> list[Action]:
    return flatten(legal_groups(rules, s))


GROUPED = ("deploy", "supply", "main")  # phases whose actions come in number choices per territory (pair)


def legal_groups(rules: Book, s: RisikoState) -> list[ActionGroup]:
    """The legal actions grouped by kind and territories (Rules.legal_groups): a placement's or a move's
    army counts are the tails of one group."""
    ph = s["phase"]
    if ph not in GROUPED:
        lister = LEGAL.get(ph)
        return [ActionGroup(a.kind, a.args, SINGLE) for a in (lister(rules, s) if lister else [])]
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


def _hidden_at(s: RisikoState) -> set[str]:
    """Where the acting seat's unused Hidden Armies lie: the only territories a reveal may be legal on (the
    check asks more), so the others need no check."""
    return {h["territory"] for h in s["hidden"][s["actor"]] if not h["used"]}


def _singles(actions: list[Action]) -> list[ActionGroup]:
    return [ActionGroup(a.kind, a.args, SINGLE) for a in actions]


@lru_cache(maxsize=256)
def _upto(n: int) -> tuple[tuple[int], ...]:
    """The tails (1,), (2,), ... (n,): how many armies an action may take."""
    return tuple((k,) for k in range(1, n + 1))


def _main(rules: Book, s: RisikoState, own: list[int]) -> list[ActionGroup]:
    singles, sources, adm = main_options(rules, s, own)
    armies, ids = s["armies"], rules.board.ids
    out = _singles(singles)
    for f, attacks, moves, _ in sources:
        fid = ids[f]
        out += [ActionGroup("attack", (fid, ids[t]), SINGLE) for t in attacks]
        if moves:
            counts = _upto(armies[f] - 1)
            out += [ActionGroup("move", (fid, ids[t]), counts) for t in moves]
    if adm:
        for f, _, _, landings in sources:
            if landings:
                counts = _upto(armies[f] - 1)
                out += [ActionGroup("admiral", (adm, ids[f], ids[t]), counts) for t in landings]
    out.append(ActionGroup("end", (), SINGLE))
    return out


Source = tuple[int, list[int], list[int], list[int]]  # from, its attack, move and Admiral landing targets


def main_options(rules: Book, s: Given, own: list[int]) -> tuple[list[Action], list[Source], str | None]:
    """The main phase's actions (no Reinforcement armies waiting) by territory index: the single actions
    (cards, reveals); per territory that may act (2 or more armies), the territories it may attack, move to
    and land on with the Admiral (a move or a landing takes 1 .. armies-1); and the Admiral card (None: no
    landings). legal_groups lists them in that order (landings after every attack and move), 'end' last.
    `own`: the territories of the seat in turn."""
    s = as_risiko(s)
    b, p = rules.board, s["current"]
    owner, armies, ids = s["owner"], s["armies"], b.ids
    singles = card_plays(rules, s, p, ("reinforce", "spy", "diplomat"))
    hidden = _hidden_at(s)
    if hidden:
        singles += [
            act("reveal", ids[t])
            for t in own
            if ids[t] in hidden and is_legal(rules, s, act("reveal", ids[t]))
        ]
    # why_target(t) is None exactly when t's owner is neither p nor someone p has a truce with: asked per seat
    barred = {p} | {q for q in range(len(s["players"])) if q != p and truce_between(s, p, q)}
    adm = first_of(s["hands"][p], "admiral")
    if s["flagship_used"]:
        adm = None
    ports = sea_targets(b)
    adj = b.adj_sorted
    sources: list[Source] = []
    for f in own:
        if armies[f] < 2:
            continue
        near = adj[f]
        sources.append(
            (
                f,
                [t for t in near if owner[t] not in barred],
                [t for t in near if owner[t] == p],
                [t for t in ports[f] if owner[t] != -1 and owner[t] not in barred] if adm else [],
            )
        )
    return singles, sources, adm


# the dice actions, made once (actions are frozen): ROLLS[:n] is 'roll 1' .. 'roll n'
ROLLS = tuple(act("roll", n) for n in range(1, MAX_DICE + 1))
DEFENDS = tuple(act("defend", n) for n in range(1, MAX_DICE + 1))
RETREAT = act("retreat")


def defend_options(rules: Book, s: Given) -> tuple[list[Action], int]:
    """The defender's choices besides the dice (a Marshal, Hidden Armies on the territory attacked), and the
    most dice it may roll ('defend 1' .. 'defend hi' follow them)."""
    s = as_risiko(s)
    at, actor, tid = attack_of(s), s["actor"], rules.board.tid
    out = card_plays(rules, s, actor, ("marshal",)) if not at["marshal"] else []
    if _hidden_on(s, tid(at["to"])) and is_legal(rules, s, act("reveal", tid(at["to"]))):
        out.append(act("reveal", tid(at["to"])))
    return out, min(dice_cap(s, at["to"]), s["armies"][at["to"]])


def _hidden_on(s: RisikoState, territory: str) -> bool:
    """Has the acting seat unused Hidden Armies there (the only territory a reveal may be legal on)?"""
    return any(h["territory"] == territory and not h["used"] for h in s["hidden"][s["actor"]])


def legal_battle(rules: Book, s: RisikoState) -> list[Action]:
    at, tid = attack_of(s), rules.board.tid
    out = card_plays(rules, s, s["current"], ("general",)) if not at["general"] else []
    if (
        not at["admiral"]
        and _hidden_on(s, tid(at["from"]))
        and is_legal(rules, s, act("reveal", tid(at["from"])))
    ):
        out.append(act("reveal", tid(at["from"])))
    out += ROLLS[: max(min(dice_cap(s, at["to"]), attacker_armies(s)), 0)]
    return out if at.get("revealed") else [*out, RETREAT]


def legal_defend(rules: Book, s: RisikoState) -> list[Action]:
    out, hi = defend_options(rules, s)
    return [*out, *DEFENDS[: max(hi, 0)]]


def legal_occupy(rules: Book, s: RisikoState) -> list[Action]:
    pend = pending_of(s)
    return [act("occupy", n) for n in range(pend["min"], pend["min"] + s["armies"][source_of(pend)])]


def legal_spy_answer(rules: Book, s: RisikoState) -> list[Action]:
    c = first_of(s["hands"][s["actor"]], "spy")
    return ([act("block", c)] if c else []) + [act("allow")]


def legal_spy_choose(rules: Book, s: RisikoState) -> list[Action]:
    return [act("discard", c) for c in dict.fromkeys(s["hands"][spy_of(s)["target"]])]


def legal_redistribute(rules: Book, s: RisikoState) -> list[Action]:
    sources, free, can_pass = redistribute_options(rules, s)
    tid = rules.board.tid
    out = [act("garrison", tid(f), tid(t)) for f in sources for t in free]
    return [*out, PASS] if can_pass else out


PASS = act("pass")


def redistribute_options(rules: Book, s: Given) -> tuple[list[int], list[int], bool]:
    """The redistribution's actions by territory index: 'garrison f t' for every source f and free t (in
    that order), then whether 'pass' is legal."""
    s = as_risiko(s)
    return garrison_sources(s, s["actor"]), free_left(rules, s), rules.why_illegal(s, PASS) is None


def card_plays(rules: Book, s: RisikoState, p: int, kinds: tuple[str, ...]) -> list[Action]:
    """One card of each kind is offered (cards of a kind are alike); targets for Spy and Diplomat."""
    out: list[Action] = []
    hand = s["hands"][p]
    if not hand:
        return out
    firsts: dict[str, str] = {}  # the first card of each kind in the hand (first_of, for every kind at once)
    for card in hand:
        firsts.setdefault(kind_of(card), card)
    for k in kinds:
        c = firsts.get(CARD_OF_ACTION.get(k, k))
        if c is None:
            continue
        if k in ("spy", "diplomat"):
            cands = [act(k, c, seat_token(q)) for q in active_seats(s) if q != p]
        else:
            cands = [act(k, c)]
        out += [x for x in cands if is_legal(rules, s, x)]
    return out


def is_legal(rules: Book, s: RisikoState, a: Action) -> bool:
    return rules.why_illegal(s, a) is None


LEGAL = {
    "fortress": legal_fortress,
    "claim": legal_claim,
    "hide": legal_hide,
    "deploy": legal_grouped,
    "supply": legal_grouped,
    "main": legal_grouped,
    "battle": legal_battle,
    "defend": legal_defend,
    "occupy": legal_occupy,
    "spy_answer": legal_spy_answer,
    "spy_choose": legal_spy_choose,
    "redistribute": legal_redistribute,
}
