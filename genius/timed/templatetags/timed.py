"""``{% timed_challenge_of match viewer as challenge %}``: the seat's open timed challenge, for the match page's
link to it (never its questions)."""

from __future__ import annotations

from typing import Any

from django import template

from genius.timed import services

register = template.Library()


@register.simple_tag
def timed_challenge_of(match: Any, viewer: Any) -> services.OpenChallenge | None:
    if getattr(viewer, "kind", None) != "player":
        return None
    return services.open_challenge(match, viewer.seat)
