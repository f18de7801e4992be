"""Host-only pages: the games a host can set up, a new lobby of any game, and a lobby's set-up.

Every page is generated from the game's declared spec (``engine.spec``): its seat counts, its
config fields (see ``forms.py``) and, beside a text field, the engine's own preview of what was
typed (``Engine.config_preview``). No game is named here; lobbies are made and changed by
``genius.matches.services.lobbies``, which lets the engine check the config.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dataclass_field
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from games.engines.protocol import Engine
from games.engines.registry import get_engine, slugs
from genius.access.fields import preselect_community
from genius.access.guards import host_required, match_host_required
from genius.core.errors import ServiceError
from genius.hosting import design_clock
from genius.hosting.forms import LobbyForm, initial_for
from genius.matches.models import Match
from genius.matches.services import lobbies


@dataclass
class Shown:
    """A config field on the page, with the engine's preview of the text typed in it."""

    field: forms.BoundField
    lines: list[str] = dataclass_field(default_factory=list)  # (the name "field" is taken above)
    error: str = ""


def _engine(slug: str) -> Engine:
    try:
        return get_engine(slug)
    except KeyError:
        raise Http404("There is no such game.") from None


def _previews(engine: Engine, form: LobbyForm) -> list[Shown]:
    shown = []
    for f in form.config_fields:
        bound = form[f.key]
        text = bound.value() if f.kind == "text" else None
        preview = engine.config_preview(f.key, text) if isinstance(text, str) and text.strip() else ""
        if isinstance(preview, list):
            shown.append(Shown(bound, lines=[str(line) for line in preview]))
        else:
            shown.append(Shown(bound, error=preview if form.is_bound else ""))
    return shown


def _refusal(form: LobbyForm, exc: ServiceError) -> None:
    """A service's refusal beside its field (a config key names its field), or above the form."""
    form.add_error(exc.field if exc.field in form.fields else None, exc.message)


def _page(request: HttpRequest, engine: Engine, form: LobbyForm, *, match: Match | None = None) -> HttpResponse:
    ctx = {"spec": engine.spec, "form": form, "settings": form.match_settings(), "shown": _previews(engine, form),
           "later": form.later, "editing": match, "seated": form.seats}
    status = 400 if form.is_bound and form.errors else 200
    return render(request, "games/host/lobby.html", ctx, status=status)


@require_GET
@host_required
def index(request: HttpRequest) -> HttpResponse:
    """Every registered game, with its seat counts and a "new lobby" link."""
    specs = [get_engine(slug).spec for slug in slugs()]
    chosen = request.GET.get("community", "")
    query = f"?{urlencode({'community': chosen})}" if chosen else ""  # carried on to each game's new lobby
    return render(request, "games/host/index.html", {"specs": specs, "query": query})


@require_http_methods(["GET", "POST"])
@host_required
def new_lobby(request: HttpRequest, slug: str) -> HttpResponse:
    """A new lobby of ``slug`` from its generated form: Preview checks it all, Create makes it."""
    engine = _engine(slug)
    if request.method == "GET":
        form = LobbyForm(engine.spec, user=request.user)
        preselect_community(form, request)
        return _page(request, engine, form)
    form = LobbyForm(engine.spec, request.POST, user=request.user)
    if form.is_valid():
        data = form.cleaned_data
        try:
            config, design_turn = design_clock.clocked_config(engine.spec, form.config(), data)  # a design's clock
            args = {"game": slug, "seats_wanted": data["seats_wanted"], "seed": data["seed"], "config": config,
                    "bots": data["bot_names"]}
            if request.POST.get("action") != "create":
                lobbies.check_new_lobby(**args)
            else:
                match = lobbies.create_lobby(
                    **args, title=data["title"], season=data["season"], phase_seconds=data["phase_seconds"],
                    community_id=data["community"].pk,
                    turn_seconds=design_turn or data.get("turn_seconds") or 60,
                    closes_when_all_locked_in=bool(data.get("closes_when_all_locked_in")),
                    talk_enabled=bool(data.get("talk_enabled")),
                )
                messages.success(request, _created_words(match, len(data["bot_names"])))
                return redirect("match", pk=match.pk)
        except ServiceError as exc:
            _refusal(form, exc)
    return _page(request, engine, form)


@require_http_methods(["GET", "POST"])
@match_host_required
def lobby_setup(request: HttpRequest, match: Match) -> HttpResponse:
    """A lobby's settings, with the seats taken as choices for the settings that name seats, and bot seats."""
    if match.status != Match.Status.LOBBY:
        messages.error(request, "This match has started: its settings can no longer change.")
        return redirect("match", pk=match.pk)
    engine = _engine(match.game)
    seats = list(match.seats.order_by("position").values_list("name", flat=True))
    initial = {**initial_for(engine.spec, match.config or {}),
               "closes_when_all_locked_in": match.closes_when_all_locked_in}
    if request.method == "GET":
        return _page(request, engine, LobbyForm(engine.spec, seats=seats, places=match.seats_wanted, initial=initial,
                                                user=request.user), match=match)
    form = LobbyForm(engine.spec, request.POST, seats=seats, places=match.seats_wanted, initial=initial,
                     user=request.user)
    if form.is_valid():
        bots = form.cleaned_data["bot_names"]
        try:
            config, _ = design_clock.clocked_config(engine.spec, form.config(), form.cleaned_data)  # a design's clock
            if request.POST.get("action") != "save":
                lobbies.check_changed_lobby(match, config=config, bots=bots)
            else:
                lobbies.change_lobby(match.pk, config=config, bots=bots,
                                     closes_when_all_locked_in=bool(form.cleaned_data.get("closes_when_all_locked_in")))
                messages.success(request, "The settings are saved. Start the match when every seat is taken.")
                return redirect("match", pk=match.pk)
        except ServiceError as exc:
            _refusal(form, exc)
    return _page(request, engine, form, match=match)


def _created_words(match: Match, bots: int) -> str:
    free = match.seats_wanted - bots
    if free == 0:
        return f"\u201c{match.title}\u201d is created with {bots} bot seats: start it below."
    seats = "1 seat is" if free == 1 else f"{free} seats are"
    return (f"\u201c{match.title}\u201d is created as an open lobby: {seats} free for players to take. "
            "Start it when it is full.")
