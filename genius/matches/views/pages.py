"""Pages for players, spectators and hosts. They call services and presenters; no rules here."""

from __future__ import annotations

import json

import markdown
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.db.models import Count, Prefetch
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.engines.protocol import SubmissionError
from games.engines.registry import game_dir
from games.kit.numbers import NumberError, parse_int
from genius.access import hosts as access
from genius.access.guards import match_host_required
from genius.accounts import guests, next_step, signed_in
from genius.accounts.requests import SignedInRequest
from genius.core.errors import ServiceError
from genius.engine_forms.fields import id_from
from genius.engine_forms.htmx import HtmxRequest, go
from genius.engine_forms.moves import MoveForm
from genius.matches import action_panel, posted_moves, presenters, results
from genius.matches.match_urls import match_url
from genius.matches.models import GarnetEntry, Match, Phase, Seat, Submission, TolEntry
from genius.matches.safe_markdown import render_with_toc
from genius.matches.services import (
    conceding,
    controls,
    lifecycle,
    matchfiles,
    practice,
    replays,
    seat_answers,
    seating,
    submitting,
)
from genius.matches.services.check_alerts import note_check_failure
from genius.matches.services.engines import GAME_TITLES, available_games, engine_of, spec_of
from genius.matches.services.match_rules import rules_text
from genius.seasons.models import Decision, Season


def _seats_text(low: int, high: int) -> str:
    return f"{low} players" if low == high else f"{low}–{high} players"


def _results(match: Match) -> dict:
    """A finished match's public result: the winner (alone in first place; players tied for it read as a tie) and
    the standing, best first (``genius.matches.results``)."""
    standing = results.results(match)
    if replays.is_drawn(match):  # season_rules.html: a drawn Death Match is played again; the list says so, with the link
        return {"winners": [], "standing": standing, "again": replays.played_again_in(match)}
    firsts = [line.name for line in standing.lines if line.rank == 1]
    return {"winners": firsts if len(firsts) == 1 else [], "standing": standing}


def home(request: HttpRequest) -> HttpResponse:
    """What Genius is and how to play, watch and host; every game (with a practice button); open lobbies,
    matches being played, finished matches with their results, seasons."""
    community = access.listed(Match.objects.exclude(origin=Match.Origin.PRACTICE),
                              request.user)
    games = [
        {"slug": slug, "title": spec.title, "summary": spec.summary,
         "seats": _seats_text(spec.min_players, spec.max_players), "practice": practice.offers_practice(slug)}
        for slug, spec in ((slug, spec_of(slug)) for slug, _ in available_games())
    ]
    lobbies = list(
        community.filter(status=Match.Status.LOBBY).select_related("season")
        .annotate(taken=Count("seats")).order_by("-created")[:50]
    )
    for m in lobbies:
        m.full = m.taken >= m.seats_wanted
        m.game_title = GAME_TITLES.get(m.game, m.game)
    open_phases = Prefetch("phases", queryset=Phase.objects.exclude(status=Phase.Status.RESOLVED).order_by("-number"),
                           to_attr="open_phases")
    live = list(community.filter(status__in=[Match.Status.RUNNING, Match.Status.PAUSED])
                .prefetch_related(open_phases).order_by("-started")[:30])
    for m in live:
        m.phase_now = m.open_phases[0] if m.open_phases else None
        m.game_title = GAME_TITLES.get(m.game, m.game)
    finished = list(community.filter(status=Match.Status.FINISHED).order_by("-finished")[:20])
    for m in finished:
        m.results = _results(m)
        m.game_title = GAME_TITLES.get(m.game, m.game)
    mine = []
    if request.user.is_authenticated:
        mine = list(Match.objects.filter(seats__user=request.user, origin=Match.Origin.PRACTICE,
                                         status__in=[Match.Status.RUNNING, Match.Status.PAUSED])
                    .order_by("-started")[:5])
    return render(
        request,
        "games/home.html",
        {"games": games, "lobbies": lobbies, "live": live, "finished": finished, "practising": mine,
         "seasons": access.listed(Season.objects.all(), request.user)[:20], "guest": guests.is_guest(request),
         "practice_seconds": practice.PHASE_SECONDS, "next_steps": _next_steps(request)},
    )


def _next_steps(request: HttpRequest) -> dict | None:
    """For someone signed up who belongs to no community yet (just signed up): the invitation they came with,
    if any; the page then offers it, starting a community, finding one and practising (None: not shown)."""
    if not request.user.is_authenticated or guests.is_guest(request) or access.member_community_ids(request.user):
        return None
    return {"invitation": next_step.pending(request)}


@login_required
def my_matches(request: SignedInRequest) -> HttpResponse:
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


def _match_context(request: HttpRequest, match: Match, *, posted: MoveForm | None = None) -> dict:
    viewer = presenters.viewer_for(match, request.user)
    phase = presenters.open_phase(match)
    ctx = {
        "match": match,
        "viewer": viewer,
        "phase": phase,
        "parts": presenters.parts_for(match, viewer),
        "game_title": GAME_TITLES.get(match.game, match.game),
        "game_scripts": spec_of(match.game).page.scripts,
        "game_styles": spec_of(match.game).page.styles,
        "rules_url": reverse("match-rules", args=[match.pk]) if rules_text(match) else reverse("rules", args=[match.game]),
    }
    ctx.update(presenters.form_context(match, viewer.seat, posted=posted))
    parts = ctx["parts"]
    if isinstance(parts, dict) and "actions" in parts:  # drawn again with the request: its forms carry the CSRF
        parts["actions"] = action_panel.actions_part(match, viewer.seat, viewer.engine_viewer, phase,  # token
                                                     request=request)
    ctx["can_concede"] = conceding.may_concede(match, request.user)  # templates/games/season_rules.html, "Conceding": a Death Match
    ctx["you_placed"] = results.placed_text(match, viewer.seat)
    ctx["is_guest"] = guests.is_guest(request)
    ctx["play_again"] = match.status != Match.Status.LOBBY and practice.offers_practice(match.game)
    ctx["practice_match"] = practice.is_practice(match)
    if match.status == Match.Status.LOBBY:
        ctx["lobby_full"] = seating.is_full(match)
        seated = request.user.is_authenticated and viewer.seat is not None
        ctx["seat_answer"] = viewer.seat.answer if seated and viewer.seat is not None else ""
        ctx["can_leave"] = seated and not ctx["seat_answer"]
        ctx["unanswered"] = seat_answers.unanswered(match)
        ctx["guest"] = guests.is_guest(request)
        ctx["can_join"] = (request.user.is_authenticated and not seated and not ctx["lobby_full"]
                           and not ctx["guest"])
    return ctx


def match_detail(request: HtmxRequest, pk: int) -> HttpResponse:
    """The match page: one page for everyone, showing more to whoever may see more.

    The page's move forms post here (taken as by :func:`match_submit`), so a refused move is shown at the
    page's own address, never at a POST-only one.
    """
    if request.method == "POST":
        return match_submit(request, pk)
    match = get_object_or_404(Match, pk=pk)
    return render(request, "games/match.html", _match_context(request, match))


NO_SEAT = "You have no seat in this match."


def _saved_text(sub: Submission) -> str:
    at = timezone.localtime(sub.submitted_at)  # the viewer's zone (genius.accounts.zones)
    if sub.locked:
        return f"Locked in at {at:%H:%M:%S %Z}."
    return f"Saved at {at:%H:%M:%S %Z}: you may change it until you lock in or the deadline."


@require_POST
def match_submit(request: HtmxRequest, pk: int) -> HttpResponse:
    """A player's move for the open phase (or, with ``instant``, an action answered at once).

    The move form (``genius.engine_forms.moves.MoveForm``: the engine's fields, its check in ``clean()``) goes to the
    services, which check it again under the phase's lock. A plain post is answered with the match page: a
    redirect once saved, the page itself (status 400) with the error beside its field when refused. An htmx
    post (the page's own, ``request.htmx``) gets the same checks and words as the form part, to draw in place:
    the form re-rendered (what was typed kept, errors beside the fields; status 400 when refused), the answer
    line, and once saved the seat's board and private parts (see ``games/parts/move_answer.html``). Signed
    out or seatless, an htmx post sends the whole page where a plain post goes.
    """
    user_id = signed_in.session_user_id(request)
    # One query: the seat, its match, its holder (who signs the request in) and the open phase's number.
    seat = submitting.seat_to_submit(pk, user_id) if user_id is not None else None
    if seat is not None:
        signed_in.sign_in_with(request, seat.user)
    if not request.user.is_authenticated:
        return go(request, redirect_to_login(reverse("match", args=[pk])).url)
    if seat is None or seat.user_id != request.user.pk:
        if not Match.objects.filter(pk=pk).exists():
            raise Http404("No Match matches the given query.")
        messages.error(request, NO_SEAT)
        return go(request, reverse("match", args=[pk]))
    match = seat.match
    instant = request.POST.get("action") == "instant"
    in_place = bool(request.htmx)
    expected = id_from(request.POST.get("phase")) or 0  # the phase the form was for (0: not said)
    number = getattr(seat, "open_number", None) or 0
    engine = engine_of(match.game)
    version = getattr(seat, "match_version", None)  # the match row's version names its state exactly
    # A move the engine accepts is read without building the form; otherwise the form reads it and says why.
    posted = posted_moves.read_posted(engine, match.state, seat.name, request.POST, instant=instant,
                                      checks=not expected or expected == number,
                                      version=(match.pk, version) if version else None)
    payload, form = posted.payload, posted.form
    if form is not None and form.check_problem:  # the game's own check failed, not the move: its host is told
        note_check_failure(match, form.check_problem)
    answers: list[str] = []
    if payload is not None:
        try:
            if instant:
                answers = submitting.act_now(seat, payload)
            else:
                sub = submitting.submit(seat, payload, expected_phase=expected or None,
                                        lock=request.POST.get("lock") == "1")
                answers = [_saved_text(sub)] if sub is not None and in_place else []
        except (SubmissionError, ServiceError) as exc:
            form = posted.the_form()
            form.refuse(exc.field, exc.message)
    if in_place:
        return _answer_in_place(request, seat, form, instant, " ".join(answers), expected)
    if form is not None and form.errors:
        ctx = _match_context(request, match, posted=form)
        ctx["error"] = " ".join(str(e) for e in form.errors.get("__all__", []) or
                                [e for errs in form.errors.values() for e in errs])
        return render(request, "games/match.html", ctx, status=400)
    if instant:  # what an action answered at once said is the page's message
        for answer in answers:
            messages.info(request, answer)
        return redirect("match", pk=pk)
    # A saved move needs no message: the page's move form says it is in, and when it was saved ("Your move is in
    # (saved …)"; games/parts/move_form.html), as long as it is, and no longer; the page opens at the form.
    return HttpResponseRedirect(f"{match_url(pk)}#move-form")


def _answer_in_place(request: HtmxRequest, seat: Seat, form: MoveForm | None, instant: bool, message: str,
                     expected: int) -> HttpResponse:
    """The move's answer as the form part: saved (200; the seat's board and private parts as they are now: a
    lock-in may have resolved the turn already) or refused (400; the form of the phase open now, with the error
    beside its field and what was typed kept; a form for a phase that is over comes back fresh, the error above).
    The answer line says the saved line only while the phase it was for is open. ``form``: the posted form, None
    when the move was accepted without one."""
    match = Match.objects.get(pk=seat.match_id)
    seat.match = match
    reads = presenters.Reads(match)  # the phases and the seat's moves, read once for the form and the parts
    phase = reads.open_phase()
    number = phase.number if phase is not None else 0
    errors = form.errors if form is not None else {}
    refused = bool(errors)
    posted = form if refused and not (expected and number != expected and not instant) else None
    ctx = presenters.form_context(match, seat, posted=posted, reads=reads)
    if refused and posted is None and ctx["form"] is not None:
        for field_errors in errors.values():
            for error in field_errors:
                ctx["form"].refuse(None, str(error))
    shown_in_form = (ctx["instant_form"] if instant else ctx["form"]) is not None
    ctx.update({
        "seq": match.seq, "phase_now": number, "refused": refused,
        "answer": "" if refused and shown_in_form else (
            " ".join(str(e) for errs in errors.values() for e in errs) if refused
            else (message if not expected or expected == number or instant else "")),
        "parts": {} if refused else presenters.own_parts(match, seat, reads),
    })
    return render(request, "games/parts/move_answer.html", ctx, status=400 if refused else 200)


@require_POST
@login_required
def match_join(request: SignedInRequest, pk: int) -> HttpResponse:
    """Take a seat in an open lobby (a guest signs up first: guests play practice matches)."""
    if guests.is_guest(request):
        messages.error(request, "Guests play practice matches against bots. Sign up to take a seat in a lobby.")
        return redirect("match", pk=pk)
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


def _minutes(post) -> int:
    """The minutes to extend by: 1 to 30 days' worth, in ASCII digits."""
    try:
        return parse_int(post.get("minutes", "60"), field="minutes", lo=1, hi=30 * 24 * 60)
    except NumberError as exc:
        raise ServiceError(f"Minutes {exc.message}.", "minutes") from None


def _phase_number(post) -> int | None:
    """The phase a confirmed action was meant for (the confirmation page sends it)."""
    try:
        return parse_int(post.get("phase", ""), field="phase", lo=0, hi=10**6)
    except NumberError:
        raise ServiceError("The confirmation did not say which phase it was for; look again.") from None


@require_http_methods(["GET", "HEAD", "POST"])
@match_host_required(hidden=True)
def host_control(request: HttpRequest, match: Match) -> HttpResponse:
    """The host's match controls: start, pause, resume, extend, resolve now.

    Pause and resolve now take two steps: a GET (or a POST without ``confirm``) shows what will happen,
    and the confirmation page's POST, naming the phase it was shown for, does it.
    """
    pk = match.pk
    source = request.POST if request.method == "POST" else request.GET
    action = source.get("action", "")
    if action not in controls.ACTIONS:
        messages.error(request, f"Unknown action {action[:40]!r}.")
        return redirect("match", pk=pk)
    confirmed = request.method == "POST" and request.POST.get("confirm") == "yes"
    if action in controls.CONFIRMED and not confirmed:
        if request.method == "POST":
            return redirect(f"{reverse('match-control', args=[pk])}?action={action}")
        try:
            preview = controls.preview(pk, action)
        except ServiceError as exc:
            messages.error(request, exc.message)
            return redirect("match", pk=pk)
        return render(request, "games/host_confirm.html", {"match": match, "preview": preview})
    if request.method != "POST":
        return redirect("match", pk=pk)
    try:
        number = _phase_number(request.POST) if action in controls.CONFIRMED else None
        done = controls.run(pk, action, minutes=_minutes(request.POST) if action == "extend" else 60,
                            phase_number=number)
        messages.success(request, done)
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("match", pk=pk)


@login_required
def wallet(request: SignedInRequest) -> HttpResponse:
    """The signed-in player's garnet and ToL history."""
    user = request.user
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
    md = markdown.Markdown(extensions=["tables", "fenced_code", "toc"],
                           extension_configs={"toc": {"toc_depth": "2-3", "permalink": False}})
    html = md.convert(players_part(path.read_text(encoding="utf-8")))  # our own file
    toc: str = md.toc  # type: ignore[attr-defined]  # the toc extension adds it (types-markdown cannot know)
    return render(request, "games/rules.html", {"title": GAME_TITLES.get(game, game), "html": mark_safe(html),
                                                "toc": mark_safe(toc)})  # noqa: S308 - from our own file


@require_GET
def match_rules(request: HttpRequest, pk: int) -> HttpResponse:
    """The match's own rules (a host's design carries them), rendered safely; else the game's rules page."""
    match = get_object_or_404(Match, pk=pk)
    text = rules_text(match)
    if not text:
        return redirect("rules", game=match.game)
    shown = render_with_toc(text)
    return render(request, "games/rules.html", {"title": match.title, "html": shown.html, "toc": shown.toc,
                                                "match": match})


#: Sections of a RULES.md written for those who write match files, not for players: left off the page.
FILE_SECTIONS = ("## Match files",)


def players_part(text: str) -> str:
    """A game's RULES.md without its sections for match-file writers (the file formats' keys stay in the file)."""
    kept, skipping = [], False
    for line in text.splitlines():
        if line.startswith("#"):
            skipping = line.strip() in FILE_SECTIONS or (skipping and line.startswith("###"))
        if not skipping:
            kept.append(line)
    return "\n".join(kept) + "\n"


