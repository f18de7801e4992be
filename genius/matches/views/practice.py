"""Practice: the home page's "play against bots" buttons start a match at once, for anyone.

A visitor who is not signed in plays as a guest made on the fly (``genius.accounts.guests``). Starts
are braked per client address (``services.practice``). No game is named here.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from genius.accounts import guests
from genius.accounts.addresses import client_address
from genius.core.errors import ServiceError
from genius.matches.services import practice
from genius.matches.services.engines import available_games


def _refused(request: HttpRequest, message: str, status: int) -> HttpResponse:
    return render(request, "games/practice_refused.html", {"message": message}, status=status)


@require_POST
def start(request: HttpRequest, game: str) -> HttpResponse:
    """Start a practice match of ``game`` against bots, signing a visitor in as a guest first."""
    if game not in dict(available_games()):
        return _refused(request, "There is no such game here. Pick one from the list on the home page.", 404)
    if (why := practice.no_practice(game)) is not None:
        return _refused(request, why, 400)
    refusal = practice.practice_refusal(client_address(request), request.user)
    if refusal:
        return _refused(request, refusal, 429)
    guest = not request.user.is_authenticated
    user: User
    if request.user.is_authenticated:
        user = request.user
    else:  # a visitor: a guest, signed in
        user = guests.sign_in_guest(request)
    try:
        match = practice.start_practice(game, user)
    except ServiceError as exc:
        return _refused(request, f"The practice match could not start: {exc.message}", 400)
    if guest:
        messages.success(request, f"You are playing as {user.get_username()}, a guest: no sign-up needed. "
                                  f"Sign up to keep a name and your matches.")
    messages.info(request, "Your practice match has started: you play against bots, each phase lasts "
                           f"{practice.PHASE_SECONDS} seconds at most (live turns: the game's own clock), and closes as "
                           "soon as you lock your move in.", extra_tags="practice-start")
    return redirect("match", pk=match.pk)
