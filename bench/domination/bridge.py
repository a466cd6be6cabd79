"""One riskterm classic player (easy/normal/hard) against three Domination computer players, in Domination's
own engine (DomBridge.java drives net.yura.domination.engine.Risk; the riskterm seat is its "human" seat).

For each decision of the riskterm seat the JVM sends Domination's game state as JSON; this script translates it
into a riskterm classic state (the public API: find_variant("classic"), rules.view, make_player(...).choose),
asks the riskterm player, and answers with one Domination command. Domination's engine referees: a refused
command is counted ("refused") and replaced by a safe one. Domination's territory ids 1..42 are riskterm's board
order (checked against risk.map by `check`), and the two decks' card kinds are the same.

    DOMINATION_DIR=<domination checkout> RISKTERM_DIR=<riskterm checkout> BRIDGE_BUILD=<build dir> \\
        python3 bridge.py check
    ... python3 bridge.py match hard hard 40 1000 [turn_cap] [out.jsonl]   # riskterm level, Domination level
    ... python3 bridge.py match dom-hard hard 40 1000 ...   # control: Domination's hard player in the seat
"""

import json
import os
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
if os.environ.get("RISKTERM_DIR"):
    sys.path.insert(0, os.environ["RISKTERM_DIR"])

from riskterm.ai import make_player  # noqa: E402
from riskterm.ai.simulate import house_defaults, player_seed  # noqa: E402
from riskterm.engine.cards import set_value  # noqa: E402
from riskterm.rules import PlayerSetup, find_variant  # noqa: E402
from riskterm.rules.classic.board import card_kinds  # noqa: E402

DOM = os.environ.get("DOMINATION_DIR", "")
BUILD = os.environ.get("BRIDGE_BUILD", os.path.join(HERE, "build"))
MAPS = os.path.join(DOM, "game", "Domination", "maps")
# The board riskterm's player thinks on: by default Domination's own risk.map, imported by riskterm's own
# importer (riskterm.board.loader.load_board_file), so its borders are the ones Domination's engine plays
# (risk.map has no Iceland-Scandinavia and no Great Britain-Scandinavia border); BRIDGE_BOARD=classic: riskterm's
# own classic board (its two extra borders then give refused commands).
BOARD_MODE = os.environ.get("BRIDGE_BOARD", "domination")
if BOARD_MODE == "classic":
    RULES = find_variant("classic")
else:
    from riskterm.board.loader import load_board_file  # noqa: E402

    RULES = find_variant("classic", load_board_file(os.path.join(MAPS, "risk.map")))
CLASSIC = find_variant("classic")
BOARD = RULES.board
OPTIONS = house_defaults(RULES)
CARDS = os.environ.get("BRIDGE_CARDS", "increasing")  # "fixed": both engines on fixed set values
if CARDS == "fixed":
    OPTIONS["cards"] = "fixed"
TEMPLATE = RULES.new_game([PlayerSetup(f"P{i}") for i in range(4)], 1, OPTIONS)[0]
KINDS = card_kinds(BOARD)
DOM_KIND = {"Infantry": "infantry", "Cavalry": "cavalry", "Cannon": "artillery", "wildcard": "wild"}
SETS = {set_value(n): n for n in range(60)}
NT = len(BOARD.territories)


def start_jvm():
    """The JVM's stderr goes to $BRIDGE_JVM_LOG (appended) or nowhere: an unread pipe could fill and stall it."""
    err = open(os.environ.get("BRIDGE_JVM_LOG", os.devnull), "a")
    return subprocess.Popen(
        java_cmd(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, text=True, bufsize=1
    )


def java_cmd():
    cp = os.pathsep.join(
        [
            os.path.join(BUILD, "bridge"),
            os.path.join(BUILD, "domination"),
            os.path.join(DOM, "src"),
            os.path.join(BUILD, "res"),
        ]
    )
    return ["java", "-Xss64m", "-cp", cp, "DomBridge", MAPS]


def check():
    """Domination's risk.map against riskterm's classic board: names, borders, continent bonuses; card kinds."""
    text = open(os.path.join(MAPS, "risk.map")).read().splitlines()
    sec, names, borders, bonus = None, {}, set(), []
    for line in text:
        line = line.split(";")[0].strip()
        if not line:
            continue
        if line.startswith("["):
            sec = line
            continue
        w = line.split()
        if sec == "[continents]":
            bonus.append(int(w[1]))
        elif sec == "[countries]":
            names[int(w[0])] = w[1].lower().replace("-", "_")
        elif sec == "[borders]":
            a = int(w[0])
            borders |= {frozenset((a - 1, int(b) - 1)) for b in w[1:]}
    CB = CLASSIC.board
    rt_names = [CB.tid(i) for i in range(NT)]
    name_diff = [(i + 1, names[i + 1], rt_names[i]) for i in range(NT) if names[i + 1] != rt_names[i]]
    rt_b = {frozenset((a, b)) for a in range(NT) for b in CB.adj[a]}
    used_b = {frozenset((a, b)) for a in range(NT) for b in BOARD.adj[a]}
    cards = {}
    for line in open(os.path.join(MAPS, "risk.cards")):
        w = line.split()
        if len(w) == 2 and w[1].isdigit() and w[0] in DOM_KIND:
            cards[int(w[1])] = DOM_KIND[w[0]]
    kind_diff = [i for i in cards if cards[i] != card_kinds(CB)[CB.tid(i - 1)]]
    used_kind_diff = [i for i in cards if cards[i] != KINDS[BOARD.tid(i - 1)]]
    return {
        "board_used": BOARD_MODE,
        "used_board_borders_equal": used_b == borders,
        "used_board_card_kinds_equal": not used_kind_diff,
        "name_diff": name_diff,
        "only_domination": [[CB.tid(i) for i in e] for e in borders - rt_b],
        "only_riskterm": [[CB.tid(i) for i in e] for e in rt_b - borders],
        "bonus_domination": bonus,
        "bonus_riskterm": [r.bonus for r in BOARD.regions],
        "card_kind_diff": kind_diff,
        "wilds_domination": sum(
            1 for w in open(os.path.join(MAPS, "risk.cards")) if w.split()[:1] == ["wildcard"]
        ),
    }


class Seat:
    """The riskterm player in Domination's "human" seat for one game."""

    def __init__(self, level, seed, slot):
        self.rt = seat_player(level, player_seed(seed, slot))
        tune(self.rt)
        self.plan = None  # the attack being rolled: ("once", dice, rolled) or ("blitz", stop)
        self.skip_fortify = False
        self.mid_trade = False
        self.decisions = 0
        self.seconds = 0.0
        self.refused = 0
        self.late_trade = 0
        self.fallbacks = 0
        self.unexpected = 0
        self.rt_illegal = 0
        self.last = None
        self.seen_turn = -1
        self.trace = []  # one snapshot a turn of ours (BRIDGE_TRACE)
        self.followed = None  # the knock-out route of the last attack decision (traces only)

    # ------------------------------------------------------------------ translation
    def hand(self, j):
        """Domination's cards as riskterm card ids (same kinds: the territory's own card), and the way back."""
        out, back, wild = [], {}, 0
        for cid, _kind in j["hand"]:
            if cid == 0:
                rid = ("wild1", "wild2", "wild3")[wild]
                wild += 1
                back[rid] = "wildcard"
            else:
                rid = BOARD.tid(cid - 1)
                back[rid] = str(cid)
            out.append(rid)
        return out, back

    def state(self, j, phase, **kw):
        me = j["me"]
        s = dict(TEMPLATE)
        players = [dict(p) for p in s["players"]]
        for i in range(4):
            players[i]["out"] = bool(j["setup"]) and j["nterr"][i] == 0
        hand, back = self.hand(j)
        hands = [["?"] * j["ncards"][i] for i in range(4)]
        hands[me] = hand
        rest = [c for c in TEMPLATE["deck"] if c not in hand]
        s.update(
            players=players,
            owner=list(j["owner"]),
            armies=list(j["armies"]),
            hands=hands,
            deck=rest[: j["deck"]],
            discard=rest[j["deck"] : j["deck"] + j["used"]],
            sets_traded=SETS.get(j["next_set"], 0),
            phase=phase,
            actor=me,
            current=me,
            turn=j["turns"] + 1 if j["setup"] else 0,
            to_place=list(j["extra"]),
            reserve=0,
            conquered=bool(j["captured"]),
            bonus_used=False,
            card_drawn=False,
            pending=None,
            resume=None,
            winner=None,
            draw=False,
        )
        s.update(kw)
        return s, back

    def ask(self, s):
        t0 = time.perf_counter()
        a = self.rt.choose(RULES, RULES.view(s, s["actor"]), s["actor"])
        self.seconds += time.perf_counter() - t0
        self.decisions += 1
        if DEBUG:
            print(s["turn"], s["phase"], s.get("reserve"), a, file=sys.stderr)
        if VALIDATE:  # riskterm's own rulebook on the translated state: a translation fault shows here
            why = RULES.why_illegal(s, a)
            if why:
                self.rt_illegal += 1
                print("rt_illegal", s["phase"], a, why, file=sys.stderr)
        return a

    @staticmethod
    def did(tid):
        return BOARD.index[tid] + 1

    # ------------------------------------------------------------------ one decision
    def answer(self, j):
        key = json.dumps(j, sort_keys=True)
        refused = key == self.last
        self.last = key
        if refused:
            self.refused += 1
            self.fallbacks += 1
            return self.fallback(j)
        st, me = j["state"], j["me"]
        A = j["armies"]
        if j["setup"] and j["turns"] != self.seen_turn and st in (1, 2):  # our turn begins: a snapshot
            self.seen_turn = j["turns"]
            self.trace.append(snapshot(j))
            self.trace[-1]["income"] = j["extra"][me]
        if st == 2 and not j["setup"]:  # set-up: claim an empty territory, then one army at a time
            phase = "claim" if -1 in j["owner"] else "setup"
            a = self.ask(self.state(j, phase)[0])
            if a.kind in ("claim", "place"):
                return f"placearmies {self.did(a.args[0])} 1"
            self.unexpected += 1
            return self.fallback(j)
        if st == 1:  # trade cards (Domination: only before placing)
            if j["tradecap"]:
                self.mid_trade = True
            s, back = self.state(
                j, "reinforce", reserve=j["extra"][me], resume="attack" if self.mid_trade else None
            )
            a = self.ask(s)
            # riskterm may place before it trades (its rulebook allows a trade at any point of reinforcing;
            # Domination only before the first army is placed): play its placements on in riskterm's own
            # rulebook, and trade now if it trades before its armies are all placed
            for _ in range(200):
                if a.kind != "place" or TRADE_NOW != "1":
                    break
                s = RULES.apply(s, a).state
                if s["phase"] != "reinforce":
                    break
                a = self.ask(s)
            if a.kind == "trade":
                cards = [back[c] for c in a.args[:3]]
                if (
                    len(a.args) == 4
                ):  # the 2 extra armies: Domination gives them to the first held card's land
                    b = back.get(a.args[3].lstrip("+"))
                    if b in cards:
                        cards.remove(b)
                        cards.insert(0, b)
                return "trade " + " ".join(cards)
            if j["canendtrade"]:
                return "endtrade"
            self.fallbacks += 1
            return self.fallback(j)
        if st == 2:  # reinforce
            s, back = self.state(
                j, "reinforce", reserve=j["extra"][me], resume="attack" if self.mid_trade else None
            )
            a = self.ask(s)
            if (
                a.kind == "trade"
            ):  # Domination allows no trade once placing began: ask again without the cards
                self.late_trade += 1
                s["hands"] = [list(h) for h in s["hands"]]
                s["hands"][me] = []
                a = self.ask(s)
            if a.kind == "place":
                n = a.args[1] if len(a.args) > 1 else 1
                return f"placearmies {self.did(a.args[0])} {min(n, j['extra'][me])}"
            self.unexpected += 1
            return self.fallback(j)
        if st == 3:  # attack
            if self.trace:  # the last attack decision of the turn: the board after its attacks
                self.trace[-1]["after"] = snapshot(j)
            self.mid_trade = False
            self.plan = None
            a = self.ask(self.state(j, "attack")[0])
            # the knock-out routes hard followed this turn (sweep.py), and those left
            if TRACE and self.trace:
                self.trace_route(j, a.kind)
            if a.kind == "attack":
                self.plan = ["once", a.args[2], False]
                return f"attack {self.did(a.args[0])} {self.did(a.args[1])}"
            if a.kind == "blitz":
                self.plan = ["blitz", a.args[2] if len(a.args) == 3 else 1]
                return f"attack {self.did(a.args[0])} {self.did(a.args[1])}"
            if a.kind == "end":
                self.skip_fortify = True
            elif a.kind != "stop":
                self.unexpected += 1
            return "endattack"
        if st == 4:  # rolling: carry out the attack riskterm asked for
            att = A[j["att"] - 1]
            p = self.plan
            if p is None:
                return "retreat"
            if p[0] == "once":
                if p[2]:
                    self.plan = None
                    return "retreat"
                p[2] = True
                return f"roll {max(1, min(p[1], att - 1, 3))}"
            n = att - p[1]
            if n < 1:
                self.plan = None
                return "retreat"
            return f"roll {min(3, n)}"
        if st == 5:  # move in after a conquest
            self.plan = None
            f, t = j["att"] - 1, j["def"] - 1
            lo, hi = j["mustmove"], A[f] - 1
            s, _ = self.state(
                j,
                "occupy",
                pending={"from": f, "to": t, "min": lo},
                conquered=True,
                resume="attack" if j["tradecap"] else None,
            )
            a = self.ask(s)
            n = a.args[0] if a.kind == "move" else hi
            if a.kind != "move":
                self.unexpected += 1
            return f"move {max(lo, min(hi, n))}"
        if (
            st == 6
        ):  # fortify (Domination: one move between adjacent territories, as riskterm's house default)
            if self.skip_fortify:
                return "nomove"
            a = self.ask(self.state(j, "fortify")[0])
            if a.kind == "fortify":
                return f"movearmies {self.did(a.args[0])} {self.did(a.args[1])} {a.args[2]}"
            return "nomove"
        if st == 7:
            self.skip_fortify = False
            self.plan = None
            return "endgo"
        if st == 10:  # defending: riskterm's rule, the most dice
            return f"roll {min(2, A[j['def'] - 1])}"
        self.unexpected += 1
        return self.fallback(j)

    def trace_route(self, j, kind):
        """Notes in the turn's snapshot the rivals a knock-out route was followed against ("routes") and each
        route left with its rival alive: [rival, its territories left, armies still to take, armies on the
        route, the action taken instead] ("dropped")."""
        from riskterm.ai.classic.sweep import remaining

        route = getattr(getattr(self.rt, "base", self.rt), "_route", None)
        if route is not None and route[1] is not None:
            seen = self.trace[-1].setdefault("routes", [])
            if route[1].victim not in seen:
                seen.append(route[1].victim)
            self.followed = route[1]
        elif self.followed is not None:
            r, self.followed = self.followed, None
            owner = list(j["owner"])
            if r.victim in owner:
                left, force = remaining(r, owner, list(j["armies"]), j["me"])
                self.trace[-1].setdefault("dropped", []).append(
                    [r.victim, owner.count(r.victim), round(left, 1), force, kind]
                )

    def fallback(self, j):
        st, me, owner = j["state"], j["me"], j["owner"]
        mine = [i for i in range(NT) if owner[i] == me]
        if st == 2:
            if not j["setup"]:
                empty = [i for i in range(NT) if owner[i] == -1]
                return f"placearmies {(empty or mine)[0] + 1} 1"
            return f"placearmies {mine[0] + 1} {j['extra'][me]}"
        if st == 1:
            if j["canendtrade"]:
                return "endtrade"
            ids = [str(c) if c else "wildcard" for c, k in j["hand"]]
            kinds = [k for c, k in j["hand"]]
            from itertools import combinations

            for c in combinations(range(len(ids)), 3):
                ks = [kinds[i] for i in c]
                plain = [k for k in ks if k != "wildcard"]
                if len(plain) < 3 or len(set(plain)) in (1, 3):
                    return "trade " + " ".join(ids[i] for i in c)
            return "endtrade"
        return {3: "endattack", 4: "retreat", 5: "move all", 6: "nomove", 7: "endgo", 10: "roll 1"}.get(
            st, "endgo"
        )


def snapshot(j):
    """What a lost game is read from: per seat territories, armies, cards and continents held, at our turn."""
    owner, armies = j["owner"], j["armies"]
    tot = [0, 0, 0, 0]
    for o, a in zip(owner, armies, strict=True):
        if o >= 0:
            tot[o] += a
    held = [[q for q in range(4) if all(owner[t] == q for t in m)] for m in REGIONS]
    ones, front = [0, 0, 0, 0], [0, 0, 0, 0]  # per seat: territories with one army, territories on a border
    for t, o in enumerate(owner):
        if o >= 0 and any(owner[u] != o for u in BOARD.adj[t]):
            front[o] += 1
            ones[o] += armies[t] == 1
    return {
        "turn": j["turns"],
        "terr": j["nterr"],
        "armies": tot,
        "cards": j["ncards"],
        "next_set": j["next_set"],
        "continents": [h[0] if h else -1 for h in held],
        "front": front,
        "front_ones": ones,
    }


REGIONS = [[BOARD.index[t] for t in r.territories] for r in BOARD.regions]
TRACE = os.environ.get("BRIDGE_TRACE")  # a file: each game's snapshots and its end, one JSON line a game


def seat_player(level, seed):
    """riskterm's level; "heuristic": hard's heuristic without its search; "style:NAME": an outside style of
    bench/styles (turtle, greedy, hoarder, spreader, random)."""
    if level == "heuristic":
        from riskterm.ai.classic import ClassicPlayer

        return ClassicPlayer("hard", seed)
    if level == "search-normal":  # hard's search over the normal heuristic (candidates and play-outs)
        from riskterm.ai import offer
        from riskterm.ai.classic import ClassicPlayer
        from riskterm.ai.core.search import SearchPlayer

        return SearchPlayer(
            ClassicPlayer("normal", seed),
            lambda lv, sd: ClassicPlayer("normal", sd),
            offer("classic").profile,
            seed,
        )
    if level.startswith("style:"):
        sys.path.insert(0, os.path.dirname(HERE))
        from styles import maker

        return maker(level[6:], "classic")(seed)
    return make_player("classic", level, seed)


def tune(player):
    """BRIDGE_WEIGHTS='{"plan": {...}, "eval": {...}, "profile": {...}}': try other weights of the classic heuristic's plan
    (ai/classic/plan.py Weights) and of the search's evaluator (ai/classic/evaluate.py WEIGHTS); "policy_plan":
    the plan's weights of the hard heuristic that plays the seat's own moves in the search's play-outs."""
    spec = json.loads(os.environ.get("BRIDGE_WEIGHTS") or "{}")
    if not spec:
        return
    from dataclasses import replace

    from riskterm.ai.classic.evaluate import WEIGHTS

    WEIGHTS.update(spec.get("eval", {}))
    import importlib

    for name, v in spec.get("module", {}).items():  # "package.module.NAME": value
        mod, _, attr = name.rpartition(".")
        setattr(importlib.import_module(mod), attr, v)
    if spec.get("profile") and hasattr(player, "profile"):
        prof = dict(spec["profile"])
        for key in ("phases", "kinds"):
            if key in prof:
                prof[key] = frozenset(prof[key])
        player.profile = replace(player.profile, **prof)
    if spec.get("policy_plan") and hasattr(player, "_make_policy"):  # the search's play-outs of its own seat
        make = player._make_policy

        def policy(level, seed):
            q = make(level, seed)
            if level == "hard":
                q.base = q.weights = replace(q.base, **spec["policy_plan"])
            return q

        player._make_policy = policy
    for p in (player, getattr(player, "base", None)):
        if p is not None and hasattr(p, "weights") and p.level == "hard":
            p.base = p.weights = replace(p.base, **spec.get("plan", {}))
            for k, v in spec.get("player", {}).items():
                setattr(p, k, v)


DEBUG = os.environ.get("BRIDGE_DEBUG") == "1"
VALIDATE = os.environ.get("BRIDGE_VALIDATE") == "1"
TRADE_NOW = os.environ.get("BRIDGE_TRADE_LOOKAHEAD", "1")  # "0": the first answer decides (turn-4 first runs)
GAME_SECONDS = float(os.environ.get("BRIDGE_GAME_SECONDS", "300"))  # a game past this is a bridge failure


def play(proc, level, dom_level, seed, slot, cap):
    control = level.startswith("dom-")  # a control game: Domination's own player in the seat ("dom-hard")
    seat = Seat("easy" if control else level, seed, slot)
    watchdog = threading.Timer(GAME_SECONDS, proc.kill)  # a stalled engine: readline then returns ''
    watchdog.start()
    try:
        proc.stdin.write(
            f"game {slot} {dom_level} {cap} {seed}" + (f" {level[4:]}" if control else "") + "\n"
        )
        proc.stdin.flush()
        while True:
            line = proc.stdout.readline()
            if not line:
                raise RuntimeError("the JVM ended (or the watchdog stopped a stalled game)")
            j = json.loads(line)
            if j["t"] == "end":
                return j, seat
            cmd = seat.answer(j)
            proc.stdin.write(cmd + "\n")
            proc.stdin.flush()
    finally:
        watchdog.cancel()


def wilson(k, n, z=1.96):
    if n == 0:
        return [0.0, 1.0]
    p = k / n
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return [round(c - h, 3), round(c + h, 3)]


def match(level, dom_level, games, seed, cap=1000, out=None, deadline=None):
    proc = start_jvm()
    res = {
        "riskterm": level,
        "domination": dom_level,
        "cards": CARDS,
        "games": 0,
        "wins": 0,
        "losses": 0,
        "draws": 0,
        "out_early": 0,
        "failures": 0,
        "refused": 0,
        "rt_illegal": 0,
        "late_trade": 0,
        "unexpected": 0,
        "turns": [],
        "seconds": [],
        "rt_decisions": 0,
        "rt_seconds": 0.0,
    }
    fh = open(out, "a") if out else None
    try:
        for g in range(games):
            if deadline and time.time() > deadline:
                break
            slot = g % 4
            t0 = time.time()
            try:
                j, seat = play(proc, level, dom_level, seed + g, slot, cap)
            except Exception as e:  # a bridge failure: count it, start a fresh JVM
                res["failures"] += 1
                res["games"] += 1
                print("failure", seed + g, repr(e)[:300], file=sys.stderr)
                proc.kill()
                proc = start_jvm()
                continue
            dt = time.time() - t0
            res["games"] += 1
            won = j["reason"] == "won" and j["winner"] == slot
            res["wins"] += won
            res["draws"] += j["reason"] == "cap"
            res["out_early"] += j["reason"] == "out"
            res["losses"] += (not won) and j["reason"] != "cap"
            res["refused"] += seat.refused
            res["rt_illegal"] += seat.rt_illegal
            res["late_trade"] += seat.late_trade
            res["unexpected"] += seat.unexpected
            res["turns"].append(j["turns"])
            res["seconds"].append(round(dt, 2))
            res["rt_decisions"] += seat.decisions
            res["rt_seconds"] += seat.seconds
            if fh:
                fh.write(
                    json.dumps(
                        {
                            "seed": seed + g,
                            "slot": slot,
                            "riskterm": level,
                            "domination": dom_level,
                            "cards": CARDS,
                            "reason": j["reason"],
                            "winner": j["winner"],
                            "won": won,
                            "turns": j["turns"],
                            "seconds": round(dt, 2),
                            "rt_seconds": round(seat.seconds, 2),
                            "rt_decisions": seat.decisions,
                            "refused": seat.refused,
                            "rt_illegal": seat.rt_illegal,
                            "late_trade": seat.late_trade,
                            "unexpected": seat.unexpected,
                            "fallbacks": seat.fallbacks,
                        }
                    )
                    + "\n"
                )
                fh.flush()
            if TRACE:
                with open(TRACE, "a") as th:
                    th.write(
                        json.dumps(
                            {
                                "seed": seed + g,
                                "slot": slot,
                                "won": won,
                                "reason": j["reason"],
                                "winner": j["winner"],
                                "trace": seat.trace,
                                "end": snapshot(j) if "owner" in j else None,
                            }
                        )
                        + "\n"
                    )
    finally:
        try:
            proc.stdin.write("quit\n")
            proc.stdin.flush()
            proc.wait(timeout=10)
        except Exception:
            proc.kill()
        if fh:
            fh.close()
    n = res["games"]
    res["win_rate"] = res["wins"] / n if n else 0
    res["wilson95"] = wilson(res["wins"], n)
    t = res.pop("turns")
    sec = res.pop("seconds")
    res["mean_player_turns"] = round(sum(t) / len(t), 1) if t else None
    res["mean_game_seconds"] = round(sum(sec) / len(sec), 2) if sec else None
    res["rt_ms_per_decision"] = round(1000 * res["rt_seconds"] / max(1, res["rt_decisions"]), 2)
    return res


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    if cmd == "check":
        print(json.dumps(check()))
    elif cmd == "match":
        lv, dl, n, sd = sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
        cap = int(sys.argv[6]) if len(sys.argv) > 6 else 1000
        out = sys.argv[7] if len(sys.argv) > 7 else None
        dl_s = float(os.environ.get("BRIDGE_SECONDS", "0"))
        print(json.dumps(match(lv, dl, n, sd, cap, out, time.time() + dl_s if dl_s else None)), flush=True)
    else:
        sys.exit(__doc__)
