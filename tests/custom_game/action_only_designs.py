"""Designs whose phase has actions (or trades) and no form fields: a phase of actions only (RULES.md, "Actions")."""

from __future__ import annotations

from typing import Any

#: "Claims": each round a claim (once each) scores a point; the last player to claim ends the round. The close
#: rules say how many answers each actor gave (none: the phase has no form).
CLAIM_RULES = """
add(actors[0], "points", 1)
keep("claimed", values.get("claimed", []) + [actors[0]])
if len(values.get("claimed", [])) + 1 == len(players):
    announce("Everyone has claimed.")
    end()
"""
CLOSE_RULES = """
announce("Answers given: %s." % ", ".join(["%s %d" % (p, len(answers[p])) for p in actors]))
keep("claimed", [])
"""
CLAIMS_DESIGN: dict[str, Any] = {
    "title": "Claims", "min_players": 2, "max_players": 8,
    "counters": [{"key": "points", "label": "Points", "start": 0}],
    "phases": [
        {"key": "claim", "name": "Claim", "repeat": 3, "seconds": 3600, "close": "rules", "rules": CLOSE_RULES,
         "actions": [{"key": "claim", "label": "Claim", "once": True, "rules": CLAIM_RULES}]},
    ],
}

#: Gifts of coins and nothing else to answer: a phase of trades only.
GIFTS_DESIGN: dict[str, Any] = {
    "title": "Gifts", "min_players": 2, "max_players": 6,
    "counters": [{"key": "coins", "label": "Coins", "start": 5}],
    "phases": [
        {"key": "give", "name": "Give", "repeat": 2, "seconds": 600, "close": "rules",
         "rules": 'announce("Round over.")', "fields": [],
         "trades": {"counters": ["coins"], "per_player": 2}},
    ],
}
