"""RisiKo! Più set-up ("Setup" steps 2-5): turn order by die roll, banners drawn at random, fortresses, the
Empire's armies, claiming one army at a time, then five at a time, then the secret Hidden Armies."""

from __future__ import annotations

from typing import Any

from riskterm.board import Board
from riskterm.engine.luck import LUCK_CHOICES, ROUNDINGS, TRUE_LUCK
from riskterm.engine.rng import Rng, seed_state
from riskterm.rules.base import Book, Event, Handler, PlayerSetup, Rules, mutating
from riskterm.rules.risiko.cards import make_deck
from riskterm.rules.risiko.events import ev
from riskterm.rules.risiko.geography import empire_ids, members, tix
from riskterm.rules.risiko.state import READINGS, STEP_KEYS, Args, Given, Options, RisikoState
from riskterm.rules.risiko.turn import begin_turn

# "3 players: 35 armies to each player. 4 players: 30 ... 5 players: 25 ... 6 players: 20."
START_ARMIES = {3: 35, 4: 30, 5: 25, 6: 20}
DEPLOY_STEP = 5
SETUP_PHASES = ("fortress", "claim", "deploy", "hide")


def order_by_dice(rng: Rng, seats: list[int]) -> tuple[list[int], list[dict[str, int]]]:
    """Everyone rolls a die; highest first, the others in descending order; ties roll again among the tied
    (only to order those tied). Returns (play order, the rounds of rolls)."""
    rounds: list[dict[str, int]] = []

    def rank(group: list[int]) -> list[int]:
        if len(group) <= 1:
            return group
        rolls = {p: rng.die() for p in group}
        rounds.append({str(p): v for p, v in rolls.items()})
        out: list[int] = []
        for v in sorted(set(rolls.values()), reverse=True):
            out += rank([p for p in group if rolls[p] == v])
        return out

    return rank(list(seats)), rounds


def new_game(
    rules: Rules, players: list[PlayerSetup], seed: int, options: dict[str, Any]
) -> tuple[RisikoState, list[Event]]:
    board = rules.board
    n = len(players)
    rng = Rng(seed_state(seed))
    nt = len(board.territories)
    order, rolls = order_by_dice(rng, list(range(n)))
    banners = empire_ids(board)
    rng.shuffle(banners)
    empire: list[str] = [""] * n
    for k, p in enumerate(order):
        empire[p] = banners[k]  # drawn WITHOUT LOOKING, in turn order
    deck = make_deck()
    rng.shuffle(deck)
    opts: Options = {
        "turn_cap": int(options.get("turn_cap", rules.turn_cap)),
        "quick_start": bool(options.get("quick_start")),
        "defender": "always" if options.get("defender") == "always" else "when_needed",
    }
    if "readings" in options:  # only when given: a game without the key is an older save (state.READINGS)
        opts["readings"] = options["readings"] if options["readings"] in READINGS else READINGS[0]
    # the luck setting only away from true dice: a game at the default is the very state it always was
    if options.get("luck", TRUE_LUCK) in LUCK_CHOICES[1:]:
        opts["luck"] = options["luck"]
        if options.get("luck_rounding") == ROUNDINGS[1]:
            opts["luck_rounding"] = ROUNDINGS[1]
    s: RisikoState = {
        "variant": rules.name,
        "board": board.id,
        "seed": seed,
        "rng": 0,
        "players": [{"name": p.name, "colour": p.colour, "ai": p.ai, "out": False} for p in players],
        "owner": [-1] * nt,
        "armies": [0] * nt,
        "order": order,
        "first": order[0],
        "rolls": rolls,
        "empire": empire,
        "fortress": [None] * n,
        "banners": [[e] for e in empire],
        "to_place": [START_ARMIES[n]] * n,
        "reserve": 0,
        "deck": deck,
        "discard": [],
        "hands": [[] for _ in range(n)],
        "track": [],
        "hidden": [[] for _ in range(n)],
        "truces": [],
        "attack": None,
        "pending": None,
        "spy": None,
        "redistribute": None,
        "attacked": False,
        "flagship_used": False,
        "phase": "fortress",
        "actor": order[0],
        "current": order[0],
        "turn": 0,
        "winner": None,
        "draw": False,
        "options": opts,
    }
    events: list[Event] = [ev(s, "order", order=order, rolls=rolls)]
    for p in order:
        events.append(ev(s, "banner", player=p, empire=empire[p]))
    if s["options"]["quick_start"]:
        _quick_start(board, s, rng, events)
    s["rng"] = rng.state
    return s, events


def _quick_start(board: Board, s: RisikoState, rng: Rng, events: list[Event]) -> None:
    """Option: fortresses, claims and the armies placed at random; the Hidden Armies are still chosen."""
    for p in s["order"]:
        f: int = rng.choice(members(board, s["empire"][p]))
        s["fortress"][p] = f
        events.append(ev(s, "fortress", player=p, territory=board.tid(f)))
    _occupy_empires(board, s, events)
    free = [t for t, o in enumerate(s["owner"]) if o == -1]
    rng.shuffle(free)
    order = s["order"]
    for k, t in enumerate(free):
        p = order[k % len(order)]
        s["owner"][t], s["armies"][t] = p, 1
        s["to_place"][p] -= 1
    for p in order:
        own = [t for t, o in enumerate(s["owner"]) if o == p]
        while s["to_place"][p] > 0:
            n = min(DEPLOY_STEP, s["to_place"][p])
            s["armies"][rng.choice(own)] += n
            s["to_place"][p] -= n
    events.append(ev(s, "dealt", player=order[0]))
    s["phase"] = "hide"
    s["current"] = s["actor"] = order[0]


def _occupy_empires(board: Board, s: RisikoState, events: list[Event]) -> None:
    """'Each player occupies, with one army, each territory of their own Empire.'"""
    for p in s["order"]:
        for t in members(board, s["empire"][p]):
            s["owner"][t], s["armies"][t] = p, 1
            s["to_place"][p] -= 1
        events.append(ev(s, "empire_occupied", player=p, empire=s["empire"][p]))


def _next_in_order(s: RisikoState, p: int) -> int:
    order = s["order"]
    return int(order[(order.index(p) + 1) % len(order)])


# ---------------------------------------------------------------- fortress
def check_fortress(rules: Book, s: RisikoState, args: Args) -> str | None:
    if len(args) != 1:
        return "Place your fortress on a territory of your Empire: 'fortress london'."
    t = tix(rules.board, args[0])
    if t is None:
        return f"There is no territory called '{args[0]}'."
    emp = s["empire"][s["actor"]]
    if t not in members(rules.board, emp):
        return (
            f"Your banner is the {rules.board.region_by_id[emp].name}: place the fortress on one of its "
            "territories."
        )
    return None


def do_fortress(rules: Book, s: RisikoState, args: Args, events: list[Event]) -> None:
    s["fortress"][s["actor"]] = rules.board.index[args[0]]
    events.append(ev(s, "fortress", territory=args[0]))
    rest = [q for q in s["order"] if s["fortress"][q] is None]
    if rest:
        s["current"] = s["actor"] = rest[0]
        return
    _occupy_empires(rules.board, s, events)
    s["phase"] = "claim"
    s["current"] = s["actor"] = s["first"]
    _setup_next(s, events, stay=True)


# ---------------------------------------------------------------- claim and deploy
def _setup_next(s: RisikoState, events: list[Event], stay: bool = False) -> None:
    """Hand on to the next player (in turn order) who has armies left; change phase when due."""
    if s["phase"] == "claim" and -1 not in s["owner"]:
        s["phase"] = "deploy"
        events.append(ev(s, "all_claimed"))
    if s["phase"] == "claim" and not any(s["to_place"][p] for p in s["order"]):
        s["phase"] = "deploy"  # cannot happen with 35/30/25/20 armies, but never stall
    q = s["current"]
    cand = [q] if stay else []
    for _ in range(len(s["order"])):
        q = _next_in_order(s, q)
        cand.append(q)
    for q in cand:
        if s["to_place"][q] > 0:
            s["current"] = s["actor"] = q
            return
    s["phase"] = "hide"
    s["current"] = s["actor"] = s["first"]
    events.append(ev(s, "hide_start"))


def check_claim(rules: Book, s: RisikoState, args: Args) -> str | None:
    if len(args) != 1:
        return "Claim one free territory: 'claim madrid'."
    t = tix(rules.board, args[0])
    if t is None:
        return f"There is no territory called '{args[0]}'."
    if s["owner"][t] != -1:
        return f"{rules.tname(t)} is already occupied; choose a free territory."
    return None


def do_claim(rules: Book, s: RisikoState, args: Args, events: list[Event]) -> None:
    p, t = s["actor"], rules.board.index[args[0]]
    s["owner"][t], s["armies"][t] = p, 1
    s["to_place"][p] -= 1
    events.append(ev(s, "claim", territory=args[0]))
    _setup_next(s, events)


def deploy_size(s: Given, p: int) -> int:
    """One turn's placing: 5 armies, or the last ones together."""
    return min(DEPLOY_STEP, int(s["to_place"][p]))


def deploy_counts(s: RisikoState, p: int) -> list[int]:
    """What one action may place on one territory: one turn's 5, several turns' fives at once (10, 15, ...),
    or all that is left (our reading: the same as placing them there on your next turns, only quicker)."""
    left = int(s["to_place"][p])
    out = list(range(DEPLOY_STEP, left + 1, DEPLOY_STEP))
    return out if left in out else [*out, left]


def check_place_setup(rules: Book, s: RisikoState, args: Args) -> str | None:
    p = s["actor"]
    n = args[1] if len(args) == 2 else deploy_size(s, p)
    counts = deploy_counts(s, p)
    if n not in counts:
        if len(counts) == 1:
            return f"Place your last {counts[0]} armies together on one territory."
        return (
            f"Place 5 armies on one territory, several fives at once, or all {counts[-1]} left "
            f"({', '.join(map(str, counts))})."
        )
    return None


def do_place_setup(rules: Book, s: RisikoState, args: Args, events: list[Event]) -> None:
    """'each player, on their turn, places 5 armies on any one of the territories they occupy ... (The last
    armies, even if fewer than 5, are placed on a SINGLE territory.)'"""
    p, t = s["actor"], rules.board.index[args[0]]
    n = args[1] if len(args) == 2 else deploy_size(s, p)
    s["armies"][t] += n
    s["to_place"][p] -= n
    events.append(ev(s, "place", territory=args[0], armies=n))
    _setup_next(s, events)


# ---------------------------------------------------------------- Hidden Armies
def check_hide(rules: Book, s: RisikoState, args: Args) -> str | None:
    if len(args) != 1:
        return "Choose the territory of your Hidden Armies: 'hide venice'."
    t = tix(rules.board, args[0])
    if t is None:
        return f"There is no territory called '{args[0]}'."
    if t in s["fortress"]:
        return "Hidden Armies may be on any territory except one occupied by a fortress."
    return None


def do_hide(rules: Book, s: RisikoState, args: Args, events: list[Event]) -> None:
    """'Choose in secret a territory on which to strategically place your Hidden Armies'."""
    p = s["actor"]
    s["hidden"][p] = [{"territory": args[0], "used": False, "from": p}]
    events.append(ev(s, "hide", private=p, territory=args[0]))
    rest = [q for q in s["order"] if not s["hidden"][q]]
    if rest:
        s["current"] = s["actor"] = rest[0]
        return
    begin_turn(rules, s, s["first"], events)


HANDLERS = {
    "fortress": Handler(check_fortress, mutating(do_fortress, *STEP_KEYS)),
    "claim": Handler(check_claim, mutating(do_claim, *STEP_KEYS)),
    "hide": Handler(check_hide, mutating(do_hide, *STEP_KEYS)),
}
