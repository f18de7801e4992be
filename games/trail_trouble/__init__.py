"""Trail Trouble (Main Match, 10 players, 4 rounds of 4 forks): a pure-Python engine."""
