"""Custom game: a game the host designs on the site (games/custom_game/design.py) and adjudicates at each phase."""
