"""Presets: readable rules for the genre's common mechanics, written into a phase of a design in one click.

Pure data. Each preset is a dict:

- ``key``, ``label`` (the button), ``summary`` (one sentence: what it does and its tie rule);
- ``fields``: the phase's form the rules read (added to the phase unless a field of that key is there);
- ``counters`` and ``tables``: what the rules change or look up (added to the design the same way);
- ``values``: the phase's named values (``name`` + ``formula``), replacing the phase's;
- ``actors`` (optional): who acts, when the mechanic needs it (``{"actors": "seats", "seats": [1]}``);
- ``rules``: the phase's rules (Starlark, see RULES.md), replacing the phase's.

A test runs every preset through ``check_design_rules`` and ``try_phase`` on a design made from it.
"""

from __future__ import annotations

from typing import Any

POINTS = {"key": "points", "label": "Points", "start": 0, "visibility": "public"}

HIGHEST_UNIQUE_BID = {
    "key": "highest_unique_bid",
    "label": "Highest unique bid wins",
    "summary": "The highest amount that exactly one player bid wins a point; a tied amount passes the win "
               "down, and 0 wins nothing.",
    "fields": [{"key": "bid", "label": "Your bid", "kind": "number", "min": 0, "max": 20, "default": None,
                "help": "No bid is 0."}],
    "counters": [POINTS],
    "rules": '''\
# Highest unique bid: the highest amount that exactly one player bid wins a point.
# A tied amount wins for nobody and passes the win down; a bid of 0 wins nothing.
def play():
    bids = {p: (answers.get(p) or {}).get("bid") or 0 for p in actors}
    winner = highest_unique(bids)
    if winner == None:
        announce("Round %d: no unique bid, so nobody wins." % round)
    else:
        add(winner, "points", 1)
        announce("Round %d: %s wins with the highest unique bid, %d." % (round, winner, bids[winner]))

play()
''',
}

MAJORITY_VOTE_ELIMINATES = {
    "key": "majority_vote_eliminates",
    "label": "Majority vote eliminates",
    "summary": "Each player names one; the one named by more than half of the votes cast is out (abstentions are "
               "not votes). No majority: nobody is out.",
    "fields": [{"key": "target", "label": "Eliminate", "kind": "player", "default": None,
                "help": "Name a player still in."}],
    "counters": [{"key": "still_in", "label": "Still in", "start": 1, "visibility": "public"}],
    "rules": '''\
# Majority vote: the player named by more than half of the votes cast is eliminated.
# Abstentions and votes for players already out do not count. No majority: nobody is out.
def play():
    still = [p for p in players if counters[p]["still_in"] > 0]
    votes = {}
    for p in actors:
        named = (answers.get(p) or {}).get("target")
        votes[p] = named if named in still else None
    result = majority(votes)
    out = result["winner"]
    if out == None:
        announce("No majority: nobody is eliminated.")
    else:
        set(out, "still_in", 0)
        announce("%s is eliminated by a majority of the votes." % out)
        tell(out, "You are out: the others voted you off.")

play()
''',
}

SEALED_BID_AUCTION = {
    "key": "sealed_bid_auction",
    "label": "Sealed-bid auction",
    "summary": "The highest bidder wins the lot and pays their bid; equal highest bids are drawn from the seed; "
               "nobody above 0: unsold.",
    "fields": [{"key": "bid", "label": "Your sealed bid (coins)", "kind": "number", "min": 0, "max": 10,
                "default": None, "help": "No bid is 0."}],
    "counters": [{"key": "coins", "label": "Coins", "start": 10, "visibility": "private"},
                 {"key": "lots", "label": "Lots won", "start": 0, "visibility": "public"}],
    "rules": '''\
# Sealed-bid auction: the highest bidder wins the lot and pays what they bid; the others pay nothing.
# A bid above the coins you hold counts as all you hold. Equal highest bids: drawn from the seed.
def play():
    bids = {p: clamp((answers.get(p) or {}).get("bid") or 0, 0, counters[p]["coins"]) for p in actors}
    top = max([0] + list(bids.values()))
    if top == 0:
        announce("Lot %d goes unsold: nobody bid." % round)
        return
    leaders = [p for p in actors if bids[p] == top]
    winner = choice(leaders)
    add(winner, "coins", -top)
    add(winner, "lots", 1)
    announce("Lot %d goes to %s for %d coins." % (round, winner, top))
    tell(winner, "You pay %d coins for lot %d." % (top, round))

play()
''',
}

ROCK_PAPER_SCISSORS = {
    "key": "rock_paper_scissors",
    "label": "Rock–paper–scissors matrix",
    "summary": "Everyone plays everyone: a point for each player your move beats, by the table “What beats what”.",
    "fields": [{"key": "move", "label": "Your move", "kind": "choice", "options": ["Rock", "Paper", "Scissors"],
                "default": None, "help": ""}],
    "counters": [POINTS],
    "tables": [{"key": "beats", "label": "What beats what", "columns": ["move", "beats"],
                "rows": [["Rock", "Scissors"], ["Paper", "Rock"], ["Scissors", "Paper"]]}],
    "rules": '''\
# Rock-paper-scissors against everyone: a point for each player your move beats.
# What beats what is the table "beats" (add rows for more moves). No move beats nobody.
def play():
    moves = {p: (answers.get(p) or {}).get("move") for p in actors}
    for p in actors:
        beaten = lookup("beats", "move", moves[p], "beats") if moves[p] != None else None
        won = len([q for q in actors if q != p and moves[q] != None and moves[q] == beaten])
        if won > 0:
            add(p, "points", won)
        tell(p, "You played %s and beat %d player%s." % (moves[p] or "nothing", won, "" if won == 1 else "s"))
    announce("Moves: " + ", ".join(["%s %s" % (p, moves[p] or "none") for p in actors]) + ".")

play()
''',
}

PAIRS_BY_LEADER = {
    "key": "pairs_by_leader",
    "label": "Pairs chosen by a leader",
    "summary": "Seat 1 leads: they choose their partner, and the others are paired at random from the seed "
               "(an odd one out stays alone); the pairs are kept as values[\"pairs\"].",
    "fields": [{"key": "partner", "label": "Your partner", "kind": "player", "default": None,
                "help": "The leader pairs with this player; the others are paired at random."}],
    "actors": {"actors": "seats", "seats": [1]},
    "rules": '''\
# The leader (the player who acts) chooses a partner; everyone else is paired at random from the seed.
# No partner named (or the leader named themselves): the partner is drawn. The pairs are kept for later phases.
def play():
    leader = actors[0] if actors else players[0]
    partner = (answers.get(leader) or {}).get("partner")
    if partner == None or partner == leader:
        partner = choice([p for p in players if p != leader])
    rest = shuffle([p for p in players if p != leader and p != partner])
    made = [[leader, partner]] + pairs(rest)
    keep("pairs", made)
    announce("The pairs: " + "; ".join([" and ".join(pair) for pair in made]) + ".")
    tell(leader, "You lead this round and pair with %s." % partner)

play()
''',
}

POINT_PER_PREDICTION = {
    "key": "point_per_prediction",
    "label": "A point per correct prediction",
    "summary": "Each player picks an option and predicts the one most picked; a point for each right prediction. "
               "A tie for most picked: no prediction is right.",
    "fields": [
        {"key": "pick", "label": "Your pick", "kind": "choice", "options": ["Red", "Green", "Blue"], "default": None,
         "help": ""},
        {"key": "guess", "label": "Which will most players pick?", "kind": "choice",
         "options": ["Red", "Green", "Blue"], "default": None, "help": ""},
    ],
    "counters": [POINTS],
    "rules": '''\
# Predictions: a point for each player who predicted the option most players picked.
# A tie for most picked (or no picks): no prediction is right this round.
def play():
    picks = {p: (answers.get(p) or {}).get("pick") for p in actors}
    most = plurality(picks)["winner"]
    if most == None:
        announce("Round %d: no option was picked most, so no prediction is right." % round)
        return
    right = [p for p in actors if (answers.get(p) or {}).get("guess") == most]
    for p in right:
        add(p, "points", 1)
    announce("Round %d: most players picked %s. A point for predicting it: %s." % (round, most, ", ".join(right) or "nobody"))
    reveal()

play()
''',
}

COINS_CONDITIONAL_PATHS = {
    "key": "coins_conditional_paths",
    "label": "Coins with conditional paths",
    "summary": "Safe pays 1 coin; Risky pays 3, unless more than half the players took it: then each risky player "
               "loses a coin (never below 0).",
    "fields": [{"key": "path", "label": "Your path", "kind": "choice", "options": ["Safe", "Risky"], "default": "Safe",
                "help": "Risky pays more, unless too many take it."}],
    "counters": [{"key": "coins", "label": "Coins", "start": 0, "visibility": "public"}],
    "values": [{"name": "crowd", "formula": "len(players) // 2"}],
    "rules": '''\
# Paths: Safe pays 1 coin. Risky pays 3 coins if at most values["crowd"] players took it;
# a crowded Risky path costs each of them 1 coin instead (never below 0).
def play():
    risky = [p for p in actors if (answers.get(p) or {}).get("path") == "Risky"]
    crowded = len(risky) > values["crowd"]
    for p in actors:
        if p not in risky:
            add(p, "coins", 1)
        elif crowded:
            add(p, "coins", -min(1, counters[p]["coins"]))
        else:
            add(p, "coins", 3)
    if crowded:
        announce("%d took the risky path: too many, so it costs each of them a coin." % len(risky))
    else:
        announce("%d took the risky path and earn 3 coins each; the safe path pays 1." % len(risky))

play()
''',
}

#: Every preset, in the order the designer shows them.
PRESETS: tuple[dict[str, Any], ...] = (
    HIGHEST_UNIQUE_BID, MAJORITY_VOTE_ELIMINATES, SEALED_BID_AUCTION, ROCK_PAPER_SCISSORS, PAIRS_BY_LEADER,
    POINT_PER_PREDICTION, COINS_CONDITIONAL_PATHS,
)
