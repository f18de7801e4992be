"""Template context every page gets: the registered games, for the footer's rules links; whether the user may host."""

from __future__ import annotations

from django.http import HttpRequest

from genius.access.hosts import may_host
from genius.matches.services.engines import available_games


def games(request: HttpRequest) -> dict[str, list[tuple[str, str]]]:
    """``rules_games``: (slug, title) of every registered game, in registry order."""
    return {"rules_games": available_games()}


def host(request: HttpRequest) -> dict[str, bool]:
    """``may_host``: whether the signed-in user may open the host pages (``genius.access.hosts``)."""
    return {"may_host": may_host(getattr(request, "user", None))}
