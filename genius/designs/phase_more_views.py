"""The designer's page of a phase's further settings: a form for each player, a missing move's fallback, what a
check may read, who answers, a timed challenge, live turns, trades and actions (``phase_more_forms``).

The save goes through ``services.edit`` (the whole document checked as a design file's import is); a refused save
keeps what was saved before and shows each problem beside its box, with what was typed.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from genius.access.guards import host_required
from genius.core.errors import ServiceError
from genius.designs import design_parts, editing, rules, services
from genius.designs.documents import DesignError
from genius.designs.forms import sentence
from genius.designs.models import GameDesign
from genius.designs.phase_more_forms import PhaseMoreForm
from genius.designs.views import _posted, owned, phase_where


def place_more_problems(form: PhaseMoreForm, problems: list[Any], changed: dict[str, Any], key: str) -> None:
    """Each problem about this phase beside the box it names; the others above the form."""
    index = next((i for i, p in enumerate(changed.get("phases", [])) if p.get("key") == key), -1)
    where = phase_where(changed, key)
    for problem in problems:
        path = rules.part_path(problem.part)
        box = form.box_of(path[2:], problem.message) if path[:2] == ("phases", str(index)) else None
        if box is not None and box in form.fields:
            text = rules.beside_rule(problem)
            prefix = problem.where.removeprefix(where).lstrip(", ") if problem.where.startswith(where) else ""
            form.add_error(box, f"{sentence(prefix)}: {text[:1].lower()}{text[1:]}" if prefix and "line" not in prefix
                           else text)
        else:
            form.add_error(None, sentence(str(problem)))


@require_http_methods(["GET", "POST"])
@host_required
@owned
def more(request: HttpRequest, design: GameDesign, key: str) -> HttpResponse:
    """A phase's forms for each player, fallback, check's reading, who answers, timed challenge, turns, trades and
    actions."""
    doc = design.document
    try:
        current = editing.phase(doc, key)
    except KeyError:
        return redirect("design", pk=design.pk)
    form = PhaseMoreForm(_posted(request), initial=PhaseMoreForm.initial_from(current), doc=doc, phase=current)
    if request.method == "POST" and form.is_valid():
        extras, marked = form.extras(), list(form.cleaned_data.get("check_visible") or [])
        changed = design_parts.set_phase_extras(doc, key, extras, marked)
        try:
            services.edit(design.pk, request.user, lambda d: design_parts.set_phase_extras(d, key, extras, marked))
        except KeyError:
            return redirect("design", pk=design.pk)
        except DesignError as exc:
            place_more_problems(form, list(exc.problems), changed, key)
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, f"The settings of “{current.get('name', '')}” are saved.")
            return redirect(reverse("design-phase", args=[design.pk, key]) + "#more")
    bad = form.is_bound and bool(form.errors)
    sections = form.sections()
    for n, action in enumerate(current.get("actions") or []):  # a saved action's fields, each on its own page
        section = next(s for s in sections if s.key == f"action-{n}")
        section.links = [(f.get("label", ""), reverse("design-action-field", args=[design.pk, key, action["key"],
                                                                                   f["key"]]))
                         for f in action.get("fields", [])]
        section.add = reverse("design-action-field-new", args=[design.pk, key, action["key"]])
    return render(request, "designs/phase_more.html", {
        "design": design, "form": form, "key": key, "phase": current, "sections": sections,
        "tables": doc.get("tables", []), "counters": doc.get("counters", []),
    }, status=400 if bad else 200)
