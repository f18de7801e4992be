"""Deleting a phase asks first: without JavaScript, a page of its own asks (``confirm-delete.js`` asks in the
page itself, then posts ``confirmed=yes``). The question names what goes with it: its form and its rules."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from genius.designs import editing
from genius.designs.models import GameDesign

#: What a post carries once the host has said yes.
CONFIRMED = "yes"


def confirmed(request: HttpRequest) -> bool:
    return request.POST.get("confirmed") == CONFIRMED


def ask_to_delete_phase(request: HttpRequest, design: GameDesign, key: str) -> HttpResponse:
    """The question, with a button that deletes and a link that keeps the phase."""
    try:
        phase = editing.phase(design.document, key)
    except KeyError:
        messages.error(request, "That phase is gone (deleted in another window?).")
        return redirect(reverse("design", args=[design.pk]) + "#phases")
    return render(request, "designs/confirm_delete.html", {
        "design": design, "phase": phase, "key": key, "confirmed": CONFIRMED,
        "action": reverse("design-phase-delete", args=[design.pk, key]),
        "keep_url": reverse("design-phase", args=[design.pk, key]),
        "fields": len(phase.get("fields", []) or []), "has_rules": bool(str(phase.get("rules", "")).strip()),
    })
