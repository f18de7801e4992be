"""Rituals Gone Bad: seven rituals of books, pairs and monster predictions (pure Python, no Django).

Where each rule lives:

- ``chart.py``: the colour chart (which monster two books summon).
- ``rituals.py``: the state, the phases, roles and the ritual records.
- ``pairing.py``: the Cult Leader's pairing (checking it, drawing one at random).
- ``scoring.py``: a ritual's monsters, predictions and points.
- ``lookups.py``: garnet look-ups (what may be bought, buying, the answers).
- ``endgame.py``: Tokens of Life, the Elimination Candidate, the garnet payout, the EC decision.
- ``checks.py``: refusing bad submissions (never changes anything).
- ``forms.py``: the web form of each phase.
- ``views.py``: what each viewer may see, and the board as text.
- ``observer.py``: the game's observer (view, board text and drawing, a player's state and panel).
- ``board_svg.py``: the board drawn as SVG.
- ``engine.py``: the engine tying these together (``ENGINE``).
"""
