"""RisiKo! Più hard's own reading of the game (RisikoPlayer.hard_play): the rulebook's
dice in its odds, the flagship judged by the armies aboard, the General and Marshal in every fight, the Hidden
Armies placed and used to strike a fortress, the Spy's choice. Normal plays as before (tests/ai pins)."""

from __future__ import annotations

from riskterm.ai import make_player
from riskterm.ai.core.board_info import board_info
from riskterm.ai.risiko import RisikoPlayer
from riskterm.ai.risiko.garrison import my_fortress
from riskterm.ai.simulate import house_defaults
from riskterm.engine.actions import Action
from riskterm.engine.state import State
from riskterm.rules import find_variant
from riskterm.rules.risiko.geography import coastal, sea_route

RULES = find_variant("risiko")
INFO = board_info(RULES.board)
IDS = RULES.board.ids


def started(seed: int = 3) -> State:
    """A quick-start game at its first main phase (the Hidden Armies chosen by normal players)."""
    s, _ = RULES.new_game(
        ["A", "B", "C", "D"], seed=seed, options=house_defaults(RULES) | {"quick_start": True}
    )
    players = [make_player("risiko", "normal", i) for i in range(4)]
    while s["phase"] != "main":
        seat = RULES.actor(s)
        s = RULES.apply(s, players[seat].choose(RULES, RULES.view(s, seat), seat)).state
    return s


def border(s: State, p: int, fortress: bool = False, sea: bool = False) -> tuple[int, int]:
    """An enemy territory t (a fortress or not) and a territory f next to it (by sea: both coastal, on the
    same water, not adjacent) that is not a fortress, handed to p."""
    forts = s["fortress"]
    b = RULES.board
    for t, o in enumerate(s["owner"]):
        if o in (p, -1) or (t in forts) != fortress or (sea and not coastal(b, t)):
            continue
        near = (
            [
                f
                for f in range(len(s["owner"]))
                if coastal(b, f) and f not in INFO.adj[t] and sea_route(b, f, t)
            ]
            if sea
            else list(INFO.adj[t])
        )
        for f in near:
            if f not in forts and f != t:
                s["owner"][f] = p
                return f, t
    raise AssertionError("no such border in this game")


def hard_choice(s: State) -> Action:
    seat = RULES.actor(s)
    return make_player("risiko", "hard", 5).choose(RULES, RULES.view(s, seat), seat)


def test_hard_judges_attacks_by_risiko_dice():
    """risiko-piu.txt, Attack: 'Each battle may be fought, both in attack and in defence, with a maximum of
    three armies' (and 'when a fortress is attacked, no more than 2 dice may be played'): ten against ten is
    a poor attack when the defender rolls three dice (about 1 in 5), which normal, reading the classic
    two-dice defence, scores as an even fight."""
    s = started()
    p = s["current"]
    f, t = border(s, p)
    s["armies"][f], s["armies"][t] = 11, 10
    a = Action("attack", (IDS[f], IDS[t]))
    hard = RisikoPlayer("hard", 0).score(INFO, s, p, a)
    normal = RisikoPlayer("normal", 0).score(INFO, s, p, a)
    assert hard < 0.0 < normal and normal - hard > 0.5, (hard, normal)
    s["armies"][t] = 2
    assert RisikoPlayer("hard", 0).score(INFO, s, p, a) > 0.5


def test_hard_sends_the_flagship_full():
    """Admiral: 'Embark on the flagship as many armies as you wish from one of your sea territories, leaving
    at least one army as a garrison.' Hard's best landing carries armies enough to win, not one."""
    s = started()
    p = s["current"]
    f, t = border(s, p, sea=True)
    s["armies"][f], s["armies"][t] = 12, 3
    s["hands"][p] = ["admiral1"]
    view = RULES.view(s, p)
    sails = [a for a in RULES.legal_actions(view) if a.kind == "admiral" and a.args[1:3] == (IDS[f], IDS[t])]
    best = RisikoPlayer("hard", 0).ranked(RULES, view, p, sails)[0]
    assert best.args[3] >= 6, best


def test_hard_plays_the_general_and_the_marshal():
    """General: 'increases the highest score obtained with the dice by 1 ... If at the end of the attack your
    General has not been eliminated, you may take it back'; Marshal: the same 'ONLY in DEFENCE'. Hard plays
    them in every battle (a card lost only when beaten)."""
    s = started()
    p = s["current"]
    f, t = border(s, p)
    q = s["owner"][t]
    s["armies"][f], s["armies"][t] = 8, 3
    s["hands"][p], s["hands"][q] = ["general1"], ["marshal1"]
    s = RULES.apply(s, Action("attack", (IDS[f], IDS[t]))).state
    assert hard_choice(s) == Action("general", ("general1",))
    s = RULES.apply(s, Action("roll", (3,))).state
    assert s["phase"] == "defend" and RULES.actor(s) == q
    assert hard_choice(s) == Action("marshal", ("marshal1",))


def test_hard_hides_its_armies_next_to_an_enemy_fortress():
    """Hidden Armies 'may be used ONCE ONLY ... to launch an attack from that territory ... The longer the
    Hidden Armies remain hidden, the greater their number may be': hard hides them on a territory of its own
    next to an enemy fortress, to strike it from there."""
    for seed in range(20):  # a game where the seat to hide holds a territory next to an enemy fortress
        s, _ = RULES.new_game(
            ["A", "B", "C", "D"], seed=seed, options=house_defaults(RULES) | {"quick_start": True}
        )
        p = RULES.actor(s)
        if any(
            s["owner"][t] == p and any(u in s["fortress"] and s["owner"][u] != p for u in INFO.adj[t])
            for t in range(len(s["owner"]))
        ):
            break
    assert s["phase"] == "hide"
    a = hard_choice(s)
    t = RULES.board.index[a.args[0]]
    assert a.kind == "hide" and s["owner"][t] == p
    assert any(u in s["fortress"] and s["owner"][u] != p for u in INFO.adj[t]), a


def test_hard_reveals_its_hidden_armies_against_a_fortress():
    """'place on the board a number of armies equal to the number shown above the last Reinforcement card
    played': attacking an enemy fortress from their territory, hard reveals them."""
    s = started()
    p = s["current"]
    f, t = border(s, p, fortress=True)
    s["armies"][f], s["armies"][t] = 6, 5
    s["hidden"][p] = [{"territory": IDS[f], "used": False, "from": p}]
    s["track"] = ["reinforcement1", "reinforcement2"]
    s = RULES.apply(s, Action("attack", (IDS[f], IDS[t]))).state
    assert hard_choice(s) == Action("reveal", (IDS[f],))


def test_hard_spy_eliminates_a_reinforcement():
    """Spy: 'spy on ALL the cards held by one opposing player, and then eliminate ONE of them of your
    choice': hard takes away the Reinforcement card (armies for their next turn) before any other."""
    s = started()
    p = s["current"]
    q = next(x for x in range(4) if x != p)
    s["hands"][q] = ["general1", "diplomat1", "reinforcement1", "spy2"]
    s["spy"] = {"by": p, "target": q, "card": "spy1", "stage": "choose"}
    s["phase"], s["actor"] = "spy_choose", p
    assert hard_choice(s) == Action("discard", ("reinforcement1",))
    assert my_fortress(s, p) is not None


def test_hard_plays_its_reinforcements_first():
    """'Play the Reinforcement cards BEFORE launching the first attack of your turn': hard plays its
    Reinforcement card first thing in its main phase (armies now, where the search places them), before any
    attack, however good."""
    s = started()
    p = s["current"]
    f, t = border(s, p)
    s["armies"][f], s["armies"][t] = 12, 1
    s["hands"][p] = ["reinforcement1", "general1"]
    assert hard_choice(s) == Action("reinforce", ("reinforcement1",))
    normal = make_player("risiko", "normal", 5)
    assert normal.choose(RULES, RULES.view(s, p), p).kind == "attack"
