"""A player's action taken at once (a game whose spec offers ``actions``): posted, applied under the match's lock,
answered in JSON (``services.actions``; what it changed reaches every page through the live socket)."""

from __future__ import annotations

import json

from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_POST

from genius.accounts import signed_in
from genius.core.errors import ServiceError
from genius.engine_forms.fields import id_from
from genius.matches.services import submitting
from genius.matches.services.actions import MAX_ACTION_CHARS, take_action
from genius.matches.services.errors import PhaseClosed


@require_POST
def match_action(request: HttpRequest, pk: int) -> JsonResponse:
    """``phase`` (the number of the phase the page shows) and ``payload`` (the action as JSON, e.g.
    ``{"action": "call"}``). Answers ``{"ok": true, "answers": [private lines]}``, or ``{"error", "field"}`` with
    status 400 (refused), 403 (no seat) or 409 (the phase is over)."""
    user_id = signed_in.session_user_id(request)
    # One prepared query: the seat, its match and its holder, who signs the request in (as a move's post does).
    seat = submitting.seat_to_submit(pk, user_id, with_state=False) if user_id is not None else None
    if seat is not None:
        signed_in.sign_in_with(request, seat.user)
    if not request.user.is_authenticated:
        return JsonResponse({"error": "Sign in to take an action."}, status=403)
    if seat is None or seat.user_id != request.user.pk:
        return JsonResponse({"error": "You hold no seat in this match."}, status=403)
    number = id_from(request.POST.get("phase"))
    if not number:
        return JsonResponse({"error": "Say which phase the action is for (phase).", "field": "phase"}, status=400)
    text = request.POST.get("payload", "")
    if len(text) > MAX_ACTION_CHARS:
        return JsonResponse({"error": f"An action is at most {MAX_ACTION_CHARS:,} characters."}, status=400)
    try:
        payload = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: brackets nested past the parser's depth
        return JsonResponse({"error": 'The action must be JSON, such as {"action": "call"}.', "field": "payload"},
                            status=400)
    try:
        answers = take_action(seat, payload, number)
    except PhaseClosed as exc:
        return JsonResponse({"error": exc.message}, status=409)
    except ServiceError as exc:
        return JsonResponse({"error": exc.message, "field": exc.field}, status=400)
    return JsonResponse({"ok": True, "answers": answers})
