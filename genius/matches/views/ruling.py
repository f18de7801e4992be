"""The host's adjudication page (``/matches/<id>/ruling/``): every submission of the phase just closed, and the
ruling form built from the engine's ``RulingForm`` (``genius.engine_forms.rulings``). It calls the rulings service; no
rules here. "Save draft" answers in place when htmx sends it (the page it redirects to, its form and messages
swapped in); without JavaScript every step is a plain post."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone

from games.engines import protocol
from genius.access.guards import match_host_required
from genius.core.errors import ServiceError
from genius.engine_forms.htmx import HtmxRequest, go
from genius.engine_forms.rulings import RulingBoxes, box_for, proposal
from genius.matches.models import Match
from genius.matches.services import rulings
from genius.matches.services.engines import engine_of, spec_of

TEMPLATE = "games/ruling.html"
PREVIEW = "games/ruling_preview.html"


@match_host_required
def match_ruling(request: HtmxRequest, match: Match) -> HttpResponse:
    """GET: the page (a saved draft in its boxes). POST ``action``: ``draft`` (save, stay), ``preview`` (what
    players and spectators will read, then "Publish now"), ``edit`` (back to the boxes), ``publish``."""
    phase = rulings.open_ruling_phase(match) if match.state is not None and rulings.offers_rulings(match) else None
    if phase is None:
        ctx: dict[str, object] = {"match": match, "phase": None, "published": _published(match)}
        if request.method == "POST":  # published meanwhile (a second click, another tab) or nothing closed yet
            ctx["refused"] = ("There is no ruling to publish now: it was published already, or no phase of players "
                              "has closed yet. Nothing was changed.")
            return render(request, TEMPLATE, ctx, status=400)
        return render(request, TEMPLATE, ctx)
    designed = rulings.ruling_form(match)
    if request.method != "POST":  # a saved draft first, else what the game's rules proposed
        proposed = proposal(designed, match.state).ruling
        ruling = phase.ruling_draft if phase.ruling_draft is not None else proposed
        return _page(request, match, phase, RulingBoxes(designed, ruling=ruling))
    action = request.POST.get("action", "")
    judged = action in ("preview", "publish")  # a draft is only read; the engine checks what is published
    form = RulingBoxes(designed, request.POST, engine=engine_of(match.game) if judged else None,
                       state=match.state if judged else None)
    if action == "edit":
        return _page(request, match, phase, form)
    if not form.is_valid():
        return _page(request, match, phase, form, status=400)
    try:
        if action == "draft":
            rulings.save_draft(match, phase, form.ruling, request.user)
            messages.success(request, f"Draft saved at {timezone.localtime():%H:%M %Z}.")
            return redirect("match-ruling", pk=match.pk)
        if action == "publish":
            rulings.publish(match, phase, form.ruling, request.user)
            messages.success(request, f"Your ruling on {_ruled_on(match, phase)} is published.")
            return go(request, reverse("match", kwargs={"pk": match.pk}))
        result = rulings.preview(match, form.ruling)
    except ServiceError as exc:
        form.refuse(box_for(designed, form.chosen, exc.field) if exc.field else "__all__", exc.message)
        return _page(request, match, phase, form, status=400)
    return render(request, PREVIEW, {"match": match, "phase": phase, "ruled_on": _ruled_on(match, phase),
                                     "hidden": [(k, v) for k, vs in form.values.items() if k != "action" for v in vs],
                                     **_what_is_read(result, designed)})


def _page(request: HttpRequest, match: Match, phase: Any, form: RulingBoxes, *, status: int = 200) -> HttpResponse:
    ctx = form.page()
    ctx.update({"match": match, "phase": phase, "ruled_on": _ruled_on(match, phase),
                "draft_saved": phase.ruling_draft is not None, "proposal": proposal(form.designed, match.state),
                "game_scripts": spec_of(match.game).page.scripts if form.designed.boards else ()})
    return render(request, TEMPLATE, ctx, status=status)


def _ruled_on(match: Match, phase: Any) -> str:
    return match.phases.filter(number=phase.number - 1).values_list("name", flat=True).first() or phase.name


def _what_is_read(result: Any, form: protocol.RulingForm) -> dict[str, Any]:
    """The preview: the public lines, each seat's own lines, the host's lines, and the garnet changes."""
    public, host = [], []
    seats: dict[str, list[str]] = {name: [] for name in form.players}
    for line in result.resolution.log:
        match line.audience:
            case protocol.Public():
                public.append(line.text)
            case protocol.Seat(name=name) if name in seats:
                seats[name].append(line.text)
            case _:
                host.append(line.text)
    garnets = [(c.player, c.amount) for c in result.resolution.garnets if c.amount]
    return {"public": public, "private": [(n, lines) for n, lines in seats.items() if lines], "host_lines": host,
            "garnet_changes": garnets, "ruling": result.ruling}


def _published(match: Match) -> list[dict[str, Any]]:
    """The rulings published so far, newest first (for the page when no ruling is waiting)."""
    return [{"number": p.number, "name": p.name} for p in
            match.phases.filter(kind="ruling", ruling__isnull=False).order_by("-number")[:50]]
