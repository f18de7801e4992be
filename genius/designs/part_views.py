"""The designer's row buttons: delete a counter, a table, a phase or a field, move a phase or a field.

One view (:func:`change`) for all of them; what differs is said once a part in :data:`PARTS`. A button posts
plainly (the page it came from is shown again, with a message saying what happened) or through htmx
(``templates/designs/_row_action.html``: the same answer, its section and the message redrawn in place). A
refused change saves nothing and says why.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from genius.access.guards import host_required
from genius.designs import confirming, design_parts, editing
from genius.designs.models import GameDesign
from genius.designs.views import _apply, owned

Doc = dict[str, Any]


@dataclass(frozen=True)
class Part:
    """A kind of row of a design: how it is deleted and moved, and where its page shows it."""

    noun: str
    delete: Callable[[Doc, str, str], Doc]
    move: Callable[[Doc, str, str, int], Doc] | None = None
    refused: str = "Nothing was changed:"
    gone: str = "That part of the design is gone (changed in another window?)."

    def back(self, pk: int, key: str, phase_key: str, action: str) -> str:
        """The page (and place on it) the row is shown on."""
        if self.noun == "field":
            return reverse("design-phase", args=[pk, phase_key]) + "#fields"
        if self.noun == "phase" and action == "move":
            return reverse("design", args=[pk]) + f"#phase-{key}"
        return reverse("design", args=[pk]) + f"#{self.noun}s"


PARTS: dict[str, Part] = {
    "counter": Part("counter", lambda doc, key, _: editing.delete_counter(doc, key)),
    "table": Part("table", lambda doc, key, _: editing.delete_table(doc, key),
                  refused="Nothing was deleted: rules still read this table.",
                  gone="That table is gone (deleted in another window?)."),
    "board": Part("board", lambda doc, key, _: design_parts.delete_board(doc, key),
                  refused="Nothing was deleted: a cell field or the rules still use this board.",
                  gone="That board is gone (deleted in another window?)."),
    "phase": Part("phase", lambda doc, key, _: editing.delete_phase(doc, key),
                  move=lambda doc, key, _, step: editing.move_phase(doc, key, step)),
    "field": Part("field", lambda doc, key, phase_key: design_parts.delete_field(doc, phase_key, key),
                  move=lambda doc, key, phase_key, step: editing.move_field(doc, phase_key, key, step)),
}


@require_POST
@host_required
@owned
def change(request: HttpRequest, design: GameDesign, key: str, *, part: str, action: Literal["delete", "move"],
           phase_key: str = "") -> HttpResponse:
    """Delete the row ``key`` of ``part`` (of the phase ``phase_key`` for a field), or move it one place up
    (``to=up``) or down; at either end it stays."""
    what = PARTS[part]
    if part == "phase" and action == "delete" and not confirming.confirmed(request):
        return confirming.ask_to_delete_phase(request, design, key)  # a phase goes with its form and rules: ask first
    if action == "move" and what.move is not None:
        move, step = what.move, -1 if request.POST.get("to") == "up" else 1
        _apply(request, design, lambda doc: move(doc, key, phase_key, step), f"The {what.noun} is moved.",
               refused=what.refused, gone=what.gone)
    else:
        _apply(request, design, lambda doc: what.delete(doc, key, phase_key), f"The {what.noun} is deleted.",
               refused=what.refused, gone=what.gone)
    return redirect(what.back(design.pk, key, phase_key, action))
