"""``{{ match|status_label }}``: a full lobby reads "Full", never "open to join" (``services.seating``)."""

from __future__ import annotations

from django import template

from genius.matches.models import Match
from genius.matches.services import seating

register = template.Library()


@register.filter
def status_label(match: Match, seats=None) -> str:
    """The status as a person reads it; ``seats``: the seats if the page has them (else one count query)."""
    taken = getattr(match, "taken", None)
    if seats is not None:
        taken = len(seats)
    return seating.status_label(match, taken)
