"""Game designs: the custom games hosts design on the site (games/custom_game/RULES.md), their templates, files and lobbies."""
