""""Try these rules" on the text in the box, saved or not (the designer's phase page and its try page).

The phase page's "Try these rules" button posts the whole phase form to the try page (in a new tab, so the
edit stays where it was typed, unsaved); the try page runs the phase with the rules as typed, shows them
in a box of its own, and carries them on to every new try there. Nothing is saved by trying: a design's
saved rules change only when the phase is saved.
"""

from __future__ import annotations

import copy
from typing import Any

from django.http import HttpRequest

#: The value of the phase page's "Try these rules" button (``name="tried_from"``).
FROM_PHASE = "phase"


def typed_rules(request: HttpRequest) -> str | None:
    """The rules text posted with a try (from the phase page or the try page's own box); None for none."""
    if request.method != "POST" or "rules" not in request.POST:
        return None
    return request.POST["rules"].replace("\r\n", "\n").replace("\r", "\n")


def from_phase_page(request: HttpRequest) -> bool:
    """Whether the post is the phase page's "Try these rules" (a first try, with the try page's defaults)."""
    return request.method == "POST" and request.POST.get("tried_from") == FROM_PHASE


def with_rules(doc: dict[str, Any], key: str, text: str) -> dict[str, Any]:
    """A copy of ``doc`` whose phase ``key`` has the rules ``text`` (the saved document unchanged)."""
    changed = copy.deepcopy(doc)
    for phase in changed.get("phases", []):
        if isinstance(phase, dict) and phase.get("key") == key:
            phase["rules"] = text
    return changed
