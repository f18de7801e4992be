"""The designer's board form: a board's label, shape, size and who sees it (the design language's manual,
"Boards"). The form reads what the host typed into a board document; the design's own checks
(``validate_design``) judge it when it is saved, and their problems are shown beside the box they name."""

from __future__ import annotations

import re
from typing import Any

from django import forms

from genius.designs.forms import READ
from genius.designs.phase_more_forms import shown_by
from genius.engine_forms.fields import WholeNumberField

SHAPES = (("square", "A square grid (columns A, B, C… and rows 1, 2, 3…)"),
          ("hex", "A hex grid (a hexagon of hexes, by its radius)"),
          ("track", "A track: a line of spaces 1, 2, 3…"),
          ("loop", "A loop: a track whose last space is next to its first"))
VISIBILITIES = (("public", "Public: one board everyone sees, spectators too"),
                ("private", "Private: one copy a player; each sees their own, the host sees all"),
                ("group", "By group: one copy a group of seats below; the group and the host see it"))
#: The size boxes each shape reads (the others are left out).
SIZE_BOXES = {"square": ("columns", "rows"), "hex": ("radius",), "track": ("length",), "loop": ("length",)}
_SIZE_WORDS = {"columns": "number of columns", "rows": "number of rows", "radius": "radius",
               "length": "number of spaces"}
_SEAT_LIST = re.compile(r"[0-9]{1,3}", re.ASCII)


def _size(label: str, help_text: str) -> WholeNumberField:
    return WholeNumberField(min_value=-READ, max_value=READ, required=False, label=label, help_text=help_text)


def groups_text(groups: list[list[int]]) -> str:
    """A group board's groups, one a line: ``1, 2``."""
    return "\n".join(", ".join(str(s) for s in group) for group in groups)


class BoardForm(forms.Form):
    """A board of the design: rules mark its cells, a cell field asks a player for one of them."""

    label = forms.CharField(required=False, strip=False, help_text="What players call it (The grid).")
    shape = forms.ChoiceField(choices=SHAPES, widget=forms.RadioSelect, initial="square")
    columns = _size("Columns (a square grid)", "2 to 26.")
    rows = _size("Rows (a square grid)", "2 to 26.")
    radius = _size("Radius (a hex grid)", "1 to 10 hexes from the middle one.")
    length = _size("Spaces (a track or a loop)", "2 to 200.")
    visibility = forms.ChoiceField(choices=VISIBILITIES, widget=forms.RadioSelect, initial="public",
                                   label="Who sees it")
    groups = forms.CharField(required=False, strip=False, widget=forms.Textarea(attrs={"rows": 3}),
                             label="Groups (a board by group)",
                             help_text="One group a line, its seat numbers separated by commas: 1, 2 then 3, 4 on "
                                       "the next line. A seat is in one group at most.")

    BOXES = (("shape", "shape"), ("columns", "columns"), ("rows", "rows"), ("radius", "radius"),
             ("spaces", "length"), ("visibility", "visibility"), ("group", "groups"), ("seat", "groups"),
             ("label", "label"), ("key", "label"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("columns", "rows", "radius", "length"):  # the page's script shows the sizes of the shape chosen
            shown_by(self.fields[name], "shape", [s for s, boxes in SIZE_BOXES.items() if name in boxes])
        shown_by(self.fields["groups"], "visibility", ["group"])

    @staticmethod
    def initial_from(board: dict[str, Any]) -> dict[str, Any]:
        return {"label": board.get("label", ""), "shape": board.get("shape", "square"),
                **{k: board.get(k) for k in ("columns", "rows", "radius", "length")},
                "visibility": board.get("visibility", "public"), "groups": groups_text(board.get("groups", []))}

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data  # Form.clean returns cleaned_data itself; this name is typed without None
        shape = data.get("shape") or "square"
        for name in ("columns", "rows", "radius", "length"):  # a box its shape does not use is neither read nor refused
            if name not in SIZE_BOXES[shape]:
                self.errors.pop(name, None)
            elif name not in self.errors and data.get(name) is None:
                self.add_error(name, f"Give the {_SIZE_WORDS[name]} of the board.")
        groups: list[list[int]] = []
        if data.get("visibility") == "group":
            for number, line in enumerate((data.get("groups") or "").splitlines(), start=1):
                parts = [p.strip() for p in line.split(",") if p.strip()]
                if not parts:
                    continue
                wrong = next((p for p in parts if not _SEAT_LIST.fullmatch(p)), None)
                if wrong is not None:
                    self.add_error("groups", f"Line {number}: “{wrong[:20]}” is not a seat number (1, 2, 3…).")
                    break
                groups.append([int(p) for p in parts])
        data["group_list"] = groups
        return data

    def board_doc(self) -> dict[str, Any]:
        """The board document the host described (only the sizes its shape reads)."""
        data = self.cleaned_data
        shape = data["shape"]
        doc: dict[str, Any] = {"label": data.get("label", ""), "shape": shape,
                               **{k: data.get(k) for k in SIZE_BOXES[shape]}, "visibility": data["visibility"]}
        if data["visibility"] == "group":
            doc["groups"] = data["group_list"]
        return doc
