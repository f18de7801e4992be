"""Bigfoot Sighting: a two-player Death Match on two hex boards, lumberjacks against Bigfoot.

Modules, each pure Python:

- ``hexboard``: the hex geometry, cell names, the board text form and board generation;
- ``notation``: reading and writing moves such as ``E DR, A L``, ``R UR``, ``pounce on E, R``;
- ``moves``: which moves are legal on a board, and playing them;
- ``state``: the constants, whose turn it is and on which board, the open phase, the items' rules, the score;
- ``settings``: the seats and the host's settings checked, and the first state;
- ``checks``: refusing bad submissions; ``defaults``: a missing submission and a bot's;
- ``resolving``: the layout choice, the extra tree, the turns, the Mulligan, the end;
- ``clock``: turn lengths, reserve time, conceding;
- ``views``: what a viewer sees (view, board text, panel, legal moves); ``observer``: the game's observer;
- ``forms``: the web form;
- ``engine``: the engine tying these together (``ENGINE``);
- ``board_svg``: the boards drawn as SVG from a view.
"""
