"""The designer's pages for rules: the set-up rules, the design's tables, presets written into a phase,
"Try these rules" on a phase (braked, and run apart from the phase clock: :mod:`.previews`), and the designs shipped with the site used as templates.

Every save goes through ``services.edit`` (the whole document and its rules checked; a refused save keeps
what was saved before and shows each problem beside its box).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from genius.access.guards import host_required
from genius.core.errors import ServiceError
from genius.designs import editing, previews, rules, services, try_unsaved
from genius.designs.documents import DesignError
from genius.designs.forms import SetupForm, TableForm, place_problems, sentence
from genius.designs.helpers_views import text_page
from genius.designs.models import GameDesign
from genius.designs.readable import described
from genius.designs.trying import TryForm, answer_rows, answers_from, next_words, preview_parts
from genius.designs.views import _design, _form_page, _posted, _problems_as_messages, owned, save_part
from genius.matches.safe_markdown import render as render_markdown


# --- set-up rules --------------------------------------------------------------------------------------------
@require_http_methods(["GET", "POST"])
@host_required
@owned
def setup(request: HttpRequest, design: GameDesign) -> HttpResponse:
    """The rules that run once when a match of the design starts."""
    return text_page(request, design, SetupForm, "setup", heading="Set-up rules", button="Save the set-up rules",
                     saved="The set-up rules are saved.", cleared="No set-up rules now.")


# --- tables ------------------------------------------------------------------------------------------------
@require_http_methods(["GET", "POST"])
@host_required
@owned
def table(request: HttpRequest, design: GameDesign, key: str | None = None) -> HttpResponse:
    """A new table (no ``key``) or a table's label, columns and rows."""
    tables = design.document.get("tables", [])
    current = next((t for t in tables if t.get("key") == key), None) if key else None
    if key is not None and current is None:
        return redirect(reverse("design", args=[design.pk]) + "#tables")
    form = TableForm(_posted(request), initial=TableForm.initial_from(current) if current else {},
                     saved_rows=current.get("rows", []) if current else [])
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        values = {"label": data["label"], "columns": data["column_list"], "rows": data["row_list"]}
        saved = save_part(
            request, design, form, lambda doc: editing.put_table(doc, key, **values),
            lambda problems, changed, new_key: _place_table_problems(
                form, problems, next(i for i, t in enumerate(changed["tables"]) if t["key"] == new_key)),
            lambda new_key: (f"The table “{data['label'].strip()}” is saved: rules read it as "
                             f"tables[\"{new_key}\"] or with lookup(\"{new_key}\", …).",
                             reverse("design", args=[design.pk]) + f"#table-{new_key}"))
        if saved is not None:
            return saved
    extra = {"delete_url": reverse("design-table-delete", args=[design.pk, key]) if key else "",
             "note": f"Rules read it as tables[\"{key}\"]." if key else ""}
    return _form_page(request, design, form, heading="New table" if key is None else "Table", button="Save the table",
                      extra=extra)


def _place_table_problems(form: TableForm, problems: list[Any], number: int) -> None:
    """Each problem about the table ``number`` (from 0) beside its box; the others by their words."""
    for problem in problems:
        path = rules.part_path(problem.part)
        if path[:2] == ("tables", str(number)):
            step = path[2] if len(path) > 2 else ""
            box = {"label": "label", "key": "label", "columns": "columns"}.get(step, "rows")
            form.add_error(box, rules.beside_rule(problem))
        else:
            place_problems(form, [problem], None, TableForm.BOXES)


# --- presets -----------------------------------------------------------------------------------------------
@require_POST
@host_required
@owned
def preset(request: HttpRequest, design: GameDesign, key: str) -> HttpResponse:
    """Write a preset's rules into the phase (with the fields, counters and tables they need)."""
    chosen = rules.preset(request.POST.get("preset", ""))
    if chosen is None:
        messages.error(request, "Choose one of the presets.")
        return redirect("design-phase", pk=design.pk, key=key)
    try:
        services.edit(design.pk, request.user, lambda doc: editing.apply_preset(doc, key, chosen))
    except KeyError:
        return redirect("design", pk=design.pk)
    except DesignError as exc:
        messages.error(request, f"The preset “{chosen['label']}” was not written: nothing was changed.")
        _problems_as_messages(request, exc)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"The rules of “{chosen['label']}” are written below, with the fields, counters "
                                  "and tables they use: read them, change them, try them.")
    return redirect(reverse("design-phase", args=[design.pk, key]) + "#rules")


# --- try these rules ----------------------------------------------------------------------------------------
@require_http_methods(["GET", "POST"])
@host_required
def try_rules(request: HttpRequest, pk: int, key: str) -> HttpResponse:
    """Run a phase's rules once, on random answers or answers typed here, and show what would be published. The
    rules tried are those posted (the phase page's box, saved or not, or this page's own box: :mod:`.try_unsaved`),
    else the saved ones."""
    design = _design(request, pk)
    doc = design.document
    try:
        the_phase = editing.phase(doc, key)
    except KeyError:
        raise Http404("No such phase.") from None
    unsaved = try_unsaved.typed_rules(request)
    if unsaved is not None:
        doc = try_unsaved.with_rules(doc, key, unsaved)
    first_try = try_unsaved.from_phase_page(request)  # the phase page's button: a try with this page's defaults
    form = TryForm(None if first_try else _posted(request), doc=doc, phase=the_phase)
    result, refused = None, None
    players = form.players_now()
    rows, row_errors = answer_rows(the_phase, players, request.POST if request.method == "POST" and not first_try else {})
    if first_try or (request.method == "POST" and form.is_valid() and not row_errors):
        data = {"mode": "random", "round": 1, "seed": form.fields["seed"].initial} if first_try else form.cleaned_data
        answers = answers_from(rows) if data["mode"] == "typed" else None
        try:
            preview = previews.run_try(request.user, doc, key, data["round"], answers, data["seed"], players)
        except previews.TryRefused as exc:
            refused = exc
        except DesignError as exc:
            result = {"error": "; ".join(sentence(str(p)) for p in exc.problems), "public": [], "private": []}
        else:
            result = preview_parts(preview, players)
            result["next"] = next_words(doc, result["next"])
    status = 400 if (form.is_bound and form.errors) or row_errors else refused.status if refused else 200
    response = render(request, "designs/try.html", {
        "design": design, "phase": the_phase, "form": form, "rows": rows, "players": players, "result": result,
        "refused": refused.message if refused else "", "owner": services.may_edit(request.user, design),
        "has_rules": bool((the_phase.get("rules", "") if unsaved is None else unsaved).strip()), "row_errors": row_errors,
        "unsaved": unsaved, "saved_rules": the_phase.get("rules", ""),
        "error_line": (result or {}).get("line") or "",
        "tries_per_minute": previews.tries_per_minute(),
    }, status=status)
    if refused:
        response["Retry-After"] = str(refused.retry_after)
    return response


# --- shipped designs -----------------------------------------------------------------------------------------
@require_GET
@host_required
def shipped(request: HttpRequest, slug: str) -> HttpResponse:
    """A design that comes with the site, read whole before a host uses it."""
    found = rules.shipped_design(slug)
    if found is None:
        raise Http404("No such template.")
    document = found["document"]
    return render(request, "designs/shipped.html", {"slug": slug, "doc": described(document),
                                                    "rules": render_markdown(document.get("rules", ""))})


@require_POST
@host_required
def use_shipped(request: HttpRequest, slug: str) -> HttpResponse:
    """A copy of a design shipped with the site, owned by the host."""
    try:
        made = services.use_shipped(request.user, slug)
    except (ServiceError, DesignError) as exc:
        messages.error(request, getattr(exc, "message", None) or str(exc))
        return redirect(reverse("designs") + "#shipped")
    messages.success(request, f"“{made.title}” is now one of your designs: change it as you like, or open a lobby.")
    return redirect("design", pk=made.pk)
