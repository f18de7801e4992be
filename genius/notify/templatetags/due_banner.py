"""``{% due_state as due %}``: what the signed-in person owes, for the banner and the count drawn with the page."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils import timezone

from genius.notify import banner, due

register = template.Library()


@register.simple_tag(takes_context=True)
def due_state(context: template.Context) -> dict[str, Any]:
    """``alerts`` (the banner's, :func:`genius.notify.banner.alerts`), ``count`` (beside "My matches"), and for
    me.js's first look: ``poll_s`` (when to ask /me/due/ first), ``now`` (the server's clock, ISO) and ``keys``
    (the owed items' keys, sorted, comma-separated). Asked once a request (:func:`genius.notify.due.look`),
    nothing for a visitor."""
    request = context.get("request")
    user = getattr(request, "user", None)
    if request is None or user is None or not user.is_authenticated:
        return {"alerts": [], "count": 0, "poll_s": 0, "now": "", "keys": ""}
    cached = getattr(request, "_genius_due_state", None)
    if cached is None:
        now = timezone.now()
        items, live = due.look(user, now)
        dismissed = banner.dismissed_keys(user, request.COOKIES.get(banner.DISMISSED_COOKIE, ""))
        cached = {
            "alerts": banner.alerts(items, path=request.path, dismissed=dismissed, now=now),
            "count": banner.owed_count(items),
            "poll_s": due.poll_seconds(live),
            "now": now.isoformat(),
            "keys": ",".join(sorted(item["key"] for item in items)),
        }
        request._genius_due_state = cached
    return cached
