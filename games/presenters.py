"""What each viewer sees of a match: the HTML parts of the match page and of live updates.

One renderer, on the server: the public parts are rendered once per update for
everyone; a seat's parts hold only that seat's private data.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from games import phase_forms
from games.engines.protocol import HOST
from games.engines.registry import GAME_MODULES
from games.models import LogEntry, Match, Phase, Seat, Submission
from games.services.engines import engine_of


@dataclass
class Viewer:
    """Who is looking: a seated player, the host, or a spectator."""

    kind: str  # "player", "host" or "spectator"
    seat: Seat | None = None

    @property
    def engine_name(self) -> str | None:
        if self.kind == "host":
            return HOST
        return self.seat.name if self.seat else None


def viewer_for(match: Match, user: Any) -> Viewer:
    """The viewer a user is on this match (a seat wins over staff status)."""
    if user is not None and user.is_authenticated:
        seat = match.seats.filter(user=user).first()
        if seat is not None:
            return Viewer("player", seat)
        if user.is_staff:
            return Viewer("host")
    return Viewer("spectator")


def open_phase(match: Match) -> Phase | None:
    return match.phases.exclude(status=Phase.Status.RESOLVED).order_by("-number").first()


def board_svg(match: Match, viewer_name: str | None) -> SafeString:
    """The board drawn as SVG, for one viewer (the engine escapes every name)."""
    if match.state is None:
        return mark_safe("")
    engine = engine_of(match.game)
    view = engine.view(match.state, viewer_name)
    module = importlib.import_module(GAME_MODULES[match.game].rsplit(".", 1)[0] + ".board_svg")
    return mark_safe(module.render_board(view))  # noqa: S308 - the renderer escapes all text


def board_part(match: Match, viewer_name: str | None) -> str:
    text = engine_of(match.game).board_text(match.state, viewer_name) if match.state is not None else ""
    return render_to_string("games/parts/board.html", {"svg": board_svg(match, viewer_name), "text": text})


def status_part(match: Match) -> str:
    phase = open_phase(match)
    seats = list(match.seats.all())
    return render_to_string("games/parts/status.html", {"match": match, "phase": phase, "seats": seats})


def announcements(match: Match) -> list[dict[str, Any]]:
    """Public log lines grouped by phase, newest phase first, each as chat-ready text."""
    groups: dict[int, dict[str, Any]] = {}
    for entry in match.log.filter(audience=LogEntry.Audience.PUBLIC).order_by("order"):
        group = groups.setdefault(entry.phase_number, {"phase": entry.phase_name, "lines": []})
        group["lines"].append(entry.text)
    result = []
    for number in sorted(groups, reverse=True):
        group = groups[number]
        text = f"**{match.title} — {group['phase']}**\n" + "\n".join(chat_line(line) for line in group["lines"])
        result.append({"number": number, "phase": group["phase"], "lines": group["lines"], "text": text})
    return result


def chat_line(line: str) -> str:
    """A log line as chat text: multi-line boards go in a code block so their layout survives."""
    return f"```\n{line}\n```" if "\n" in line else line


def announcements_part(match: Match) -> str:
    return render_to_string("games/parts/announcements.html", {"announcements": announcements(match)})


def private_history(match: Match, seat: Seat) -> list[dict[str, Any]]:
    """A seat's own moves and private log lines, phase by phase, newest first."""
    history: dict[int, dict[str, Any]] = {}
    for phase in match.phases.order_by("number"):
        history[phase.number] = {"phase": phase.name, "moves": [], "lines": []}
    for sub in Submission.objects.filter(seat=seat).select_related("phase").order_by("submitted_at"):
        history.setdefault(sub.phase.number, {"phase": sub.phase.name, "moves": [], "lines": []})
        history[sub.phase.number]["moves"].append(sub)
    for entry in match.log.filter(audience=LogEntry.Audience.SEAT, seat=seat).order_by("order"):
        history.setdefault(entry.phase_number, {"phase": entry.phase_name, "moves": [], "lines": []})
        history[entry.phase_number]["lines"].append(entry.text)
    return [history[n] for n in sorted(history, reverse=True) if history[n]["moves"] or history[n]["lines"]]


def private_part(match: Match, seat: Seat) -> str:
    engine = engine_of(match.game)
    mine = engine.panel(match.state, seat.name) if match.state is not None else {}
    return render_to_string(
        "games/parts/private.html",
        {"seat": seat, "mine": mine, "history": private_history(match, seat), "match": match},
    )


def host_part(match: Match) -> str:
    phase = open_phase(match)
    submitted = set()
    if phase is not None:
        submitted = set(phase.submissions.filter(kind="move").values_list("seat__name", flat=True))
    rows = [
        {"name": name, "in": name in submitted}
        for name in (phase.actors if phase is not None else [])
    ]
    return render_to_string("games/parts/host.html", {"match": match, "phase": phase, "rows": rows})


def public_parts(match: Match) -> dict[str, str]:
    """The public view, rendered once per update for every spectator."""
    return {
        "status": status_part(match),
        "board": board_part(match, None),
        "announcements": announcements_part(match),
    }


def form_context(
    match: Match,
    seat: Seat | None,
    *,
    values: dict[str, Any] | None = None,
    errors: dict[str, str] | None = None,
    instant_values: dict[str, Any] | None = None,
    instant_errors: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The seat's forms for the open phase, filled with its current move (or the posted values)."""
    phase = open_phase(match)
    ctx: dict[str, Any] = {"match": match, "phase": phase, "form": None, "instant_form": None, "current": None}
    if seat is None or phase is None or phase.status != Phase.Status.OPEN or seat.name not in phase.actors:
        return ctx
    engine = engine_of(match.game)
    current = phase.submissions.filter(seat=seat, kind=Submission.Kind.MOVE).first()
    ctx["current"] = current
    if values is None:
        values = engine.form_initial(match.state, seat.name, current.payload if current else None)
    ctx["form"] = phase_forms.build(engine, match.state, seat.name, values, errors)
    if phase_forms.instant_keys(engine):
        instant = phase_forms.build(engine, match.state, seat.name, instant_values or {}, instant_errors, instant=True)
        ctx["instant_form"] = instant if instant.fields else None
    return ctx


def form_part(match: Match, seat: Seat) -> str:
    return render_to_string("games/parts/move_form.html", form_context(match, seat))


def seat_parts(match: Match, seat: Seat) -> dict[str, str]:
    """One seat's private parts (its own board view, panel, history and the form of the open phase)."""
    phase = open_phase(match)
    return {
        "board": board_part(match, seat.name),
        "private": private_part(match, seat),
        "form": form_part(match, seat),
        "phase": str(phase.number if phase else 0),
    }


def host_parts(match: Match) -> dict[str, str]:
    return {"board": board_part(match, HOST), "host": host_part(match)}


def parts_for(match: Match, viewer: Viewer) -> dict[str, str]:
    """Everything this viewer's page shows live (used to resync)."""
    parts = public_parts(match)
    if viewer.kind == "player" and viewer.seat is not None:
        parts.update(seat_parts(match, viewer.seat))
    elif viewer.kind == "host":
        parts.update(host_parts(match))
    return parts
