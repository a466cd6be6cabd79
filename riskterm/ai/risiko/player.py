"""Computer players for RisiKo! Più (riskterm.rules.risiko): the generic player's reading of the legal
actions, plus (hard, and half of it for normal) what this rulebook rewards: a fortress that falls puts its
owner out, so guard your own fortress and strike at others' when the (two-dice) odds allow; Empires count
towards the goal, so complete them and break others'.

Above easy, the fortress keeps a garrison matching the threat around it (`garrison_need`): no conquest move,
manoeuvre, Admiral landing, attack or redistribution takes it below that (riskterm.ai.risiko.garrison). Hard
also scores what normal misreads its own way (riskterm.ai.risiko.hard)."""

from __future__ import annotations

from collections.abc import Mapping

from riskterm.ai.core.board_info import BoardInfo, board_info, win_chance
from riskterm.ai.core.generic import GenericPlayer, ShapeWords
from riskterm.ai.core.grouped import choose_on_territories
from riskterm.ai.risiko.easy import choose_easy
from riskterm.ai.risiko.garrison import garrison_need, my_fortress
from riskterm.ai.risiko.hard import fight_chance, hard_score
from riskterm.engine.actions import Action, ActionGroup, flatten
from riskterm.engine.state import State
from riskterm.rules.base import Rules
from riskterm.rules.headless import legal_groups
from riskterm.rules.risiko import RisikoRules
from riskterm.rules.risiko.setup import deploy_size

DEPLOY_FORT = 0.5  # set-up: the fortress's share of the armies placed beyond one per territory
DEPLOY_SPREAD = (
    0.8  # set-up: placing five on a border, per share of the enemy armies next to it it cannot match
)


class RisikoPlayer(GenericPlayer):
    words = ShapeWords(
        ends=frozenset(RisikoRules.headless.end_kinds),
        more=frozenset({"roll", "defend", "occupy", "move", "garrison"}),
        retreats=frozenset({"retreat"}),
        fights=("attack", "pending"),
        cards={
            "general": 0.5,
            "marshal": 0.5,
            "reinforce": 0.45,
            "reveal": 0.35,
            "block": 0.4,
            "admiral": 0.2,
            "spy": 0.15,
            "diplomat": 0.1,
            "allow": 0.2,
            "discard": 0.2,
        },
    )
    guard_weight = 3.0  # placing on our fortress, per share of the garrison it still needs
    strike_weight = 2.5  # attacking an enemy fortress, per point of chance above 0.4
    caution = {"normal": 1.0, "hard": 1.0}  # share of the garrison need each level keeps
    # hard's own reading of the rulebook, switch by switch (riskterm.ai.risiko.hard; normal plays as before)
    hard_play: dict[str, bool] = {
        "odds": True,
        "admiral": True,
        "cards": True,
        "hidden": True,
        "spy": True,
        "reinforce": True,
    }
    hard_bar = 0.55  # hard attacks at a chance above this (normal's bar, on classic odds)
    hard_reveal = 8  # hard reveals its Hidden Armies in any attack once the track gives this many

    def choose(self, rules: Rules, view: State, seat: int) -> Action:
        self.verified = False  # (set again by the choice that checks its action)
        if self.level == "easy" and view.get("phase") == "deploy":  # easy too places one turn's five
            return choose_on_territories(
                self, rules, view, seat, deploy_choices(view, seat, legal_groups(rules, view))
            )
        if self.level == "easy":  # one random draw per group of actions, not per action
            return choose_easy(self, rules, view, seat)
        return super().choose(rules, view, seat)

    def allowed(self, rules: Rules, view: State, seat: int, actions: list[Action]) -> list[Action]:
        if view.get("phase") == "deploy":
            return deploy_steps(view, seat, actions)
        share = self.caution.get(self.level)
        f = my_fortress(view, seat)
        if share is None or f is None:
            return actions
        info = board_info(rules.board)
        need = garrison_need(info, view, seat, share)
        have: int = view["armies"][f]
        idx = info.index

        def keeps(a: Action) -> bool:
            k, args = a.kind, a.args
            if k == "occupy":
                pend = view.get("pending") or {}
                if pend.get("from") != f:
                    return True
                return have - (int(args[0]) - int(pend.get("min", 0))) >= need
            if k in ("move", "admiral"):
                src = args[1] if k == "admiral" else args[0]
                return idx.get(str(src)) != f or have - int(args[-1]) >= need
            if k == "garrison":
                return idx.get(str(args[0])) != f or have - 1 >= need
            if k == "attack":  # the battle may cost up to three armies before we can stop
                return idx.get(str(args[0])) != f or have - 3 >= need
            return True

        return [a for a in actions if keeps(a)]

    def _attackers(self, fight: Mapping[str, int], armies: list[int]) -> int | None:
        """A flagship attack's armies are those on board (the ship), not the port's."""
        return fight.get("ship") if fight.get("admiral") else armies[fight["from"]] - 1

    def _fight_chance(self, view: State, armies: list[int]) -> float:
        chance = fight_chance(view, armies) if self.level == "hard" and self.hard_play["odds"] else None
        return super()._fight_chance(view, armies) if chance is None else chance

    def score(self, info: BoardInfo, view: State, p: int, a: Action) -> float:
        if self.level == "hard":
            mine = hard_score(self, info, view, p, a)
            if mine is not None:
                return mine
        base = super().score(info, view, p, a)
        if self.level == "easy":
            return base
        weight = 1.0 if self.level == "hard" else 0.5
        owner: list[int] = view.get("owner") or []
        armies: list[int] = view.get("armies") or []
        forts = [f for f in (view.get("fortress") or []) if isinstance(f, int)]
        mine = (view.get("fortress") or [None] * (p + 1))[p] if p < len(view.get("fortress") or []) else None
        terrs = [info.index[x] for x in a.args if isinstance(x, str) and x in info.index]
        kind = a.kind
        fight = view.get("attack")
        if (
            kind == "occupy"
            and isinstance(fight, dict)
            and fight.get("from") == mine
            and not fight.get("admiral")
        ):
            nums = [x for x in a.args if isinstance(x, int)]  # leave the fortress its garrison
            return 0.3 - weight * 0.1 * (max(nums) if nums else 0)
        if not terrs or not owner:
            return base
        if kind == "fortress":  # a fortress far from the borders of its Empire
            t = terrs[0]
            r = info.region_of[t]
            outside = sum(1 for u in info.adj[t] if info.region_of[u] != r)
            return 1.0 - 0.2 * outside
        if len(terrs) >= 2 and kind in ("attack", "admiral"):
            t = terrs[-1] if kind == "admiral" else terrs[1]
            if t in forts and owner[t] not in (p, -1):
                f = terrs[0] if kind == "attack" else terrs[0]
                chance = win_chance(max(armies[f] - 1, 0), armies[t] + 1)  # two dice only: count it harder
                return base + weight * self.strike_weight * (chance - 0.4)
            if terrs[0] == mine:  # attacking out of our own fortress empties it
                return base - weight * 1.0
            return base
        if kind == "move" and len(terrs) >= 2 and terrs[0] == mine:
            return base - weight * 1.0
        if kind in ("place", "garrison") and terrs and owner[terrs[-1]] == p:
            t = terrs[-1]
            deploy = view.get("phase") == "deploy"
            bonus = deploy_spread(info, view, p, t) if deploy else 0.0
            if t == mine:  # a garrison against the biggest enemy stack within two steps
                need = max(6.0, garrison_need(info, view, p, self.caution.get(self.level, 1.0)))
                if deploy:  # the set-up's stacks are still to come: a share of the whole set-up's armies
                    need = max(need, deploy_garrison(view, p))
                bonus += self.guard_weight * max(0.0, need - armies[t]) / need
            if any(u in forts and owner[u] not in (p, -1) for u in info.adj[t]):
                bonus += 0.3
            return base + weight * bonus
        return base


def deploy_steps(view: State, p: int, actions: list[Action]) -> list[Action]:
    """Set-up placing as the rulebook plays it: 'each player, on their turn, places 5 armies on any one of
    the territories they occupy' (Setup, step 4), so one turn's five at a time, never a whole reserve on one
    territory (the several-fives-at-once shortcut would stack it blind to what the others place meanwhile)."""
    step = deploy_size(view, p)
    return [a for a in actions if a.kind != "place" or a.args[-1] == step] or actions


def deploy_choices(view: State, p: int, groups: list[ActionGroup]) -> list[Action]:
    """deploy_steps(view, p, flatten(groups)), building only the actions it keeps (the set-up is most of
    a RisiKo game's decisions: one per five armies)."""
    if any(g.kind != "place" for g in groups):
        return deploy_steps(view, p, flatten(groups))
    step = (deploy_size(view, p),)
    return [Action("place", g.head + step) for g in groups if step in g.tails] or flatten(groups)


def deploy_garrison(view: State, p: int) -> float:
    """The fortress's share of the set-up: DEPLOY_FORT of the armies placed beyond one per territory (those
    placed and those still to place), plus its own one."""
    owner: list[int] = view["owner"]
    armies: list[int] = view["armies"]
    own = [a for t, a in enumerate(armies) if owner[t] == p]
    return 1.0 + DEPLOY_FORT * (sum(own) - len(own) + int(view["to_place"][p]))


def deploy_spread(info: BoardInfo, view: State, p: int, t: int) -> float:
    """The pull of a set-up placing on t: the enemy armies next to it it does not yet match, as a share."""
    owner, armies = view["owner"], view["armies"]
    danger = sum(armies[u] for u in info.adj[t] if owner[u] not in (p, -1))
    return DEPLOY_SPREAD * danger / (danger + armies[t]) if danger else 0.0


Player = RisikoPlayer
