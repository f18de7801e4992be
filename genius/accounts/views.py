"""The signed-in person's own pages: the profile (email, time zone, emails wanted) and what they owe now."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from genius.accounts.forms import ProfileForm
from genius.accounts.middleware import remember_zone
from genius.notify import due


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    """``/me/profile/``: the email address, the time zone and which emails to send."""
    form = ProfileForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        saved = form.save()
        remember_zone(request, saved.time_zone)
        messages.success(request, "Profile saved.")
        return redirect("profile")
    return render(request, "registration/profile.html", {"form": form},
                  status=400 if form.errors else 200)


@require_GET
@never_cache
def due_now(request: HttpRequest) -> JsonResponse:
    """``/me/due/``: the signed-in person's own owed moves and decisions, for the in-page alerts.

    ``poll_s`` tells the page when to ask again: sooner (5 s) while one of their matches plays live turns.
    """
    if not request.user.is_authenticated:
        return JsonResponse({"error": "Log in to see the moves you owe.", "due": []}, status=403)
    items, live = due.look(request.user)
    slow = int(settings.GENIUS_DUE_POLL_SECONDS)
    return JsonResponse({"due": items, "now": timezone.now().isoformat(), "poll_s": min(slow, 5) if live else slow})
