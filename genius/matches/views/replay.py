"""The replay page: a match as it was after each phase, for whoever looks (``/matches/<pk>/replay/?phase=N``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from genius.matches import presenters
from genius.matches import replay_frames as replays
from genius.matches.models import Match
from genius.matches.services.engines import GAME_TITLES


@require_GET
def match_replay(request: HttpRequest, pk: int) -> HttpResponse:
    """Step through every phase as it was, and every action taken at once between them this viewer could see:
    the board, the log and the moves this viewer may see."""
    match = get_object_or_404(Match, pk=pk)
    viewer = presenters.viewer_for(match, request.user)
    available = replays.steps(match, viewer)
    ctx = {"match": match, "viewer": viewer, "game_title": GAME_TITLES.get(match.game, match.game)}
    try:
        step = replays.parse_step(request.GET.get("phase"), available)
    except replays.NoSuchStep as exc:
        ctx["error"] = str(exc)
        ctx["steps"] = available
        return render(request, "games/replay.html", ctx, status=400 if available else 200)
    ctx.update(replays.replay_context(match, viewer, step, available))
    return render(request, "games/replay.html", ctx)
