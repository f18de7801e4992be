"""What a signed-in person owes now, as JSON for the in-page alerts (``/me/due/``)."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from genius.notify import due


@require_GET
@never_cache
def due_now(request: HttpRequest) -> JsonResponse:
    """``/me/due/``: the signed-in person's own owed moves and decisions, for the in-page alerts.

    ``poll_s`` tells the page when to ask again: sooner (5 s) while one of their matches plays live turns.
    """
    if not request.user.is_authenticated:
        return JsonResponse({"error": "Log in to see the moves you owe.", "due": []}, status=403)
    items, live = due.look(request.user)
    return JsonResponse({"due": items, "now": timezone.now().isoformat(), "poll_s": due.poll_seconds(live)})
