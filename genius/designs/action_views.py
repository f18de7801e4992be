"""The designer's page of an action's field (RULES.md, "Actions"): the same field form as a phase's, for the form an
action asks when a player takes it; and the button that deletes one.

Saves go through ``services.edit`` (the whole document checked as a design file's import is); a refused save keeps
what was saved before and shows each problem beside its box, with what was typed.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from genius.access.guards import host_required
from genius.designs import design_parts, editing
from genius.designs.documents import field_where
from genius.designs.models import GameDesign
from genius.designs.views import _apply, field_page, owned, phase_where


def _where(doc: dict[str, Any], phase_key: str, action_key: str, key: str) -> str:
    """The design's words for an action's field: ``Phase 1 “Play”, action “Raise”, field “By”``."""
    found = design_parts.action(doc, phase_key, action_key)
    fields = found.get("fields", [])
    number = next((n for n, f in enumerate(fields, start=1) if f.get("key") == key), 0)
    where = f"{phase_where(doc, phase_key)}, action “{str(found.get('label', '')).strip()}”"
    return field_where(where, number, fields[number - 1]) if number else ""


def _back(design: GameDesign, phase_key: str, action_key: str) -> str:
    actions = editing.phase(design.document, phase_key).get("actions") or []
    number = next((n for n, a in enumerate(actions) if a.get("key") == action_key), 0)
    return reverse("design-phase-more", args=[design.pk, phase_key]) + f"#more-action-{number}"


@require_http_methods(["GET", "POST"])
@host_required
@owned
def action_field(request: HttpRequest, design: GameDesign, phase_key: str, action_key: str,
                 key: str | None = None) -> HttpResponse:
    """A new field of an action (no ``key``) or one of its fields: label, kind, options, range, default, help."""
    try:
        the_action = design_parts.action(design.document, phase_key, action_key)
    except KeyError:
        return redirect("design", pk=design.pk)
    back = _back(design, phase_key, action_key)
    extra = {"back_url": back, "back_text": "back to the phase's actions",
             "delete_url": reverse("design-action-field-delete", args=[design.pk, phase_key, action_key, key])
             if key else ""}
    return field_page(request, design, the_action, key, of=f"the action “{the_action.get('label', '')}”",
                      put=lambda d, k, f: design_parts.put_action_field(d, phase_key, action_key, k, f),
                      where=lambda changed, new_key: _where(changed, phase_key, action_key, new_key),
                      done_url=back, extra=extra, saved_of=f" of “{the_action['label']}”")


@require_POST
@host_required
@owned
def delete_action_field(request: HttpRequest, design: GameDesign, phase_key: str, action_key: str,
                        key: str) -> HttpResponse:
    """Delete a field of an action (refused, saving nothing, when its rules still read it)."""
    _apply(request, design, lambda doc: design_parts.delete_action_field(doc, phase_key, action_key, key),
           "The field is deleted.")
    try:
        return redirect(_back(design, phase_key, action_key))
    except KeyError:
        return redirect("design", pk=design.pk)
