"""The shipped designs (the proof games of ``games/custom_game/proof.py``), written from their Starlark sources in
``sources/``.

Each design's phases close by their rules (``"close": "rules"``). The rules live in ``sources/*.star`` so
they read as code, and each design's rules text for the players in ``sources/*_rules.md`` so it reads as
prose; ``python -m tools.shipped_designs.build`` writes the ``*.genius-design.json`` files where the game reads
them, ``games/custom_game/designs/`` (a phase's rules are its common prelude, if any, then its own file). A test
holds the files equal to what this module writes, so the two never drift apart. A build tool, never imported at
run time: it may read the coded games (Trail Trouble's forks), which a game may not.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from games.custom_game.document.limits import DESIGN_FORMAT
from games.trail_trouble.config import draw_forks
from tools.shipped_designs.tables import forks_table_rows

HERE = Path(__file__).resolve().parent
SOURCES = HERE / "sources"
ROOT = HERE.parents[1]
#: Where the custom game reads its shipped designs (``games/custom_game/tools.py``'s ``SHIPPED_DIR``).
DESIGNS_DIR = ROOT / "games" / "custom_game" / "designs"
DAY = 86400


def source(*names: str) -> str:
    """The Starlark text of ``sources/<name>.star`` files, joined (a prelude first)."""
    return "\n".join((SOURCES / f"{name}.star").read_text(encoding="utf-8").rstrip() + "\n" for name in names)


def prose(name: str) -> str:
    """A design's rules as the players read them: the Markdown of ``sources/<name>.md``."""
    return (SOURCES / f"{name}.md").read_text(encoding="utf-8")


def choice(key: str, label: str, options: list[str], help_text: str = "", default: str | None = None) -> dict:
    return {"key": key, "label": label, "kind": "choice", "options": options, "default": default, "help": help_text}


def player(key: str, label: str, help_text: str = "") -> dict:
    return {"key": key, "label": label, "kind": "player", "default": None, "help": help_text}


def yesno(key: str, label: str, help_text: str = "") -> dict:
    return {"key": key, "label": label, "kind": "yesno", "default": False, "help": help_text}


def choices(key: str, label: str, options: list[str], help_text: str = "") -> dict:
    return {"key": key, "label": label, "kind": "choices", "options": options, "default": [], "help": help_text}


def number(key: str, label: str, lo: int, hi: int, help_text: str = "", default: int | None = None) -> dict:
    return {"key": key, "label": label, "kind": "number", "min": lo, "max": hi, "default": default, "help": help_text}


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


def forks_table() -> dict[str, Any]:
    """The forks of the shipped Trail Trouble: 16 forks drawn once (seed 21) by the coded game's drawer."""
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
        "rules": prose("rgb_rules"), "min_players": 7, "max_players": 7,
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
        "rules": prose("tt_rules"), "min_players": 10, "max_players": 10,
        "counters": [counter("coins", "Coins", 0, "private"), counter("place", "Place on the trail", 0, "public")],
        "tables": [forks_table()],
        "setup": source("tt_setup"),
        "phases": [phase("round", "Round", 4, forks, "tt_round")],
    }


#: Blob Party's tiles on each board (the seed's list), and its monsters in rotation order.
BLOB_TILES = [["+3", "+3 Orbs", 4], ["+5", "+5 Orbs", 2], ["-2", "-2 Orbs", 5], ["-5", "-5 Orbs", 1],
              ["+5bp", "+5 BP", 2], ["garnet", "Garnet", 1], ["battle", "Battle", 4], ["big", "Big Battle", 1]]
BLOB_MONSTERS = [["A", "Limbs Banana", 7], ["A", "Grave Digger", 10], ["A", "Wavez Rider", 13],
                 ["B", "Psycho Knob", 5], ["B", "Purple Boba Cat", 10], ["B", "Peelbot", 15]]
#: The values the checks of moves read (the kept values as they stand; the rules' keep() replaces them): the
#: Kingwizard schedule and the boards (public), each player's cards left (a check reads only its own).
BLOB_CHECKED = [{"name": name, "formula": f'values["{name}"]', "check_visible": True}
                for name in ("kings", "boards", "cards")]
#: The most BP a number field takes (100 to start, +5 BP tiles and purchases add a few).
MAX_BP = 1000


def blob_plan_fields(whose: str) -> list[dict]:
    """The Kingwizard's plan: three places a board in turn order and a trap space a board (blank: drawn)."""
    return [
        *[player(f"group_{board.lower()}_{place}", f"{whose}: board {board}, {('2nd', '3rd', '4th')[place - 1]} to move",
                 "Blank: drawn at random from the players not named.") for board in "AB" for place in (1, 2, 3)],
        *[number(f"trap_{board.lower()}", f"{whose}: trap space on board {board}", 1, 20,
                 "Not the Garnet or Big Battle tile. Blank: drawn at random.") for board in "AB"],
    ]


def blob_party() -> dict[str, Any]:
    cards = ["1", "2", "3", "4", "5", *[f"W{n}" for n in range(1, 6)]]
    round_fields = [
        choice("card", "Your movement card (not the Kingwizard)", cards,
               "W1-W5: the wild card as that number. No card, or one already played: your lowest card."),
        number("king", "Your 0 or 1 for the Kingwizard's movement on your board", 0, 1, default=0),
        number("king_a", "Kingwizard: your 0 or 1 on board A", 0, 1, default=0),
        number("king_b", "Kingwizard: your 0 or 1 on board B", 0, 1, default=0),
        number("battle_bp", "BP set aside for battles (not the Kingwizard)", 0, MAX_BP, default=0),
        number("battle_bp_a", "Kingwizard: BP set aside for battles on board A", 0, MAX_BP, default=0),
        number("battle_bp_b", "Kingwizard: BP set aside for battles on board B", 0, MAX_BP, default=0),
        number("minigame_bp", "BP bid in the minigame", 0, MAX_BP, default=0),
        choice("buy", "Buy BP with garnets (one purchase a round)", ["5 BP for 3 garnets", "7 BP for 4 garnets"]),
        *blob_plan_fields("Next round's Kingwizard"),
    ]
    pregame = {**phase("pregame", "Pregame", 1, blob_plan_fields("Kingwizard"), "bp_common", "bp_pregame"),
               "check": source("bp_check_plan", "bp_check_pregame"), "values": BLOB_CHECKED}
    rounds = {**phase("round", "Round", 7, round_fields, "bp_common", "bp_round"),
              "check": source("bp_check_plan", "bp_check_round"), "values": BLOB_CHECKED}
    return {
        "title": "Blob Party", "summary": "From the seed Blob Party (XNimus, MM for 7 players): Blobwizards race two "
                                          "looping boards for the most orbs or stars, each round under a Kingwizard.",
        "rules": prose("bp_rules"), "min_players": 7, "max_players": 7,
        "counters": [counter("orbs", "Orbs", 15, "public"), counter("stars", "Stars", 0, "public"),
                     counter("bp", "BP", 100, "private")],
        "tables": [
            {"key": "tiles", "label": "Tiles on each board", "columns": ["tile", "label", "count"], "rows": BLOB_TILES},
            {"key": "layout", "label": "Board layouts, space 1 first (empty: shuffled)", "columns": ["space", "a", "b"],
             "rows": []},
            {"key": "monsters", "label": "Monsters, in rotation order", "columns": ["board", "name", "cost"],
             "rows": BLOB_MONSTERS},
        ],
        "setup": source("bp_setup"),
        "phases": [pregame, rounds],
    }


def highest_unique_bid() -> dict[str, Any]:
    return {
        "title": "Highest Unique Bid", "summary": "Blob Party's minigame on its own: the highest bid nobody else "
                                                 "made wins 10 orbs.",
        "rules": prose("hub_rules"), "min_players": 3, "max_players": 20,
        "counters": [counter("orbs", "Orbs", 0, "public"), counter("bp", "BP", 20, "private")],
        "phases": [phase("bid", "Bid", 5, [number("bid", "Your bid (BP)", 0, 20, "No bid is 0.")], "hub_bid")],
    }


def sealed_bid_auction() -> dict[str, Any]:
    return {
        "title": "Sealed-Bid Auction", "summary": "Five lots; the highest sealed bid wins each lot and pays it.",
        "rules": prose("auction_rules"), "min_players": 3, "max_players": 20,
        "counters": [counter("lots", "Lots won", 0, "public"), counter("coins", "Coins", 30, "private")],
        "phases": [phase("lot", "Lot", 5, [number("bid", "Your sealed bid (coins)", 0, 30, "No bid is 0.")],
                         "auction_lot")],
    }


def majority_vote_elimination() -> dict[str, Any]:
    return {
        "title": "Majority Vote Elimination", "summary": "Vote a player out each round; only a majority "
                                                        "eliminates.",
        "rules": prose("mve_rules"), "min_players": 4, "max_players": 20,
        "counters": [],
        "phases": [phase("vote", "Vote", 6, [player("target", "Eliminate", "Name a player still in.")], "mve_vote")],
    }


def black_and_white() -> dict[str, Any]:
    """The coded Black and White as a design (issue 40): the set-up draws the first player from the seed; two live
    turns a round, the first player's tile and the answer, each one player's (a timeout loses the match, as running
    out of reserve time concedes the coded one); the tiles held are a named value each player's check reads its own
    of; equal points after round 9 end in a shared first place (a draw)."""
    tile = {"key": "tile", "label": "Tile", "kind": "number", "min": 0, "max": 8, "default": None,
            "help": "One of your tiles left (0 to 8; even is black, odd is white). None: your lowest."}
    check = ('if answer["tile"] != None and answer["tile"] not in values["tiles"][me]:\n'
             '    refuse("You do not hold the %d tile." % answer["tile"], field="tile")')
    turn = {"seconds": 60, "order": "together", "timeout": "loss"}
    return {
        "title": "Black and White", "summary": "A Death Match for 2: nine tiles each, the higher number wins the "
                                              "round; you see only colours.",
        "rules": prose("bw_rules"), "min_players": 2, "max_players": 2, "reserve": 300,
        "counters": [counter("points", "Points", 0, "public")],
        "setup": source("bw_setup"),
        "phases": [
            {"key": "lead", "name": "Lead", "repeat": 9, "seconds": DAY, "actors": "seats", "seats": [1],
             "fields": [tile], "close": "rules", "rules": source("bw_played", "bw_lead"), "check": check,
             "values": [{"name": "tiles", "formula": 'values["tiles"]', "check_visible": True}], "turn": turn},
            {"key": "answer", "name": "Answer", "repeat": 9, "seconds": DAY, "actors": "named",
             "fields": [tile], "close": "rules", "rules": source("bw_played", "bw_answer"), "check": check,
             "turn": turn},
        ],
    }


def sliding_tic_tac_toe() -> dict[str, Any]:
    """Sliding Tic-Tac-Toe (Myth, geniusrepository.org): a cell field, a check of each move, ``lines_of``."""
    fields = [
        {"key": "place", "label": "Place your piece", "kind": "cell", "board": "grid", "empty_only": True,
         "default": None, "help": "An empty cell (not once only 4 are empty)."},
        {"key": "slide", "label": "Then slide the piece on", "kind": "cell", "board": "grid", "default": None,
         "help": "Blank: no slide. The pieces touching it in a line ahead of it slide with it."},
        choice("direction", "Slide which way", ["left", "right", "up", "down"]),
        number("steps", "Slide how many cells", 1, 5, default=1),
    ]
    return {
        "title": "Sliding Tic-Tac-Toe", "summary": "From Sliding Tic-Tac-Toe by Myth, geniusrepository.org/"
                                                  "repository/match/296: a Death Match for 2, place and slide "
                                                  "pieces on a 6×6 board to line up five.",
        "rules": prose("stt_rules"), "min_players": 2, "max_players": 2,
        "counters": [],
        "boards": [{"key": "grid", "label": "Board", "shape": "square", "size": 6}],
        "phases": [{"key": "turn", "name": "Turn", "repeat": 36, "seconds": DAY, "actors": "seats", "seats": [1],
                    "fields": fields, "close": "rules", "rules": source("stt_common", "stt_turn"),
                    "check": source("stt_common", "stt_check")}],
    }


def keys_to_success() -> dict[str, Any]:
    """Keys to Success (Zero, geniusrepository.org): each seat's form offers its own room's doors and its own
    key-cards (``options_from``); escaped players answer a form of their own, a call (``forms``); a check when a
    move is sent."""
    fields = [
        {"key": "door", "label": "Your door", "kind": "choice", "options_from": 'values["doors"][str(values["room"][me])]',
         "help": "The doors of your room still open, left to right; the purple door is the far-right one."},
        {"key": "cards", "label": "Your key-cards on it", "kind": "choices", "options_from": 'values["hands"][me]',
         "help": "Their values add up to your score on the door; every key-card sent is spent."},
    ]
    fields.append({"key": "call", "label": "Who goes through a door this round?", "kind": "choice",
                   "options_from": 'values["playing"]',
                   "help": "You have escaped: call a player still playing. A right call counts in the placement."})
    forms = [{"when": 'me in values["escaped"]', "fields": ["call"]}, {"fields": ["door", "cards"]}]
    checked = [{"name": name, "formula": f'values["{name}"]', "check_visible": True}
               for name in ("room", "hands", "doors", "playing", "escaped")]
    return {
        "title": "Keys to Success", "summary": "From Keys to Success by Zero, geniusrepository.org/repository/"
                                              "match/52: escape through the doors of six rooms, spending "
                                              "key-cards; only one player goes through each door a round.",
        "rules": prose("kts_rules"), "min_players": 4, "max_players": 13,
        "counters": [],
        "setup": source("kts_common", "kts_setup"),
        "phases": [{**phase("round", "Round", 9, fields, "kts_common", "kts_round"),
                    "check": source("kts_check"), "values": checked, "forms": forms}],
    }


def grow_claim_steal() -> dict[str, Any]:
    """A blocking duel (e_is_cool, geniusrepository.org): one or two actions a round, checked when sent."""
    actions = {**choices("actions", "Your actions (one cannot be blocked; of two, each the opponent also "
                                    "chose is)", ["Grow", "Claim", "Steal"],
                         "Up to 2; not the exact same actions as your last submission."), "max_choices": 2}
    return {
        "title": "Grow, Claim, Steal", "summary": "From the Death Match by e_is_cool (based on Five-Card Trick by "
                                                 "Zero), geniusrepository.org/repository/match/587: one or two "
                                                 "actions a round, blocked by the same action, for the pot's chips.",
        "rules": prose("gcs_rules"), "min_players": 2, "max_players": 2,
        "counters": [counter("chips", "Chips", 0, "public")],
        "phases": [{**phase("round", "Round", 25, [actions], "gcs_round"), "check": source("gcs_check")}],
    }


def one_for_one() -> dict[str, Any]:
    """A card-trading game (e_is_cool, geniusrepository.org): hands kept in a named value, one long phase of
    one-for-one trades each accepted by the other player (``trades``), the hands scored at its close."""
    done = yesno("done", "I am done trading", "Nothing depends on it: the trading ends after three days.")
    trading = {**phase("trading", "Trading", 1, [done], "oo_common", "oo_close"), "seconds": 3 * DAY,
               "trades": {"items": ["hand"], "per_player": 20, "gifts": False, "one_for_one": True,
                          "once_per_pair": True}}
    return {
        "title": "One for One", "summary": "From the Main Match by e_is_cool (Simply Genius), geniusrepository.org/"
                                          "repository/match/541: five cards each, three days of one-for-one "
                                          "trades, each pair trades once, then the best hands are named.",
        "rules": prose("oo_rules"), "min_players": 4, "max_players": 8,
        "counters": [],
        "setup": source("oo_common", "oo_setup"),
        "phases": [trading],
    }


def locked_out() -> dict[str, Any]:
    """A room-based deduction game (RedsToad, geniusrepository.org): rooms kept as a named value that the talk
    follows (talk only within your room), a move each round offered from the seat's own room (``options_from``),
    and a call that ends the game when a whole team is in the caller's room."""
    fields = [
        {"key": "move", "label": "Move to", "kind": "choice",
         "options_from": '[r for r in ["Alpha", "Beta", "Gamma"] if r != values["room_of"][me]]',
         "help": "One of the other two rooms. Nothing sent: one of them at random."},
        yesno("call", "Call: a whole team is in my room now", "Judged before this round's moves. A wrong call is "
                                                                 "your only one."),
    ]
    checked = [{"name": name, "formula": f'values["{name}"]', "check_visible": True} for name in ("room_of", "called")]
    return {
        "title": "Locked Out", "summary": "From Locked Out by RedsToad (The Genius: Code Red), geniusrepository.org/"
                                         "repository/match/179: three secret teams in three rooms; move, talk "
                                         "only within your room, call a whole team in yours.",
        "rules": prose("lo_rules"), "min_players": 6, "max_players": 12,
        "counters": [counter("priority", "Priority", 0, "private")],
        "talk": {"rooms": "rooms", "everyone": False},
        "setup": source("lo_common", "lo_setup"),
        "phases": [{**phase("round", "Round", 10, fields, "lo_common", "lo_round"), "check": source("lo_check"),
                    "values": checked}],
    }


def liars_dice() -> dict[str, Any]:
    """Liar's Dice (issue 40, the live design language): each seat's dice in a named value no page shows, rolled
    from the seed and told privately; a claim or "Liar!" is one live turn of 30 s (then the reserve), refused when
    sent unless it raises the last claim; a timeout passes the turn and costs a die."""
    fields = [
        number("count", "Claim: how many dice (all players' together)", 1, 30,
               "A claim must raise the last one: more dice, or as many showing a higher face."),
        number("face", "Claim: showing which face", 1, 6),
        yesno("liar", "Liar! Challenge the last claim instead", "Every die is revealed; the claim fields are ignored."),
    ]
    checked = [{"name": name, "formula": f'values["{name}"]', "check_visible": True} for name in ("claim", "in_play")]
    return {
        "title": "Liar’s Dice", "summary": "From Liar's Dice at geniusrepository.org/repository/match/264: secret "
                                          "dice, rising claims and \"Liar!\"; lose a die when you are wrong, last "
                                          "one with dice wins. Live turns.",
        "rules": prose("ld_rules"), "min_players": 2, "max_players": 6, "reserve": 120,
        "counters": [counter("dice", "Dice", 5, "public")],
        "boards": [{"key": "cup", "label": "Your dice", "shape": "track", "length": 5, "visibility": "private"}],
        "setup": source("ld_common", "ld_roll", "ld_setup"),
        "phases": [{"key": "bid", "name": "Turn", "repeat": 50, "seconds": DAY, "actors": "seats", "seats": [1],
                    "fields": fields, "close": "rules", "rules": source("ld_common", "ld_roll", "ld_turn"),
                    "check": source("ld_common", "ld_check"), "values": checked,
                    "turn": {"seconds": 30, "order": "together", "timeout": "pass"}}],
    }


#: The Open Auction's lots: name, worth in points, opening bid and step (coins).
AUCTION_LOTS = [["Brass compass", 10, 2, 1], ["Old map", 16, 4, 2], ["Silver clock", 24, 6, 2],
                ["Jade statue", 30, 8, 3], ["Golden crown", 40, 10, 5]]


def open_auction() -> dict[str, Any]:
    """An open ascending auction (issue 40): raises and passes are actions taken at once, a raise checked when sent
    (at least the high bid plus the step, at most the coins held); the lot closes at its deadline or when its
    rules end it (everyone else passed)."""
    checked = [{"name": name, "formula": f'values["{name}"]', "check_visible": True}
               for name in ("bid", "leader", "step", "least", "passed")]
    actions = [
        {"key": "raise", "label": "Raise", "fields": [number("bid", "Bid", 1, 100,
                                                             "Coins: at least the high bid plus the step; at most "
                                                             "what you hold.")],
         "check": source("oa_raise_check"), "rules": source("oa_raise")},
        {"key": "pass", "label": "Pass", "once": True, "check": source("oa_pass_check"), "rules": source("oa_pass")},
    ]
    leave = yesno("leave", "Leave the auction after this lot", "You bid on no later lot and keep your coins.")
    return {
        "title": "Open Auction", "summary": "Invented (a classic open ascending auction): five lots; raise at once "
                                           "by at least the step, pass, and the high bidder pays.",
        "rules": prose("oa_rules"), "min_players": 3, "max_players": 10,
        "counters": [counter("points", "Points", 0, "public"), counter("lots", "Lots won", 0, "public"),
                     counter("coins", "Coins", 60, "private")],
        "tables": [{"key": "lots", "label": "Lots, in auction order", "columns": ["name", "worth", "opening", "step"],
                    "rows": AUCTION_LOTS}],
        "setup": source("oa_common", "oa_setup"),
        "phases": [{"key": "lot", "name": "Lot", "repeat": 5, "seconds": 120, "actors": "everyone",
                    "fields": [leave], "close": "rules", "rules": source("oa_common", "oa_lot"),
                    "values": checked, "actions": actions}],
    }


#: Bigfoot Sighting's directions, in the seed's notation.
BF_DIRECTIONS = ["R", "UR", "UL", "L", "DL", "DR"]


def bigfoot_sighting() -> dict[str, Any]:
    """The coded Bigfoot Sighting as a design (issue 40): the set-up generates the three candidate boards from the
    seed (or reads the host's, table ``boards``) and draws the items (or reads them, table ``items``); two layout
    picks and the extra tree; then live turns, the lumberjacks' and Bigfoot's alternating (each both players at
    once, on the board where their role moves), the boards kept as named values and drawn on two hex boards; the
    Mulligan an action any seat may take (``anyone``: its holder, moving in the turn or not) that gives back the
    turn's reserve time (``give_back_time()``), ends the turn at once (``end()``) and takes two turns back; the end
    on the scores."""
    turn = {"seconds": 60, "order": "together", "timeout": "loss"}
    #: The values the checks read, marked once (on the layout picks, which close twice a match): marks are the
    #: design's, and a phase's named values are worked out again at each of its closes.
    seen = [{"name": name, "formula": f'values["{name}"]', "check_visible": True}
            for name in ("geo", "taken", "boards", "items", "mull_used", "hist_n")]
    mulligan = {"key": "mulligan", "label": "Play the Mulligan", "fields": [], "once": True, "public": True,
                "anyone": True, "before_lock_in": True, "check": source("bf_check_mulligan"),
                "rules": source("bf_mulligan")}

    def turns(key: str, name: str, options: list[str], what: str, empty: str) -> dict[str, Any]:
        fields = [choice(key_, f"{what}, {nth} action", options, f"Empty: no action. {empty}")
                  for key_, nth in (("first", "first"), ("second", "second"))]
        return {"key": key, "name": name, "repeat": 50, "seconds": DAY, "actors": "named", "fields": fields,
                "close": "rules", "rules": source("bf_common", "bf_turn"), "check": source("bf_check_move"),
                "turn": turn, "actions": [mulligan]}

    return {
        "title": "Bigfoot Sighting", "summary": "A live Death Match for 2 on two hex boards: fell trees with your "
                                               "lumberjacks on one, hunt them as Bigfoot on the other.",
        "rules": prose("bf_rules"), "min_players": 2, "max_players": 2, "reserve": 300,
        "counters": [counter("trees", "Trees felled", 0, "public")],
        "tables": [{"key": "boards", "label": "Candidate boards (empty: generated), a row a board row",
                    "columns": ["candidate", "row", "cells"], "rows": []},
                   {"key": "items", "label": "Items (empty: drawn), seat 1 or 2", "columns": ["item", "seat"],
                    "rows": []}],
        "boards": [{"key": f"seat{n}", "label": f"Seat {n}'s lumberjacks, seat {3 - n}'s Bigfoot", "shape": "hex",
                    "radius": 4} for n in (1, 2)],
        "helpers": source("bf_helpers"),
        "setup": source("bf_setup"),
        "phases": [
            {"key": "layout", "name": "Layout pick", "repeat": 2, "seconds": 120, "actors": "seats", "seats": [1],
             "fields": [choice("board", "The board where you play the lumberjacks", ["1", "2", "3"],
                               "No pick: one of the boards still free is drawn at random.")],
             "close": "rules", "rules": source("bf_common", "bf_layout"), "check": source("bf_check_layout"),
             "values": seen},
            {"key": "tree", "name": "Extra tree", "repeat": 1, "seconds": 120, "actors": "named",
             "fields": [{"key": "tree", "label": "The cell of your extra tree (like c4)", "kind": "text",
                         "max_length": 10, "default": "", "help": "Empty: no extra tree."}],
             "close": "rules", "rules": source("bf_common", "bf_tree"), "check": source("bf_check_tree")},
            turns("jacks", "Lumberjacks' turn", [f"{j} {d}" for j in "ABCDE" for d in BF_DIRECTIONS], "Lumberjacks",
                  "No action at all is a pass."),
            turns("bigfoot", "Bigfoot's turn", [*BF_DIRECTIONS, *(f"pounce on {j}" for j in "ABCDE")], "Bigfoot",
                  "Bigfoot takes two actions (fewer only when no legal action is left)."),
        ],
    }


#: File name -> builder.
DESIGNS = {
    "rituals-gone-bad": rituals_gone_bad,
    "trail-trouble": trail_trouble,
    "blob-party": blob_party,
    "highest-unique-bid": highest_unique_bid,
    "sealed-bid-auction": sealed_bid_auction,
    "majority-vote-elimination": majority_vote_elimination,
    "black-and-white": black_and_white,
    "sliding-tic-tac-toe": sliding_tic_tac_toe,
    "keys-to-success": keys_to_success,
    "grow-claim-steal": grow_claim_steal,
    "one-for-one": one_for_one,
    "locked-out": locked_out,
    "liars-dice": liars_dice,
    "open-auction": open_auction,
    "bigfoot-sighting": bigfoot_sighting,
}


def design_file_text(name: str) -> str:
    """The JSON text of a shipped design file."""
    doc = {"genius_design": DESIGN_FORMAT, "format": DESIGN_FORMAT, **DESIGNS[name]()}
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def path_of(name: str) -> Path:
    return DESIGNS_DIR / f"{name}.genius-design.json"


def main() -> int:
    for name in DESIGNS:
        path_of(name).write_text(design_file_text(name), encoding="utf-8")
        print(f"wrote {path_of(name).relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
