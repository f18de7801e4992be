"""A design whose players trade counters and cards of a hand kept in a named value (RULES.md, "Trades and gifts")."""

from __future__ import annotations

from typing import Any

#: Each player is dealt two cards (kept in "hand") and holds 5 coins (private) and 2 gems (public); in each of 3
#: rounds of "Market" they may make up to 2 offers of coins, gems or cards, gifts included.
DEAL = """
hand = {}
for i, p in enumerate(players):
    hand[p] = ["%s%d" % (p[0], i), "★%d" % i]
keep("hand", hand)
"""
TRADE_DESIGN: dict[str, Any] = {
    "title": "Market", "min_players": 2, "max_players": 12,
    "counters": [{"key": "coins", "label": "Coins", "start": 5, "visibility": "private"},
                 {"key": "gems", "label": "Gems", "start": 2}],
    "setup": DEAL,
    "phases": [
        {"key": "market", "name": "Market", "repeat": 3, "seconds": 3600, "close": "rules",
         "fields": [{"key": "done", "label": "Done?", "kind": "yesno", "default": False}],
         "rules": 'announce("The market closes.")',
         "trades": {"counters": ["coins", "gems"], "items": ["hand"], "per_player": 2}},
    ],
}
