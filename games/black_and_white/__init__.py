"""Black and White: a two-player Death Match of nine numbered tiles played face down.

Modules, each pure Python (no Django):

- ``tiles``: the tiles 0 to 8, their colours, the counts of each colour;
- ``rules``: who wins a round, who plays first next, when the match is decided, the final result;
- ``engine``: setup, phases, checking, defaults, resolving, the log, the outcome;
- ``views``: what each viewer may see, and the board as text;
- ``observer``: the game's observer (view, board text and drawing, a player's state and panel);
- ``forms``: the one form field (``tile``) and reading what was posted;
- ``board_svg``: the record drawn as SVG from a view;
- ``clock``: the turn length and reserve time settings, reserve reminders;
- ``leaks``: where each seat's secrets are kept (the standard kit's leak check).
"""
