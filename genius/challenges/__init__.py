"""Challenges: a player challenges another to a two-seat Death Match game outside seasons."""
