"""Bigfoot Sighting: a two-player Death Match on two hex boards, lumberjacks against Bigfoot.

Modules, each pure Python:

- ``hexboard``: the hex geometry, cell names, the board text form and board generation;
- ``notation``: reading and writing moves such as ``E DR, A L``, ``R UR``, ``pounce on E, R``;
- ``moves``: which moves are legal on a board, and playing them;
- ``engine``: phases, the two boards with roles swapped, items, the clock and the outcome;
- ``board_svg``: the boards drawn as SVG from a view.
"""
