"""Conceding a Death Match from its page: a confirmation, then the concession (``services.conceding``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from genius.accounts.requests import SignedInRequest
from genius.core.errors import ServiceError
from genius.matches.models import Match
from genius.matches.services import conceding


@require_http_methods(["GET", "POST"])
@login_required
def concede(request: SignedInRequest, pk: int) -> HttpResponse:
    """GET: "Concede this Death Match?" with what it means; POST (the confirmation): the opponent wins at once."""
    match = get_object_or_404(Match, pk=pk)
    if request.method == "POST":
        if request.POST.get("confirm") != "yes":
            return redirect("match", pk=match.pk)
        try:
            conceding.concede(match.pk, request.user)
        except ServiceError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, "You conceded: your opponent wins the Death Match.")
        return redirect("match", pk=match.pk)
    if not conceding.may_concede(match, request.user):
        messages.error(request, "Only a player of a running Death Match can concede it.")
        return redirect("match", pk=match.pk)
    opponent = match.seats.exclude(user_id=request.user.pk).values_list("name", flat=True).first() or "your opponent"
    return render(request, "games/concede_confirm.html", {"match": match, "opponent": opponent})
