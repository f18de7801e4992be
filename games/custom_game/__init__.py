"""Custom game: a game a host designs on the site (games/custom_game/document/); each phase is closed by its rules,
by the host confirming them, or by hand."""
