"""Pages for players, spectators and hosts. They call services and presenters; no rules here."""

from __future__ import annotations

import json

import markdown
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_POST

from games.engines.protocol import SubmissionError
from games.engines.registry import game_dir
from games.kit.numbers import NumberError, parse_int
from genius.accounts import throttle
from genius.accounts.addresses import client_address
from genius.accounts.forms import SignUpForm
from genius.live import presenters
from genius.matches import phase_forms
from genius.matches.access import match_host_required
from genius.matches.fields import id_from
from genius.matches.models import Decision, GarnetEntry, Match, Phase, Season, Seat, Submission, TolEntry
from genius.matches.services import lifecycle, matchfiles, submitting
from genius.matches.services.engines import GAME_TITLES, engine_of, spec_of
from genius.matches.services.errors import ServiceError


def home(request: HttpRequest) -> HttpResponse:
    """Open lobbies, matches being played, seasons."""
    lobbies = Match.objects.filter(status=Match.Status.LOBBY).prefetch_related("seats")[:50]
    live = Match.objects.filter(status__in=[Match.Status.RUNNING, Match.Status.PAUSED])[:50]
    finished = Match.objects.filter(status=Match.Status.FINISHED)[:20]
    return render(
        request,
        "games/home.html",
        {"lobbies": lobbies, "live": live, "finished": finished, "seasons": Season.objects.all()[:20],
         "games": GAME_TITLES},
    )


def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and sign in (names under ``genius.accounts.names``; throttled per address)."""
    address = client_address(request)
    if request.method == "POST":
        refusal = throttle.signup_refusal(address)
        if refusal:
            return render(request, "registration/signup_throttled.html", {"reason": refusal}, status=429)
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        throttle.signup_made(address)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome, {user.username}! Join a lobby below.")
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form}, status=400 if form.errors else 200)


@login_required
def my_matches(request: HttpRequest) -> HttpResponse:
    """The signed-in player's matches, marking those where a move is owed."""
    rows = []
    for seat in request.user.seats.select_related("match").order_by("-match__created"):
        match = seat.match
        phase = presenters.open_phase(match)
        owes = False
        if phase is not None and phase.status == Phase.Status.OPEN and seat.name in phase.actors:
            owes = not phase.submissions.filter(seat=seat, kind=Submission.Kind.MOVE).exists()
        rows.append({"match": match, "seat": seat, "phase": phase, "owes": owes})
    decisions = Decision.objects.filter(decider=request.user, status=Decision.Status.OPEN).select_related("episode")
    return render(request, "games/my_matches.html", {"rows": rows, "decisions": decisions})


def _match_context(request: HttpRequest, match: Match, *, values=None, errors=None, instant_values=None,
                   instant_errors=None) -> dict:
    viewer = presenters.viewer_for(match, request.user)
    phase = presenters.open_phase(match)
    ctx = {
        "match": match,
        "viewer": viewer,
        "phase": phase,
        "parts": presenters.parts_for(match, viewer),
        "game_title": GAME_TITLES.get(match.game, match.game),
        "game_scripts": spec_of(match.game).page.scripts,
    }
    ctx.update(presenters.form_context(match, viewer.seat, values=values, errors=errors,
                                       instant_values=instant_values, instant_errors=instant_errors))
    if request.user.is_authenticated and match.status == Match.Status.LOBBY:
        ctx["can_join"] = not match.seats.filter(user=request.user).exists()
    return ctx


def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The match page: one page for everyone, showing more to whoever may see more."""
    match = get_object_or_404(Match, pk=pk)
    return render(request, "games/match.html", _match_context(request, match))


@require_POST
@login_required
def match_submit(request: HttpRequest, pk: int) -> HttpResponse:
    """A player's move for the open phase (or, with ``instant``, an action answered at once)."""
    seat = Seat.objects.select_related("match").filter(match_id=pk, user=request.user).first()  # one query
    if seat is None:
        if not Match.objects.filter(pk=pk).exists():
            raise Http404("No Match matches the given query.")
        messages.error(request, "You have no seat in this match.")
        return redirect("match", pk=pk)
    match = seat.match
    engine = engine_of(match.game)
    instant = request.POST.get("action") == "instant"
    values = phase_forms.posted(engine, match.state or {}, seat.name, request.POST, instant=instant) if match.state else {}
    expected = id_from(request.POST.get("phase")) or 0  # the phase the form was for (0: not said)
    try:
        payload = engine.parse_form(match.state, seat.name, values) if match.state else {}
        if instant:
            answers = submitting.act_now(seat, payload)
            for answer in answers:
                messages.info(request, answer)
        else:
            lock = request.POST.get("lock") == "1"
            sub = submitting.submit(seat, payload, expected_phase=expected or None, lock=lock)
            if sub is not None:
                messages.success(
                    request, f"Saved at {sub.submitted_at:%H:%M:%S} UTC. You can change it until the deadline."
                )
        return redirect("match", pk=pk)
    except (SubmissionError, ServiceError) as exc:
        errors = {exc.field or "__all__": exc.message}
        ctx = _match_context(
            request, match,
            values=None if instant else values, errors=None if instant else errors,
            instant_values=values if instant else None, instant_errors=errors if instant else None,
        )
        ctx["error"] = exc.message
        return render(request, "games/match.html", ctx, status=400)


@require_POST
@login_required
def match_join(request: HttpRequest, pk: int) -> HttpResponse:
    """Take a seat in an open lobby."""
    try:
        lifecycle.join_lobby(pk, request.user)
        messages.success(request, "You have a seat. The host starts the match when the lobby is full.")
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("match", pk=pk)


@require_GET
def match_live(request: HttpRequest, pk: int) -> JsonResponse:
    """The viewer's current parts and sequence number (a client resyncs from this)."""
    match = get_object_or_404(Match, pk=pk)
    viewer = presenters.viewer_for(match, request.user)
    return JsonResponse({"seq": match.seq, "parts": presenters.parts_for(match, viewer)})


@require_GET
@match_host_required(hidden=True)
def match_export(request: HttpRequest, match: Match) -> HttpResponse:
    """The match file (hosts only: it holds every private submission)."""
    doc = matchfiles.export_match(match)
    response = HttpResponse(json.dumps(doc, indent=2), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="match-{match.pk}-{match.game}.json"'
    return response


HOST_ACTIONS = {
    "start": lambda pk, post: lifecycle.start_match(pk),
    "pause": lambda pk, post: lifecycle.pause(pk),
    "resume": lambda pk, post: lifecycle.resume(pk),
    "extend": lambda pk, post: lifecycle.extend(pk, _minutes(post) * 60),
    "resolve": lambda pk, post: lifecycle.resolve_now(pk),
}


def _minutes(post) -> int:
    """The minutes to extend by: 1 to 30 days' worth, in ASCII digits."""
    try:
        return parse_int(post.get("minutes", "60"), field="minutes", lo=1, hi=30 * 24 * 60)
    except NumberError as exc:
        raise ServiceError(f"Minutes {exc.message}.", "minutes") from None


@require_POST
@match_host_required(hidden=True)
def host_control(request: HttpRequest, match: Match) -> HttpResponse:
    """The host's match controls: start, pause, resume, extend, resolve now."""
    pk = match.pk
    action = request.POST.get("action", "")
    if action not in HOST_ACTIONS:
        messages.error(request, f"Unknown action {action!r}.")
        return redirect("match", pk=pk)
    try:
        HOST_ACTIONS[action](match.pk, request.POST)
        messages.success(request, f"Done: {action}.")
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("match", pk=pk)


@login_required
def wallet(request: HttpRequest) -> HttpResponse:
    """The signed-in player's garnet and ToL history."""
    user: User = request.user
    return render(
        request, "games/wallet.html",
        {"garnets": GarnetEntry.objects.filter(user=user).select_related("season", "match"),
         "tols": TolEntry.objects.filter(user=user).select_related("season", "match")},
    )


def rules(request: HttpRequest, game: str) -> HttpResponse:
    """The rules as played here: the seed plus the rulings."""
    try:
        path = game_dir(game) / "RULES.md"
    except KeyError:
        raise Http404 from None
    if not path.exists():
        raise Http404
    html = markdown.markdown(path.read_text(encoding="utf-8"), extensions=["tables", "fenced_code"])  # our own file
    return render(request, "games/rules.html", {"title": GAME_TITLES.get(game, game), "html": mark_safe(html)})


