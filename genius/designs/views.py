"""The designer's pages (hosts only): the list of designs, a design read whole, its edit pages, copies,
templates, files, and a lobby opened from a design.

Every page is a server-rendered form that works without a script. Views call
``genius.designs.services`` (which validates the whole document before saving) and place the
validator's problems next to their boxes; a refused save answers 400 with what was typed kept and
nothing saved.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from genius.access.guards import host_required
from genius.accounts.requests import SignedInRequest
from genius.core.errors import ServiceError
from genius.designs import clock, design_parts, editing, rules, services
from genius.designs.documents import DesignError, field_where
from genius.designs.forms import (
    BasicsForm,
    CounterForm,
    FieldForm,
    ImportForm,
    LobbyFromDesignForm,
    NewDesignForm,
    PhaseForm,
    ValueRow,
    place_problems,
    read_value_rows,
    sentence,
    value_rows,
)
from genius.designs.models import GameDesign
from genius.designs.readable import described
from genius.designs.rules_lines import NEW_PHASE_CLOSE, mark_error_lines
from genius.matches.safe_markdown import render as render_markdown

#: A new phase's first question, shown on the new phase's page to change before saving.
FIRST_FIELD = {"label": "Your answer", "kind": "text", "max_length": 280}
NOT_OWNER = ("Only those who keep this design change it: the hosts of its community (its maker, when it belongs "
             "to no community). Copy it to make your own version.")


def _posted(request: HttpRequest) -> Any:
    """The posted data (a form is bound on every POST, an empty one too), or None for a GET."""
    return request.POST if request.method == "POST" else None


def _design(request: HttpRequest, pk: int) -> GameDesign:
    """A design the host may see (one they keep, or a template: ``services.usable_by``); 404 otherwise."""
    return get_object_or_404(services.usable_by(request.user), pk=pk)


def owned(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A page that changes a design: ``view`` is called with the design ``pk`` when the signed-in host keeps it
    (``services.may_edit``); else the page says who may (404 when the host may not even see it)."""

    @wraps(view)
    def page(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        design = _design(request, pk)
        if not services.may_edit(request.user, design):
            return _not_owner(request, design)
        return view(request, design, *args, **kwargs)

    return page


def _not_owner(request: HttpRequest, design: GameDesign) -> HttpResponse:
    return render(request, "designs/not_owner.html", {"design": design, "message": NOT_OWNER}, status=403)


def _form_page(request: HttpRequest, design: GameDesign | None, form: forms.Form, *, heading: str,
               button: str, extra: dict[str, Any] | None = None, multipart: bool = False) -> HttpResponse:
    status = 400 if form.is_bound and form.errors else 200
    ctx = {"design": design, "form": form, "heading": heading, "button": button, "multipart": multipart,
           **(extra or {})}
    return render(request, "designs/form.html", ctx, status=status)


def _problems_as_messages(request: HttpRequest, exc: DesignError) -> None:
    for problem in exc.problems:
        messages.error(request, sentence(str(problem)))


def _where(parts: list[dict[str, Any]], key: str, noun: str, label: str, *, numbered: bool) -> str:
    """The validator's words for the item ``key`` among ``parts``, as the design validator names it:
    ``Counter “Gold”``, or ``Phase 2 “Vote”`` when ``numbered``; ``Counter 2`` when it has no ``label``."""
    for number, part in enumerate(parts, start=1):
        if part.get("key") == key:
            name = str(part.get(label) or "").strip()
            return f"{f'{noun} {number}' if numbered else noun} “{name}”" if name else f"{noun} {number}"
    return ""


def phase_where(doc: dict[str, Any], key: str) -> str:
    """The validator's words for the phase ``key`` of ``doc`` (``Phase 2 “Vote”``)."""
    return _where(doc.get("phases", []), key, "Phase", "name", numbered=True)


def _field_where(doc: dict[str, Any], phase_key: str, key: str) -> str:
    fields = editing.phase(doc, phase_key).get("fields", [])
    number = next((n for n, f in enumerate(fields, start=1) if f.get("key") == key), 0)
    return field_where(phase_where(doc, phase_key), number, fields[number - 1]) if number else ""


def _counter_where(doc: dict[str, Any], key: str) -> str:
    return _where(doc.get("counters", []), key, "Counter", "label", numbered=False)


# --- the list, new, import -------------------------------------------------------------------------------
@require_GET
@host_required
def index(request: SignedInRequest) -> HttpResponse:
    """My designs and every host's shared templates."""
    mine = services.kept_by(request.user)
    templates = GameDesign.objects.filter(is_template=True).exclude(services.kept(request.user)).select_related("owner")
    return render(request, "designs/index.html", {"mine": mine, "templates": templates, "shipped": rules.shipped(),
                                                  "plays_designs": services.design_game() is not None})


@require_http_methods(["GET", "POST"])
@host_required
def new(request: HttpRequest) -> HttpResponse:
    """A new design, from the blank one (one phase with one yes/no field)."""
    form = NewDesignForm(_posted(request))
    if request.method == "POST" and form.is_valid():
        design = services.create(request.user, form.cleaned_data["title"])
        messages.success(request, f"“{design.title}” is created: add its counters, phases and fields.")
        return redirect("design", pk=design.pk)
    return _form_page(request, None, form, heading="New game design", button="Create the design")


@require_http_methods(["GET", "POST"])
@host_required
def import_design(request: HttpRequest) -> HttpResponse:
    """A design from an exported file (``.genius-design.json``)."""
    form = ImportForm(_posted(request), request.FILES if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        data = upload.read(services.MAX_IMPORT_BYTES + 1)
        try:
            design = services.import_file(request.user, data)
        except DesignError as exc:
            form.add_error("file", "Nothing was imported: the file has problems.")
            place_problems(form, exc.problems, None, ())
        else:
            messages.success(request, f"“{design.title}” is imported.")
            return redirect("design", pk=design.pk)
    return _form_page(request, None, form, heading="Import a game design", button="Import", multipart=True)


# --- one design --------------------------------------------------------------------------------------------
@require_GET
@host_required
def detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The whole design, readable: basics, rules (Markdown), counters, phases with their fields."""
    design = _design(request, pk)
    return render(request, "designs/detail.html", {
        "design": design, "doc": described(design.document), "rules": render_markdown(design.document.get("rules", "")),
        "owner": services.may_edit(request.user, design), "plays_designs": services.design_game() is not None,
    })


@require_http_methods(["GET", "POST"])
@host_required
@owned
def basics(request: HttpRequest, design: GameDesign) -> HttpResponse:
    """Title, summary, rules and player count."""
    form = BasicsForm(_posted(request), initial=BasicsForm.initial_from(design.document))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            services.edit(design.pk, request.user, lambda doc: design_parts.set_reserve(editing.set_talk(
                editing.set_basics(doc, title=data["title"], summary=data["summary"], rules=data["rules"],
                                   min_players=data["min_players"], max_players=data["max_players"]),
                data["talk"], rooms=data["talk_rooms"], everyone=data["talk_everyone"]),
                data["reserve"] if "reserve" in request.POST else doc.get("reserve")))
        except DesignError as exc:
            form.place(exc.problems)
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, "The basics are saved.")
            return redirect("design", pk=design.pk)
    return _form_page(request, design, form, heading="Basics", button="Save")


@require_http_methods(["GET", "POST"])
@host_required
@owned
def counter(request: HttpRequest, design: GameDesign, key: str | None = None) -> HttpResponse:
    """A new counter (no ``key``) or a counter's label, start value and visibility."""
    initial = {}
    if key is not None:
        found = next((c for c in design.document.get("counters", []) if c.get("key") == key), None)
        if found is None:
            return redirect("design", pk=design.pk)
        initial = {"label": found["label"], "start": found["start"], "visibility": found["visibility"],
                   "check_visible": bool(found.get("check_visible"))}
    form = CounterForm(_posted(request), initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        saved = save_part(
            request, design, form,
            lambda doc: editing.put_counter(doc, key, label=data["label"], start=data["start"],
                                            visibility=data["visibility"], check_visible=data["check_visible"]),
            lambda problems, changed, new_key: place_problems(form, problems, _counter_where(changed, new_key),
                                                              CounterForm.BOXES),
            lambda _: (f"The counter “{data['label'].strip()}” is saved.",
                       reverse("design", args=[design.pk]) + "#counters"))
        if saved is not None:
            return saved
    heading = "New counter" if key is None else "Counter"
    return _form_page(request, design, form, heading=heading, button="Save the counter",
                      extra={"delete_url": reverse("design-counter-delete", args=[design.pk, key]) if key else ""})


def _apply(request: HttpRequest, design: GameDesign, change: services.Change, done: str, *,
           refused: str = "Nothing was changed:",
           gone: str = "That part of the design is gone (changed in another window?).") -> None:
    """Save ``change`` (a function of the document); problems become messages on the next page."""
    try:
        services.edit(design.pk, request.user, change)
    except KeyError:
        messages.error(request, gone)
    except DesignError as exc:
        messages.error(request, refused)
        _problems_as_messages(request, exc)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, done)


def save_part(request: HttpRequest, design: GameDesign, form: forms.Form,
              put: Callable[[dict[str, Any]], tuple[dict[str, Any], str]],
              place: Callable[[list[Any], dict[str, Any], str], None],
              done: Callable[[str], tuple[str, str]]) -> HttpResponse | None:
    """Save the part of the design that ``put(document)`` adds or changes (the changed document, the part's key):
    once saved, a redirect to ``done(key)``'s page with its message (to the design when the part is gone); None
    when refused, ``place(problems, changed, key)`` having shown each problem (a service's refusal above the form)."""
    try:
        changed, new_key = put(design.document)
        services.edit(design.pk, request.user, lambda doc: put(doc)[0])
    except KeyError:
        return redirect("design", pk=design.pk)
    except DesignError as exc:
        place(exc.problems, changed, new_key)
    except ServiceError as exc:
        form.add_error(None, exc.message)
    else:
        message, url = done(new_key)
        messages.success(request, message)
        return redirect(url)
    return None


@require_http_methods(["GET", "POST"])
@host_required
@owned
def phase(request: HttpRequest, design: GameDesign, key: str | None = None) -> HttpResponse:
    """A new phase (no ``key``; its first question asked on the same page) or a phase: its settings, how it
    closes, its rules and named values, and its fields."""
    doc = design.document
    current = None
    if key is not None:
        try:
            current = editing.phase(doc, key)
        except KeyError:
            return redirect("design", pk=design.pk)
    initial = PhaseForm.initial_from(current) if current else {"repeat": 1, "hours": 24, "minutes": 0,
                                                                "actors": "everyone", "close": NEW_PHASE_CLOSE}
    posted = _posted(request)
    form = PhaseForm(posted, initial=initial, max_players=doc.get("max_players", 20))
    first = None
    if key is None and (posted is None or any(name.startswith("first-") for name in posted)):
        first = FieldForm(posted, prefix="first", initial=FIRST_FIELD, boards=doc.get("boards", []))  # (not posted: a plain text question)
    if request.method == "POST" and request.POST.get("action") == "kind" and first is not None:
        form = PhaseForm(None, initial=request.POST.dict(), max_players=doc.get("max_players", 20))
        first = FieldForm(None, prefix="first", initial={k[6:]: v for k, v in request.POST.dict().items()
                                                         if k.startswith("first-")}, boards=doc.get("boards", []))
        rows, _ = read_value_rows(request.POST)
        return _phase_page(request, design, form, key, current, rows, first)
    rows = value_rows((current or {}).get("values", []))
    if request.method == "POST":
        rows, named = read_value_rows(request.POST)
        forms_ok = form.is_valid() & (first is None or first.is_valid())
        if forms_ok and not any(r.error for r in rows):
            data = form.cleaned_data
            saved_rules = current or {}
            values = {"name": data["name"], "repeat": data["repeat"], "seconds": data["seconds"],
                      "actors": data["actors"], "seats": data.get("seats") or [],
                      "first_field": first.field_doc() if first is not None else None,
                      "rules": {  # a part not posted (an older page) stays as saved
                          "close": data["close"] or saved_rules.get("close", "hand"),
                          "rules": data["rules"] if "rules" in request.POST else saved_rules.get("rules", ""),
                          "check": data["check"] if "check" in request.POST else saved_rules.get("check", ""),
                          "values": named if "value_name" in request.POST else saved_rules.get("values", [])}}
            saved = save_part(request, design, form, lambda d: editing.put_phase(d, key, **values),
                              lambda problems, changed, new_key: place_phase_problems(form, first, rows, problems,
                                                                                      changed, new_key),
                              lambda new_key: (f"The phase “{data['name'].strip()}” is saved.",
                                               reverse("design-phase", kwargs={"pk": design.pk, "key": new_key})))
            if saved is not None:
                return saved
        elif any(r.error for r in rows) and not form.errors:
            form.add_error(None, "A named value is not complete: see the values below.")
    return _phase_page(request, design, form, key, current, rows, first)


def _phase_page(request: HttpRequest, design: GameDesign, form: PhaseForm, key: str | None,
                current: dict[str, Any] | None, rows: list[ValueRow], first: FieldForm | None) -> HttpResponse:
    bad = (form.is_bound and bool(form.errors)) or (first is not None and first.is_bound and bool(first.errors)) \
        or any(r.error for r in rows)
    doc = design.document
    fields = described(doc)["phases_by_key"].get(key, {}).get("fields", []) if key else []
    mark_error_lines(form)
    return render(request, "designs/phase.html", {
        "design": design, "form": form, "key": key, "phase": current, "fields": fields, "value_rows": rows,
        "first": first, "has_errors": bad, "presets": rules.presets(), "rules_here": rules.available(),
        "counters": doc.get("counters", []), "tables": doc.get("tables", []), "rules_help_url": _rules_help_url(),
    }, status=400 if bad else 200)


def _rules_help_url() -> str:
    """The rules page of the game that plays designs (it documents the rules language), or ""."""
    found = services.design_game()
    return reverse("rules", args=[found[0]]) if found else ""


def place_phase_problems(form: PhaseForm, first: FieldForm | None, rows: list[ValueRow],
                         problems: list[Any], changed: dict[str, Any], key: str) -> None:
    """Each problem beside the box it is about: the rules, how it closes, a named value, the first question,
    a phase setting; problems with other parts of the design go above the form."""
    index = next((i for i, p in enumerate(changed.get("phases", [])) if p.get("key") == key), -1)
    where = phase_where(changed, key)
    fields = editing.phase(changed, key).get("fields", []) if index >= 0 else []
    first_where = field_where(where, 1, fields[0]) if fields else ""
    valued = [r for r in rows if not r.error and r.name]
    for problem in problems:
        path = rules.part_path(problem.part)
        step = path[2] if path[:2] == ("phases", str(index)) and len(path) > 2 else ""
        if step in ("rules", "close", "check"):
            form.add_error(step, rules.beside_rule(problem))
        elif step == "values":
            number = int(path[3]) if len(path) > 3 and path[3].isdigit() else -1
            target = valued[number] if 0 <= number < len(valued) else None
            if target is None:
                form.add_error("rules", rules.beside_rule(problem))
            else:
                target.error = rules.beside_rule(problem)
        elif first is not None and problem.where == first_where:
            place_problems(first, [problem], first_where, FieldForm.BOXES)
        else:
            place_problems(form, [problem], where, PhaseForm.BOXES)


@require_http_methods(["GET", "POST"])
@host_required
@owned
def field(request: HttpRequest, design: GameDesign, phase_key: str, key: str | None = None) -> HttpResponse:
    """A new field of a phase (no ``key``) or a field: label, kind, options, range, default, help."""
    try:
        the_phase = editing.phase(design.document, phase_key)
    except KeyError:
        return redirect("design", pk=design.pk)
    back = reverse("design-phase", args=[design.pk, phase_key])
    return field_page(request, design, the_phase, key, of=f"“{the_phase.get('name')}”",
                      put=lambda d, k, f: editing.put_field(d, phase_key, k, f),
                      where=lambda changed, new_key: _field_where(changed, phase_key, new_key),
                      done_url=back + "#fields", extra={"back_url": back, "back_text": "back to the phase"})


def field_page(request: HttpRequest, design: GameDesign, owner: dict[str, Any], key: str | None, *, of: str,
               put: Callable[[dict[str, Any], str | None, dict[str, Any]], tuple[dict[str, Any], str]],
               where: Callable[[dict[str, Any], str], str], done_url: str, extra: dict[str, Any],
               saved_of: str = "") -> HttpResponse:
    """The page of a new field (no ``key``) or a field of ``owner`` (a phase, an action: ``of`` names it):
    ``put(doc, key, field)`` saves it, ``where(changed, key)`` is the validator's words for it, and a save
    goes to ``done_url`` saying the field (``saved_of``: and what it is of) is saved."""
    current = None if key is None else next((f for f in owner.get("fields", []) if f.get("key") == key), None)
    if key is not None and current is None:
        return redirect("design", pk=design.pk)
    doc = design.document
    boards = doc.get("boards", [])
    form = FieldForm(_posted(request), initial=FieldForm.initial_from(current) if current else {}, boards=boards)
    if request.method == "POST" and request.POST.get("action") == "kind":  # no script: show the kind's boxes
        form = FieldForm(initial=request.POST.dict(), boards=boards)
    elif request.method == "POST" and form.is_valid():
        document = form.field_doc()
        saved = save_part(request, design, form, lambda d: put(d, key, document),
                          lambda problems, changed, new_key: place_problems(form, problems, where(changed, new_key),
                                                                            FieldForm.BOXES),
                          lambda _: (f"The field “{str(document['label']).strip()}”{saved_of} is saved.", done_url))
        if saved is not None:
            return saved
    heading = f"New field of {of}" if key is None else f"Field of {of}"
    return _form_page(request, design, form, heading=heading, button="Save the field", extra=extra)


# --- copies, templates, files, deleting ---------------------------------------------------------------------
@require_POST
@host_required
def copy(request: HttpRequest, pk: int) -> HttpResponse:
    """A copy of a design (one's own or a template), owned by the host."""
    made = services.copy(_design(request, pk), request.user)
    messages.success(request, f"“{made.title}” is your copy: change it as you like.")
    return redirect("design", pk=made.pk)


@require_POST
@host_required
@owned
def template(request: HttpRequest, design: GameDesign) -> HttpResponse:
    """Share the design as a template with every host (``share=1``), or stop sharing it."""
    share = request.POST.get("share") == "1"
    services.set_template(design.pk, request.user, share)
    messages.success(request, "Every host now sees it as a template and can copy it." if share
                     else "It is no longer shared as a template.")
    return redirect("design", pk=design.pk)


@require_GET
@host_required
def export(request: HttpRequest, pk: int) -> HttpResponse:
    """The design file to download (``<slug>.genius-design.json``)."""
    design = _design(request, pk)
    response = HttpResponse(services.export_bytes(design), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{services.export_name(design)}"'
    return response


@require_POST
@host_required
@owned
def delete(request: HttpRequest, design: GameDesign) -> HttpResponse:
    title = design.title
    services.delete(design.pk, request.user)
    messages.success(request, f"“{title}” is deleted. Lobbies made from it keep their own copy.")
    return redirect("designs")


@require_http_methods(["GET", "POST"])
@host_required
def lobby(request: HttpRequest, pk: int) -> HttpResponse:
    """Open a lobby of this design: seats within its player count, season, default phase length, bots."""
    design = _design(request, pk)
    counts = services.seat_counts(design.document)
    live = clock.has_live_turns(design.document)
    form = LobbyFromDesignForm(_posted(request), counts=counts, title=design.title, user=request.user,
                               clock=(clock.turn_seconds_of(design.document) or 60, clock.reserve_of(design.document))
                               if live else None)
    if not counts:
        messages.error(request, "No installed game plays designs here, or none for this design's player count.")
        return redirect("design", pk=design.pk)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            match = services.open_lobby(design, title=data["title"], seats_wanted=data["seats_wanted"],
                                        season=data["season"], phase_seconds=data["phase_seconds"],
                                        bots=data["bot_names"], community_id=data["community"].pk,
                                        closes_when_all_locked_in=bool(data.get("closes_when_all_locked_in")),
                                        turn_seconds=data.get("turn_seconds"), reserve=data.get("reserve_seconds"))
        except ServiceError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        else:
            messages.success(request, f"“{match.title}” is open: players take the seats from the match page. "
                                      "Start it when it is full.")
            return redirect("match", pk=match.pk)
    return _form_page(request, design, form, heading=f"Open a lobby of “{design.title}”", button="Open the lobby")
