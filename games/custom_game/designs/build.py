"""The shipped designs (the proof games of ``proof.py``), written from their Starlark sources in ``sources/``.

Each design's phases close by their rules (``"close": "rules"``). The rules live in ``sources/*.star`` so
they read as code; ``python -m games.custom_game.designs.build`` writes the ``*.genius-design.json`` files
(a phase's rules are its common prelude, if any, then its own file). A test holds the files equal to
what this module writes, so the two never drift apart.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SOURCES = HERE / "sources"
DAY = 86400


def source(*names: str) -> str:
    """The Starlark text of ``sources/<name>.star`` files, joined (a prelude first)."""
    return "\n".join((SOURCES / f"{name}.star").read_text(encoding="utf-8").rstrip() + "\n" for name in names)


def choice(key: str, label: str, options: list[str], help_text: str = "", default: str | None = None) -> dict:
    return {"key": key, "label": label, "kind": "choice", "options": options, "default": default, "help": help_text}


def player(key: str, label: str, help_text: str = "") -> dict:
    return {"key": key, "label": label, "kind": "player", "default": None, "help": help_text}


def yesno(key: str, label: str, help_text: str = "") -> dict:
    return {"key": key, "label": label, "kind": "yesno", "default": False, "help": help_text}


def choices(key: str, label: str, options: list[str], help_text: str = "") -> dict:
    return {"key": key, "label": label, "kind": "choices", "options": options, "default": [], "help": help_text}


def number(key: str, label: str, lo: int, hi: int, help_text: str = "") -> dict:
    return {"key": key, "label": label, "kind": "number", "min": lo, "max": hi, "default": None, "help": help_text}


def counter(key: str, label: str, start: int, visibility: str) -> dict:
    return {"key": key, "label": label, "start": start, "visibility": visibility}


def phase(key: str, name: str, repeat: int, fields: list[dict], *rules: str) -> dict:
    """A phase everyone plays, ``repeat`` times a day apart, closed by the rules of ``sources/<rules>.star``."""
    return {"key": key, "name": name, "repeat": repeat, "seconds": DAY, "actors": "everyone", "fields": fields,
            "close": "rules", "rules": source(*rules)}


BOOKS = ["red", "green", "blue"]
MONSTERS = ["cyan", "magenta", "yellow"]
LOOKUPS = [
    yesno("lookup", "Look-up (1 garnet): was my prediction of the last ritual correct?",
          "For the last ritual's cultists, from ritual 2 on. Answered privately when this phase closes."),
    choices("lookup_pairs", "Look-ups (1 garnet each), last ritual's Cult Leader only: pairs", ["1", "2", "3"],
            "For last ritual's Cult Leader: the pairs whose prediction you want checked."),
]

RGB_RULES = """\
Seven rituals, each a preparation and a summoning. The order in which the players lead (one ritual each)
is drawn from the match's seed when the match starts and is public.

**Preparation.** Each cultist chooses a book (red, green or blue); a cultist who chooses none gets a book
drawn at random. The Cult Leader pairs the six cultists (pair 1 to 3, in the order given); a pairing that
leaves a slot empty, names the leader or names a cultist twice counts as none, and the pairs are drawn at
random. The pairs are announced; the leader alone is told how many cultists chose each book.

**Summoning.** Each cultist predicts their pair's monster (cyan, magenta or yellow); the Cult Leader
predicts every pair's. Each correct prediction scores 1 point. The colour chart (the design's table):
red + green yellow, green + blue cyan, red + blue magenta, red + red cyan, green + green magenta,
blue + blue yellow. Only the ritual's total is announced; your own points stay hidden until the end (the rules keep them
as a named value and add them to the Points counter when the match ends).

**Look-ups.** From ritual 2 on, in either phase, 1 garnet buys whether a prediction of the previous
ritual was correct (the previous leader names the pairs). This design answers a look-up privately when
the phase closes, not at once: designed phases resolve at their close, and a design has no instant
form. Refused and not charged: ritual 1, the same answer twice, a prediction you did not make, too few
garnets for all the look-ups asked at once.

**The end.** The most points: a sole winner gets 2 Tokens of Life, 2 or 3 tied get 1 each, 4 or more
tied get none. The fewest points is the Elimination Candidate; a tie goes to a decision of the players
with the most points (most named wins; a tie, or nobody naming anyone, is drawn from the seed; a silent
decider abstains). Everyone receives 1 garnet for every 2 points. The placement is by points, ties
drawn from the seed.
"""

TT_RULES = """\
Ten players on a trail, 4 rounds; each round the 4 forks of the design's forks table (one row a path:
its round, fork, side, coins paid, coins gained, positions, garnet gained, and its conditions: at most /
at least so many takers, at least so many takers ahead of you; 0 means none). Everyone starts with 0
coins in seat order (place 1 at the front): to start from another order, seat the players in it.

Choose Left or Right at each fork (no answer: Right). The forks are played top to bottom. A path whose
conditions fail does nothing; a path you cannot pay does nothing; a path marked for a garnet is paid
with a garnet if you hold one then, else in coins. The coins are paid before the gains. All gains of a
fork apply at once: place p gaining g is ordered by p - g, and on a tie the one who started further
back is ahead (they overtook). The order after each round is public; your coins and garnets are yours.
A design cannot refuse an answer, so where the coded game refuses a submission this design reads it
kindly: a garnet mark on a free path is ignored, and a mark with no garnet left by then pays in coins.

**The end.** Places 1 to 3 get a Token of Life. The last player is an Elimination Candidate; of places
4 to 9, the fewest coins is the other (a tie: the one further back). The EC with fewer coins picks a
Death Match opponent first. The placement is the trail.
"""


def forks_table() -> dict[str, Any]:
    """The forks of the shipped Trail Trouble: 16 forks drawn once (seed 21) by the coded game's drawer."""
    from games.custom_game.designs.tables import forks_table_rows
    from games.trail_trouble.config import draw_forks

    return {"key": "forks", "label": "Forks (a row a path)",
            "columns": ["round", "fork", "side", "pay", "coins", "positions", "garnet", "at_most", "at_least",
                        "ahead"],
            "rows": forks_table_rows(draw_forks(21))}


def rituals_gone_bad() -> dict[str, Any]:
    prep_fields = [
        choice("book", "Your book (cultists)", BOOKS, "No book: one is drawn at random."),
        *[player(f"pair{n}_{side}", f"Pair {n}, {'first' if side == 'a' else 'second'} cultist (Cult Leader)",
                 "Cult Leader only: every cultist in exactly one pair.") for n in (1, 2, 3) for side in ("a", "b")],
        *LOOKUPS,
    ]
    summon_fields = [
        choice("predict", "Your pair's monster (cultists)", MONSTERS, "No prediction scores nothing."),
        *[choice(f"pair{n}", f"Pair {n}'s monster (Cult Leader)", MONSTERS) for n in (1, 2, 3)],
        *LOOKUPS,
    ]
    return {
        "title": "Rituals Gone Bad", "summary": "Seven players; each ritual a Cult Leader pairs the six cultists "
                                               "and everyone predicts the monsters.",
        "rules": RGB_RULES, "min_players": 7, "max_players": 7,
        "counters": [counter("points", "Points", 0, "private")],
        "tables": [{"key": "colours", "label": "Colour chart", "columns": ["first", "second", "monster"],
                    "rows": [["red", "green", "yellow"], ["green", "blue", "cyan"], ["red", "blue", "magenta"],
                             ["red", "red", "cyan"], ["green", "green", "magenta"], ["blue", "blue", "yellow"]]}],
        "setup": source("rgb_setup"),
        "phases": [
            phase("preparation", "Preparation", 7, prep_fields, "rgb_common", "rgb_preparation"),
            phase("summoning", "Summoning", 7, summon_fields, "rgb_common", "rgb_summoning"),
        ],
    }


def trail_trouble() -> dict[str, Any]:
    forks = [choice(f"fork_{n}", f"Fork {n}: Left or Right?", ["Left", "Right"], default="Right") for n in range(1, 5)]
    forks.append(choices("garnet", "Pay with a garnet instead of coins at fork", ["1", "2", "3", "4"],
                         "Only a path that costs coins can be paid with a garnet."))
    return {
        "title": "Trail Trouble", "summary": "Ten players choose Left or Right at four forks a round to gain coins "
                                            "or places on the trail.",
        "rules": TT_RULES, "min_players": 10, "max_players": 10,
        "counters": [counter("coins", "Coins", 0, "private"), counter("place", "Place on the trail", 0, "public")],
        "tables": [forks_table()],
        "setup": source("tt_setup"),
        "phases": [phase("round", "Round", 4, forks, "tt_round")],
    }


def highest_unique_bid() -> dict[str, Any]:
    return {
        "title": "Highest Unique Bid", "summary": "Blob Party's minigame on its own: the highest bid nobody else "
                                                 "made wins 10 orbs.",
        "rules": ("Everyone starts with 20 BP. Five rounds; each round everyone bids BP in secret. The highest "
                  "amount bid by one player alone wins 10 orbs: an amount bid by several wins for none of them "
                  "and the win passes down to the next highest amount. A highest unique bid of 0 wins nothing. "
                  "Every bid is spent (a bid above your BP counts as all your BP). After round 5 the most orbs "
                  "keep a Token of Life each (none if nobody has orbs); the fewest orbs is the Elimination "
                  "Candidate (a tie: the fewest BP left; still tied: drawn from the seed)."),
        "min_players": 3, "max_players": 20,
        "counters": [counter("orbs", "Orbs", 0, "public"), counter("bp", "BP", 20, "private")],
        "phases": [phase("bid", "Bid", 5, [number("bid", "Your bid (BP)", 0, 20, "No bid is 0.")], "hub_bid")],
    }


def sealed_bid_auction() -> dict[str, Any]:
    return {
        "title": "Sealed-Bid Auction", "summary": "Five lots; the highest sealed bid wins each lot and pays it.",
        "rules": ("Everyone starts with 30 coins (private). Five lots are sold one a phase: everyone bids in "
                  "secret; the highest bidder wins the lot and pays their bid, the others pay nothing. Equal "
                  "highest bids: the winner is drawn from the seed. Nobody bidding above 0: the lot goes "
                  "unsold. A bid above your coins counts as all your coins. The end: most lots, then most "
                  "coins left, places first (ties share a place). First place keeps a Token of Life (two tied "
                  "each keep one, more nobody); the last place is the Elimination Candidate, and a tie for last "
                  "goes to the first place's decision."),
        "min_players": 3, "max_players": 20,
        "counters": [counter("lots", "Lots won", 0, "public"), counter("coins", "Coins", 30, "private")],
        "phases": [phase("lot", "Lot", 5, [number("bid", "Your sealed bid (coins)", 0, 30, "No bid is 0.")],
                         "auction_lot")],
    }


def majority_vote_elimination() -> dict[str, Any]:
    return {
        "title": "Majority Vote Elimination", "summary": "Vote a player out each round; only a majority "
                                                        "eliminates.",
        "rules": ("Up to six rounds. Each round the players still in name one player still in to eliminate. "
                  "More than half of the votes cast eliminates the player named (a silent player abstains); no "
                  "majority, nobody leaves. The game ends after round 6 or when 3 players are left. The "
                  "survivors share first place and keep a Token of Life each; the eliminated are placed by how "
                  "long they lasted. The first player eliminated is the Elimination Candidate; if nobody was, "
                  "the last vote's most named is, and a tie goes to the survivors' decision."),
        "min_players": 4, "max_players": 20,
        "counters": [],
        "phases": [phase("vote", "Vote", 6, [player("target", "Eliminate", "Name a player still in.")], "mve_vote")],
    }


#: File name -> builder.
DESIGNS = {
    "rituals-gone-bad": rituals_gone_bad,
    "trail-trouble": trail_trouble,
    "highest-unique-bid": highest_unique_bid,
    "sealed-bid-auction": sealed_bid_auction,
    "majority-vote-elimination": majority_vote_elimination,
}


def design_file_text(name: str) -> str:
    """The JSON text of a shipped design file."""
    from games.custom_game.design import DESIGN_FORMAT

    doc = {"genius_design": DESIGN_FORMAT, "format": DESIGN_FORMAT, **DESIGNS[name]()}
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def path_of(name: str) -> Path:
    return HERE / f"{name}.genius-design.json"


def main() -> int:
    for name in DESIGNS:
        path_of(name).write_text(design_file_text(name), encoding="utf-8")
        print(f"wrote {path_of(name).relative_to(HERE.parents[2])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
