"""Computer players for World Domination Risk (classic), at three levels.

- easy: claims and places at random along its borders, trades only when it must, blitzes whenever it has
  more armies than the defender, moves everything in (only the dice into a conquest that leads nowhere while
  home still borders an enemy) and fortifies only to walk a stack left behind the front back to it.
- normal: places everything where the best attack is, attacks at 60%+ exact odds, cares for its card,
  trades whenever it can and moves idle armies to the front. A stack that wins every fight next to it
  sweeps towards the player cheapest to knock out and splits where enemies stand on both sides (front.py;
  hard does the same). In world conquest it knocks out a rival holding cards when one stack and its
  reinforcements can take all of the rival's land this turn (sweep.py; hard does the same).
- hard: works on the most valuable region it can finish, defends the borders of regions it holds, values
  cards, region bonuses (a region it would complete at the chance of holding it to its next turn) and
  eliminations, rolls one attack at a time re-judging the exact odds after every
  roll, splits armies after a conquest by the danger on each side, fortifies towards the front, puts most of
  its set-up armies on one stack and, on the growing scale, keeps its card sets until it must trade, is
  the weakest seat or a set's armies make a knock-out. Once it has its card it holds back while a rival could
  take all its land next turn (Weights.guard). Its fortifying is searched (riskterm.ai.classic OFFER), and
  its placing too outside world conquest; in the goal modes (Secret Mission Risk, Assassin) each candidate is
  played on through the rivals' turns from a guess at their goals (guess.py)."""

from __future__ import annotations

import random
from bisect import insort
from dataclasses import replace
from functools import cache, lru_cache

from riskterm.ai.classic import capitals as hq
from riskterm.ai.classic import missions
from riskterm.ai.classic.front import idle_step, split_move, steer
from riskterm.ai.classic.guess import guessed
from riskterm.ai.classic.mission_rivals import Watch
from riskterm.ai.classic.plan import (
    EASY,
    HARD,
    NORMAL,
    Tally,
    Weights,
    attack_value,
    best_attack,
    fortify_move,
    frontier,
    occupy_count,
    placement,
    target_region,
)
from riskterm.ai.classic.setup import claim_choice, neutral_choice, setup_choice
from riskterm.ai.classic.sweep import GIVE_UP, Route, best_route, move_in, next_attack, remaining, take_cost
from riskterm.ai.core.board_info import BoardInfo, board_info
from riskterm.ai.core.generic import Heuristic, ShapeWords
from riskterm.ai.core.guard import fallback_action
from riskterm.engine.actions import Action, act
from riskterm.engine.cards import set_value
from riskterm.engine.state import State
from riskterm.rules.base import Rules
from riskterm.rules.classic import ClassicRules
from riskterm.rules.classic.battle import MOVE_TO_FRONT
from riskterm.rules.classic.board import card_kinds
from riskterm.rules.classic.capitals import goal, held
from riskterm.rules.classic.card_values import FIXED, NONE, PROGRESSIVE, cards_option, set_worth
from riskterm.rules.classic.modes import WORLD, mode_of
from riskterm.rules.classic.setup import neutral_due, neutral_seat
from riskterm.rules.classic.state import as_classic


class ClassicPlayer(Heuristic):
    words = ShapeWords(
        ends=frozenset(ClassicRules.headless.end_kinds), more=frozenset({"move"}), fights=("pending",)
    )  # (the search's ranking reads them)
    verified = True  # choose() checks its action against the rules itself (the guard need not)
    # reads only what its seat's view shows (its own hand, the board, counts), so the guard may hand it the
    # state itself instead of a copy (tests/ai/test_trusted_path.py plays it both ways)
    view_free = True
    easy_stop = 0.0  # chance that easy ends its attacks at each step
    easy_focus = 0.0  # chance that easy places on its biggest border stack rather than a random one
    easy_edge = 1.0  # chance that easy attacks along its biggest edge rather than a random one
    easy_trades = False  # whether easy trades a set before it must
    easy_margin = 1  # easy attacks where it has at least this many more armies than the defender
    keeps_sets = True  # hard on the growing scale keeps a set for later unless it is the weakest (_keeps_set)
    # hard in Secret Mission Risk reads its rivals' cards from their conquests and strikes at the likeliest to
    # finish (mission_rivals); the search's play-outs do not: they see a few steps of the game, and weighing
    # every rival card at every step of 64 play-outs took seconds per decision
    reads_rivals = True

    def __init__(self, level: str = "normal", seed: int = 0):
        self.level, self.seed = level, seed
        self.rng = random.Random(seed)
        self.base: Weights = HARD if level == "hard" else NORMAL if level == "normal" else EASY
        self.weights: Weights = self.base  # as the game's card option values a card (_game_weights)
        self._options: object = None  # the options the weights were set for (a game's options dict)
        self._tally: Tally | None = None  # the last attack decision's region tallies (Tally counts from them)
        # the last attack decision's attack values and what they read: (owners, hands, (conquered, target, p), values)
        self._values: (
            tuple[list[int], list[list[str]], tuple[object, ...], dict[int, float], list[int] | None] | None
        ) = None
        self._watch: Watch | None = None  # hard in Secret Mission Risk: what it has seen of its rivals
        # easy's last stacks (see _stacks: owners, armies, seat, margin, stacks) and the edge it blitzed along
        self._last_stacks: tuple[list[int], list[int], int, int, list[int]] | None = None
        self._blitzed: tuple[int, int] | None = None
        # hard, world conquest: the knock-out route of this turn ((turn, seat), route or None: sweep.py)
        self._route: tuple[tuple[int, int], Route | None] | None = None

    def choose(self, rules: Rules, view: State, seat: int) -> Action:
        if view["options"] is not self._options:
            self._game_weights(view)
        info = board_info(rules.board)
        phase = view["phase"]
        if missions.has_goal(
            view
        ):  # Secret Mission Risk, Assassin: its own goal's step first (ai/classic/missions.py)
            trade = (
                self.level == "hard"
                and phase == "reinforce"
                and view["reserve"] >= 0
                and not view["resume"]
                and bool(rules.sets_in_hand(view, seat))  # type: ignore[attr-defined]
            )
            if self.level == "hard" and self.reads_rivals and missions.mission_cards(view):
                if self._watch is None or self._watch.seat != seat:
                    self._watch = Watch(seat=seat)
                self._watch.see(info, view, seat)
            a = missions.step(self.level, info, view, seat, self.easy_margin, trade, self._watch)
            if a is not None and rules.why_illegal(view, a) is None:
                return a
        handler = getattr(self, _HANDLERS.get(phase) or f"_{phase}", None)
        a = handler(rules, info, view, seat) if handler is not None else None
        if a is not None and phase == "attack" and missions.has_goal(view):
            a = missions.vetted(self.level, info, view, seat, a)
        if a is None or (phase not in _BUILT_LEGAL and rules.why_illegal(view, a) is not None):
            return fallback_action(rules, view)
        return a

    def standing_answers(self, rules: Rules, view: State, seat: int) -> frozenset[str]:
        """The move-in after a conquest, answered for the whole game: easy follows the front (_occupy:
        occupy_count without a plan; a mission never changes that at easy). Normal and hard are asked at every
        conquest (a big stack may split to sweep on both sides: split_move)."""
        if not self.answers_as(ClassicPlayer, "choose", "_occupy") or self.level != "easy":
            return frozenset()
        return frozenset({MOVE_TO_FRONT}) if MOVE_TO_FRONT in rules.headless.standing_answers else frozenset()

    def _game_weights(self, view: State) -> None:
        """A conquest's card is worth nothing in a game without cards (the weights of the other options are
        the progressive scale's: a fixed set pays 4 to 10, as the progressive one does in most games). In
        Secret Mission Risk hard spreads its set-up armies as normal does (missions.SETUP_STACK)."""
        self._options = view["options"]
        w = replace(self.base, card=0.0) if cards_option(as_classic(view)) == NONE else self.base
        if self.level == "hard" and missions.mission_cards(view):
            w = replace(w, setup_stack=missions.SETUP_STACK)
        self.weights = w

    # ------------------------------------------------------------------ setup
    def _claim(self, rules: Rules, info: BoardInfo, view: State, p: int) -> Action:
        owner = view["owner"]
        free = [t for t, o in enumerate(owner) if o == -1]
        if self.level == "easy":
            return act("claim", info.ids[self.rng.choice(free)])
        return act("claim", info.ids[claim_choice(info, owner, p, self.rng)])

    def _setup(self, rules: Rules, info: BoardInfo, view: State, p: int) -> Action:
        owner = view["owner"]
        if neutral_due(as_classic(view)):  # two players: one neutral army after each two of our own
            neutral = neutral_seat(as_classic(view))
            if self.level == "easy":
                return act(
                    "place", info.ids[self.rng.choice([t for t, o in enumerate(owner) if o == neutral])], 1
                )
            return act("place", info.ids[neutral_choice(info, view, p, neutral, self.weights)], 1)
        if self.level == "easy":
            front = frontier(info, owner, p) or [t for t, o in enumerate(owner) if o == p]
            return act("place", info.ids[self.rng.choice(front)], 1)
        return act("place", info.ids[setup_choice(info, view, p, self.weights)], 1)

    def _capital(self, rules: Rules, info: BoardInfo, view: State, p: int) -> Action:
        return act("capital", info.ids[hq.capital_choice(info, view, p, self.level, self.rng)])

    def _for_capitals(self, view: State) -> bool:
        """Capital Risk, at a level that plays for the headquarters (easy plays as in the ordinary game)."""
        return self.level != "easy" and hq.in_play(view)

    # ------------------------------------------------------------------ turn
    def _reinforce(self, rules: Rules, info: BoardInfo, view: State, p: int) -> Action | None:
        hand = view["hands"][p]
        must = len(hand) >= 5
        hold = self.keeps_sets and self.level == "hard" and self._keeps_set(view, p)  # (world conquest only)
        knockouts = self._knockouts(view)
        # the knock-out with what is to place now: read by the set kept and by the placing below
        route = best_route(info, view, p, view["reserve"]) if knockouts else None
        if (
            hold
            and knockouts
            and view["reserve"] >= 0
            and not view["resume"]
            and rules.sets_in_hand(view, p)  # type: ignore[attr-defined]
            and route is None
        ):
            # a set kept for later is traded when its armies make a knock-out this turn
            hold = best_route(info, view, p, view["reserve"] + set_value(view["sets_traded"])) is None
        if must or (
            (self.level != "easy" or self.easy_trades)
            and not hold
            and view["reserve"] >= 0
            and not view["resume"]
        ):
            trade = self._trade(rules, info, view, p)
            if trade is not None:
                return trade
        reserve = view["reserve"]
        if reserve <= 0:
            return None
        owner = view["owner"]
        if self._for_capitals(view):
            step = hq.placement(info, view, p, reserve, hq.style_for(self.level))
            if step is not None:
                return act("place", info.ids[step[0]], step[1])
        if knockouts:
            self._route = ((view["turn"], p), route)
            if route is not None:
                return act("place", info.ids[route.root], reserve)
        if self.level == "easy":  # all on one border territory, usually its biggest stack
            front = frontier(info, owner, p) or [t for t, o in enumerate(owner) if o == p]
            armies = view["armies"]
            t = (
                max(front, key=armies.__getitem__)
                if self.rng.random() < self.easy_focus
                else self.rng.choice(front)
            )
            return act("place", info.ids[t], reserve)
        t, n = placement(info, view, p, reserve, self.weights)[0]
        return act("place", info.ids[t], n)

    def _keeps_set(self, view: State, p: int) -> bool:
        """Whether hard keeps a set for later (it trades when it must, at five cards): on the growing scale every
        set traded raises the next one for the rivals too, and a set kept pays more later. The weakest seat
        trades at once: its armies on the board keep it from being the one knocked out for its cards. Against
        three of Domination's hard players (bench/domination, 200 games each) 22 wins against 14 trading
        every set at once, and part of the best setting (docs/computer-players.md)."""
        game = as_classic(view)
        return (
            cards_option(game) == PROGRESSIVE
            and mode_of(game) == WORLD
            and not _weakest(view["owner"], view["armies"], p)
        )

    def determinized(self, rules: Rules, view: State, seat: int, stream: int) -> State:
        """Hard in the goal modes (Secret Mission Risk, Assassin): its rivals' goals and the hidden cards as it
        believes they may be (guess.py), so that its search's play-outs see a rival meet its goal."""
        if not self._round(view):
            return view
        watch = self._watch if self._watch is not None and self._watch.seat == seat else None
        return guessed(board_info(rules.board), view, seat, random.Random(stream), watch)

    def horizon(self, view: State) -> str | None:
        """Hard in the goal modes plays a candidate on through its rivals' turns (a race: the round shows
        whether a rival meets its goal before hard's next turn)."""
        return ROUND if self._round(view) else None

    def _round(self, view: State) -> bool:
        return self.level == "hard" and self.reads_rivals and missions.has_goal(view)

    def searched(self, view: State) -> bool:
        """The placing of a player that plans knock-outs is its own: searching it lost games (ai/classic OFFER)."""
        return view["phase"] != "reinforce" or not self._knockouts(view)

    def _knockouts(self, view: State) -> bool:
        """Whether this player plans knock-outs (sweep.py): its weights say so, in world conquest."""
        return self.weights.knockouts and mode_of(as_classic(view)) == WORLD

    def _route_attack(self, info: BoardInfo, view: State, p: int) -> tuple[int, int] | None:
        """The next fight of this turn's knock-out route (planned at the placing, or now if none was), or None
        when there is none or it is lost (too few armies left on it for what it still has to take)."""
        key = (view["turn"], p)
        if self._route is None or self._route[0] != key:
            self._route = (key, best_route(info, view, p, 0))
        route = self._route[1]
        if route is None:
            return None
        owner, armies = view["owner"], view["armies"]
        left, force = remaining(route, owner, armies, p)
        step = next_attack(route, owner, armies, p, info.adj)
        if step is None or route.victim not in owner or force < GIVE_UP * left:
            self._route = (key, None)
            return None
        return step

    def _trade(self, rules: Rules, info: BoardInfo, view: State, p: int) -> Action | None:
        sets = rules.sets_in_hand(view, p)  # type: ignore[attr-defined]
        if not sets:
            return None
        owner = view["owner"]

        kinds = card_kinds(rules.board) if cards_option(as_classic(view)) == FIXED else None

        def score(cards: tuple[str, str, str]) -> float:
            wilds = sum(1 for c in cards if c not in info.index)
            bonus = any(c in info.index and owner[info.index[c]] == p for c in cards)
            worth = (
                set_worth(as_classic(view), [kinds[c] for c in cards]) if kinds is not None else 0
            )  # fixed: sets differ
            return 2.0 * bonus - wilds + worth

        best = sets[0] if self.level == "easy" else max(sets, key=score)
        a = act("trade", *best)
        return a if rules.why_illegal(view, a) is None else None

    def _attack(self, rules: Rules, info: BoardInfo, view: State, p: int) -> Action:
        owner, armies = view["owner"], view["armies"]
        if self.level == "easy":
            edge = self._easy_edge(info, owner, armies, p)
            if edge is None or self.rng.random() < self.easy_stop:
                self._blitzed = None
                # on to fortifying only to walk a stack left behind the front back to it (_fortify)
                return STOP if idle_step(info, owner, armies, p) is not None else END
            self._blitzed = edge
            return blitz_ones(info)[edge[0]][edge[1]]
        if self._for_capitals(view):
            left = (
                goal(as_classic(view)) - held(as_classic(view), p)
                if owner[hq.own_capital(view, p)] == p
                else 99
            )
            strike = hq.attack(info, view, p, left, hq.style_for(self.level))
            if strike is not None:
                f, t, keep = strike
                return act("blitz", info.ids[f], info.ids[t], keep)
        if self._knockouts(view):
            step = self._route_attack(info, view, p)
            if step is not None:
                return act("attack", info.ids[step[0]], info.ids[step[1]], min(3, armies[step[0]] - 1))
        # once per decision: both scans below read it (levels that weigh no region need none)
        # (counted again only where the position differs from this player's last attack decision's)
        tally = self._tally = (
            Tally(info, owner, armies, p, self._tally) if self.weights.plan or self.weights.tallied else None
        )
        target = target_region(info, owner, armies, p, 0, tally) if self.weights.plan else None
        # attack values read the owners, hands, conquest flag and target only: kept while those are the same
        # (the same lists: states are never changed), e.g. from one roll to the next; a region's chance of
        # being held (Weights.hold_floor) reads the armies too
        hands, key = view["hands"], (view["conquered"], target, p)
        counts = armies if self.weights.hold_floor < 1.0 else None
        last = self._values
        if (
            last is None
            or last[0] is not owner
            or last[1] is not hands
            or last[2] != key
            or last[4] is not counts
        ):
            last = self._values = (owner, hands, key, {}, counts)
        best = best_attack(info, view, p, self.weights, target, tally, last[3])
        if best is None:
            return STOP
        f, t = best
        w = self.weights
        if (
            w.opening_rounds
            and view["conquered"]
            and view["turn"] <= w.opening_rounds * len(view["players"])
            and mode_of(as_classic(view)) == WORLD
            and attack_value(info, view, p, t, w, target, tally) < w.opening_gate
        ):
            return STOP  # the opening: its card taken, no stack driven through single armies it cannot hold
        if (
            w.guard
            and view["conquered"]
            and mode_of(as_classic(view)) == WORLD
            and attack_value(info, view, p, t, w, target, tally) < w.opening_gate
            and exposed(view, p, w.guard)
        ):
            return STOP  # its card taken: no further drive while a rival could knock it out next turn
        values = last[3]
        t = steer(
            info, view, p, f, t, lambda u: values.get(u) or attack_value(info, view, p, u, w, target, tally)
        )
        if self._for_capitals(view):  # never from the own headquarters below its guard
            keep = hq.keep_home(info, view, p, f, hq.style_for(self.level))
            if keep > 1:
                return act("blitz", info.ids[f], info.ids[t], keep) if armies[f] - keep >= 2 else STOP
        if self.level == "normal":
            return blitz_ones(info)[f][t]
        if armies[t] > 5:  # a long fight: roll on, but break off once the stack is down to a third
            return act("blitz", info.ids[f], info.ids[t], max(1, round(armies[f] * 0.35)))
        return act("attack", info.ids[f], info.ids[t], min(3, armies[f] - 1))

    def _easy_edge(
        self, info: BoardInfo, owner: list[int], armies: list[int], p: int
    ) -> tuple[int, int] | None:
        """Usually the edge where it outnumbers the defender most, sometimes any edge it outnumbers."""
        margin = self.easy_margin
        if self.rng.random() < self.easy_edge:
            best, gap = None, margin - 1
            adj = info.adj
            for f in self._stacks(owner, armies, p, margin):
                af = armies[f]
                if af - gap <= 1:
                    continue
                for t in adj[f]:
                    if af - armies[t] > gap and owner[t] != p:
                        best, gap = (f, t), af - armies[t]
            return best
        options = [
            (f, t)
            for f, o in enumerate(owner)
            if o == p and armies[f] >= 2
            for t in info.adj[f]
            if owner[t] != p and armies[f] - armies[t] >= margin
        ]
        return self.rng.choice(options) if options else None

    def _stacks(self, owner: list[int], armies: list[int], p: int, margin: int) -> list[int]:
        """p's territories with more than `margin` armies, in board order. Between two of easy's attack
        decisions in a turn only its blitz has changed the board (and the move-in after it): the armies of its
        two territories and the owner of the one attacked. Checked with two list copies and comparisons (in
        C), that spares a scan of every territory in Python: only those two are looked at again."""
        last, edge = self._last_stacks, self._blitzed
        self._blitzed = None
        if last is not None and edge is not None and last[2] == p and last[3] == margin:
            last_owner, last_armies, _, _, stacks = last
            f, t = edge
            if owner[f] == p and len(armies) == len(last_armies):
                expect = last_armies.copy()
                expect[f], expect[t] = armies[f], armies[t]
                same = expect == armies
                if same and owner is not last_owner:
                    expect = last_owner.copy()
                    expect[t] = owner[t]
                    same = expect == owner
                if same:
                    stacks = [u for u in stacks if u != f and u != t]
                    if armies[f] > margin:
                        insort(stacks, f)
                    if owner[t] == p and armies[t] > margin:
                        insort(stacks, t)
                    self._last_stacks = (owner, armies, p, margin, stacks)
                    return stacks
        stacks = [f for f in range(len(owner)) if owner[f] == p and armies[f] > margin]
        self._last_stacks = (owner, armies, p, margin, stacks)
        return stacks

    def _occupy(self, rules: Rules, info: BoardInfo, view: State, p: int) -> Action:
        pend = view["pending"]
        lo, hi = pend["min"], view["armies"][pend["from"]] - 1
        if (
            self.level == "easy"
        ):  # everything, unless the conquest leads nowhere while home still borders an enemy
            return move(occupy_count(info, view, p, lo, hi, False))
        if self._for_capitals(view):
            n = hq.move_in(info, view, p, lo, hi, hq.style_for(self.level))
            if n is not None:
                return move(n)
        route = self._route[1] if self._route is not None and self._knockouts(view) else None
        if route is not None and pend["to"] in route.parent:
            return move(move_in(route, view["owner"], view["armies"], p, pend["from"], pend["to"], lo, hi))
        n = split_move(info, view["owner"], view["armies"], p, pend["from"], pend["to"], lo, hi)
        if n is not None:
            return move(n)
        return move(occupy_count(info, view, p, lo, hi, self.level == "hard"))

    def _fortify(self, rules: Rules, info: BoardInfo, view: State, p: int) -> Action:
        if self.level == "easy":
            step = idle_step(info, view["owner"], view["armies"], p)
            return END if step is None else act("fortify", info.ids[step[0]], info.ids[step[1]], step[2])
        step = hq.fortify(info, view, p, hq.style_for(self.level)) if self._for_capitals(view) else None
        step = step or fortify_move(info, view, p)
        if step is None:
            return END
        f, t, n = step
        return act("fortify", info.ids[f], info.ids[t], n)


ROUND = "round"

# the method names of the phases, spelt once (not an f-string per decision)
_HANDLERS = {
    phase: f"_{phase}" for phase in ("claim", "setup", "capital", "reinforce", "attack", "occupy", "fortify")
}
# Phases whose actions are legal as built, so choose() does not check them again (most of a game's actions):
# attack: stop/end, or from a territory of its own with 2+ armies to a neighbour it does not hold, with dice
# below its armies or a stop below them; occupy: a move between the conquest's least and most. Games at
# every level go through the checked apply in tests/ai/test_trusted_path.py and test_classic_same_games.py.
_BUILT_LEGAL = frozenset({"attack", "occupy"})
END, STOP = act("end"), act("stop")


def exposed(view: State, p: int, share: float) -> bool:
    """Whether a rival could knock p out next turn: the armies it takes to take all of p's land are below
    `share` x a rival's armies (less one a territory), income and, with three cards or more, the next set."""
    owner, armies, hands = view["owner"], view["armies"], view["hands"]
    cost = sum(take_cost(a) for o, a in zip(owner, armies, strict=True) if o == p)
    force: dict[int, float] = {}
    land: dict[int, int] = {}
    for o, a in zip(owner, armies, strict=True):
        if o >= 0 and o != p:
            force[o] = force.get(o, 0.0) + a - 1
            land[o] = land.get(o, 0) + 1
    nxt = set_value(view["sets_traded"])
    return any(
        cost < share * (f + max(3, land[q] // 3) + (nxt if len(hands[q]) >= 3 else 0))
        for q, f in force.items()
    )


def _weakest(owner: list[int], armies: list[int], p: int) -> bool:
    """Whether p has the fewest armies of the seats on the board."""
    tot: dict[int, int] = {}
    for o, a in zip(owner, armies, strict=True):
        tot[o] = tot.get(o, 0) + a
    mine = tot.pop(p, 0)
    tot.pop(-1, None)
    return mine <= min(tot.values(), default=0)


@lru_cache(maxsize=16)
def blitz_ones(info: BoardInfo) -> tuple[dict[int, Action], ...]:
    """'blitz f t 1' for every border of the board, made once (actions are frozen): blitz_ones(info)[f][t], the
    easy and normal players' most frequent action."""
    return tuple(
        {t: Action("blitz", (info.ids[f], info.ids[t], 1)) for t in info.adj[f]} for f in range(info.n)
    )


@cache
def move(n: int) -> Action:
    """'move n', made once per n (actions are frozen; moving in is every conquest's second action)."""
    return act("move", n)


Player = ClassicPlayer
