"""RisiKo! Più attacks ("Attack", "Battle Result", the General, Marshal and Admiral cards, Hidden Armies):
announcing an attack by land or by sea, each battle (the attacker declares, then the defender), the end of
an attack. A territory falling is in conquest.py."""

from __future__ import annotations

from riskterm.engine.dice import resolve
from riskterm.engine.rng import Rng
from riskterm.rules.base import Book, Event, Handler, mutating
from riskterm.rules.risiko.cards import kind_of, track_value, truce_between
from riskterm.rules.risiko.conquest import take
from riskterm.rules.risiko.events import ev
from riskterm.rules.risiko.geography import coastal, sea_of, sea_route, tix
from riskterm.rules.risiko.state import (
    STEP_KEYS,
    Args,
    Attack,
    Given,
    RisikoState,
    as_risiko,
    attack_of,
    hand,
    hidden_of,
    lucky_battle,
    reviewed,
)

MAX_DICE = 3
FORTRESS_DICE = 2  # "when a fortress is attacked, no more than 2 dice may be played" (both sides)


def battle_result(
    att: list[int], dfn: list[int], general: bool = False, marshal: bool = False
) -> tuple[int, int, bool, bool]:
    """(attacker losses, defender losses, General beaten, Marshal beaten) for explicit dice.
    General: discarded when the defender's highest score is EQUAL to or HIGHER than the attacker's.
    Marshal: discarded when the attacker's highest score is HIGHER than the defender's."""
    al, dl = resolve(att, dfn, 1 if general else 0, 1 if marshal else 0)
    a0 = max(att) + (1 if general else 0)
    d0 = max(dfn) + (1 if marshal else 0)
    return al, dl, general and d0 >= a0, marshal and a0 > d0


# ---------------------------------------------------------------- queries
def dice_cap(s: Given, t: int) -> int:
    return FORTRESS_DICE if t in s["fortress"] else MAX_DICE


def attacker_armies(s: Given) -> int:
    """Armies that may still roll in the attack in progress."""
    s = as_risiko(s)
    at = attack_of(s)
    return int(at["ship"] if at["admiral"] else s["armies"][at["from"]] - 1)


def hidden_here(rules: Book, s: RisikoState, p: int, t: int) -> int | None:
    """Index of an unused Hidden Armies record of p on territory t."""
    tid = rules.board.tid(t)
    for k, h in enumerate(s["hidden"][p]):
        if not h["used"] and h["territory"] == tid:
            return k
    return None


def why_target(rules: Book, s: RisikoState, p: int, t: int) -> str | None:
    q = s["owner"][t]
    if q == p:
        return f"You cannot attack your own territory {rules.tname(t)}."
    if q >= 0 and truce_between(s, p, q):
        return f"You have a truce with {s['players'][q]['name']}: no attacks between you this round."
    return None


# ---------------------------------------------------------------- announcing an attack
def check_attack(rules: Book, s: RisikoState, args: Args) -> str | None:
    if len(args) != 2:
        return "Announce the attack: 'attack paris burgundy' (from, to)."
    b, p = rules.board, s["current"]
    f, t = tix(b, args[0]), tix(b, args[1])
    if f is None or t is None:
        return f"There is no territory called '{args[0] if f is None else args[1]}'."
    if s["owner"][f] != p:
        return f"You do not hold {rules.tname(f)}."
    if t not in b.adj[f]:
        return f"{rules.tname(t)} is not next to {rules.tname(f)} (no border or dotted line)."
    if s["armies"][f] < 2:
        return f"You need at least 2 armies in {rules.tname(f)}: one always stays as a garrison."
    return why_target(rules, s, p, t)


def _new_attack(s: RisikoState, f: int, t: int, q: int, admiral: str | None, ship: int) -> None:
    # the original readings (older saves) keep "asked": the defender answers once per attack
    at: Attack = {
        "from": f,
        "to": t,
        "defender": q,
        "general": None,
        "marshal": None,
        "admiral": admiral,
        "ship": ship,
        "def_dice": 0,
        "att_dice": 0,
        "battles": 0,
    }
    at["revealed" if reviewed(s) else "asked"] = False
    s["attack"] = at
    s["phase"] = "battle"


def do_attack(rules: Book, s: RisikoState, args: Args, events: list[Event]) -> None:
    f, t = rules.board.index[args[0]], rules.board.index[args[1]]
    s["attacked"] = True
    q = s["owner"][t]
    if q == -1:  # a territory left free after a fortress conquest: walk in
        events.append(ev(s, "walk_in", frm=args[0], to=args[1]))
        take(rules, s, f, t, 1, None, events)
        return
    _new_attack(s, f, t, q, None, 0)
    events.append(ev(s, "attack", frm=args[0], to=args[1], defender=q))


def check_admiral(rules: Book, s: RisikoState, args: Args) -> str | None:
    if len(args) != 4 or not isinstance(args[3], int):
        return (
            "Play the Admiral: 'admiral admiral2 brittany portugal 6' (card, port, target, armies embarked)."
        )
    c, port, target, n = args
    b, p = rules.board, s["current"]
    if c not in s["hands"][p] or kind_of(c) != "admiral":
        return "You do not hold that Admiral card."
    if s["flagship_used"]:
        return "The Admiral may be played ONCE ONLY per turn."
    f, t = tix(b, port), tix(b, target)
    if f is None or t is None:
        return f"There is no territory called '{port if f is None else target}'."
    if s["owner"][f] != p:
        return f"You do not hold {rules.tname(f)}."
    if not coastal(b, f):
        return f"{rules.tname(f)} does not touch the sea: the flagship cannot embark there."
    if not coastal(b, t):
        return f"{rules.tname(t)} does not touch the sea."
    if s["owner"][t] == -1:
        return "The flagship is used exclusively to attack an enemy territory."
    why = why_target(rules, s, p, t)
    if why:
        return why
    if not sea_route(b, f, t):
        return "The flagship on the Black Sea sails only between territories that border the Black Sea."
    if not 1 <= n <= s["armies"][f] - 1:
        return f"Embark 1 to {s['armies'][f] - 1} armies: one stays as a garrison in {rules.tname(f)}."
    return None


def do_admiral(rules: Book, s: RisikoState, args: Args, events: list[Event]) -> None:
    c, port, target, n = args
    f, t = rules.board.index[port], rules.board.index[target]
    hand(s, s["current"]).remove(c)
    s["armies"][f] -= n
    s["attacked"] = s["flagship_used"] = True
    q = s["owner"][t]
    _new_attack(s, f, t, q, c, n)
    events.append(
        ev(s, "admiral", card=c, frm=port, to=target, armies=n, defender=q, sea=sea_of(rules.board, f, t))
    )


# ---------------------------------------------------------------- cards and Hidden Armies in an attack
def check_general(rules: Book, s: RisikoState, args: Args) -> str | None:
    if len(args) != 1:
        return "Play one General card: 'general general2'."
    if args[0] not in s["hands"][s["current"]] or kind_of(args[0]) != "general":
        return "You do not hold that General card."
    if attack_of(s)["general"]:
        return "A General is already in play in this attack."
    return None


def do_general(rules: Book, s: RisikoState, args: Args, events: list[Event]) -> None:
    c = str(args[0])
    hand(s, s["current"]).remove(c)
    attack_of(s)["general"] = c
    events.append(ev(s, "general", card=c))


def check_marshal(rules: Book, s: RisikoState, args: Args) -> str | None:
    if len(args) != 1:
        return "Play one Marshal card: 'marshal marshal4'."
    if args[0] not in s["hands"][s["actor"]] or kind_of(args[0]) != "marshal":
        return "You do not hold that Marshal card."
    if attack_of(s)["marshal"]:
        return "A Marshal is already in play in this attack."
    return None


def do_marshal(rules: Book, s: RisikoState, args: Args, events: list[Event]) -> None:
    c, q = str(args[0]), s["actor"]
    hand(s, q).remove(c)
    attack_of(s)["marshal"] = c
    events.append(ev(s, "marshal", card=c, defender=q))


def check_reveal(rules: Book, s: RisikoState, args: Args) -> str | None:
    if len(args) != 1:
        return "Reveal your Hidden Armies on a territory: 'reveal venice'."
    t = tix(rules.board, args[0])
    if t is None:
        return f"There is no territory called '{args[0]}'."
    p = s["actor"]
    if s["phase"] == "defend" and t != attack_of(s)["to"]:
        return "In defence, Hidden Armies appear only on the territory attacked."
    if s["phase"] == "battle" and (attack_of(s)["admiral"] or t != attack_of(s)["from"]):
        return "During an attack, Hidden Armies appear only on the territory you attack from."
    if s["phase"] not in ("battle", "defend") and reviewed(s):
        return (
            "Hidden Armies are used only to defend their territory or to launch an attack from it: reveal "
            "them when it is attacked, or after announcing an attack from it."
        )
    if s["owner"][t] != p:
        return "To use your Hidden Armies you must occupy the territory where they were hidden."
    if hidden_here(rules, s, p, t) is None:
        return f"You have no unused Hidden Armies in {rules.tname(t)}."
    if not track_value(rules.board, s):
        return "No Reinforcement card has been played yet: the Hidden Armies would number nothing."
    return None


def do_reveal(rules: Book, s: RisikoState, args: Args, events: list[Event]) -> None:
    """'Show the other players the sheet ... and place on the board a number of armies equal to the number
    shown above the last Reinforcement card played.'"""
    p, t = s["actor"], rules.board.index[args[0]]
    k = hidden_here(rules, s, p, t)
    assert k is not None
    mine = hidden_of(s, p)
    mine[k] = {**mine[k], "used": True}
    n = track_value(rules.board, s)
    s["armies"][t] += n
    if s["phase"] == "battle" and reviewed(s):
        attack_of(s)["revealed"] = True  # they launch this attack: at least one battle before it may end
    events.append(ev(s, "hidden_reveal", territory=args[0], armies=n, by=p))


# ---------------------------------------------------------------- a battle
def check_roll(rules: Book, s: RisikoState, args: Args) -> str | None:
    if len(args) != 1 or not isinstance(args[0], int):
        return "Say how many armies attack in this battle: 'roll 3'."
    at = attack_of(s)
    hi = min(dice_cap(s, at["to"]), attacker_armies(s))
    if not 1 <= args[0] <= hi:
        why = " (a fortress is attacked: at most 2 dice)" if at["to"] in s["fortress"] else ""
        return f"Roll 1 to {hi} dice{why}."
    return None


def defence_dice(s: RisikoState) -> int:
    """The most dice the defender may roll now: 3, 2 at a fortress, never more than the armies there."""
    t = attack_of(s)["to"]
    return min(dice_cap(s, t), int(s["armies"][t]))


def do_roll(rules: Book, s: RisikoState, args: Args, events: list[Event]) -> None:
    """'Before rolling the dice, the attacker first and the defender afterwards declare how many armies they
    intend to use': the defender answers before every battle (how many dice, a Marshal, Hidden Armies)."""
    at = attack_of(s)
    at["att_dice"] = args[0]
    if at.get("asked"):  # the original readings (older saves): the defender answered once for the attack
        return _fight(rules, s, events)
    if s["options"].get("defender") == "when_needed" and not defender_choice(rules, s):
        # nothing to decide but the dice: the most allowed, no hand-off (the original readings: MAX_DICE)
        at["def_dice"] = MAX_DICE if "asked" in at else defence_dice(s)
        at.update({"asked": True} if "asked" in at else {})
        events.append(ev(s, "defend", defender=at["defender"], dice=at["def_dice"], auto=True))
        _fight(rules, s, events)
        return
    s["phase"], s["actor"] = "defend", at["defender"]


def defender_choice(rules: Book, s: RisikoState) -> bool:
    """Option 'when_needed': does the defender hold a Marshal (none in play) or usable Hidden Armies on
    the territory attacked?"""
    at = attack_of(s)
    q, t = at["defender"], at["to"]
    if not at["marshal"] and any(kind_of(c) == "marshal" for c in s["hands"][q]):
        return True
    return hidden_here(rules, s, q, t) is not None and track_value(rules.board, s) > 0


def check_defend(rules: Book, s: RisikoState, args: Args) -> str | None:
    if len(args) != 1 or not isinstance(args[0], int):
        return "Say how many armies defend in this battle: 'defend 3'."
    hi = defence_dice(s)
    if not 1 <= args[0] <= hi:
        return f"Defend with 1 to {hi} dice."
    return None


def do_defend(rules: Book, s: RisikoState, args: Args, events: list[Event]) -> None:
    at = attack_of(s)
    at["def_dice"] = args[0]
    at.update({"asked": True} if "asked" in at else {})  # the original readings: answered for this attack
    events.append(ev(s, "defend", defender=at["defender"], dice=args[0]))
    s["phase"], s["actor"] = "battle", s["current"]
    _fight(rules, s, events)


def _fight(rules: Book, s: RisikoState, events: list[Event]) -> None:
    at = attack_of(s)
    b = rules.board
    f, t, q = at["from"], at["to"], at["defender"]
    d = min(at["def_dice"], dice_cap(s, t), s["armies"][t])
    rng = Rng(s["rng"])
    att = rng.dice(
        at["att_dice"]
    )  # the attacker's dice, then the defender's (tests script them in this order)
    dfn = rng.dice(d)
    al, dl, g_out, m_out = battle_result(att, dfn, bool(at["general"]), bool(at["marshal"]))
    al, dl, said = lucky_battle(s, att, dfn, al, dl, rng)  # the luck setting, when the game has it
    s["rng"] = rng.state
    if at["admiral"]:
        at["ship"] -= al
    else:
        s["armies"][f] -= al
    s["armies"][t] -= dl
    at["battles"] += 1
    at.update({"revealed": False} if "revealed" in at else {})  # the reviewed readings: a battle fought
    if rules.headless.roll_events:  # (a quiet() rulebook: nobody reads the log)
        events.append(
            ev(
                s,
                "battle",
                defender=q,
                frm=b.tid(f),
                to=b.tid(t),
                att=att,
                dfn=dfn,
                att_loss=al,
                def_loss=dl,
                general=bool(at["general"]),
                marshal=bool(at["marshal"]),
                sea=bool(at["admiral"]),
                **said,
            )
        )
    if g_out:
        assert at["general"] is not None
        s["discard"].append(at["general"])
        events.append(ev(s, "general_beaten", card=at["general"]))
        at["general"] = None
    if m_out:
        assert at["marshal"] is not None
        s["discard"].append(at["marshal"])
        events.append(ev(s, "marshal_beaten", card=at["marshal"], defender=q))
        at["marshal"] = None  # "If you have one, you may play another Marshal card" (before the next battle)
        if "asked" in at:  # the original readings: the defender is asked again
            at["asked"] = False
    s["phase"], s["actor"] = "battle", s["current"]
    if s["armies"][t] == 0:
        if at["admiral"]:  # "land all the armies remaining on the flagship in the conquered territory"
            n = at["ship"]
            at["ship"] = 0
            _end_attack(rules, s, True, events)
            take(rules, s, None, t, n, q, events)
        else:
            n = min(at["att_dice"], s["armies"][f] - 1)
            _end_attack(rules, s, True, events)
            take(rules, s, f, t, n, q, events)
    elif attacker_armies(s) < 1:
        _end_attack(rules, s, False, events)


def check_retreat(rules: Book, s: RisikoState, args: Args) -> str | None:
    if args:
        return "'retreat' takes no arguments."
    if attack_of(s).get("revealed"):
        return (
            f"Your Hidden Armies in {rules.tname(attack_of(s)['from'])} were revealed to launch this attack: "
            "fight at least one battle with them before ending it."
        )
    return None


def do_retreat(rules: Book, s: RisikoState, args: Args, events: list[Event]) -> None:
    _end_attack(rules, s, False, events)


def _end_attack(rules: Book, s: RisikoState, won: bool, events: list[Event]) -> None:
    """The conclusion of an attack: a General or Marshal not eliminated goes back to its owner's hand;
    the Admiral back to its owner if the attack was won, else discarded (the armies still on the
    flagship sail back to the port)."""
    at = attack_of(s)
    p, q = s["current"], at["defender"]
    if at["general"]:
        hand(s, p).append(at["general"])
    if at["marshal"]:
        hand(s, q).append(at["marshal"])
    if at["admiral"]:
        if won:
            hand(s, p).append(at["admiral"])
        else:
            s["discard"].append(at["admiral"])
            if at["ship"]:
                s["armies"][at["from"]] += at["ship"]
    events.append(
        ev(
            s,
            "attack_end",
            won=won,
            to=rules.board.tid(at["to"]),
            defender=q,
            general_back=bool(at["general"]),
            marshal_back=bool(at["marshal"]),
            admiral=at["admiral"] and ("back" if won else "discarded"),
            ship_back=0 if won else at["ship"],
        )
    )
    s["attack"] = None
    s["phase"], s["actor"] = "main", p


# The range of each kind's int argument, so the app asks the rules once.
def roll_range(rules: Book, s: RisikoState, args: Args) -> tuple[int, int] | None:
    return (1, min(dice_cap(s, attack_of(s)["to"]), attacker_armies(s))) if not args else None


def defend_range(rules: Book, s: RisikoState, args: Args) -> tuple[int, int] | None:
    return (1, defence_dice(s)) if not args else None


def admiral_range(rules: Book, s: RisikoState, args: Args) -> tuple[int, int] | None:
    """Armies embarked: 1 to all but the garrison of the port (args so far: card, port, target)."""
    f = tix(rules.board, args[1]) if len(args) == 3 else None
    return (1, s["armies"][f] - 1) if f is not None and s["armies"][f] >= 2 else None


HANDLERS = {
    "attack": Handler(check_attack, mutating(do_attack, *STEP_KEYS)),
    "admiral": Handler(check_admiral, mutating(do_admiral, *STEP_KEYS), admiral_range),
    "general": Handler(check_general, mutating(do_general, *STEP_KEYS)),
    "marshal": Handler(check_marshal, mutating(do_marshal, *STEP_KEYS)),
    "reveal": Handler(check_reveal, mutating(do_reveal, *STEP_KEYS)),
    "roll": Handler(check_roll, mutating(do_roll, *STEP_KEYS), roll_range),
    "defend": Handler(check_defend, mutating(do_defend, *STEP_KEYS), defend_range),
    "retreat": Handler(check_retreat, mutating(do_retreat, *STEP_KEYS)),
}
