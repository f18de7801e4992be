"""Template context every page gets: the registered games, for the footer's rules links."""

from __future__ import annotations

from django.http import HttpRequest

from genius.matches.services.engines import available_games


def games(request: HttpRequest) -> dict[str, list[tuple[str, str]]]:
    """``rules_games``: (slug, title) of every registered game, in registry order."""
    return {"rules_games": available_games()}
