"""The talk's pages: say something (a form post, or a fetch from talk.js answered in JSON), report a message,
mark a report dealt with, and the transcript (what the reader may read, up to a phase as the replay has it).

Every check is the services' (:mod:`genius.talk.posting`, :mod:`genius.talk.reading`)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from genius.matches.models import Match
from genius.matches.presenters import viewer_for
from genius.talk import posting
from genius.talk.reading import readable_messages

MAX_PHASE = 10**6


def _fetched(request: HttpRequest) -> bool:
    return request.headers.get("X-Talk") == "1"


def _back(match: Match) -> HttpResponseRedirect:
    return HttpResponseRedirect(reverse("match", args=[match.pk]) + "#talk")


@require_POST
def post(request: HttpRequest, pk: int) -> HttpResponse:
    """Say the posted ``text`` in channel ``channel``: 204 / a redirect back, or the refusal's words."""
    match = get_object_or_404(Match, pk=pk)
    viewer = viewer_for(match, request.user)
    try:
        said = posting.post(match, viewer, request.POST.get("channel"), request.POST.get("text"), user=request.user)
    except posting.TalkRefused as exc:
        if _fetched(request):
            return JsonResponse({"error": str(exc)}, status=400)
        messages.error(request, str(exc))
        return _back(match)
    if _fetched(request):  # the message too: the page shows it even if its socket is away
        html = render_to_string("talk/message.html", {"message": said, "may_report": viewer.kind == "player"})
        return JsonResponse({"ok": True, "channel": said.channel.key, "html": html})
    return _back(match)


@require_http_methods(["GET", "POST"])
def report(request: HttpRequest, pk: int, message_id: int) -> HttpResponse:
    """Report a message the reader may read to the host (a page with an optional reason, then the post)."""
    match = get_object_or_404(Match, pk=pk)
    viewer = viewer_for(match, request.user)
    message = (readable_messages(match, viewer).filter(pk=message_id).first()
               if viewer.kind == "player" and 0 < message_id < 2**63 else None)
    if message is None:
        raise Http404("There is no such message you may report.")
    error = ""
    if request.method == "POST":
        try:
            posting.report(match, viewer, message.pk, request.POST.get("reason", ""))
        except posting.TalkRefused as exc:
            error = str(exc)
        else:
            messages.success(request, "The host has your report.")
            return _back(match)
    return render(request, "talk/report_form.html", {"match": match, "message": message, "error": error},
                  status=400 if error else 200)


@require_POST
def report_seen(request: HttpRequest, pk: int, report_id: int) -> HttpResponse:
    """The host marks a report dealt with."""
    match = get_object_or_404(Match, pk=pk)
    if viewer_for(match, request.user).kind != "host":
        raise Http404("Only the match's host deals with reports.")
    posting.mark_seen(match, report_id)
    return _back(match)


@require_GET
def transcript(request: HttpRequest, pk: int) -> HttpResponse:
    """Everything the reader may read, or (``?phase=N``) what they could read by the end of phase N."""
    match = get_object_or_404(Match, pk=pk)
    raw = request.GET.get("phase", "").strip()
    upto: int | None = None
    if raw:
        if not raw.isascii() or not raw.isdigit() or int(raw) > MAX_PHASE:
            messages.error(request, "The phase is a whole number, such as 3.")
            return redirect("talk-transcript", pk=match.pk)
        upto = int(raw)
    return render(request, "talk/transcript.html",
                  {"match": match, "viewer": viewer_for(match, request.user), "upto": upto})
