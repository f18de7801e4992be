"""Challenge pages: a player's page with its Challenge button, the new-challenge form, the lists of incoming and
outgoing challenges, and the answers (accept, decline, cancel). Every rule is in ``services``; a refusal is shown
as a message (403 when the challenge is someone else's), never a 500."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from genius.access import hosts
from genius.challenges import services
from genius.challenges.forms import ChallengeForm, SettingsForm, clean_text
from genius.challenges.models import Challenge
from genius.core.errors import ServiceError
from genius.engine_forms.htmx import HtmxRequest, go
from genius.matches.models import Match
from genius.matches.services.engines import game_title


def _rows(challenges: list[Challenge]) -> list[dict]:
    return [{"c": c, "title": game_title(c.game), "settings": services.describe(c)} for c in challenges]


@require_GET
@login_required
def challenge_list(request: HttpRequest) -> HttpResponse:
    """``/challenges/``: the challenges waiting for my answer (Accept / Decline), mine waiting for theirs
    (Cancel), and the latest answered."""
    lists = services.lists_for(request.user)
    return render(request, "challenges/list.html", {
        "incoming": _rows(lists["incoming"]), "outgoing": _rows(lists["outgoing"]),
        "answered": _rows(lists["answered"]), "guest": services.is_guest_account(request.user),
        "games": services.challengeable_games(),
    })


@require_http_methods(["GET", "POST"])
@login_required
def new_challenge(request: HttpRequest) -> HttpResponse:
    """``/challenges/new/?to=<name>``: pick the player, the game and its settings; the challenge waits a day."""
    guest = services.is_guest_account(request.user)
    if request.method == "GET":
        initial = {"to": clean_text(request.GET.get("to", ""))[: services.NAME_MAX]}
        if request.GET.get("game") in dict(services.challengeable_games()):
            initial["game"] = request.GET["game"]
        form = ChallengeForm(initial=initial)
        return _form_page(request, form, guest=guest)
    form = ChallengeForm(request.POST)
    settings_form = form.chosen()
    valid = form.is_valid()
    settings_valid = settings_form is not None and settings_form.is_valid()
    if valid and not settings_valid:  # the player is checked too, so that every mistake shows at once
        try:
            services.find_player(form.cleaned_data["to"])
        except ServiceError as exc:
            form.add_error("to", exc.message)
    if valid and settings_valid:
        assert settings_form is not None  # settings_valid says there is one
        data = form.cleaned_data
        try:
            challenge = services.create_challenge(
                request.user, data["to"], game=data["game"], settings=settings_form.config(),
                order=data["order"], **settings_form.clock())
        except ServiceError as exc:
            _refusal(form, settings_form, exc)
        else:
            messages.success(request, f"{challenge.challenged.get_username()} is challenged to "
                                      f"{game_title(challenge.game)}. The challenge waits 24 hours for their answer.")
            return redirect("challenges")
    return _form_page(request, form, guest=guest, status=400)


def _refusal(form: ChallengeForm, settings_form: SettingsForm, exc: ServiceError) -> None:
    """A refusal beside its field: the player, the game, the seat order, or one of the game's settings."""
    if exc.field in form.fields:
        form.add_error(exc.field, exc.message)
    elif exc.field in settings_form.fields:
        settings_form.add_error(exc.field, exc.message)
    else:
        form.add_error(None, exc.message)


def _form_page(request: HttpRequest, form: ChallengeForm, *, guest: bool, status: int = 200) -> HttpResponse:
    chosen = form.chosen_slug()
    blocks = [{"form": f, "slug": f.spec.slug, "title": f.spec.title, "chosen": f.spec.slug == chosen,
               "errors": f.is_bound and bool(f.errors) and f.spec.slug == chosen}
              for f in form.settings_forms]
    return render(request, "challenges/new.html", {"form": form, "blocks": blocks, "guest": guest,
                                                   "blocks_errors": any(b["errors"] for b in blocks)},
                  status=status if form.is_bound else 200)


@require_GET
@never_cache
def state(request: HttpRequest, pk: int) -> JsonResponse:
    """``/challenges/<pk>/state/``: a party's challenge as the list page polls it (its status and, once accepted,
    the match's address, where the challenger's page goes at once)."""
    if not request.user.is_authenticated:
        return JsonResponse({"error": "Log in to see your challenges."}, status=403)
    challenge = services.seen_by(pk, request.user)
    if challenge is None:
        return JsonResponse({"error": "This challenge is not yours."}, status=403)
    match_url = reverse("match", args=[challenge.match_id]) if challenge.match_id else None
    return JsonResponse({"status": challenge.status, "match_url": match_url})


#: The answers to a challenge: the service that gives it, and what the page says once it is given.
ANSWERS: dict[str, tuple[Callable[[int, Any], Any], Callable[[Any], str]]] = {
    "accept": (services.accept, lambda match: f"Challenge accepted: {match.title} has started."),
    "decline": (services.decline, lambda c: f"You declined {c.challenger.get_username()}'s challenge."),
    "cancel": (services.cancel, lambda c: f"Your challenge to {c.challenged.get_username()} is cancelled."),
}


@require_POST
@login_required
def answer(request: HtmxRequest, pk: int, *, action: str) -> HttpResponse:
    """Accept (the match starts at once, and both players go to its page), decline or cancel a challenge.

    Declined or cancelled, the list is shown again with a message; from the list's own buttons (htmx,
    ``request.htmx``) its lists are redrawn in place. Accepted, the whole page goes to the match. A refusal is
    a message on the list (a plain post for someone else's challenge: a 403 page), never a 500.
    """
    give, said = ANSWERS[action]
    try:
        result = give(pk, request.user)
    except services.NotYours as exc:
        if not request.htmx:
            return render(request, "challenges/refused.html", {"message": exc.message}, status=403)
        messages.error(request, exc.message)
        return redirect("challenges")
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("challenges")
    messages.success(request, said(result))
    if isinstance(result, Match):
        return go(request, reverse("match", args=[result.pk]))
    return redirect("challenges")


@require_GET
def player(request: HttpRequest, name: str) -> HttpResponse:
    """``/players/<name>/``: a player's page: their recent matches and a Challenge button."""
    user = get_user_model().objects.filter(username=name, is_active=True).first()
    if user is None:
        raise Http404("There is no such player.")
    viewer = request.user
    seats = user.seats.select_related("match").exclude(match__status=Match.Status.LOBBY)
    if not (viewer.is_authenticated and viewer.pk == user.pk):  # an unlisted community's matches: its members'
        seats = seats.filter(Q(match__community__isnull=True) | Q(
            pk__in=hosts.listed(user.seats.all(), viewer, "match__community").values("pk")))
    seats = seats.order_by("-match__created")[:20]
    return render(request, "challenges/player.html", {
        "player": user, "seats": seats, "guest_player": services.is_guest_account(user),
        "is_self": viewer.is_authenticated and viewer.pk == user.pk,
        "may_challenge": (viewer.is_authenticated and viewer.pk != user.pk and not services.is_guest_account(viewer)
                          and not services.is_guest_account(user) and bool(services.challengeable_games())),
        "viewer_guest": viewer.is_authenticated and services.is_guest_account(viewer),
    })
