"""The board marks of the host's ruling form: for each board copy the engine's ``RulingForm`` declares, its drawing
(click a cell where JavaScript runs) and rows of boxes, each a mark: a cell typed in the board's notation, and what
to do there (set the parts filled in, the others staying; or empty the cell) with a piece, a colour, a label and an
owner.

Boxes are named by copy index and row (``mark-0-1-cell``, ``mark-0-1-do``, ``-piece``, ``-colour``, ``-label``,
``-owner``); a row with nothing in it says nothing. The site reads the rows into the ruling's ``boards`` (always,
for a game with boards: no row is no mark, so what the rules proposed stands only as the rows show it); the
engine's ``check_ruling`` judges each mark (the board exists, the cell is on it, the parts are what a cell takes),
and its refusal (``mark 3: …``) stands beside the boards and marks the row it names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from games.engines.protocol import BoardCopy, RulingForm
from genius.engine_forms.ruling_rows import UNSTORABLE, unstorable

#: Empty rows offered under each copy's marks.
BLANK_ROWS = 2
#: The rows of one copy read at most (the engine takes at most 2,000 marks a ruling).
MAX_ROWS = 400
PARTS = ("cell", "do", "piece", "colour", "label", "owner")
TEXTS = ("piece", "colour", "label", "owner")
CLEAR = "clear"
STRANGER = ("This page names a board (or a row of marks) this match does not have: it was made for another match "
            "or state. Nothing was saved; check the boards and send them again.")
_NAME = re.compile(r"^mark-(\d+)-(\d+)-(cell|do|piece|colour|label|owner)$")
_MARK_NUMBER = re.compile(r"^mark (\d+):")

Values = dict[str, list[str]]


@dataclass
class MarkRow:
    """One row of boxes: its name prefix, what it holds, and its refusal."""

    prefix: str
    values: dict[str, str]
    error: str = ""

    def name(self, part: str) -> str:
        return f"{self.prefix}-{part}"

    name_cell = property(lambda self: self.name("cell"))
    name_do = property(lambda self: self.name("do"))
    name_piece = property(lambda self: self.name("piece"))
    name_colour = property(lambda self: self.name("colour"))
    name_label = property(lambda self: self.name("label"))
    name_owner = property(lambda self: self.name("owner"))

    @property
    def box_id(self) -> str:
        """The id of its cell box."""
        return f"{self.prefix}-cell-box"

    @property
    def blank(self) -> bool:
        return not _said(self.values)


@dataclass
class CopyRows:
    """One board copy on the page: the engine's copy, its rows, and the id of the cell box a click fills."""

    index: int
    copy: BoardCopy
    rows: list[MarkRow] = field(default_factory=list)

    @property
    def pick_for(self) -> str:
        """The cell box a click on the drawing fills first: the first empty row's (the script moves it to the row
        last focused)."""
        row = next((r for r in self.rows if r.blank), self.rows[-1] if self.rows else None)
        return row.box_id if row is not None else ""

    @property
    def marked(self) -> list[tuple[str, str]]:
        """Its cells that hold something now, as text (for the page's list beside the drawing)."""
        return [(cell, ", ".join(f"{k} {v}" for k, v in mark.items() if v not in (None, "")))
                for cell, mark in self.copy.marks.items()]


def _one(values: Values, name: str) -> str:
    got = values.get(name)
    return got[-1] if got else ""


def posted_rows(form: RulingForm, values: Values) -> dict[int, list[int]]:
    """Copy index → the row numbers posted for it, in order (copies the form does not have are left out)."""
    found: dict[int, set[int]] = {}
    for name in values:
        hit = _NAME.match(name)
        if hit and int(hit.group(1)) < len(form.boards) and int(hit.group(2)) < MAX_ROWS:
            found.setdefault(int(hit.group(1)), set()).add(int(hit.group(2)))
    return {i: sorted(rows) for i, rows in found.items()}


def _row_values(values: Values, prefix: str) -> dict[str, str]:
    return {part: _one(values, f"{prefix}-{part}") for part in PARTS}


def _said(row: dict[str, str]) -> bool:
    return row["do"] == CLEAR or any(row[part].strip() for part in ("cell", *TEXTS))


def read_marks(form: RulingForm, values: Values) -> tuple[list[dict[str, Any]], list[str], dict[str, str]]:
    """(the ruling's ``boards`` the rows say, in page order; the row prefix of each mark; refusals by row prefix:
    text that cannot be stored, and under ``""`` rows of a copy the match does not have)."""
    marks: list[dict[str, Any]] = []
    where: list[str] = []
    errors: dict[str, str] = {}
    for name, texts in values.items():  # a row of a board copy the match does not have: a page for another match
        hit = _NAME.match(name)
        if hit and (int(hit.group(1)) >= len(form.boards) or int(hit.group(2)) >= MAX_ROWS) \
                and any(text.strip() for text in texts):
            errors[""] = STRANGER
    for i, rows in sorted(posted_rows(form, values).items()):
        copy = form.boards[i]
        for r in rows:
            prefix = f"mark-{i}-{r}"
            row = _row_values(values, prefix)
            if not _said(row):
                continue
            if any(unstorable(text) for text in row.values()):
                errors[prefix] = UNSTORABLE
                continue
            mark: dict[str, Any] = {"board": copy.board, "cell": row["cell"].strip()}
            if copy.player is not None:
                mark["player"] = copy.player
            if row["do"] == CLEAR:
                mark["clear"] = True
            else:
                mark.update({part: row[part].strip() for part in TEXTS if row[part].strip()})
            marks.append(mark)
            where.append(prefix)
    return marks, where, errors


def copy_index(form: RulingForm, mark: Any) -> int:
    """The copy a ruling's mark is on (-1: none of the form's, e.g. a draft made for another state)."""
    if not isinstance(mark, dict):
        return -1
    player = mark.get("player")
    for i, copy in enumerate(form.boards):
        if copy.board == mark.get("board") and (player in copy.seen_by if copy.seen_by else player is None):
            return i
    return -1


def mark_values(form: RulingForm, marks: Any) -> Values:
    """The boxes that show a ruling's ``boards`` (a saved draft, or what the rules proposed), then blank rows."""
    values: Values = {}
    counts = [0] * len(form.boards)
    for mark in marks if isinstance(marks, list) else []:
        i = copy_index(form, mark)
        if i < 0 or counts[i] >= MAX_ROWS - BLANK_ROWS:
            continue
        prefix = f"mark-{i}-{counts[i]}"
        counts[i] += 1
        values[f"{prefix}-cell"] = [str(mark.get("cell") or "")]
        values[f"{prefix}-do"] = [CLEAR if mark.get("clear") is True else "set"]
        for part in TEXTS:
            if mark.get(part) is not None:
                values[f"{prefix}-{part}"] = [str(mark[part])]
    for i, count in enumerate(counts):
        for r in range(count, count + BLANK_ROWS):
            values[f"mark-{i}-{r}-cell"] = [""]
    return values


def page_copies(form: RulingForm, values: Values, errors: dict[str, str]) -> list[CopyRows]:
    """Each copy with its rows as posted (or as :func:`mark_values` filled them), each refusal beside its row."""
    posted = posted_rows(form, values)
    out = []
    for i, copy in enumerate(form.boards):
        rows = posted.get(i) or list(range(BLANK_ROWS))
        out.append(CopyRows(i, copy, [MarkRow(f"mark-{i}-{r}", _row_values(values, f"mark-{i}-{r}"),
                                              errors.get(f"mark-{i}-{r}", "")) for r in rows]))
    return out


def pieces_in_use(form: RulingForm) -> list[str]:
    """The pieces on the boards now, each once (the piece box suggests them)."""
    seen = {str(mark["piece"]) for copy in form.boards for mark in copy.marks.values() if mark.get("piece")}
    return sorted(seen)


def row_of(message: str, where: list[str]) -> str | None:
    """The row prefix an engine's refusal of the ruling's ``boards`` names (``mark 3: …``), or None."""
    hit = _MARK_NUMBER.match(message)
    if hit and 1 <= int(hit.group(1)) <= len(where):
        return where[int(hit.group(1)) - 1]
    return None
