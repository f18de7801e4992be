"""Game designs: the custom games hosts design on the site (the rules page of the game whose spec carries design tools), their templates, files and lobbies."""
