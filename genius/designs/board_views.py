"""The designer's board page: a new board or a board's label, shape, size and who sees it (RULES.md, "Boards").

The save goes through ``services.edit`` (the whole document checked as a design file's import is); a refused save
keeps what was saved before and shows each problem beside its box, with what was typed.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from genius.access.guards import host_required
from genius.designs import design_parts, rules
from genius.designs.board_forms import BoardForm
from genius.designs.forms import place_problems
from genius.designs.models import GameDesign
from genius.designs.views import _form_page, _posted, owned, save_part

#: A problem's step under ``boards[n]`` and the box it is shown beside.
_STEP_BOX = {"label": "label", "key": "label", "shape": "shape", "columns": "columns", "rows": "rows",
             "radius": "radius", "length": "length", "size": "columns", "visibility": "visibility",
             "groups": "groups"}


def place_board_problems(form: BoardForm, problems: list[object], number: int) -> None:
    """Each problem about the board ``number`` (from 0) beside its box; the others above the form."""
    for problem in problems:
        path = rules.part_path(getattr(problem, "part", ""))
        if path[:2] == ("boards", str(number)):
            box = _STEP_BOX.get(path[2] if len(path) > 2 else "", None)
            form.add_error(box if box in form.fields else None, rules.beside_rule(problem))  # type: ignore[arg-type]
        else:
            place_problems(form, [problem], None, BoardForm.BOXES)  # type: ignore[list-item]


@require_http_methods(["GET", "POST"])
@host_required
@owned
def board(request: HttpRequest, design: GameDesign, key: str | None = None) -> HttpResponse:
    """A new board (no ``key``) or a board of the design."""
    boards = design.document.get("boards", [])
    current = next((b for b in boards if b.get("key") == key), None) if key else None
    if key is not None and current is None:
        return redirect(reverse("design", args=[design.pk]) + "#boards")
    form = BoardForm(_posted(request), initial=BoardForm.initial_from(current) if current else {})
    if request.method == "POST" and form.is_valid():
        document = form.board_doc()
        saved = save_part(
            request, design, form, lambda doc: design_parts.put_board(doc, key, document),
            lambda problems, changed, new_key: place_board_problems(
                form, list(problems), next(i for i, b in enumerate(changed["boards"]) if b["key"] == new_key)),
            lambda new_key: (f"The board “{str(document['label']).strip()}” is saved: a cell field asks for one of "
                             f"its cells, rules name it \"{new_key}\".",
                             reverse("design", args=[design.pk]) + f"#board-{new_key}"))
        if saved is not None:
            return saved
    extra = {"delete_url": reverse("design-board-delete", args=[design.pk, key]) if key else "",
             "note": f"Rules name it \"{key}\": mark(\"{key}\", \"A1\", piece=\"X\")." if key else ""}
    return _form_page(request, design, form, heading="New board" if key is None else "Board",
                      button="Save the board", extra=extra)
