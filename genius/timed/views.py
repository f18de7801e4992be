"""A seat's timed challenge page: start the clock (no question is shown before), then the questions, the time
left and the answer form; every check is the services' (:mod:`genius.timed.services`)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from genius.engine_forms.moves import MoveForm
from genius.matches.models import Match
from genius.matches.presenters import viewer_for
from genius.matches.services.engines import engine_of
from genius.timed import services


@require_http_methods(["GET", "POST"])
def challenge(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=pk)
    viewer = viewer_for(match, request.user)
    seat = viewer.seat if viewer.kind == "player" else None
    found = services.open_challenge(match, seat)
    if found is None or seat is None:
        return render(request, "timed/none.html", {"match": match}, status=404)
    action = request.POST.get("action") if request.method == "POST" else None
    if action == "start":
        try:
            services.start(match, seat)
        except services.TimedRefused as exc:
            messages.error(request, str(exc))
        return redirect("timed-challenge", pk=match.pk)
    row = services.started(match, seat, found.phase)
    if row is None:  # not started: how long and how many, never the questions
        return render(request, "timed/start.html", {"match": match, "challenge": found, "phase": found.phase})
    engine = engine_of(match.game)
    assert match.state is not None  # open_challenge read it
    posted = request.POST if action == "answer" else None
    form = MoveForm(engine, match.state, services.SUBMITTER, posted, checks=False,
                    fields=engine.form_fields(match.state, services.SUBMITTER))
    if posted is not None and form.is_valid():
        values = {f.name: form.cleaned_data.get(f.name, [] if f.kind == "multichoice" else "") for f in form.declared}
        try:
            services.answer(match, seat, values)
        except services.TimedRefused as exc:
            form.refuse(None, str(exc))
        else:
            messages.success(request, "Your answer is in. You may change it until your time ends.")
            return redirect("timed-challenge", pk=match.pk)
    left = max(0, int((row.ends_at - timezone.now()).total_seconds()))
    return render(request, "timed/questions.html",
                  {"match": match, "challenge": found, "phase": found.phase, "row": row, "form": form, "left": left},
                  status=400 if posted is not None else 200)
