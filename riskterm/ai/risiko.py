"""Computer players for RisiKo! Più (riskterm.rules.risiko): the generic player's reading of the legal
actions, plus (hard, and half of it for normal) what this rulebook rewards: a fortress that falls puts its
owner out, so guard your own fortress and strike at others' when the (two-dice) odds allow; Empires count
towards the goal, so complete them and break others'.

Above easy, the fortress keeps a garrison matching the threat around it (`garrison_need`): no conquest move,
manoeuvre, Admiral landing, attack or redistribution takes it below that."""

from __future__ import annotations

from functools import cache

from riskterm.ai.board_info import BoardInfo, board_info, win_chance
from riskterm.ai.core.evaluators import risiko_win
from riskterm.ai.generic import GenericPlayer
from riskterm.ai.group_easy import choose_on_territories
from riskterm.ai.risiko_easy import choose_easy
from riskterm.board import Board
from riskterm.engine.actions import Action, ActionGroup, flatten
from riskterm.engine.state import State
from riskterm.rules.base import Rules
from riskterm.rules.risiko.cards import kind_of, next_track_value, seat_of, track_value
from riskterm.rules.risiko.geography import coastal, sea_route
from riskterm.rules.risiko.setup import deploy_size

DEPLOY_FORT = 0.5  # set-up: the fortress's share of the armies placed beyond one per territory
DEPLOY_SPREAD = 0.8  # set-up: placing five on a border, per share of the enemy armies next to it it cannot match


def my_fortress(view: State, p: int) -> int | None:
    forts = view.get("fortress") or []
    f = forts[p] if p < len(forts) else None
    return f if isinstance(f, int) and (view.get("owner") or [])[f] == p else None


def garrison_need(info: BoardInfo, view: State, p: int, share: float = 1.0, sea: bool = False) -> int:
    """Armies our fortress should hold: the enemy armies next to it, or most of the biggest enemy stack
    within two steps, and at least 4 (times `share`, the level's caution). With `sea`, also most of the
    biggest enemy stack the flagship could bring (sea_threat)."""
    f = my_fortress(view, p)
    if f is None:
        return 0
    owner, armies = view["owner"], view["armies"]
    near = {u for v in info.adj[f] for u in (v, *info.adj[v])} - {f}
    adjacent = sum(armies[u] for u in info.adj[f] if owner[u] not in (p, -1))
    biggest = max((armies[u] for u in near if owner[u] not in (p, -1)), default=0)
    if sea:
        biggest = max(biggest, sea_threat(info, view, p, f))
    return max(2, round(share * max(4.0, 0.8 * adjacent, 0.8 * biggest)))


def admiral_chance(view: State, q: int) -> float:
    """The chance that seat q holds an Admiral, from the number of its cards alone (6 of the 48; 'Admiral:
    allows you to attack an enemy territory at sea with the flagship')."""
    hands = view.get("hands") or []
    n = len(hands[q]) if q < len(hands) else 0
    return 1.0 - (42 / 48) ** n


def sea_threat(info: BoardInfo, view: State, p: int, t: int) -> float:
    """The biggest enemy stack that could sail to territory t with the flagship ('Embark on the flagship as
    many armies as you wish from one of your sea territories'), times the chance its owner holds an Admiral;
    0 for an inland territory."""
    b = info.board
    if not coastal(b, t):
        return 0.0
    owner, armies = view["owner"], view["armies"]
    best = 0.0
    for u in _coasts(b):
        q = owner[u]
        if q in (p, -1) or armies[u] < 2 or u == t or not sea_route(b, u, t):
            continue
        best = max(best, armies[u] * admiral_chance(view, q))
    return best


@cache
def _coasts(board: Board) -> tuple[int, ...]:
    return tuple(t for t in range(len(board.territories)) if coastal(board, t))


class RisikoPlayer(GenericPlayer):
    guard_weight = 3.0  # placing on our fortress, per share of the garrison it still needs
    strike_weight = 2.5  # attacking an enemy fortress, per point of chance above 0.4
    caution = {"normal": 1.0, "hard": 1.0}  # share of the garrison need each level keeps
    # hard's own reading of the game (normal plays as before): "odds" RisiKo's dice (the defender rolls up
    # to 3, both 2 at a fortress) for every attack, retreat and strike; "admiral" the flagship judged by the
    # armies it carries; "cards" the General in every attack and the Marshal in every defence
    hard_play: dict[str, bool] = {"odds": True, "admiral": True, "cards": True, "sea": False, "inland": False,
                                  "hidden": True, "diplomat": False, "spy": True}
    hard_bar = 0.55  # hard attacks at a chance above this (normal's bar, on classic odds)
    hard_reveal = 8  # hard reveals its Hidden Armies in any attack once the track gives this many
    hard_reinforce = "early"  # "" as normal, "early" (first thing in a turn) or "hold" (see _reinforce_score)
    SPY_DISCARD = {"reinforcement": 0.9, "admiral": 0.8, "marshal": 0.6, "general": 0.5, "diplomat": 0.4,
                   "spy": 0.3}

    def choose(self, rules: Rules, view: State, seat: int) -> Action:
        self.verified = False  # (set again by the choice that checks its action)
        if self.level == "easy" and view.get("phase") == "deploy":  # easy too places one turn's five
            return choose_on_territories(self, rules, view, seat, deploy_choices(view, seat, rules.legal_groups(view)))
        if self.level == "easy":  # one random draw per group of actions, not per action (issue 17)
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
        need = garrison_need(info, view, seat, share, self._sea())
        have = view["armies"][f]
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

    def _fight_chance(self, view: State, armies: list[int]) -> float:
        fight = view.get("attack")
        if self.level != "hard" or not self.hard_play["odds"] or not isinstance(fight, dict):
            return super()._fight_chance(view, armies)
        t = fight["to"]
        att = fight["ship"] if fight.get("admiral") else armies[fight["from"]] - 1
        return risiko_win(int(att), armies[t], t in (view.get("fortress") or []))

    def _sea(self) -> bool:
        return self.level == "hard" and self.hard_play["sea"]

    def _hard_score(self, info: BoardInfo, view: State, p: int, a: Action) -> float | None:
        """Hard's own scores (see hard_play), None where it scores as normal does."""
        kind, play = a.kind, self.hard_play
        if play["cards"] and kind == "general":
            return 0.7  # above any roll: the General only goes when beaten, which costs the card alone
        if play["cards"] and kind == "marshal":
            return 0.7
        if play["spy"] and kind == "discard":
            return self.SPY_DISCARD.get(kind_of(a.args[0]), 0.2)
        if self.hard_reinforce and kind == "reinforce":
            return self._reinforce_score(info, view, p)
        if play["diplomat"] and kind == "diplomat":
            return self._truce_score(info, view, p, a)
        if play["inland"] and kind == "fortress":
            t = info.index[str(a.args[0])]
            r = info.region_of[t]
            outside = sum(1 for u in info.adj[t] if info.region_of[u] != r)
            return 1.0 - 0.2 * outside - (0.6 if coastal(info.board, t) else 0.0)
        if play["hidden"] and kind in ("hide", "reveal"):
            return self._hidden_score(info, view, p, a)
        if kind not in ("attack", "admiral") or not (play["odds"] or play["admiral"] and kind == "admiral"):
            return None
        owner: list[int] = view["owner"]
        armies: list[int] = view["armies"]
        terrs = [info.index[x] for x in a.args if isinstance(x, str) and x in info.index]
        if len(terrs) != 2 or owner[terrs[1]] in (p, -1):
            return None
        f, t = terrs
        force = int(a.args[-1]) if kind == "admiral" and play["admiral"] else armies[f] - 1
        forts = view.get("fortress") or []
        fort = t in forts
        if kind == "attack" and play["hidden"] and self._reveal_worth(info, view, p, f, fort):
            force += track_value(info.board, view)
        if play["odds"]:
            chance = risiko_win(force, armies[t], fort)
        else:
            chance = win_chance(force, armies[t] + 1 if fort else armies[t])
        score = (min(chance, 0.97) - self.hard_bar) * 2.0 + 0.3 * info.region_value[info.region_of[t]]
        if kind == "admiral":
            score -= 0.002 * force  # of two sure landings, the one that leaves the port its armies
        if fort:
            return score + self.strike_weight * (chance - 0.4)
        mine = forts[p] if p < len(forts) else None
        if f == mine and kind == "attack":
            return score - 1.0
        return score

    def _strike(self, info: BoardInfo, view: State, q: int, p: int) -> int:
        """The armies seat q could bring against p's fortress: its biggest stack next to it (or able to
        sail to it, as likely as q holds an Admiral)."""
        f = my_fortress(view, p)
        if f is None:
            return 0
        owner, armies = view["owner"], view["armies"]
        land = max((armies[u] for u in info.adj[f] if owner[u] == q), default=0)
        if coastal(info.board, f):
            land = max(land, round(max((armies[u] for u in _coasts(info.board) if owner[u] == q
                                        and sea_route(info.board, u, f)), default=0) * admiral_chance(view, q)))
        return land

    def _reinforce_score(self, info: BoardInfo, view: State, p: int) -> float:
        if self.hard_reinforce == "early":
            return 1.2
        nxt = next_track_value(info.board, view) or 0
        f = my_fortress(view, p)
        owner, armies, forts = view["owner"], view["armies"], view.get("fortress") or []
        if nxt >= 8 or (f is not None and armies[f] < garrison_need(info, view, p, 1.0, self._sea())):
            return 1.2
        for t in forts:
            if not isinstance(t, int) or owner[t] in (p, -1):
                continue
            for u in info.adj[t]:
                if owner[u] == p and risiko_win(armies[u] - 1 + nxt, armies[t], True) > 0.5:
                    return 1.2
        return -0.5

    def _truce_score(self, info: BoardInfo, view: State, p: int, a: Action) -> float:
        """A Diplomat on the seat most able to take our fortress ('You may not attack a player ... and that
        player ... may not attack you'), when that chance is worth a card; otherwise keep it."""
        q = seat_of(a.args[1], len(view["players"]))
        f = my_fortress(view, p)
        if q is None or f is None:
            return -0.5
        chance = risiko_win(self._strike(info, view, q, p) - 1, view["armies"][f], True)
        return 1.0 + chance if chance >= 0.15 else -0.5

    def _reveal_worth(self, info: BoardInfo, view: State, p: int, t: int, fortress: bool) -> bool:
        """Whether our unused Hidden Armies on t are worth using in an attack from t now: on a fortress, or
        once the track gives 8 or more."""
        hidden = view.get("hidden") or []
        mine = hidden[p] if p < len(hidden) else []
        if not any(h["territory"] == info.ids[t] and not h["used"] for h in mine):
            return False
        value = track_value(info.board, view)
        return value > 0 and (fortress or value >= self.hard_reveal)

    def _hidden_score(self, info: BoardInfo, view: State, p: int, a: Action) -> float | None:
        owner, forts = view["owner"], view.get("fortress") or []
        t = info.index[str(a.args[0])]
        if a.kind == "hide":  # next to an enemy fortress to strike from, else next to our own
            if owner[t] != p:
                return None
            if any(u in forts and owner[u] not in (p, -1) for u in info.adj[t]):
                return 1.5 + 0.01 * view["armies"][t]
            if my_fortress(view, p) in info.adj[t]:
                return 1.0
            return None
        fight = view.get("attack") or {}
        value = track_value(info.board, view)
        if view.get("phase") == "battle":
            return 0.9 if self._reveal_worth(info, view, p, t, fight.get("to") in forts) else -1.0
        chance = self._fight_chance(view, view["armies"])  # defending t
        near_fort = my_fortress(view, p) in info.adj[t]
        return 0.9 if chance >= 0.3 and (value >= 6 or near_fort) else -1.0

    def score(self, info: BoardInfo, view: State, p: int, a: Action) -> float:
        if self.level == "hard":
            mine = self._hard_score(info, view, p, a)
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
        if kind == "occupy" and isinstance(fight, dict) and fight.get("from") == mine and not fight.get("admiral"):
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
                need = max(6.0, garrison_need(info, view, p, self.caution.get(self.level, 1.0), self._sea()))
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
    owner, armies = view["owner"], view["armies"]
    own = [a for t, a in enumerate(armies) if owner[t] == p]
    return 1.0 + DEPLOY_FORT * (sum(own) - len(own) + int(view["to_place"][p]))


def deploy_spread(info: BoardInfo, view: State, p: int, t: int) -> float:
    """The pull of a set-up placing on t: the enemy armies next to it it does not yet match, as a share."""
    owner, armies = view["owner"], view["armies"]
    danger = sum(armies[u] for u in info.adj[t] if owner[u] not in (p, -1))
    return DEPLOY_SPREAD * danger / (danger + armies[t]) if danger else 0.0


Player = RisikoPlayer
