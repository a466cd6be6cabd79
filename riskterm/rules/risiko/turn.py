"""A RisiKo! Più turn outside battles: the Supplementary Armies, drawing the cards, placing armies, the final
move, the end of a turn, and the victory ("occupy completely 3 Empires in addition to your own")."""

from __future__ import annotations

from riskterm.board import Board
from riskterm.rules.base import Book, Event, Handler, Log, Outcome, end_if_over, mutating
from riskterm.rules.risiko.cards import active_seats, draw_for_turn, end_truces_of
from riskterm.rules.risiko.events import ev
from riskterm.rules.risiko.geography import empire_members, tix
from riskterm.rules.risiko.state import STEP_KEYS, Args, RisikoState


def empires_held(board: Board, s: RisikoState, p: int) -> list[str]:
    owner = s["owner"]
    return [e for e, ms in empire_members(board) if all(owner[t] == p for t in ms)]


def supply(board: Board, s: RisikoState, p: int) -> tuple[int, dict[str, int]]:
    """Supplementary Armies: 2 per enemy banner on your fortress, 4 per independent block, 6 per Empire,
    15 for all 11 independents (instead of the three blocks' 4 each: our reading)."""
    owner = s["owner"]
    sup = board.extra["supplementary_armies"]
    parts: dict[str, int] = {}
    enemy = len([b for b in s["banners"][p] if b != s["empire"][p]])
    if enemy:
        parts["banners"] = enemy * sup["per_enemy_banner_on_own_fortress"]
    emp = len(empires_held(board, s, p))
    if emp:
        parts["empires"] = emp * sup["per_complete_empire"]
    blocks = [r for r in board.regions if r.kind == "independent"]
    full = [r for r in blocks if all(owner[board.index[t]] == p for t in r.territories)]
    if len(full) == len(blocks):
        parts["independents"] = sup["all_11_independents"]
    elif full:
        parts["blocks"] = len(full) * sup["per_complete_independent_block"]
    return sum(parts.values()), parts


def outcome(board: Board, s: RisikoState) -> Outcome | None:
    """'A player WINS who occupies completely 3 Empires in addition to their own', looked at once a conquest
    is settled (its armies moved in, a fallen fortress's territories garrisoned); the current player is
    looked at first; the last player left also wins. Past the turn cap the game is a draw."""
    if s["turn"] > s["options"]["turn_cap"]:
        return Outcome((), "turn_cap")
    if s["phase"] != "main" or s["pending"] is not None or s["redistribute"] is not None:
        return None
    alive = active_seats(s)
    for p in [s["current"]] + [p for p in alive if p != s["current"]]:
        if s["players"][p]["out"]:
            continue
        if len(alive) == 1:
            return Outcome((p,), "last")
        held = empires_held(board, s, p)
        if s["empire"][p] in held and len(held) >= 4:
            return Outcome((p,), "empires")
    return None


def finish(board: Board, s: RisikoState, outcome: Outcome, events: Log) -> None:
    """The end's event (the base has set the winner or the draw)."""
    if events is None:
        return
    if outcome.winners:
        p = outcome.winners[0]
        events.append(ev(s, "win", player=p, empires=empires_held(board, s, p), last=outcome.why == "last"))
    else:
        events.append(ev(s, "draw_game", cap=s["options"]["turn_cap"]))


def begin_turn(rules: Book, s: RisikoState, p: int, events: list[Event]) -> None:
    """'1. Takes the Supplementary Armies ... 2. If they have fewer than 3 cards, draws ... 3. Draws a card.'"""
    s["current"] = s["actor"] = p
    s["turn"] += 1
    if end_if_over(rules, s, events):  # past the turn cap
        return
    end_truces_of(s, p, events)
    s["attacked"] = s["flagship_used"] = False
    total, parts = supply(rules.board, s, p)
    s["reserve"] = total
    events.append(ev(s, "turn", supply=total, parts=parts))
    if total:
        s["phase"] = "supply"
    else:
        _draw_cards(s, events)


def _draw_cards(s: RisikoState, events: list[Event]) -> None:
    draw_for_turn(s, s["current"], events)
    s["phase"] = "main"


# ---------------------------------------------------------------- placing (supply, and Reinforcement armies)
def check_place(rules: Book, s: RisikoState, args: Args) -> str | None:
    """Supplementary and Reinforcement armies: any number of the reserve on a territory you hold."""
    n = args[1] if len(args) == 2 else 1
    if not 1 <= n <= s["reserve"]:
        return f"Place 1 to {s['reserve']} armies." if s["reserve"] else "You have no armies to place."
    return None


def do_place(rules: Book, s: RisikoState, args: Args, events: list[Event]) -> None:
    t, n = rules.board.index[args[0]], (args[1] if len(args) == 2 else 1)
    s["armies"][t] += n
    s["reserve"] -= n
    events.append(ev(s, "place", territory=args[0], armies=n))
    if s["phase"] == "supply" and not s["reserve"]:
        _draw_cards(s, events)


# ---------------------------------------------------------------- the move and the end of the turn
def check_move(rules: Book, s: RisikoState, args: Args) -> str | None:
    if len(args) != 3 or not isinstance(args[2], int):
        return "Move like this: 'move paris burgundy 4' (from, to, armies); it ends your turn."
    b = rules.board
    f, t = tix(b, args[0]), tix(b, args[1])
    if f is None or t is None:
        return f"There is no territory called '{args[0] if f is None else args[1]}'."
    p = s["current"]
    if s["owner"][f] != p or s["owner"][t] != p:
        return "Move between two territories you occupy."
    if t not in b.adj[f]:
        return f"{rules.tname(t)} is not adjacent to {rules.tname(f)}."
    if not 1 <= args[2] <= s["armies"][f] - 1:
        return f"Move 1 to {s['armies'][f] - 1} armies, leaving one as a garrison in {rules.tname(f)}."
    return None


def do_move(rules: Book, s: RisikoState, args: Args, events: list[Event]) -> None:
    """'At the end of each of your turns, you are entitled to move some or all of the armies from one of your
    territories to another adjacent territory that you occupy': the move ends the turn."""
    f, t, n = rules.board.index[args[0]], rules.board.index[args[1]], args[2]
    s["armies"][f] -= n
    s["armies"][t] += n
    events.append(ev(s, "move", frm=args[0], to=args[1], armies=n))
    _end_turn(rules, s, events)


def check_end_turn(rules: Book, s: RisikoState, args: Args) -> str | None:
    return None if not args else "'end' takes no arguments."


def do_end(rules: Book, s: RisikoState, args: Args, events: list[Event]) -> None:
    _end_turn(rules, s, events)


def _end_turn(rules: Book, s: RisikoState, events: list[Event]) -> None:
    events.append(ev(s, "end_turn"))
    order, p = s["order"], s["current"]
    for k in range(1, len(order) + 1):
        q = order[(order.index(p) + k) % len(order)]
        if not s["players"][q]["out"]:
            begin_turn(rules, s, q, events)
            return


def move_range(rules: Book, s: RisikoState, args: Args) -> tuple[int, int] | None:
    """Armies moved: 1 to all but the garrison (args so far: from, to)."""
    f = tix(rules.board, args[0]) if len(args) == 2 else None
    return (1, s["armies"][f] - 1) if f is not None and s["armies"][f] >= 2 else None


HANDLERS = {
    "move": Handler(check_move, mutating(do_move, *STEP_KEYS), move_range),
    "end": Handler(check_end_turn, mutating(do_end, *STEP_KEYS)),
}
