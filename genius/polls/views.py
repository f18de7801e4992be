"""The poll page of a match: the form of its open phase answered from outside the match, for the eligible
outsiders only (anyone else gets the same "no poll for you" page, never the form); the checks are the services'."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from genius.engine_forms.moves import MoveForm
from genius.matches.models import Match
from genius.matches.services.engines import engine_of
from genius.polls import services


@require_http_methods(["GET", "POST"])
def poll(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=pk)
    found = services.open_poll(match)
    if found is None or not services.eligible(found, request.user):
        return render(request, "polls/none.html", {"match": match}, status=404)
    if services.answered(found, request.user):
        return render(request, "polls/answered.html", {"match": match, "poll": found})
    engine = engine_of(match.game)
    posted = request.POST if request.method == "POST" else None
    form = MoveForm(engine, match.state, found.submitter, posted, checks=False, fields=found.fields)
    if posted is not None and form.is_valid():
        values = {f.name: form.cleaned_data.get(f.name, [] if f.kind == "multichoice" else "") for f in form.declared}
        try:
            services.answer(match, request.user, values)
        except services.PollRefused as exc:
            form.refuse(None, str(exc))
        else:
            messages.success(request, "Your answer is in: the match's rules read it when the phase closes.")
            return redirect("poll", pk=match.pk)
    return render(request, "polls/answer.html", {"match": match, "poll": found, "form": form},
                  status=400 if posted is not None else 200)
