"""The match page's action buttons (an action taken at once, an offer, its answer): posted in place by htmx, or
as a plain form without JavaScript. They call the same service as the JSON endpoint (``services.actions``).

An htmx post is answered with the actions part (``games/parts/actions.html``: a refusal beside its button, what
was typed kept, status 400) and the answer line beside it; what the action changed reaches every page that may see
it through the live socket. A plain post is redirected back to the match page, the answer as its message; refused,
it gets the match page itself (status 400) with the refusal beside the button.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_POST

from games.engines.protocol import Engine, State, SubmissionError
from genius.core.errors import ServiceError
from genius.engine_forms.fields import id_from
from genius.engine_forms.htmx import HtmxRequest, go
from genius.matches import action_panel, presenters
from genius.matches.match_urls import match_url
from genius.matches.models import Match, Seat
from genius.matches.services.actions import MAX_ACTION_CHARS, take_action
from genius.matches.services.engines import engine_of
from genius.matches.views.pages import _match_context

NO_SEAT = "You have no seat in this match."
#: The post's own keys (not an action's fields).
OWN_KEYS = ("csrfmiddlewaretoken", "phase", "act")
#: The longest form key read (the engine's keys are short).
MAX_KEY = 64


def _data(request: HtmxRequest, engine: Engine, state: State | None, player: str, key: str) -> dict[str, Any]:
    """What was typed, read by the fields of the form ``key`` (any post's values when the form is not shown now:
    the rules then say why it cannot be taken)."""
    form = next((f for f in engine.action_forms(state, player) if f.key == key), None) if state else None
    data: dict[str, Any]
    if form is not None:
        data = action_panel.posted_values(form.fields, request.POST)
    else:
        data = {k: request.POST.get(k, "") for k in list(request.POST)[:40] if k not in OWN_KEYS}
    if sum(len(v) if isinstance(v, str) else sum(map(len, v)) for v in data.values()) > MAX_ACTION_CHARS:
        raise ServiceError(f"An action is at most {MAX_ACTION_CHARS:,} characters; nothing was applied.")
    if any("\x00" in (v if isinstance(v, str) else "".join(v)) for v in data.values()):
        raise ServiceError("A field holds a NUL character; nothing was applied.")
    return data


@require_POST
def match_act(request: HtmxRequest, pk: int) -> HttpResponse:
    """``phase`` (the phase the page shows), ``act`` (the button's key) and the button's fields."""
    if not request.user.is_authenticated:
        return go(request, redirect_to_login(reverse("match", args=[pk])).url)
    seat = Seat.objects.select_related("match").filter(match_id=pk, user_id=request.user.pk).first()
    if seat is None:
        if not Match.objects.filter(pk=pk).exists():
            raise Http404("No Match matches the given query.")
        messages.error(request, NO_SEAT)
        return go(request, reverse("match", args=[pk]))
    match = seat.match
    engine = engine_of(match.game)
    key = request.POST.get("act", "")[:MAX_KEY]
    posted = action_panel.Posted(key)
    label = next((f.label for f in engine.action_forms(match.state, seat.name) if f.key == key), "") \
        if match.state is not None else ""
    answers: list[str] = []
    try:
        posted.data = _data(request, engine, match.state, seat.name, key)
        number = id_from(request.POST.get("phase"))
        if not number or match.state is None:
            raise ServiceError("This page shows no phase that takes actions; reload it.")
        payload = engine.parse_action(match.state, seat.name, key, posted.data)
        answers = take_action(seat, payload, number)
    except (SubmissionError, ServiceError) as exc:
        posted.error, posted.field = exc.message, exc.field or ""
    refused = bool(posted.error)
    answers = answers or [f"Done: {label}." if label else "Done."]  # a public action says itself on the page
    if request.htmx:
        match = Match.objects.get(pk=pk)
        seat.match = match
        part = action_panel.actions_part(match, seat, presenters.Viewer("player", seat).engine_viewer,
                                         presenters.open_phase(match), posted=posted if refused else None,
                                         request=request)
        return render(request, "games/parts/action_answer.html",
                      {"part": part, "answer": posted.error if refused else " ".join(answers), "refused": refused},
                      status=400 if refused else 200)
    if not refused:
        for line in answers:
            messages.info(request, line)
        return HttpResponseRedirect(f"{match_url(pk)}#part-actions")
    match = Match.objects.get(pk=pk)
    ctx = _match_context(request, match)
    ctx["parts"]["actions"] = action_panel.actions_part(match, ctx["viewer"].seat, ctx["viewer"].engine_viewer,
                                                        ctx["phase"], posted=posted, request=request)
    return render(request, "games/match.html", ctx, status=400)
