"""Battle: one roll ('attack'), rolling on to a stop number ('blitz'), conquest, moving in, elimination and
the end of the game. classic-risk.txt, 'Attacking' to 'Eliminating an opponent', 'WINNING'."""

from __future__ import annotations

from riskterm.engine.actions import Action, Arg
from riskterm.engine.balanced import balanced_odds, balanced_outcomes, draw_end
from riskterm.engine.events import Event
from riskterm.engine.fog import seen_territories
from riskterm.engine.luck import DiceRules, lucky_losses
from riskterm.engine.odds import attack_odds as exact
from riskterm.engine.rng import Rng, battle_roll, blitz_rolls
from riskterm.engine.state import touch, touch_item
from riskterm.rules.base import Book, Handler, Log, mutating
from riskterm.rules.classic.events import event
from riskterm.rules.classic.listed import listed_action
from riskterm.rules.classic.modes import hooks
from riskterm.rules.classic.state import (
    ClassicState,
    dice_rules,
    number,
    pending_of,
    territory,
)
from riskterm.rules.classic.turn import own

Args = tuple[Arg, ...]
TRADE_DOWN_AT = 6  # 'if Winning them gives you 6 or more cards, you must immediately trade in'
# The standing answers (Rules.headless.standing_answers) to the move-in after a conquest: everything, always; or
# everything unless the conquered territory borders no enemy while the one attacked from still does.
MOVE_ALL, MOVE_TO_FRONT = "move_all", "move_to_front"


def check_target(rules: Book, s: ClassicState, fid: Arg, tid: Arg) -> str | None:
    f, why = own(rules, s, fid)
    if f is None:
        return why
    t = rules.t(tid)
    if t is None:
        return f"There is no territory called '{tid}'."
    if s["owner"][t] == s["current"]:
        return f"You cannot attack your own territory {rules.tname(t)}."
    if t not in rules.board.adj[f]:
        return f"{rules.tname(t)} is not next to {rules.tname(f)} (no border or sea-line)."
    if s["armies"][f] < 2:
        return f"You need at least 2 armies in {rules.tname(f)} to attack from it."
    return None


def check_attack(rules: Book, s: ClassicState, args: Args) -> str | None:
    if len(args) != 3 or not isinstance(args[2], int):
        return "Attack like this: 'attack alaska kamchatka 3' (from, to, dice)."
    why = check_target(rules, s, args[0], args[1])
    if why:
        return why
    d, f = args[2], territory(rules, args[0])
    if not 1 <= d <= 3:
        return "The attacker rolls 1, 2 or 3 dice."
    if s["armies"][f] < d + 1:
        return f"To roll {d} dice you need at least {d + 1} armies in {rules.tname(f)}."
    return None


def blitz_stop(args: Args) -> int:
    return number(args[2]) if len(args) == 3 else 1


def check_blitz(rules: Book, s: ClassicState, args: Args) -> str | None:
    if len(args) not in (2, 3) or (len(args) == 3 and not isinstance(args[2], int)):
        return "Blitz like this: 'blitz alaska kamchatka 1' (from, to, stop when down to N armies)."
    why = check_target(rules, s, args[0], args[1])
    if why:
        return why
    stop, f = blitz_stop(args), territory(rules, args[0])
    if stop < 1:
        return "The stop number must be 1 or more: one army always stays behind."
    if s["armies"][f] <= stop:
        return f"{rules.tname(f)} already has {stop} armies or fewer."
    return None


def blitz_range(rules: Book, s: ClassicState, args: Args) -> tuple[int, int] | None:
    """The stop numbers a blitz from args[0] may take: 1 to one fewer than the armies there."""
    if len(args) != 2:
        return None
    f = rules.t(args[0])
    return (1, s["armies"][f] - 1) if f is not None and s["armies"][f] >= 2 else None


def attack(rules: Book, s: ClassicState, args: Args, events: Log) -> None:
    """(a draft whose armies are its own: the owners only change with a conquest, which copies them)"""
    if "fog_seen" in s:
        s["fog_seen"] = seen_territories(s, territory(rules, args[1]))
    fight(rules, s, territory(rules, args[0]), territory(rules, args[1]), number(args[2]), 1, True, events)


def blitz(rules: Book, s: ClassicState, args: Args, events: Log) -> None:
    """Roll on with the most dice the armies above the stop allow, until the territory falls or the attacker
    is down to the stop. Each roll costs the attacker at most its dice, so it never ends below the stop, and
    the fewest armies to move in (the dice of the last roll) still leave the stop at home. (A draft whose
    armies are its own: the owners only change with a conquest, which copies them.)"""
    index = rules.board.index  # territory() and blitz_stop() spelt out: a blitz is most of a computer game
    stop: int = args[2] if len(args) == 3 else 1  # type: ignore[assignment]
    f: int = index[args[0]]  # type: ignore[index]
    t: int = index[args[1]]  # type: ignore[index]
    if "fog_seen" in s:  # a fogged game: the attacker sees what it attacked for the rest of the turn
        s["fog_seen"] = seen_territories(s, t)
    rng = s["rng"]
    dice = dice_rules(s)
    if dice.balanced:
        balanced_blitz(rules, s, f, t, stop, dice, events)
        return
    if events is None and type(rng) is int and dice.true_rolls:  # a quiet blitz: its rolls in one call
        armies = s["armies"]
        q = s["owner"][t]
        s["rng"], armies[f], armies[t], d = blitz_rolls(rng, armies[f], armies[t], 3, stop)
        if armies[t] == 0:
            conquer(rules, s, f, t, d, q, events)
        return
    fight(rules, s, f, t, 3, stop, False, events)


def balanced_blitz(
    rules: Book, s: ClassicState, f: int, t: int, stop: int, dice: DiceRules, events: Log
) -> None:
    """The whole blitz decided by one draw from its balanced distribution (engine/balanced.py): the attacker
    ends with the armies of the end drawn, the defender likewise. After a conquest the fewest armies to move
    in are the dice the attacker would roll next (at most 3 of the armies above the stop)."""
    armies = s["armies"]
    q = s["owner"][t]
    a0, d0 = armies[f], armies[t]
    rng = Rng(s["rng"])
    end = draw_end(rng, balanced_outcomes(a0 - 1, d0, 3, 2, stop - 1, dice.luck, dice.weighted))
    s["rng"] = rng.state
    armies[f], armies[t] = end.att_left + 1, end.def_left
    if events is not None:
        ids = rules.board.ids
        events.append(
            event(
                "balanced_blitz",
                turn=s["turn"],
                player=s["current"],
                attacker=s["current"],
                defender=q,
                frm=ids[f],
                to=ids[t],
                att_loss=a0 - armies[f],
                def_loss=d0 - armies[t],
                result="attacker" if armies[t] == 0 else "defender",
            )
        )
    if armies[t] == 0:
        conquer(rules, s, f, t, min(3, armies[f] - stop), q, events)


def fight(
    rules: Book, s: ClassicState, f: int, t: int, most: int, stop: int, once: bool, events: Log
) -> None:
    """Roll min(most, the armies above the stop) dice against as many as the defender may roll (2 with two or
    more armies), once (an attack: `most` is its dice, `stop` 1) or on until the territory falls or the
    attacker is down to the stop (a blitz). s is a draft whose armies list is its own."""
    armies = s["armies"]
    q = s["owner"][t]
    rng = s["rng"]
    dice = dice_rules(s)
    while True:
        n = armies[f] - stop
        d = most if n > most else n
        e = 2 if armies[t] >= 2 else armies[t]
        rng, att, dfn, al, dl = battle_roll(rng, d, e)
        said = None
        if not dice.true_rolls:  # the luck setting moves the losses towards the expected ones
            said, stream = (al, dl), Rng(rng)
            al, dl = lucky_losses(d, e, al, dl, dice, stream)
            rng = stream.state
        armies[f] -= al
        armies[t] -= dl
        if events is not None:
            ids = rules.board.ids
            # event("battle", ...) spelt out: the hot path of every game (a dict literal and no keyword packing)
            data = {
                "turn": s["turn"],
                "player": s["current"],
                "defender": q,
                "frm": ids[f],
                "to": ids[t],
                "att": list(att),
                "dfn": list(dfn),
                "att_loss": al,
                "def_loss": dl,
            }
            if said is not None and said != (al, dl):
                data["dice_loss"] = list(said)  # what the dice alone said, before luck
            events.append(Event("battle", data, None, (), True))
        if armies[t] == 0:
            s["rng"] = rng
            conquer(rules, s, f, t, d, q, events)
            return
        if once or armies[f] <= stop:
            break
    s["rng"] = rng


def conquer(rules: Book, s: ClassicState, f: int, t: int, d: int, q: int, events: Log) -> None:
    p = s["current"]
    owner = s["owner"] = s["owner"].copy()  # (touch(s, "owner") spelt out: every conquest)
    owner[t] = p
    s["conquered"] = True
    if events is not None:
        ids = rules.board.ids
        events.append(event("conquer", turn=s["turn"], player=p, frm=ids[f], to=ids[t], defender=q))
    mode = hooks(s)
    mode.conquered(rules, s, t, q, events)
    eliminated = q not in owner
    if eliminated:
        touch_item(s, "players", q)["out"] = True
        taken = list(s["hands"][q])
        hands = touch(s, "hands")
        hands[q] = []
        hands[p] = hands[p] + taken
        if events is not None:
            events.append(event("eliminate", turn=s["turn"], player=p, defender=q, cards=len(taken)))
        mode.eliminated(rules, s, p, q, events)
        if len(s["hands"][p]) >= TRADE_DOWN_AT:
            s["resume"] = "attack"  # trade down to 4 or fewer right after moving in
    # the game may end with this conquest: every army but one moves in, and no move-in is asked
    outcome = rules.check_end(s)
    if outcome is not None:
        s["armies"][t] = s["armies"][f] - 1
        s["armies"][f] = 1
        rules.finish(s, outcome, events)
        return
    most = s["armies"][f] - 1
    # no choice to make (move in the dice rolled), or the seat answered once for the game
    standing = rules.headless.standing
    n = (
        most
        if most == d or standing and p in standing[MOVE_ALL]
        else standing_move(rules, s, p, f, t, d, most)
        if standing
        else None
    )
    if n is not None:
        move_in(rules, s, f, t, n, events)
        return
    s["pending"] = {"from": f, "to": t, "min": d}
    s["phase"] = "occupy"


def standing_move(rules: Book, s: ClassicState, p: int, f: int, t: int, least: int, most: int) -> int | None:
    """The move-in p answered once for the game (Rules.headless.standing_answers), or None: ask it."""
    standing = rules.headless.standing
    if p in standing[MOVE_ALL]:
        return most
    if p in standing[MOVE_TO_FRONT]:
        owner, adj = s["owner"], rules.board.adj
        if all(owner[u] == p for u in adj[f]):  # nothing left to guard at home
            return most
        return least if all(owner[u] == p for u in adj[t]) else most  # nothing to attack from the conquest
    return None


def check_move(rules: Book, s: ClassicState, args: Args) -> str | None:
    pend = pending_of(s)
    if len(args) != 1 or not isinstance(args[0], int):
        return "Say how many armies move in: 'move 3'."
    n, hi = args[0], s["armies"][pend["from"]] - 1
    if n < pend["min"]:
        return f"Move in at least {pend['min']} armies, as many as the dice you rolled."
    if n > hi:
        return f"You can move at most {hi} armies: one must stay in {rules.tname(pend['from'])}."
    return None


def move(rules: Book, s: ClassicState, args: Args, events: Log) -> None:
    pend = pending_of(s)
    move_in(rules, s, pend["from"], pend["to"], number(args[0]), events)


def move_in(rules: Book, s: ClassicState, f: int, t: int, n: int, events: Log) -> None:
    armies = s["armies"]
    armies[f] -= n
    armies[t] += n
    if events is not None:
        ids = rules.board.ids
        events.append(event("move", turn=s["turn"], player=s["current"], frm=ids[f], to=ids[t], armies=n))
    s["pending"] = None
    # 6+ cards after an elimination: trade now, place, then attack on
    s["phase"] = "reinforce" if s["resume"] else "attack"


def attack_odds(
    rules: Book, s: ClassicState, kind: str, args: Args, balanced: bool = False
) -> tuple[float, float, float] | None:
    """The exact chance of taking the territory by rolling on: a blitz down to its stop (as many dice as
    armies above it, at most 3), an attack with its number of dice at most (3 before it is chosen); and on
    average the armies left to the attacker (those that may attack: not the one that stays behind) and to
    the defender. Each roll at the game's luck; `balanced`: the blitz as a balanced game draws it (None in
    a game without balanced blitz, or for a single roll)."""
    dice = dice_rules(s)
    if balanced and (kind != "blitz" or not dice.balanced):
        return None
    if kind not in ("attack", "blitz") or len(args) < 2:
        return None
    src, dst = rules.t(args[0]), rules.t(args[1])
    if src is None or dst is None:
        return None
    n = args[2] if len(args) > 2 and isinstance(args[2], int) else None
    stop, n_dice = (n or 1, 3) if kind == "blitz" else (1, n or 3)
    a, d = s["armies"][src] - 1, s["armies"][dst]
    if a < stop or d < 1 or not 1 <= n_dice <= 3:
        return None
    try:
        o = (
            balanced_odds(a, d, n_dice, 2, stop - 1, dice.luck, dice.weighted)
            if balanced
            else exact(a, d, n_dice, 2, stop - 1, dice.luck, dice.weighted)
        )
    except ValueError:  # a fight too big to work out whole
        return None
    return o.win, o.att_left, o.def_left


def legal_attacks(rules: Book, s: ClassicState) -> list[Action]:
    """Every attack with each number of dice, a blitz with stop 1 (its other stops are int_range's), then
    stopping and ending the turn."""
    p, owner, armies, ids, made = s["current"], s["owner"], s["armies"], rules.board.ids, listed_action
    out: list[Action] = []
    adj = rules.board.adj_sorted
    for f, o in enumerate(owner):
        if o != p or armies[f] < 2:
            continue
        fid = ids[f]
        for t in adj[f]:
            if owner[t] != p:
                out += [made("attack", fid, ids[t], d) for d in range(1, min(3, armies[f] - 1) + 1)]
                out.append(made("blitz", fid, ids[t], 1))
    return out + [made("stop"), made("end")]


def legal_moves(rules: Book, s: ClassicState) -> list[Action]:
    pend = pending_of(s)
    return [listed_action("move", n) for n in range(pend["min"], s["armies"][pend["from"]])]


HANDLERS = {
    "attack": Handler(check_attack, mutating(attack, "armies")),
    "blitz": Handler(check_blitz, mutating(blitz, "armies"), blitz_range),
    "move": Handler(check_move, mutating(move, "armies")),
}
LEGAL = {"attack": legal_attacks, "occupy": legal_moves}
