"""``{% open_polls_of season_or_community as polls %}``: the open polls the signed-in person may answer there."""

from __future__ import annotations

from typing import Any

from django import template

from genius.matches.models import Match
from genius.polls import services

register = template.Library()


@register.simple_tag(takes_context=True)
def open_polls_of(context: dict[str, Any], season: Any = None, community: Any = None) -> list[services.OpenPoll]:
    user = context.get("user")
    if user is None or not user.is_authenticated:
        return []
    if season is not None:
        return services.open_polls_for(user, Match.objects.filter(season=season))
    if community is not None:
        return services.open_polls_for(user, Match.objects.filter(community=community))
    return []
