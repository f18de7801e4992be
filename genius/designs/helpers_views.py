"""The designer's page for a design's helpers: Starlark functions every phase's rules, values and checks may call
(the rules language's page of the game that plays designs, "Helpers shared by every phase"). Checked when saved,
each problem beside the box with its line."""

from __future__ import annotations

import copy
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from genius.access.guards import host_required
from genius.core.errors import ServiceError
from genius.designs import rules, services
from genius.designs.documents import DesignError
from genius.designs.forms import RULES_ATTRS, place_problems
from genius.designs.models import GameDesign
from genius.designs.rules_lines import mark_error_lines
from genius.designs.views import _form_page, _posted, owned


class HelpersForm(forms.Form):
    """The design's helpers: ``def``s only."""

    helpers = forms.CharField(required=False, strip=False, widget=forms.Textarea(attrs=RULES_ATTRS),
                              label="Helpers shared by every phase",
                              help_text="Functions only (def name(…): …). A helper reads only its arguments, may call "
                                        "the counting functions and other helpers, and gives back a value; the rules "
                                        "act on it. Every phase's rules, values and checks may call them.")

    BOXES = (("helper", "helpers"), ("line", "helpers"))


def set_helpers(doc: dict[str, Any], text: str) -> dict[str, Any]:
    """The document with these helpers ("" or only spaces: none)."""
    new = copy.deepcopy(doc)
    if text.strip():
        new["helpers"] = text
    else:
        new.pop("helpers", None)
    return new


@require_http_methods(["GET", "POST"])
@host_required
@owned
def helpers(request: HttpRequest, design: GameDesign) -> HttpResponse:
    """The design's helpers, saved when every rule that calls them still reads right."""
    form = HelpersForm(_posted(request), initial={"helpers": design.document.get("helpers", "")})
    if request.method == "POST" and form.is_valid():
        text = form.cleaned_data["helpers"]
        try:
            services.edit(design.pk, request.user, lambda doc: set_helpers(doc, text))
        except DesignError as exc:
            for problem in exc.problems:
                if rules.part_path(problem.part)[:1] == ("helpers",):
                    form.add_error("helpers", rules.beside_rule(problem))
                else:
                    place_problems(form, [problem], None, HelpersForm.BOXES)
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, "The helpers are saved." if text.strip() else "No helpers now.")
            return redirect(reverse("design", args=[design.pk]) + "#helpers")
    mark_error_lines(form, ("helpers",))
    return _form_page(request, design, form, heading="Helpers shared by every phase", button="Save the helpers")
