"""Every limit of a design document, written once (games/custom_game/RULES.md, "The design" and "Limits").

The checks (:mod:`.checks` and the modules under it) and the JSON Schema (:mod:`.schema`, built from these at
import) both read them here.
"""

from __future__ import annotations

DESIGN_FORMAT = 1
FIELD_KINDS = ("choice", "choices", "number", "text", "player", "players", "yesno", "cell")
ACTORS = ("everyone", "seats", "named")
VISIBILITIES = ("public", "private")
CLOSES = ("hand", "rules", "confirm")
#: A key (of a field, counter, table, phase) and a name (a column's, a named value's): 1 to 30 of a-z, 0-9 and _.
KEY_PATTERN = "[a-z0-9_]{1,30}"

#: Texts, in characters.
MAX_TITLE = 80
MAX_SUMMARY = 200
MAX_RULES = 20_000
MAX_LABEL = 80
MAX_HELP = 300
MAX_OPTION = 100
MAX_TEXT_ANSWER = 2000
DEFAULT_TEXT_ANSWER = 280
#: How many.
MIN_PLAYERS = 2
MAX_SEATS = 20
MAX_OPTIONS = 30
MAX_COUNTERS = 10
MAX_PHASES = 30
MAX_FIELDS = 20
MAX_REPEAT = 50
#: A form for each player (RULES.md, "A form for each player"): forms in a phase, options a seat's list may hold,
#: and the characters of an ``options_from`` or a form's ``when`` expression.
MAX_FORMS = 6
MAX_SEAT_OPTIONS = 100
MAX_EXPRESSION = 1_000
#: A phase's length, in seconds.
MIN_SECONDS = 60
MAX_SECONDS = 30 * 24 * 3600
#: A design's rules: a program's characters, a phase's named values, tables.
MAX_SOURCE = 20_000
#: The design's helpers shared by every phase (RULES.md, "Helpers shared by every phase").
MAX_HELPERS = 10_000
MAX_FORMULA = 2_000
MAX_VALUES = 20
MAX_TABLES = 10
MAX_COLUMNS = 20
MAX_TABLE_ROWS = 500
MAX_CELL = 200
#: Numbers in a design (a number field's range, a counter's start) stay within this.
MAX_NUMBER = 1_000_000_000
#: An exported design file is at most this large.
MAX_FILE_BYTES = 1024 * 1024
#: Boards (RULES.md, "Boards"): how many a design has, their shapes and sizes, who sees them.
MAX_BOARDS = 5
BOARD_SHAPES = ("square", "hex", "track", "loop")
BOARD_VISIBILITIES = ("public", "private", "group")
MIN_SQUARE_SIDE = 2
MAX_SQUARE_SIDE = 26
MIN_HEX_RADIUS = 1
MAX_HEX_RADIUS = 10
MIN_TRACK = 2
MAX_TRACK = 200
MAX_BOARD_GROUPS = MAX_SEATS
#: Trades and gifts (RULES.md, "Trades and gifts"): offers a player may make in a phase round, items of a hand in
#: one side of an offer.
MAX_TRADE_OFFERS = 50
DEFAULT_TRADE_OFFERS = 3
MAX_TRADE_ITEMS = 20
