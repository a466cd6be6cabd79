"""Risk: Europe's battles at the end of a round ("Battles in Disputed Territories", risk-europe.txt): the First
Player picks the next battle, ranks are rolled until a player must decide (a castle re-roll, which losses to
take) or one army is gone; then the next battle, and at last the end of the round. The dice rules themselves
are pure functions in battle.py."""

from __future__ import annotations

from riskterm.engine.actions import Action, act
from riskterm.engine.events import Event
from riskterm.engine.rng import Rng
from riskterm.rules.base import Book, Check, Handler
from riskterm.rules.europe import state as st
from riskterm.rules.europe.battle import all_loss_mixes, default_losses, next_rank, rank_dice, rank_hits
from riskterm.rules.europe.data import RAID_COINS, STOCKHOLM
from riskterm.rules.europe.events import ev
from riskterm.rules.europe.losses import ask_losses, loss_units, queue_loss, remove
from riskterm.rules.europe.orders import parse_units
from riskterm.rules.europe.round_end import end_round
from riskterm.rules.europe.state import Args, EuropeState, battle_of, step


def begin_battles(rules: Book, s: EuropeState, events: list[Event]) -> None:
    s["phase"] = "battles"
    s["current"] = s["actor"] = s["first"]
    battle_next(rules, s, events)


def battle_next(rules: Book, s: EuropeState, events: list[Event]) -> None:
    """Go on with the battle in progress, or start the only one left, or wait for the First Player."""
    if s["battle"] is not None:
        battle_roll(rules, s, events)
        return
    left = sorted(int(k) for k in s["att"])
    if not left:
        end_round(rules, s, events)
        return
    s["phase"] = "battles"
    s["current"] = s["actor"] = s["first"]
    if len(left) == 1:
        start_battle(rules, s, left[0], events)


def check_battle(rules: Book, s: EuropeState, args: Args) -> str | None:
    t = rules.t(args[0]) if len(args) == 1 else None
    if t is None or not st.disputed(s, t):
        return "Choose a disputed territory for the next battle: 'battle bohemia'."
    return None


def battle(rules: Book, s: EuropeState, args: Args, events: list[Event]) -> None:
    start_battle(rules, s, rules.board.index[args[0]], events)


def start_battle(rules: Book, s: EuropeState, t: int, events: list[Event]) -> None:
    a = st.attacker(s, t)
    s["battle"] = {
        "t": t,
        "att": a,
        "def": s["owner"][t],
        "rank": 1,
        "cycle": 1,
        "reroll_used": False,
        "att_dice": [],
        "def_dice": [],
    }
    events.append(
        ev(
            s,
            "battle_start",
            territory=rules.board.tid(t),
            attacker=a,
            defender=s["owner"][t],
            att_units=st.att_units(s, t),
            def_units=list(s["units"][t]),
            castle=bool(s["castle"][t]),
        )
    )
    battle_roll(rules, s, events)


def battle_roll(rules: Book, s: EuropeState, events: list[Event]) -> None:
    """Roll ranks until a player must decide (castle re-roll, losses) or the battle is over."""
    while True:
        b = battle_of(s)
        t = b["t"]
        att, dfn = st.att_units(s, t), s["units"][t]
        if not sum(att) or not sum(dfn):
            finish_battle(rules, s, events)
            return
        na, nd = rank_dice(b["rank"], att, dfn)
        if not (na or nd):
            advance_rank(s)
            continue
        rng = Rng(s["rng"])
        ad = sorted((rng.die() for _ in range(na)), reverse=True)
        dd = sorted((rng.die() for _ in range(nd)), reverse=True)
        s["rng"] = rng.state
        s["battle"] = b = {**b, "att_dice": ad, "def_dice": dd}
        if rules.headless.roll_events:  # (a quiet() rulebook: nobody reads the log)
            events.append(
                ev(
                    s,
                    "roll",
                    territory=rules.board.tid(t),
                    rank=b["rank"],
                    cycle=b["cycle"],
                    att_dice=ad,
                    def_dice=dd,
                    attacker=b["att"],
                    defender=b["def"],
                )
            )
        if s["castle"][t] and nd and not b["reroll_used"]:
            s["phase"] = "reroll"
            s["actor"] = b["def"]
            return
        if score_rank(rules, s, events):
            return


def advance_rank(s: EuropeState) -> None:
    b = battle_of(s)
    rank, again = next_rank(b["rank"])
    s["battle"] = {
        **b,
        "rank": rank,
        "cycle": b["cycle"] + (1 if again else 0),
        "reroll_used": False if again else b["reroll_used"],
    }


def score_rank(rules: Book, s: EuropeState, events: list[Event]) -> bool:
    """Mark this rank's hits; True when a player must now choose losses (play waits for them)."""
    b = battle_of(s)
    t = b["t"]
    on_def, on_att = rank_hits(b["rank"], b["att_dice"], b["def_dice"])
    if rules.headless.roll_events:
        events.append(
            ev(s, "hits", territory=rules.board.tid(t), rank=b["rank"], on_att=on_att, on_def=on_def)
        )
    advance_rank(s)
    queue_loss(rules, s, b["att"], t, "att", on_att, events)
    queue_loss(rules, s, b["def"], t, "own", on_def, events)
    return ask_losses(s)


def no_args(kind: str) -> Check:
    """The check of an action that takes no arguments."""

    def check(rules: Book, s: EuropeState, args: Args) -> str | None:
        return None if not args else f"'{kind}' takes no arguments."

    return check


def reroll(rules: Book, s: EuropeState, args: Args, events: list[Event]) -> None:
    b = battle_of(s)
    rng = Rng(s["rng"])
    dd = sorted((rng.die() for _ in b["def_dice"]), reverse=True)
    s["rng"] = rng.state
    s["battle"] = {**b, "def_dice": dd, "reroll_used": True}
    events.append(
        ev(
            s,
            "reroll",
            player=b["def"],
            territory=rules.board.tid(b["t"]),
            rank=b["rank"],
            old=b["def_dice"],
            def_dice=dd,
        )
    )
    after_reroll(rules, s, events)


def keep(rules: Book, s: EuropeState, args: Args, events: list[Event]) -> None:
    after_reroll(rules, s, events)


def after_reroll(rules: Book, s: EuropeState, events: list[Event]) -> None:
    s["phase"] = "battles"
    s["actor"] = s["current"]
    if not score_rank(rules, s, events):
        battle_roll(rules, s, events)


def finish_battle(rules: Book, s: EuropeState, events: list[Event]) -> None:
    b = battle_of(s)
    t, a, d = b["t"], b["att"], b["def"]
    att = st.att_units(s, t)
    st.set_att(s, t, a, None)
    if sum(att):
        s["owner"][t] = a
        st.set_units(s, t, att)
        result = "attacker"
    elif sum(s["units"][t]):
        result = "defender"
    else:
        st.unclaim(s, t)
        result = "none"
    s["battle"] = None
    st.refresh_crowns(rules, s)
    raid = RAID_COINS if result == "attacker" and st.holds_tile(rules, s, a, STOCKHOLM) else 0
    if raid:
        st.gain(s, a, raid)
    events.append(
        ev(
            s,
            "battle_end",
            territory=rules.board.tid(t),
            attacker=a,
            defender=d,
            result=result,
            raid=raid,
            castle=bool(s["castle"][t]),
            crowns=st.cities(rules.board).crowns.get(t, 0),
        )
    )
    s["phase"] = "battles"
    s["actor"] = s["current"] = s["first"]
    battle_next(rules, s, events)


# ------------------------------------------------------------------ losses chosen by their owner
def check_lose(rules: Book, s: EuropeState, args: Args) -> str | None:
    u = parse_units(args)
    q = s["losses"][0]
    have = loss_units(s)
    if u is None or sum(u) != q["hits"] or any(x > y for x, y in zip(u, have, strict=True)):
        return f"Remove exactly {q['hits']} of your units in {rules.tname(q['t'])}: 'lose 2 0 1 0'."
    return None


def _take_losses(rules: Book, s: EuropeState, lost: list[int], events: list[Event]) -> None:
    q = s["losses"][0]
    s["losses"] = s["losses"][1:]
    remove(rules, s, q["seat"], q["t"], q["side"], lost, events)
    if ask_losses(s):
        return
    if s["battle"] is not None:
        battle_next(rules, s, events)
    else:  # a Siege Assault's losses: back to the turn
        s["phase"] = "turn"
        s["actor"] = s["current"]


def lose(rules: Book, s: EuropeState, args: Args, events: list[Event]) -> None:
    u = parse_units(args)
    assert u is not None
    _take_losses(rules, s, u, events)


def auto(rules: Book, s: EuropeState, args: Args, events: list[Event]) -> None:
    _take_losses(rules, s, default_losses(loss_units(s), s["losses"][0]["hits"]), events)


def lose_range(rules: Book, s: EuropeState, args: Args) -> tuple[int, int] | None:
    """How many units of the next type may be removed so that exactly the hits are taken."""
    i = len(args)
    if i > 3 or any(not isinstance(x, int) for x in args):
        return None
    have, rest = loss_units(s), s["losses"][0]["hits"] - sum(args)
    hi = max(0, min(have[i], rest))
    return max(0, min(hi, rest - sum(have[i + 1 :]))), hi


def legal_battles(rules: Book, s: EuropeState) -> list[Action]:
    return [act("battle", rules.board.tid(int(k))) for k in sorted(s["att"], key=int)]


def legal_reroll(rules: Book, s: EuropeState) -> list[Action]:
    return [act("reroll"), act("keep")]


def legal_losses(rules: Book, s: EuropeState) -> list[Action]:
    q = s["losses"][0]
    return [act("auto")] + [act("lose", *u) for u in all_loss_mixes(loss_units(s), q["hits"])]


HANDLERS = {
    "battle": Handler(check_battle, step(battle)),
    "reroll": Handler(no_args("reroll"), step(reroll)),
    "keep": Handler(no_args("keep"), step(keep)),
    "lose": Handler(check_lose, step(lose), lose_range),
    "auto": Handler(no_args("auto"), step(auto)),
}
LEGAL = {"battles": legal_battles, "reroll": legal_reroll, "losses": legal_losses}
