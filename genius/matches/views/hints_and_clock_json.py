"""The JSON a live match page reads when its game's spec offers it: the seat's legal moves with an instant
check of a typed move (``move_hints``), and the clocks (``live_clock``).

Views call services and the engine's own checks; no rule lives here, and no game is named.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, JsonResponse
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.views.decorators.http import require_GET

from games.engines.protocol import EngineError, SubmissionError
from games.engines.spec import Offers
from genius.matches import presenters
from genius.matches.models import Match, Phase, Submission
from genius.matches.services.engines import engine_of, may_submit, spec_of


def _match_offering(pk: int, offered: str) -> Match:
    """The match, when its game's spec offers ``offered`` (a field of :class:`Offers`); else 404."""
    match = get_object_or_404(Match, pk=pk)
    try:
        offers: Offers = spec_of(match.game).offers
    except KeyError:
        raise Http404 from None
    if not getattr(offers, offered):  # a declared field of the spec, not a probe of the engine
        raise Http404
    return match


@require_GET
def move_hints(request: HttpRequest, pk: int) -> JsonResponse:
    """The seat's legal moves for the open phase (games whose spec offers ``move_hints``); with any of the
    phase's form fields in the query, that submission checked.

    ``{"phase": 7, "player": "ana", "legal": {...}, "check": {"ok": false, "field": "move", "error": "…"}}``
    """
    match = _match_offering(pk, "move_hints")
    seat = match.seats.filter(user=request.user).first() if request.user.is_authenticated else None
    if seat is None:
        return JsonResponse({"error": "Only the players of this match have moves to make."}, status=403)
    phase = presenters.open_phase(match)
    engine = engine_of(match.game)
    acting = (phase is not None and phase.status == Phase.Status.OPEN and match.state is not None
              and may_submit(match, phase, seat.name))
    body: dict[str, Any] = {
        "phase": phase.number if phase else 0,
        "player": seat.name,
        "legal": engine.legal_moves(match.started_state, seat.name) if acting else {},
    }
    if not acting:
        if request.GET:
            body["check"] = {"ok": False, "field": "", "error": "You have no move to make now."}
        return JsonResponse(body)
    names = {f.name for f in engine.form_fields(match.started_state, seat.name)}
    asked = {key: request.GET[key] for key in request.GET if key in names}
    if asked:
        try:
            payload = engine.parse_form(match.started_state, seat.name, asked)
            body["check"] = {"ok": True, "payload": payload}
        except SubmissionError as exc:
            body["check"] = {"ok": False, "field": exc.field, "error": exc.message}
        except EngineError as exc:
            body["check"] = {"ok": False, "field": "", "error": str(exc)}
    return JsonResponse(body)


@require_GET
def live_clock(request: HttpRequest, pk: int) -> JsonResponse:
    """The clocks, for everyone (games whose spec offers ``live_clock``): the open phase's deadline, each
    player's reserve and, on reserve time, when the reserve began and who is still to move (the dealer
    announces it)."""
    match = _match_offering(pk, "live_clock")
    phase = presenters.open_phase(match)
    engine = engine_of(match.game)
    players = [s.name for s in match.seats.order_by("position")]
    reserve = {}
    if match.state is not None:
        reserve = {name: engine.observer.player_state(match.state, name).get("reserve_s") for name in players}
    body: dict[str, Any] = {"seq": match.seq, "status": match.status, "phase": None, "reserve_s": reserve,
                            "now": timezone.now().isoformat(timespec="milliseconds")}  # the pages count from it
    if phase is not None:
        waiting: list[str] = []
        if phase.reserve_from is not None:
            moved = set(phase.submissions.filter(kind=Submission.Kind.MOVE).values_list("seat__name", flat=True))
            waiting = [name for name in phase.actors if name not in moved]
        body["phase"] = {
            "number": phase.number, "name": phase.name, "kind": phase.kind, "status": phase.status,
            "deadline": phase.deadline.isoformat() if phase.deadline else None,
            "reserve_from": phase.reserve_from.isoformat() if phase.reserve_from else None,
            "waiting": waiting,
        }
    return JsonResponse(body)
