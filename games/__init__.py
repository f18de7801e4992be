"""The games: pure Python, no Django import (the site is ``genius/``).

- ``engines/``: the engine protocol and each game's observer (``protocol.py``), the declared spec
  (``spec.py``), the registry, the runner, match files, and host design documents (``design.py``);
- ``kit/``: what every game shares: number parsing, the check preamble, placement, house bots, reserve-time
  reminders, the EC vote (``votes.py``), and the test kit every registered game passes (``testing.py``);
- one folder a game (``rituals_gone_bad``, ``trail_trouble``, ``blob_party``, ``bigfoot_sighting``,
  ``black_and_white``, ``custom_game``): its engine, observer, rules page (``RULES.md``), board drawing,
  leaks list and page parts.

A new game is a folder here and a line in ``engines/registry.py`` (docs/NEW_GAME.md).
"""
