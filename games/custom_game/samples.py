"""Random designs drawn from a seeded generator: the test kit's playouts and the seeded fuzz tests."""

from __future__ import annotations

import random
from typing import Any

from games.custom_game.document.checks import validate_design
from games.custom_game.document.limits import FIELD_KINDS

LABELS = ("Bid", "Vote", "Ünïcode ²", "٣ coins", "@everyone", "<b>Guess</b>", "Trust?", "Allies", "Note", "Who")
OPTIONS = ("Red", "Blue", "Grün", "٣", "²", "@host", "<i>x</i>", "Ｒｅｄ")


def random_field(rng: random.Random, number: int) -> dict[str, Any]:
    """A field document of any kind, with a label and options from the traps above."""
    kind = rng.choice([k for k in FIELD_KINDS if k != "cell"])  # a cell field needs a board (test_boards_play.py)
    field: dict[str, Any] = {"key": f"f{number}", "label": f"{rng.choice(LABELS)} {number}", "kind": kind}
    if kind in ("choice", "choices"):
        options = rng.sample(OPTIONS, rng.randint(1, 4))
        field["options"] = options
        if kind == "choice":
            field["default"] = rng.choice([None, options[0]])
        else:
            field["default"] = options[:1] if rng.random() < 0.5 else []
    elif kind == "number":
        low = rng.randint(-5, 5)
        field["min"], field["max"] = low, low + rng.randint(0, 20)
        field["default"] = rng.choice([None, low])
    elif kind == "text":
        field["max_length"] = rng.choice([1, 20, 280])
        field["default"] = ""
    elif kind == "yesno":
        field["default"] = rng.random() < 0.5
    return field


def random_design(rng: random.Random, seats: int) -> dict[str, Any]:
    """A valid, normalized design that a match of ``seats`` players can play."""
    low = rng.randint(2, seats)
    high = rng.randint(seats, 20)
    counters = [{"key": f"c{n}", "label": f"{rng.choice(['Points', 'Coins', 'Lives', 'Ünïcode'])} {n}",
                 "start": rng.randint(0, 5), "visibility": rng.choice(["public", "private"])}
                for n in range(rng.randint(0, 3))]
    phases = []
    for n in range(rng.randint(1, 3)):
        actors = rng.choice(["everyone", "everyone", "seats", "named"] if n else ["everyone", "seats"])
        phase: dict[str, Any] = {"key": f"p{n}", "name": f"{rng.choice(LABELS)} phase {n + 1}",
                                 "repeat": rng.randint(1, 3), "seconds": rng.choice([None, 60, 3600, 86400]),
                                 "actors": actors,
                                 "fields": [random_field(rng, k) for k in range(rng.randint(1, 4))]}
        if actors == "seats":
            phase["seats"] = sorted(rng.sample(range(1, seats + 1), rng.randint(1, min(3, seats))))
        phases.append(phase)
    return validate_design({"format": 1, "title": f"Random game {rng.randint(1, 999)} ²", "summary": "",
                            "rules": "# Rules\n\nPlay *well*.", "min_players": low, "max_players": high,
                            "counters": counters, "phases": phases})


BID_RULES = '''\
w = highest_unique(values["bids"])
if w == None:
    announce("Nobody's bid was unique: no points.")
else:
    add(w, "points", answers[w]["bid"])
    bid = answers[w]["bid"]
    announce("%s wins %d %s with the highest unique bid." % (w, bid, "point" if bid == 1 else "points"))
for p in actors:
    tell(p, "You bid %s; the leader is %s." % (answers[p]["bid"], values["leader"]))
    add(p, "secret", 1)
    if answers[p]["bid"] == 0 and garnets[p] > 0:
        garnet(p, -1)
    if answers[p]["bid"] == FAIL and p in defaulted:
        fail("the host asked to rule this one")
if round == 1:
    reveal()
keep("last_winner", w)
'''

VOTE_RULES = '''\
result = plurality(answers, "who")
ec = result["winner"]
if ec == None and result["tied"]:
    ec = choice(result["tied"])
scores = {p: counters[p]["points"] for p in players}
best = order(scores, tiebreak={p: -counters[p]["secret"] for p in players})
announce("Votes: " + ", ".join(["%s %d" % (c, n) for c, n in result["counts"].items()]))
if ec == None:
    end(placement=best, tol={best[0]: 1})
else:
    tell(ec, "You are the Elimination Candidate.")
    end(placement=best, ec=[ec])
'''

#: The bid's check when a move is sent (RULES.md, "Checks when a move is sent"): the kit's playouts, bots and
#: leak checks go through it.
BID_CHECK = '''\
if answer["bid"] != None and answer["bid"] > mine["secret"] + 3:
    refuse("At most %d: three more than your Secret." % (mine["secret"] + 3), field="bid")
if my_past and answer["bid"] and answer["bid"] == my_past[-1]["bid"]:
    refuse("Not the same bid as last round ²٣.", field="bid")
'''

SETUP_RULES = '''\
leader = choice(players)
keep("leader", leader)
tell(leader, "You lead this match.")
for i, p in enumerate(rotate(players, seat(leader) - 1)):
    add(p, "points", i % 2)
announce("The leader is " + leader + ".")
'''


def rules_design(rng: random.Random, seats: int) -> dict[str, Any]:
    """A valid design whose phases its Starlark rules resolve (or the host confirms, or, when they stop,
    the host rules): the set-up draws a leader, a highest-unique bid, a vote that ends the match."""
    fail = rng.choice([-1, -1, 0, 5])
    closes = [rng.choice(["rules", "rules", "confirm"]), rng.choice(["rules", "confirm", "hand"])]
    phases = [
        {"key": "bid", "name": "Bid ²", "repeat": rng.randint(1, 3), "seconds": 3600, "actors": "everyone",
         "close": closes[0], "rules": BID_RULES.replace("FAIL", str(fail)), "check": BID_CHECK,
         "values": [{"name": "bids", "formula": "numbers(answers, \"bid\")"}],
         "fields": [{"key": "bid", "label": "Your bid", "kind": "number", "min": 0, "max": 5, "default": 0},
                    {"key": "note", "label": "@everyone note", "kind": "text", "max_length": 20}]},
        {"key": "vote", "name": "Vote", "seconds": 3600, "actors": "everyone", "close": closes[1],
         "rules": VOTE_RULES,
         "fields": [{"key": "who", "label": "Who goes?", "kind": "player"}]},
    ]
    return validate_design({
        "format": 1, "title": "Rules game ٣", "summary": "Bids and a vote, resolved by rules",
        "rules": "Bid; the highest unique bid scores.", "min_players": 2, "max_players": max(seats, 2),
        "counters": [{"key": "points", "label": "Points", "start": 0, "visibility": "public"},
                     {"key": "secret", "label": "Secret", "start": 0, "visibility": "private"}],
        "setup": SETUP_RULES, "phases": phases})
