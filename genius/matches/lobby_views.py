"""A seated player leaves their seat in a lobby before the start (``services.seating``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from genius.accounts.requests import SignedInRequest
from genius.matches.services import seating
from genius.matches.services.errors import ServiceError


@require_POST
@login_required
def leave(request: SignedInRequest, pk: int) -> HttpResponse:
    """``/matches/<id>/leave/``: give up one's seat before the start; the match page says what happened."""
    try:
        title = seating.leave_lobby(pk, request.user)
        messages.success(request, f"You left your seat in {title}. Take a seat again while the lobby is open.")
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("match", pk=pk)
