"""``{% talk_for match viewer as talk %}``: the talk panel's context for one reader (templates/talk/panel.html).

A template tag, so the match page shows the talk without the matches app knowing of it."""

from __future__ import annotations

from typing import Any

from django import template

from genius.matches.models import Match
from genius.talk import channels, following
from genius.talk.reading import channel_views, open_reports
from genius.talk.text import MAX_LENGTH

register = template.Library()
#: The newest messages the match page shows (every one is on the talk page, ``/matches/<id>/talk/``).
ON_THE_PAGE = 200


@register.simple_tag
def talk_for(match: Match, viewer: Any, upto: Any = None, whole: Any = False) -> dict[str, Any]:
    """Whether the match has talk, the reader's channels with what they may read there, and the host's reports
    (``upto``: a phase number, as the replay reads it; anything else, everything said so far). The match page
    shows the newest :data:`ON_THE_PAGE` messages; the talk page (``whole``) all of them."""
    upto = upto if isinstance(upto, int) and not isinstance(upto, bool) else None
    if not channels.talk_on(match):
        return {"on": False, "lobby": match.status == Match.Status.LOBBY and match.talk_enabled}
    if match.status != Match.Status.LOBBY:
        following.follow(match)  # the rules' channels as the match is now
    return {
        "on": True,
        "lobby": match.status == Match.Status.LOBBY,
        "views": channel_views(match, viewer, upto, latest=None if whole is True or upto is not None else ON_THE_PAGE),
        "reports": open_reports(match) if viewer.kind == "host" else [],
        "may_report": viewer.kind == "player",
        "max_length": MAX_LENGTH,
        "replay": upto is not None,
    }
