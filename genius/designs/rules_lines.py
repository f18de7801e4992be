"""The rules boxes' lines: which line a problem is at, marked for the page's line numbers (``rules-lines.js``).

Without JavaScript the problem beside the box names its line (``Line 4: …``, :func:`genius.designs.rules.beside_rule`);
with it, the box gets line numbers and the lines named are marked. The lines travel as the box's
``data-error-lines`` attribute (numbers separated by spaces), read by the static script only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from django import forms

#: How a new phase closes unless the host chooses otherwise: its rules resolve it.
NEW_PHASE_CLOSE = "rules"
#: The boxes of a phase's page that hold a program.
PROGRAM_BOXES = ("rules", "check")
_LINE = re.compile(r"^Line (\d{1,6}):|\bat line (\d{1,6})\b|\bline (\d{1,6})\b")


def lines_named(messages: Iterable[Any]) -> list[int]:
    """The line numbers the messages name (``Line 4: …``, ``… at line 4``), each once, in order."""
    out: list[int] = []
    for message in messages:
        found = _LINE.search(str(message))
        if found:
            number = int(next(g for g in found.groups() if g))
            if number not in out:
                out.append(number)
    return out


def mark_error_lines(form: forms.Form, boxes: Iterable[str] = PROGRAM_BOXES) -> None:
    """Give each program box of ``form`` the lines its errors name (``data-error-lines``)."""
    if not form.is_bound:
        return
    for name in boxes:
        if name in form.fields and form.errors.get(name):
            lines = lines_named(form.errors[name])
            if lines:
                form.fields[name].widget.attrs["data-error-lines"] = " ".join(map(str, lines))
