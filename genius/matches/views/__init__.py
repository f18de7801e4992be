"""The matches app's pages. They call services and presenters; no rules here.

- ``pages``: the home page, a player's matches and wallet, the rules pages, and a match's own page: its moves
  (``match_submit``), the live resync, the export, the host's controls.
- ``lobby``: leaving a seat, accepting or declining one, withdrawing a lobby.
- ``practice``: a practice match against bots, started at once.
- ``replay``: a match as it was after each phase.
- ``ruling``: the host's adjudication page.
- ``concede``: conceding a Death Match.
- ``death_matches``: the host's page to set up a Death Match.
- ``hints_and_clock_json``: the JSON a live page reads (move hints, clocks).
"""
