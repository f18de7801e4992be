"""Talk that follows the game: a match's channels (everyone, rooms, pairs, the host with each player), opened
and closed by its rules, with messages that stay with the match."""
