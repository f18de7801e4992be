"""A host's game design document (games/custom_game/RULES.md, "The design"): its limits, its shape, its checks and
its export file. Pure Python (no Django); the site reaches these through the game's spec (``GameSpec.design_tools``).

- :mod:`.limits`: every limit of a design, written once;
- :mod:`.schema`: the JSON Schema of a design's shape, built from the limits, and its problems in a host's words;
- :mod:`.texts`: a host's texts and rules programs, read;
- :mod:`.parts`: where a problem is (its part and words), keys, and the lists of labelled items;
- :mod:`.fields`: a phase's form fields;
- :mod:`.contents`: counters, tables, named values and phases;
- :mod:`.move_checks`: the parts of checks when a move is sent (a phase's check and fallback, field limits, marks);
- :mod:`.checks`: the whole document checked and normalized (``validate_design``), and a blank one;
- :mod:`.files`: the exported file (``.genius-design.json``), written and read.
"""
