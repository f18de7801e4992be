"""The designer's page for a design's helpers: Starlark functions every phase's rules, values and checks may call
(the rules language's page of the game that plays designs, "Helpers shared by every phase"). Checked when saved,
each problem beside the box with its line. Its page serves the set-up rules too (:func:`text_page`)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from genius.access.guards import host_required
from genius.core.errors import ServiceError
from genius.designs import editing, rules, services
from genius.designs.documents import DesignError
from genius.designs.forms import RULES_ATTRS, SetupForm, place_problems
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


def text_page(request: HttpRequest, design: GameDesign, form_class: type[HelpersForm] | type[SetupForm], part: str, *,
              heading: str, button: str, saved: str, cleared: str) -> HttpResponse:
    """The page of the design's text ``part`` (the one box of ``form_class``, named as the part): saved through
    ``editing.set_text``, each problem with the part beside its box, and back to the design at the part, saying
    ``saved`` (``cleared`` when it is left empty)."""
    form = form_class(_posted(request), initial={part: design.document.get(part, "")})
    if request.method == "POST" and form.is_valid():
        text = form.cleaned_data[part]
        try:
            services.edit(design.pk, request.user, lambda doc: editing.set_text(doc, part, text))
        except DesignError as exc:
            for problem in exc.problems:
                if rules.part_path(problem.part)[:1] == (part,):
                    form.add_error(part, rules.beside_rule(problem))
                else:
                    place_problems(form, [problem], None, form_class.BOXES)
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, saved if text.strip() else cleared)
            return redirect(reverse("design", args=[design.pk]) + f"#{part}")
    mark_error_lines(form, (part,))
    return _form_page(request, design, form, heading=heading, button=button)


@require_http_methods(["GET", "POST"])
@host_required
@owned
def helpers(request: HttpRequest, design: GameDesign) -> HttpResponse:
    """The design's helpers, saved when every rule that calls them still reads right."""
    return text_page(request, design, HelpersForm, "helpers", heading="Helpers shared by every phase",
                     button="Save the helpers", saved="The helpers are saved.", cleared="No helpers now.")
