"""Genius games: the Django app (models, services, views) and the pure game engines."""
