"""The match page's actions part: the buttons and small forms a seat may use at once now (the engine's
``action_forms``), and the lines about them it may read (``action_notes``: offers made to or by it; the host's
part reads every offer).

A refused action comes back in the same part, the game's words beside its button and what was typed kept
(:class:`Posted`). The part is redrawn on every push (``presenters.seat_parts``); the page's script keeps what a
player is typing across redraws (static/genius/live.js, ``keepTyped``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string

from games.engines import protocol
from games.engines.protocol import ActionForm, Field
from genius.matches.models import Match, Phase, Seat
from genius.matches.services import move_store
from genius.matches.services.engines import engine_of


@dataclass
class Posted:
    """A posted action form as it came back: its key, what was typed, and why it was refused (if it was)."""

    key: str
    data: dict[str, Any] = field(default_factory=dict)
    error: str = ""
    field: str = ""


def posted_values(fields: tuple[Field, ...], source: Any) -> dict[str, Any]:
    """The typed values of an action form's fields from a POST (a list for a multiple choice), as they came."""
    values: dict[str, Any] = {}
    for f in fields:
        if f.kind == "multichoice":
            values[f.name] = [str(v) for v in source.getlist(f.name)]
        elif f.kind == "bool":
            values[f.name] = "true" if source.get(f.name) in ("on", "true", "1") else ""
        else:
            values[f.name] = str(source.get(f.name, ""))
    return values


def _rows(form: ActionForm, posted: Posted | None) -> list[dict[str, Any]]:
    data = posted.data if posted is not None else {}
    rows = []
    for f in form.fields:
        value = data.get(f.name, [] if f.kind == "multichoice" else "")
        chosen = set(value) if isinstance(value, list) else {value}
        rows.append({
            "name": f.name, "label": f.label, "kind": f.kind, "help": f.help, "group": f.group,
            "id": f"act-{form.key}-{f.name}", "value": value if isinstance(value, str) else "",
            "checked": value == "true",
            "choices": [{"value": v, "label": label, "selected": v in chosen} for v, label in f.choices],
            "error": posted.error if posted is not None and posted.error and posted.field == f.name else "",
        })
    return rows


def forms_context(match: Match, seat: Seat | None, posted: Posted | None = None) -> list[dict[str, Any]]:
    """The seat's action forms now, each with its rows; the posted one keeps what was typed and its refusal."""
    if seat is None or match.state is None or match.status != Match.Status.RUNNING:
        return []
    engine = engine_of(match.game)
    if not engine.spec.offers.actions:
        return []
    out = []
    forms = engine.action_forms(match.state, seat.name)
    if any(form.before_lock_in for form in forms) and move_store.locked_in_now(seat.pk):  # as a move: no more
        forms = [form for form in forms if not form.before_lock_in]
    for form in forms:
        mine = posted if posted is not None and posted.key == form.key else None
        rows = _rows(form, mine)
        beside = mine.error if mine is not None and mine.error and not any(r["error"] for r in rows) else ""
        out.append({"key": form.key, "label": form.label, "group": form.group, "note": form.note, "rows": rows,
                    "pick": any(f.kind == "pick" for f in form.fields), "error": beside,
                    "refused": bool(mine and mine.error)})
    return out


def actions_part(match: Match, seat: Seat | None, viewer: protocol.Viewer, phase: Phase | None, *,
                 posted: Posted | None = None, request: HttpRequest | None = None) -> str:
    """The actions part for a seat (its forms and notes) or the host (the notes only). With the ``request`` (a
    page, not a push), its forms carry the CSRF token, so they work without JavaScript."""
    forms = forms_context(match, seat, posted)
    notes: list[str] = []
    if match.state is not None and engine_of(match.game).spec.offers.actions:
        notes = engine_of(match.game).action_notes(match.state, viewer)
    if posted is not None and posted.error and not any(f["refused"] for f in forms):
        forms_error = posted.error  # the form is gone (the offer was answered meanwhile): said above the part
    else:
        forms_error = ""
    return render_to_string("games/parts/actions.html", {
        "match": match, "forms": forms, "notes": notes, "phase": phase, "error": forms_error,
    }, request=request).strip()  # nothing at all when there is nothing to press or read (site.css hides it)
