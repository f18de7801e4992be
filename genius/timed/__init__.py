"""Timed content per player: a challenge whose clock starts when the player opens it; its questions (from the
host's table) are shown to nobody before they start, and the answer window is enforced here, on the server."""
