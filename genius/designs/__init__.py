"""Game designs: the custom games hosts design on the site (issue 15), their templates, files and lobbies."""
