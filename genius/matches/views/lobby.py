"""A seated player leaves their seat in a lobby before the start (``services.seating``); a player the host
seated accepts or declines, and the host withdraws a lobby a player declined (``services.seat_answers``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from genius.access.guards import match_host_required
from genius.accounts.requests import SignedInRequest
from genius.core.errors import ServiceError
from genius.matches.models import Match
from genius.matches.services import seat_answers, seating


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


@require_POST
@login_required
def answer(request: SignedInRequest, pk: int, action: str) -> HttpResponse:
    """``/matches/<id>/accept/`` and ``/decline/``: the player's answer to the seat the host gave them."""
    try:
        if action == "accept":
            match = seat_answers.accept(pk, request.user)
            if match.status == Match.Status.LOBBY:
                messages.success(request, "You accepted: the match starts once every player has.")
            else:
                messages.success(request, "You accepted: the match has started.")
        else:
            seat_answers.decline(pk, request.user)
            messages.success(request, "You declined: the match will not start, and its host is told. You may still "
                                      "accept while it waits.")
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("match", pk=pk)


@require_POST
@match_host_required(hidden=True)
def withdraw(request: SignedInRequest, match: Match) -> HttpResponse:
    """``/matches/<id>/withdraw/``: the host withdraws a lobby a player declined (nothing was played)."""
    try:
        title = seat_answers.withdraw(match.pk)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("match", pk=match.pk)
    messages.success(request, f"{title} was withdrawn.")
    return redirect("home")
