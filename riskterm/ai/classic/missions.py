"""Secret Mission Risk for the classic computer players: the seat's own mission (read from its view, where no
other seat's mission is ever shown) becomes its goal: the continents to take, the count of territories (with
two armies on each for the 18-card), or the player to destroy. Every level attacks what the mission needs
first (hard with a count of territories leaves its attacks to the world player's, which weighs each
conquest better when every territory counts alike); normal and hard also place next to it, and hard spreads its armies for the 18-card and names the
cheapest third continent. Hard also finishes its mission within the turn when a plan does so 30% or more
of the time (mission_plan: placing, rolling and moving in along it), trades its sets at once (a set kept
for the finishing turn won no more games), strikes at the rival likeliest to finish next turn or guards its
own territory on that rival's way (mission_rivals: its card guessed from where it conquers), and takes a
player's last territory only when that meets its own mission. Hard's search weighs the placings these
propose, with the mission's progress in its evaluator (ai/classic/evaluate.py). Where the mission asks
nothing of a step (or no attack is worth it) the world player's own step stands. Also the coach's sentence for a step in mission terms."""

from __future__ import annotations

from typing import Any

from riskterm.ai.classic.mission_plan import Goal, plan
from riskterm.ai.classic.mission_rivals import LEAST as rivals_least
from riskterm.ai.classic.mission_rivals import Watch, income, strike
from riskterm.ai.core.board_info import BoardInfo, threat, win_chance
from riskterm.engine.actions import Action, act
from riskterm.engine.odds import attack_odds
from riskterm.engine.state import State
from riskterm.rules.classic.mission_cards import deck
from riskterm.rules.classic.modes import MISSIONS, hooks, mode_of
from riskterm.rules.classic.state import as_classic

# How much a territory the mission needs is worth on top of an ordinary conquest (one army's worth each).
NEED = 3.0
FINISH = 4.0  # the territory that completes a continent of the mission (or the target's last one)
GO = 0.3  # hard: the least chance of completing the mission this turn to place for it
GO_ON = 0.3  # hard: the least chance (planned again after every roll) to roll on for it
# hard's search: progress also counts the chance of completing the mission next turn (mission_plan, with the
# armies the seat will get), at this weight
OUTLOOK = 0.5
LEAST = 0.55  # the least chance of taking a territory the mission needs (a world attack asks 0.6 or more)
# hard's least chance for it: hard's conquests are worth more (its search and finishing plans follow them up);
# 0.45 won 212 of 480 games against 207 at 0.55 (12 won that were lost, 7 lost that were won; 0.35: 69/160
# against 71), normal keeps 0.55 (docs/benchmarks.md)
HARD_LEAST = 0.45
# hard's share of its set-up armies on one stack in Secret Mission Risk (0.8 in world conquest): every player
# attacks from the first turn for its mission, and a seat placing late lost its single armies before its first
# turn (5.6 territories left at the third seat, against 7.8 for normal's); 0.5 won 207 of 480 games against
# 199, 0.3 139 of 320 against 143 (docs/benchmarks.md)
SETUP_STACK = 0.5
# hard's world attacks in Secret Mission Risk leave alone a player (not its target) down to this many
# territories: a destroy card of that colour (one per colour is dealt) wins by whoever takes the last one, and a
# normal player holding it finishes what hard thinned out (of 72 losses in 160 games, 28 were a normal
# destroying its target). 366 of 640 games against 356 without (every seed set one to four games up)
SPARE = 3


def goal(info: BoardInfo, view: State, p: int) -> Goal | None:
    """The seat's goal, from its own mission in its view (the mode's goal card: rules/classic/mode.py); None
    where the mode has none."""
    m = hooks(as_classic(view)).goal_card(view, p)
    if m is None:
        return None
    card = m["card"]
    if card == "destroy":
        return Goal(target=m["target"])
    if card == "territories":
        return Goal(territories=m["territories"], armies=m["armies"])
    index = {r.id: i for i, r in enumerate(info.board.regions)}
    regions = [index[r] for r in m["regions"]]
    if m.get("third"):
        chosen = m.get("chosen")
        third = index[chosen] if isinstance(chosen, str) else cheapest_region(info, view, p, regions)
        if third is not None:
            regions.append(third)
    return Goal(regions=tuple(regions))


def cheapest_region(info: BoardInfo, view: State, p: int, skip: list[int]) -> int | None:
    """The region, other than `skip`, nearest to being p's: the fewest enemy armies on it per territory held."""
    owner, armies = view["owner"], view["armies"]
    best, best_cost = None, float("inf")
    for r, members in enumerate(info.members):
        if r in skip:
            continue
        cost = sum(armies[t] for t in members if owner[t] != p) + 2.0 * len(info.region_borders[r])
        cost /= 1 + sum(1 for t in members if owner[t] == p)
        if cost < best_cost:
            best, best_cost = r, cost
    return best


def needs(info: BoardInfo, view: State, p: int, g: Goal) -> dict[int, float]:
    """What taking each territory p does not hold adds for its mission (absent: nothing)."""
    owner = view["owner"]
    out: dict[int, float] = {}
    if g.target is not None:
        mine = [t for t, o in enumerate(owner) if o == g.target]
        for t in mine:
            out[t] = FINISH + NEED if len(mine) == 1 else NEED + (2.0 if len(mine) <= 3 else 0.0)
        return out
    if g.regions:
        for r in g.regions:
            left = [t for t in info.members[r] if owner[t] != p]
            for t in left:
                out[t] = FINISH if len(left) == 1 else NEED
        return out
    have = owner.count(p)
    for t, o in enumerate(owner):
        if o != p:
            out[t] = 1.0 + (1.0 if have >= g.territories - 3 else 0.0)
    return out


def threats(info: BoardInfo, view: State, p: int) -> dict[int, float]:
    """Hard's blocking: the cards are public (only who holds which is secret), so a rival a few territories
    short of a continent card or of 24 territories may be one turn from winning; taking its territories
    there sets it back. What taking each such territory is worth (absent: nothing)."""
    owner = view["owner"]
    seats = len(view["players"])
    european = view["options"].get("mission_cards") == "14_cards"
    cards = [c for c in deck(info.board, seats, european) if c["card"] != "destroy"]
    index = {r.id: i for i, r in enumerate(info.board.regions)}
    out: dict[int, float] = {}
    for q in range(seats):
        if q == p or view["players"][q]["out"]:
            continue
        held = owner.count(q)
        for c in cards:
            if c["card"] == "territories":
                short = c["territories"] - held
                if c["armies"] == 1 and short <= 3:
                    for t, o in enumerate(owner):
                        if o == q:
                            out[t] = max(out.get(t, 0.0), 1.0 + (3 - short))
                continue
            members = [t for r in c["regions"] for t in info.members[index[r]]]
            short = sum(1 for t in members if owner[t] != q)
            if short <= 3 and not c.get("third"):
                for t in members:
                    if owner[t] == q:
                        out[t] = max(out.get(t, 0.0), NEED + (3 - short))
    return out


def two_each_short(view: State, p: int, g: Goal) -> int:
    """How many more of p's territories need armies for the 18-card (territories with 2+ counted)."""
    armies = view["armies"]
    good = sum(1 for t, o in enumerate(view["owner"]) if o == p and armies[t] >= g.armies)
    return g.territories - good


# --- the steps ---------------------------------------------------------------------------------------
def step(
    level: str,
    info: BoardInfo,
    view: State,
    p: int,
    margin: int = 1,
    trade: bool = False,
    watch: Watch | None = None,
) -> Action | None:
    """The mission's own choice of this step, or None where the world player's choice stands. `trade`: the
    seat holds a set it may trade now (hard trades it before placing); `watch`: what hard has seen of its
    rivals (mission_rivals)."""
    phase = view["phase"]
    if phase == "declare":
        m = view["missions"][p]
        named = [r for r, reg in enumerate(info.board.regions) if reg.id in m["regions"]]
        r = cheapest_region(info, view, p, named)
        return act("declare", info.board.regions[r].id) if r is not None else None
    g = goal(info, view, p)
    if g is None:
        return None
    if level == "hard":
        a = finish(info, view, p, g, phase, trade)
        if a is not None:
            return a
        if phase == "reinforce" and trade:
            return None
        if watch is not None:
            a = block(info, view, p, phase, watch)
            if a is not None:
                return a
    if phase == "attack":
        return attack(level, info, view, p, g, margin)
    if level == "easy":
        return None
    if phase == "reinforce":
        return place(level, info, view, p, g)
    if phase == "occupy" and g.armies > 1:
        pend = view["pending"]
        lo, hi = pend["min"], view["armies"][pend["from"]] - 1
        return act("move", max(lo, min(hi, hi - 1)))  # two stay behind where they can
    if phase == "fortify" and g.armies > 1 and level == "hard":
        return spread(info, view, p, g)
    return None


def finish(info: BoardInfo, view: State, p: int, g: Goal, phase: str, trade: bool) -> Action | None:
    """Hard's step of a plan that completes the mission this turn (mission_plan), when one is likely enough:
    its placements (after trading a set in hand), its attacks one roll at a time (planned again after every
    roll, so it gives up when its chance falls) and its move-ins (the count that leaves the best chance)."""
    if phase == "reinforce":
        reserve = view["reserve"]
        if trade or reserve <= 0:
            return None
        pl = plan(info, view, p, g, reserve)
        if pl is None or pl.chance < GO or not pl.place:
            return None
        t, n = pl.place[0]
        return act("place", info.ids[t], min(n, reserve))
    if phase == "attack":
        pl = plan(info, view, p, g, 0)
        if pl is None or pl.chance < GO_ON or not pl.chains:
            return None
        c = pl.chains[0]
        f, t = c.source, c.steps[0]
        dice = min(3, view["armies"][f] - pl.keep)
        return act("attack", info.ids[f], info.ids[t], dice) if dice >= 1 else None
    if phase == "occupy":
        pend = view["pending"]
        f, t, lo = pend["from"], pend["to"], pend["min"]
        armies = view["armies"]
        hi = armies[f] - 1
        best, best_chance = None, GO_ON
        for n in sorted({lo, hi, max(lo, hi - 1), max(lo, hi - 2), (lo + hi) // 2}):
            after = list(armies)
            after[f] -= n
            after[t] += n
            pl = plan(info, {**view, "armies": after, "pending": None, "phase": "attack"}, p, g, 0)
            if pl is not None and pl.chance > best_chance + 1e-9:
                best, best_chance = n, pl.chance
        return act("move", best) if best is not None else None
    return None


def block(info: BoardInfo, view: State, p: int, phase: str, watch: Watch) -> Action | None:
    """Hard's strike at the rival likeliest to complete its mission next turn (mission_rivals): the reserve
    next to the territory whose conquest sets it back most, then the attack on it. Looked for once per
    phase of a turn (it weighs the rival's plans for every card it may hold)."""
    owner, armies = view["owner"], view["armies"]
    key = (view["turn"], phase + str(owner.count(p)))
    if phase == "reinforce":
        reserve = view["reserve"]
        if reserve <= 0:
            return None
        if watch.block is None or watch.block[0] != key:
            watch.block = (key, strike(info, watch, view, p, reserve))
    elif phase == "attack":
        if watch.block is None or watch.block[0] != key:
            watch.block = (key, strike(info, watch, view, p, 0))
    else:
        return None
    t = watch.block[1]
    if t is None:
        return None
    if owner[t] == p:  # the rival's way goes through t: the reserve there
        return act("place", info.ids[t], view["reserve"]) if phase == "reinforce" else None
    f = max((u for u in info.adj[t] if owner[u] == p), key=armies.__getitem__, default=None)
    if f is None:
        return None
    if phase == "reinforce":
        return act("place", info.ids[f], view["reserve"])
    if win_chance(armies[f] - 1, armies[t]) < rivals_least or gives_away(view, p, goal(info, view, p), t):
        return None
    return act("blitz", info.ids[f], info.ids[t], 1)


def attack(level: str, info: BoardInfo, view: State, p: int, g: Goal, margin: int) -> Action | None:
    """The attack the mission wants most, when one is worth it: easy takes the first edge into a needed
    territory where it outnumbers the defender; normal and hard weigh the exact odds by what it adds. Hard
    leaves a count of territories (24, or 18 with two armies each) to its world attack, which weighs the
    card, the regions and the odds of every conquest (for a count every territory is needed alike: the
    mission's attack took any at 55%+)."""
    if level == "hard" and g.territories:
        return None
    owner, armies = view["owner"], view["armies"]
    want = needs(info, view, p, g)
    if level == "hard" and mission_cards(view):
        for t, v in threats(info, view, p).items():
            want[t] = max(want.get(t, 0.0), v)
    if not want:
        return None
    least = HARD_LEAST if level == "hard" else LEAST
    best, best_score = None, 0.0
    for f, o in enumerate(owner):
        if o != p or armies[f] < 2:
            continue
        for t in info.adj[f]:
            if t not in want or owner[t] == p:
                continue
            if level == "hard" and gives_away(view, p, g, t) and not completes(info, view, p, g, t):
                continue
            if level == "easy":
                if armies[f] - armies[t] >= margin:
                    return act("blitz", info.ids[f], info.ids[t], 1)
                continue
            chance = win_chance(armies[f] - 1, armies[t])
            if chance < least:
                continue
            score = chance * (1.0 + want[t])
            if score > best_score:
                best, best_score = (f, t), score
    if best is None:
        return None
    f, t = best
    return act("blitz", info.ids[f], info.ids[t], 1)


def gives_away(view: State, p: int, g: Goal | None, t: int) -> bool:
    """Taking t would eliminate a player who is not p's own target: whoever was dealt that colour (a card
    of every colour in play is in the deck) would win by it."""
    return near_end(view, p, g, t, 1)


def near_end(view: State, p: int, g: Goal | None, t: int, most: int) -> bool:
    """t is held by a player who is not p's target and holds `most` territories or fewer, while a third
    player is in the game (with two left, p takes the world)."""
    q = view["owner"][t]
    if q < 0 or q == p or (g is not None and q == g.target) or view["owner"].count(q) > most:
        return False
    return any(not pl["out"] for r, pl in enumerate(view["players"]) if r not in (p, q))


def completes(info: BoardInfo, view: State, p: int, g: Goal, t: int) -> bool:
    """Whether taking t meets p's mission at once (a win before anyone else's mission is looked at)."""
    owner: list[int] = view["owner"]
    if g.target is not None:
        return owner[t] == g.target and owner.count(g.target) == 1
    if g.regions:
        return all(owner[u] == p or u == t for r in g.regions for u in info.members[r])
    return g.armies <= 1 and owner.count(p) + 1 >= g.territories


def vetted(level: str, info: BoardInfo, view: State, p: int, a: Action) -> Action:
    """Hard's world-conquest attack checked against the mission game: it eliminates nobody but its target
    (stopping instead), since that would most likely hand someone else their mission; in Secret Mission Risk
    it also leaves alone a player down to SPARE territories (another's destroy card would finish it)."""
    if level != "hard" or a.kind not in ("attack", "blitz") or len(a.args) < 2:
        return a
    t = info.index.get(str(a.args[1]))
    if t is None:
        return a
    g = goal(info, view, p)
    if near_end(view, p, g, t, SPARE if mission_cards(view) else 1):
        return act("stop")
    return a


def place(level: str, info: BoardInfo, view: State, p: int, g: Goal) -> Action | None:
    """Reinforcements for the mission: for the 18-card, two on each territory once there are enough of them
    (hard); else all next to the needed territory with the best odds. None while cards must be traded first
    or nothing is needed next to p's borders."""
    reserve = view["reserve"]
    if reserve <= 0 or len(view["hands"][p]) >= 5:
        return None
    owner, armies = view["owner"], view["armies"]
    if g.armies > 1 and level == "hard":
        short = two_each_short(view, p, g)
        ones = [t for t, o in enumerate(owner) if o == p and armies[t] < g.armies]
        if 0 < short <= min(reserve, len(ones)):  # the card is met by this placing: one each, quietest first
            t = min(ones, key=lambda u: threat(info, owner, armies, p, u))
            return act("place", info.ids[t], g.armies - armies[t])
    want = needs(info, view, p, g)
    best, best_score = None, 0.0
    for f in info.frontier(owner, p):
        for t in info.adj[f]:
            if t in want and owner[t] != p:
                score = win_chance(armies[f] - 1 + reserve, armies[t]) * (1.0 + want[t])
                if score > best_score:
                    best, best_score = f, score
    if best is None:
        return None
    return act("place", info.ids[best], reserve)


def spread(info: BoardInfo, view: State, p: int, g: Goal) -> Action | None:
    """The 18-card's fortifying move: one army from a stack onto a neighbouring territory of p's with one."""
    owner, armies = view["owner"], view["armies"]
    for t, o in enumerate(owner):
        if o == p and armies[t] < g.armies:
            src = max(
                (u for u in info.adj[t] if owner[u] == p and armies[u] > g.armies),
                key=armies.__getitem__,
                default=None,
            )
            if src is not None:
                return act("fortify", info.ids[src], info.ids[t], g.armies - armies[t])
    return None


# --- the coach -----------------------------------------------------------------------------------------
def reason(info: BoardInfo, view: State, p: int, a: Action) -> str | None:
    """The coach's sentence for an attack on, or a placement next to, what the mission needs; None for a step
    the mission says nothing about."""
    g = goal(info, view, p)
    if a.kind == "declare" and a.args:
        r = info.board.region_by_id.get(str(a.args[0]))
        return f"Name {r.name}: of the continents left, the nearest to being yours." if r else None
    if g is None or a.kind not in ("attack", "blitz", "place") or not a.args:
        return None
    armies = view["armies"]
    index = info.index
    if a.kind == "place":
        f = index.get(str(a.args[0]))
        if f is None:
            return None
        want = needs(info, view, p, g)
        near = [t for t in info.adj[f] if t in want]
        if g.armies > 1 and armies[f] < g.armies:
            return f"Put armies on {info.board.territories[f].name}: {_count_note(view, p, g)}"
        if not near:
            return None
        t = max(near, key=want.__getitem__)
        return (
            f"Put them on {info.board.territories[f].name}, next to {info.board.territories[t].name}: "
            f"{_why(info, view, p, g, t)}"
        )
    src, dst = index.get(str(a.args[0])), index.get(str(a.args[1])) if len(a.args) > 1 else None
    if src is None or dst is None or dst not in needs(info, view, p, g):
        return None
    f, t = src, dst
    chance = attack_odds(max(armies[f] - 1, 1), max(armies[t], 1), 3, 2).win
    return (
        f"Attack {info.board.territories[t].name} from {info.board.territories[f].name}, about {chance:.0%} "
        f"to take it: {_why(info, view, p, g, t)}"
    )


def _why(info: BoardInfo, view: State, p: int, g: Goal, t: int) -> str:
    owner = view["owner"]
    if g.target is not None:
        left = owner.count(g.target)
        aim = "for your mission" if mission_cards(view) else "to win"  # (Assassin: the target is the goal)
        return f"{left} territor{'y' if left == 1 else 'ies'} of your target left, {aim}."
    if g.regions:
        r = info.region_of[t]
        left = sum(1 for u in info.members[r] if owner[u] != p)
        name = info.board.regions[r].name
        if left == 1:
            return f"it completes {name} for your mission."
        return f"{left} more territories of {name} for your mission."
    return _count_note(view, p, g)


def _count_note(view: State, p: int, g: Goal) -> str:
    if g.armies > 1:
        return (
            f"{max(two_each_short(view, p, g), 0)} more territories with {g.armies}+ armies for your mission."
        )
    return f"{max(g.territories - view['owner'].count(p), 0)} more territories for your mission."


def has_goal(view: Any) -> bool:
    """A game whose mode has each seat play for a goal card (Secret Mission Risk, Assassin)."""
    return isinstance(view, dict) and "options" in view and hooks(as_classic(view)).plays_for_goal


def mission_cards(view: State) -> bool:
    """Secret Mission Risk: hard guesses its rivals' cards from the deck (mission_rivals, threats)."""
    return mode_of(as_classic(view)) == MISSIONS


def progress(info: BoardInfo, view: State, p: int) -> float:
    """How far p is with its mission, from 0 to 1 (the search's evaluator adds it; 0 outside a mission game)."""
    g = goal(info, view, p)
    if g is None:
        return 0.0
    owner: list[int] = view["owner"]
    if g.target is not None:
        done = 1.0 / (1.0 + owner.count(g.target))
    elif g.regions:
        members = [t for r in g.regions for t in info.members[r]]
        done = sum(1 for t in members if owner[t] == p) / max(len(members), 1)
    else:
        done = min(1.0, (g.territories - two_each_short(view, p, g)) / max(g.territories, 1))
    if OUTLOOK:
        pl = plan(info, view, p, g, income(info, view, p))
        done += OUTLOOK * (pl.chance if pl is not None else 0.0)
    return done
