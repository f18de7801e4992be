"""A design's boards (games/custom_game/RULES.md, "Boards"), pure Python:

- :mod:`.geometry`: a board's cells, notation, neighbours and distances;
- :mod:`.functions`: lines of N, connected groups, shortest paths, shapes turned and mirrored;
- :mod:`.marks`: a match's boards as data, their copies (public, private, group) and the marks a ruling makes;
- :mod:`.seen`: what each viewer sees of them (and each seat's secret copies, for the leak test);
- :mod:`.cell_field`: the cell field's answers; :mod:`.picker`: its board drawn to pick on;
- :mod:`.drawing`: the SVG and the text.

The rules' functions over boards are in :mod:`games.custom_game.rules.board_rules`.
"""
