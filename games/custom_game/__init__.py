"""Custom game: a game the host designs on the site (games/custom_game/document/) and adjudicates at each phase."""
