"""Custom game: a game the host designs on the site (games/engines/design.py) and adjudicates at each phase."""
